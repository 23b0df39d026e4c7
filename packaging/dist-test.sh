#!/usr/bin/env bash
# make dist-test: the bundle as a player runs it, in an empty environment (env -i: only
# PATH=/usr/bin:/bin, HOME and QT_QPA_PLATFORM=offscreen), on a campaign in a temporary home.
# Creates two posses from requests, records a game, prints cards, the journal and the
# casualty sheet, opens the app offscreen and quits (on that campaign, and with no --db on a
# fresh account), copies the campaign to a throwaway PostgreSQL server and works on it there
# (commands and the app), checks every exit code and file; then that every bundled component
# has its licence in licenses/, and that the bundle needs no newer glibc and is no bigger than
# the README's Install section says. The server comes from the test suite's fixture
# (packaging/throwaway_server.py), so .venv with the test lock must be there.
# Usage: packaging/dist-test.sh [BUNDLE_FOLDER]   (default dist/rostermgr)
set -euo pipefail
cd "$(dirname "$0")/.."
BUNDLE="$(cd "${1:-dist/rostermgr}" && pwd)"
EXE="$BUNDLE/rostermgr"
# The version make dist built: the metadata setuptools-scm wrote from git into the environment
# it built from (a bundle made elsewhere: the metadata the bundle carries).
if [ -x .venv/bin/python ]; then
    VERSION="$(.venv/bin/python -c 'from importlib.metadata import version; print(version("rostermgr"))')"
else
    VERSION="$(basename "$(ls -d "$BUNDLE"/_internal/rostermgr-*.dist-info | head -n 1)" .dist-info)"
    VERSION="${VERSION#rostermgr-}"
fi
# What README, Install states (tests/packaging/test_dist_test.py keeps the two the same):
MAX_GLIBC=2.36  # measured 2.36 on Debian 12: libstdc++, libcups and libexpat from the host
MAX_MIB=240     # measured 220 MiB (du -sm), stripped, with PySide6 6.11.3, GTK 3 and psycopg 3.3.9
# The Python the bundle was built from: its metadata says which distribution each package is
PYTHON="${PYTHON:-.venv/bin/python}"
WORK="$(mktemp -d)"
SERVER_PID=""
# Stop the throwaway server (its helper stops it on SIGTERM), then remove the work folder.
cleanup() {
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
HOME_DIR="$WORK/home"
DB="$WORK/campaign.sqlite3"
mkdir -p "$HOME_DIR"
FAILED=0
PASSED=0

fail() { echo "dist-test: FAIL: $*" >&2; FAILED=$((FAILED + 1)); }
pass() { echo "dist-test: ok: $*"; PASSED=$((PASSED + 1)); }

# bundle EXPECTED_EXIT WHAT ARGS...: run the bundle in the empty environment (no LANG: the C
# locale), check its exit code; its stdout is left in $WORK/out, its stderr in $WORK/err. A
# run that hangs is killed after 120 s (exit 124).
bundle() {
    local expected="$1" what="$2" code=0
    shift 2
    env -i PATH=/usr/bin:/bin HOME="${RUN_HOME:-$HOME_DIR}" QT_QPA_PLATFORM=offscreen \
        ${SMOKE:+ROSTERMGR_SMOKE_QUIT=1} ${PSYCOPG_IMPL:+PSYCOPG_IMPL=$PSYCOPG_IMPL} \
        timeout 120 "$EXE" "$@" >"$WORK/out" 2>"$WORK/err" || code=$?
    if [ "$code" -eq "$expected" ]; then
        pass "$what (exit $code)"
    else
        fail "$what: exit $code, expected $expected; stderr: $(head -c 2000 "$WORK/err")"
    fi
}

# contains FILE TEXT WHAT
contains() {
    if grep -qF -- "$2" "$1"; then pass "$3"; else fail "$3: no '$2' in $(head -c 500 "$1")"; fi
}

# pdf FILE PAGES_AT_LEAST WHAT: a whole PDF (header, trailer), with at least that many pages
pdf() {
    local pages
    if [ ! -s "$1" ]; then fail "$3: $1 is missing or empty"; return; fi
    pages="$(grep -ac '/Type /Page\b' "$1" || true)"
    if head -c 5 "$1" | grep -q '%PDF-' && tail -c 1024 "$1" | grep -aq '%%EOF' \
        && [ "$pages" -ge "$2" ]; then
        pass "$3 ($(wc -c <"$1") bytes, $pages pages)"
    else
        fail "$3: $1 is not a whole PDF of at least $2 pages ($pages)"
    fi
}

[ -x "$EXE" ] || { echo "dist-test: no bundle at $BUNDLE: run make dist first" >&2; exit 1; }
ls "$BUNDLE"/_internal/libpython3* >/dev/null 2>&1 && pass "the bundle holds its own Python" \
    || fail "no libpython in $BUNDLE/_internal"

cat >"$WORK/dalton.json" <<'EOF'
{"name": "The Dalton Boys", "faction": "outlawmen",
 "members": [
   {"name": "Ike Dalton", "role": "leader", "items": ["revolver", "medium-leather"]},
   {"name": "Ma Dalton",  "role": "deputy", "items": ["shotgun"]},
   {"name": "Kid",  "role": "ganger", "items": ["pistol"]},
   {"name": "Slim", "role": "ganger", "items": []},
   {"name": "Doc",  "role": "ganger", "items": ["hunting-knife", "whiskey"]}]}
EOF
cat >"$WORK/lawmen.json" <<'EOF'
{"name": "Last Hope Lawmen", "faction": "sheriffs",
 "members": [
   {"name": "Wyatt", "role": "leader", "items": ["pistol", "light-leather"]},
   {"name": "Virgil", "role": "deputy", "items": ["pistol"]},
   {"name": "Morgan", "role": "ganger", "items": ["switchblade"]},
   {"name": "Doc H", "role": "ganger", "items": []},
   {"name": "Texas Jack", "role": "ganger", "items": ["whiskey"]}]}
EOF
# played today: a game may not be dated before its posses were founded (R12), and they are new
TODAY=$(date +%Y-%m-%d)
cat >"$WORK/game.json" <<EOF
{"date": "$TODAY", "scenario": "bounty",
 "posses": ["The Dalton Boys", "Last Hope Lawmen"], "winner": "Last Hope Lawmen",
 "out_of_action": [{"posse": "The Dalton Boys", "member": "Kid",
                    "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"}}],
 "bounties": [{"posse": "Last Hope Lawmen",
               "target": {"posse": "The Dalton Boys", "member": "Kid"}, "claimed": true}],
 "income": [{"posse": "Last Hope Lawmen", "amount": 15, "reason": "escort fee"}],
 "items_used": [{"posse": "The Dalton Boys", "member": "Doc", "item": "whiskey"}],
 "notes": "the dist-test game"}
EOF

bundle 0 "--version" --version
contains "$WORK/out" "rostermgr $VERSION" "--version says $VERSION"
[ -d "$BUNDLE/_internal/rostermgr-$VERSION.dist-info" ] \
    && pass "the bundle's metadata is $VERSION" \
    || fail "no rostermgr-$VERSION.dist-info in $BUNDLE/_internal"
bundle 0 "-V" -V
contains "$WORK/out" "rostermgr $VERSION" "-V says $VERSION"
bundle 0 "rules" rules
contains "$WORK/out" "Last Hope Frontier" "the ruleset ships in the bundle"
bundle 0 "posse new (outlawmen)" --db "$DB" posse new "$WORK/dalton.json"
bundle 0 "posse new (sheriffs)" --db "$DB" posse new "$WORK/lawmen.json"
bundle 0 "posse list --json" --db "$DB" posse list --json
contains "$WORK/out" '"Last Hope Lawmen"' "both posses are listed"
bundle 0 "game record" --db "$DB" game record "$WORK/game.json"
bundle 0 "game list --json" --db "$DB" game list --json
contains "$WORK/out" "\"$TODAY\"" "the game is recorded"
bundle 0 "backup --list" --db "$DB" backup --list
contains "$WORK/out" "campaign" "a backup was taken before the game"
bundle 1 "a refusal (unknown posse)" --db "$DB" posse show "Nobody Here"
[ "$(wc -l <"$WORK/err")" -eq 1 ] && pass "the refusal is one line" \
    || fail "the refusal is not one line: $(cat "$WORK/err")"
bundle 2 "a malformed command line" --db "$DB" posse frobnicate
# A server that cannot be reached (nothing listens on port 9): one sentence naming the
# server, without the password, never an internal error.
bundle 1 "an unreachable server" --db "postgresql://ike:pw@127.0.0.1:9/club" posse list
contains "$WORK/err" "127.0.0.1:9/club" "the unreachable server is named"
[ "$(wc -l <"$WORK/err")" -eq 1 ] && ! grep -q ":pw@" "$WORK/err" \
    && ! grep -qi "internal error\|Traceback" "$WORK/err" \
    && pass "that refusal is one line, without the password" \
    || fail "the unreachable server's refusal: $(cat "$WORK/err")"
bundle 0 "print cards" --db "$DB" print cards "The Dalton Boys" "Last Hope Lawmen" \
    -o "$WORK/cards.pdf"
pdf "$WORK/cards.pdf" 2 "the cards PDF"
bundle 0 "print journal" --db "$DB" print journal "The Dalton Boys" -o "$WORK/journal.pdf"
pdf "$WORK/journal.pdf" 1 "the journal PDF"
bundle 0 "print casualties" --db "$DB" print casualties -o "$WORK/casualties.pdf"
pdf "$WORK/casualties.pdf" 1 "the casualty sheet PDF"
bundle 0 "check" --db "$DB" check
# 150 campaigns would take worker processes; the bundle has no multiprocessing and runs in one
bundle 0 "simulate" simulate --campaigns 150 --games 3 --json
contains "$WORK/out" '"win_rate"' "the simulator runs in the bundle"
SMOKE=1 bundle 0 "the desktop app opens the campaign offscreen and quits" --db "$DB"
contains "$WORK/out" "shown " "the app showed the campaign"
[ ! -e "$DB.lock" ] && pass "the app released its lock" || fail "the lock file was left behind"
# nothing the user cannot act on: no locale warning under C, no offscreen size-hint chatter
[ ! -s "$WORK/err" ] && pass "the app started with nothing on stderr" \
    || fail "the app wrote to stderr: $(head -c 2000 "$WORK/err")"

# The same campaign on a PostgreSQL server (issue 28): a throwaway one from the test suite's
# fixture, an empty database on it; the bundle copies the campaign there and works on it.
cat >"$WORK/game2.json" <<EOF
{"date": "$TODAY", "scenario": "bounty",
 "posses": ["The Dalton Boys", "Last Hope Lawmen"], "winner": "The Dalton Boys",
 "notes": "the dist-test game on the server"}
EOF
URL=""
if [ -x .venv/bin/python ]; then
    .venv/bin/python packaging/throwaway_server.py >"$WORK/server-url" 2>"$WORK/server-err" &
    SERVER_PID=$!
    for _ in $(seq 120); do  # it says its URL once the server is up (some 5 s, more when busy)
        if [ -s "$WORK/server-url" ] || ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
        sleep 1
    done
    URL="$(head -n 1 "$WORK/server-url")"
fi
if [ -n "$URL" ]; then
    pass "a throwaway PostgreSQL server is up"
    # PSYCOPG_IMPL=binary: psycopg refuses any implementation but psycopg_binary, whose libpq
    # the bundle carries (the pure-Python one would need the host's libpq, which a player may
    # lack); the runs after it use what psycopg picks by itself, the same
    PSYCOPG_IMPL=binary bundle 0 "campaign copy to the server (psycopg's binary implementation)" \
        campaign copy "$DB" "$URL"
    contains "$WORK/out" "undo log entries" "the campaign was copied to the server"
    bundle 0 "posse list --json on the server" --db "$URL" posse list --json
    contains "$WORK/out" '"The Dalton Boys"' "the server lists the outlaws"
    contains "$WORK/out" '"Last Hope Lawmen"' "the server lists the lawmen"
    bundle 0 "game record on the server" --db "$URL" game record "$WORK/game2.json"
    contains "$WORK/out" "Recorded game 2" "the server's second game is recorded"
    bundle 0 "check on the server" --db "$URL" check
    contains "$WORK/out" "No problems found" "the server campaign checks clean"
    SMOKE=1 bundle 0 "the desktop app opens the server campaign offscreen and quits" --db "$URL"
    contains "$WORK/out" "shown " "the app showed the server campaign"
    [ ! -s "$WORK/err" ] && pass "the app on the server started with nothing on stderr" \
        || fail "the app on the server wrote to stderr: $(head -c 2000 "$WORK/err")"
else
    fail "no throwaway PostgreSQL server (needs .venv from make .venv/.installed-test): \
$(head -c 2000 "$WORK/server-err" 2>/dev/null)"
fi

# A new player's first start: an empty HOME, no --db, no data folder yet (issue 26).
FRESH="$WORK/fresh-home"
mkdir -p "$FRESH"
RUN_HOME="$FRESH" SMOKE=1 bundle 0 "the desktop app on a fresh account (no --db)"
contains "$WORK/out" "shown " "the app showed the new default campaign"
[ -f "$FRESH/.local/share/rostermgr/campaign.sqlite3" ] \
    && pass "the default campaign was created under the empty HOME" \
    || fail "no $FRESH/.local/share/rostermgr/campaign.sqlite3"

# The desktop integration, installed for a user as a player would (install-desktop.sh).
PREFIX="$WORK/prefix"
code=0
env -i PATH=/usr/bin:/bin HOME="$HOME_DIR" PREFIX="$PREFIX" bash "$BUNDLE/install-desktop.sh" \
    >"$WORK/out" 2>"$WORK/err" || code=$?
[ "$code" -eq 0 ] && pass "install-desktop.sh (exit 0)" || fail "install-desktop.sh: exit $code"
[ -f "$PREFIX/share/applications/org.lasthopefrontier.rostermgr.desktop" ] \
    && [ -f "$PREFIX/share/icons/hicolor/256x256/apps/org.lasthopefrontier.rostermgr.png" ] \
    && [ -f "$PREFIX/share/icons/hicolor/scalable/apps/org.lasthopefrontier.rostermgr.svg" ] \
    && [ -f "$PREFIX/share/metainfo/org.lasthopefrontier.rostermgr.metainfo.xml" ] \
    && pass "the menu entry, the icons and the metainfo are installed" \
    || fail "desktop files missing under $PREFIX/share: $(cat "$WORK/out")"
EXE="$PREFIX/bin/rostermgr" bundle 0 "the installed command" --version
contains "$WORK/out" "rostermgr $VERSION" "the installed command is this version"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$PREFIX/share/applications/org.lasthopefrontier.rostermgr.desktop" \
        && pass "the installed menu entry is valid" || fail "desktop-file-validate"
fi

# Licences: every package, library and part of Python in the bundle has its text in licenses/.
if [ -x "$PYTHON" ]; then
    if "$PYTHON" packaging/check_licenses.py "$BUNDLE" >"$WORK/out" 2>&1; then
        pass "licences: $(tail -1 "$WORK/out")"
    else
        fail "licences missing: $(head -c 3000 "$WORK/out")"
    fi
else
    fail "no $PYTHON to read the build's metadata with (set PYTHON=)"
fi

# Portability: the newest glibc any bundled ELF file asks for (objdump -T: its version
# references), and every Qt library a bundled file links is in the bundle (the spec leaves
# some out: a mistake there would show only on a machine without Qt).
if command -v objdump >/dev/null; then
    : >"$WORK/glibc"
    : >"$WORK/needed"
    while IFS= read -r -d '' file; do
        cmp -s -n 4 "$file" <(printf '\177ELF') || continue
        objdump -T -p "$file" 2>/dev/null >"$WORK/elf" || continue
        grep -o 'GLIBC_[0-9][0-9.]*' "$WORK/elf" | sed "s|^GLIBC_||; s|\$| ${file#"$BUNDLE"/}|" \
            >>"$WORK/glibc" || true
        awk '$1 == "NEEDED" && $2 ~ /^libQt6/ {print $2}' "$WORK/elf" >>"$WORK/needed"
    done < <(find "$BUNDLE" -type f -print0)
    newest="$(sort -V "$WORK/glibc" | tail -1)"
    if [ -z "$newest" ]; then
        fail "no GLIBC_ version found in the bundle's ELF files"
    elif [ "$(printf '%s\n%s\n' "${newest%% *}" "$MAX_GLIBC" | sort -V | tail -1)" = "$MAX_GLIBC" ]
    then
        pass "the bundle needs glibc ${newest%% *} (at most $MAX_GLIBC: ${newest#* })"
    else
        fail "the bundle needs glibc ${newest%% *} (${newest#* }), newer than $MAX_GLIBC"
    fi
    absent=""
    for lib in $(sort -u "$WORK/needed"); do
        [ -e "$BUNDLE/_internal/PySide6/Qt/lib/$lib" ] || [ -e "$BUNDLE/_internal/$lib" ] \
            || absent="$absent $lib"
    done
    [ -z "$absent" ] && pass "every Qt library a bundled file links is bundled" \
        || fail "Qt libraries linked but left out:$absent"
else
    fail "no objdump (binutils) to read the bundle's glibc needs with"
fi
size="$(du -sm "$BUNDLE" | cut -f1)"
[ "$size" -le "$MAX_MIB" ] && pass "the bundle is $size MiB (at most $MAX_MIB)" \
    || fail "the bundle is $size MiB, more than the $MAX_MIB stated"

echo "dist-test: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
