"""What a command prints: its lines or JSON on a standard output that says when it cannot be
written, and standard error for the one sentence of a refusal."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from rostermgr.errors import Refused


def write_lines(lines: Sequence[str], out: TextIO) -> None:
    out.write("".join(f"{line}\n" for line in lines))


def print_json(doc: Any, out: TextIO) -> None:
    out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


class _Output(io.TextIOBase):
    """Standard output that says when it cannot be written (a full disk, a closed file).

    The last flush used to lose such an error, so an export to a full disk ended with exit 0.
    A stream of None is standard output closed before rostermgr started (`>&-`).
    """

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def _failed(self, exc: OSError | ValueError) -> Refused:
        if isinstance(exc, BrokenPipeError):
            raise exc  # the reader has gone (`| head`): deliberately no complaint, exit 0
        if isinstance(exc, UnicodeEncodeError):  # a ValueError too, but the stream is open
            return _unwritable(exc)
        if isinstance(exc, ValueError):  # "I/O operation on closed file"
            return _closed()
        faults = sys.modules.get("services.faults")  # loaded by a command that wrote a file
        done = None if faults is None else faults.already_written()
        but = "" if done is None else f", but {done}"
        return Refused(
            f"Cannot write the output ({exc.strerror or exc}); what was printed is incomplete{but}."
        )

    def write(self, text: str) -> int:
        if self._stream is None:
            raise _closed()
        try:
            fd = self._fd()
            if fd is None:
                return self._stream.write(text)
            self._stream.flush()  # whatever was written to the stream itself goes first
            encoding = getattr(self._stream, "encoding", None) or "utf-8"
            data = memoryview(
                text.encode(encoding, getattr(self._stream, "errors", None) or "strict")
            )
            # A write to a file on a disk that fills up writes part and says so only when
            # asked to write the rest: Python's buffer kept the rest and lost the error, so a
            # truncated export ended with exit 0. Writing it all here meets the error.
            while data:
                data = data[os.write(fd, data) :]
            return len(text)
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from exc

    def _fd(self) -> int | None:
        """The file descriptor to write to directly, on POSIX, if the stream has one."""
        if os.name != "posix":
            return None  # newline translation is the stream's to do there
        try:
            return int(self._stream.fileno())  # type: ignore[union-attr]
        except (OSError, ValueError, AttributeError):
            return None  # a StringIO (tests), or a stream with no file behind it

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from exc

    def close(self) -> None:
        """Nothing: the stream is not ours to close, and main() has flushed it (or said why
        it could not), so the garbage collector's close must not try, and fail, again."""


def _closed() -> Refused:
    return Refused("Cannot write the output: standard output is closed.")


def _unwritable(exc: UnicodeEncodeError) -> Refused:
    """Text the output's character set has no letter for (an ASCII or Latin-1 locale, a file
    redirected on Windows): the characters are not replaced, which would print a name no
    command then finds, nor said as a closed output, which it is not; the user is told how to
    have them printed."""
    import unicodedata

    char = exc.object[exc.start]  # named in ASCII: standard error may not show it either
    name = unicodedata.name(char, "").lower() or "without a name"
    return Refused(
        f"Cannot print the character U+{ord(char):04X} ({name}) in this output's character "
        f"set ({exc.encoding}): run the "
        "command again with the environment variable PYTHONIOENCODING=utf-8 (or a UTF-8 locale, "
        "such as LANG=C.UTF-8)."
    )


class _Discard(io.TextIOBase):
    """In place of a standard error that does not exist: takes everything, keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


class _Said:
    """Standard error for the one sentence of a refusal: if it cannot be written (closed,
    full), the exit code alone tells, never a traceback."""

    def __init__(self, stream: TextIO | io.TextIOBase) -> None:
        self._stream = stream

    def write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._stream.write(text)
            self._stream.flush()
