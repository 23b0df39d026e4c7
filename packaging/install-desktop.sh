#!/usr/bin/env bash
# Install the rostermgr bundle for this user on Linux: the program, a `rostermgr` command,
# the menu entry, the icons and the AppStream metainfo. Nothing needs root; nothing outside
# PREFIX is touched. Run it from the bundle (./install-desktop.sh) or from the repository
# after make dist (packaging/install-desktop.sh dist/rostermgr).
#   PREFIX    where to install (default ~/.local): PREFIX/lib/rostermgr holds the bundle,
#             PREFIX/bin/rostermgr links to it, PREFIX/share holds the desktop files.
# To remove it: rm -r PREFIX/lib/rostermgr PREFIX/bin/rostermgr and the files this script
# names as it copies them.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
if [ $# -gt 0 ]; then BUNDLE="$(cd "$1" && pwd)"
elif [ -x "$HERE/rostermgr" ]; then BUNDLE="$HERE"
else BUNDLE="$(cd "$HERE/../dist/rostermgr" && pwd)"
fi
PREFIX="${PREFIX:-$HOME/.local}"
APP_ID="org.lasthopefrontier.rostermgr"
SHARE="$BUNDLE/_internal/share"
[ -x "$BUNDLE/rostermgr" ] && [ -d "$SHARE" ] || {
    echo "install-desktop: $BUNDLE is not a rostermgr bundle (run make dist first)." >&2
    exit 1
}

# The bundle: copied beside the old one, then swapped in, so a failed copy leaves the old.
mkdir -p "$PREFIX/lib" "$PREFIX/bin"
TARGET="$PREFIX/lib/rostermgr"
rm -rf "$TARGET.new"
cp -a "$BUNDLE" "$TARGET.new"
rm -rf "$TARGET.old"
[ -e "$TARGET" ] && mv "$TARGET" "$TARGET.old"
mv "$TARGET.new" "$TARGET"
rm -rf "$TARGET.old"
ln -sfn "$TARGET/rostermgr" "$PREFIX/bin/rostermgr"
echo "installed $TARGET and $PREFIX/bin/rostermgr"

# copy SOURCE DEST: one file, through a temporary name
copy() {
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2.tmp"
    mv "$2.tmp" "$2"
    echo "installed $2"
}
# The menu entry starts this copy by its full path: PREFIX/bin may not be on the PATH.
mkdir -p "$PREFIX/share/applications"
sed "s|^Exec=rostermgr\$|Exec=$TARGET/rostermgr|" "$SHARE/applications/$APP_ID.desktop" \
    >"$PREFIX/share/applications/$APP_ID.desktop.tmp"
mv "$PREFIX/share/applications/$APP_ID.desktop.tmp" "$PREFIX/share/applications/$APP_ID.desktop"
echo "installed $PREFIX/share/applications/$APP_ID.desktop"
for icon in "$SHARE"/icons/hicolor/*/apps/*; do
    size="$(basename "$(dirname "$(dirname "$icon")")")"
    copy "$icon" "$PREFIX/share/icons/hicolor/$size/apps/$(basename "$icon")"
done
copy "$SHARE/metainfo/$APP_ID.metainfo.xml" "$PREFIX/share/metainfo/$APP_ID.metainfo.xml"
# Refresh the menus and icon caches where the tools exist; a desktop also finds them later.
command -v update-desktop-database >/dev/null && \
    update-desktop-database -q "$PREFIX/share/applications" || true
command -v gtk-update-icon-cache >/dev/null && \
    gtk-update-icon-cache -q -t "$PREFIX/share/icons/hicolor" || true
