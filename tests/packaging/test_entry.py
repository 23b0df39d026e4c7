"""The bundle's entry point: under the C locale it asks for C.UTF-8, as `python` itself does."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _entry() -> ModuleType:
    """packaging/entry.py as a module: run() only runs when it is the program."""
    spec = importlib.util.spec_from_file_location("bundle_entry", ROOT / "packaging" / "entry.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


utf8_locale = _entry().utf8_locale


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({}, {"LC_CTYPE": "C.UTF-8"}),
        ({"LANG": ""}, {"LANG": "", "LC_CTYPE": "C.UTF-8"}),
        ({"LANG": "C"}, {"LANG": "C", "LC_CTYPE": "C.UTF-8"}),
        ({"LANG": "POSIX"}, {"LANG": "POSIX", "LC_CTYPE": "C.UTF-8"}),
        ({"LC_CTYPE": "C"}, {"LC_CTYPE": "C.UTF-8"}),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, {"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}),
    ],
)
def test_the_c_locale_becomes_c_utf8(before: dict[str, str], after: dict[str, str]) -> None:
    environ = dict(before)
    utf8_locale(environ)
    assert environ == after


@pytest.mark.parametrize(
    "before",
    [
        {"LANG": "de_DE.UTF-8"},
        {"LC_ALL": "en_GB.UTF-8", "LANG": "C"},
        {"LC_CTYPE": "ja_JP.UTF-8", "LANG": "C"},
        {"LANG": "en_US.ISO-8859-1"},  # a choice, if not Qt's: Qt says so itself
    ],
)
def test_a_chosen_locale_is_left_alone(before: dict[str, str]) -> None:
    environ = dict(before)
    utf8_locale(environ)
    assert environ == before
