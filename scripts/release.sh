#!/usr/bin/env bash
# make release: writes dist/ with what users download.
#   packsmith-VERSION-windows-amd64.zip        packsmith.exe (window, GUI subsystem)
#                                              + packsmith.com (console build: cmd and
#                                              PowerShell pick it first for `packsmith ...`)
#   packsmith-VERSION-windows-amd64-setup.exe  NSIS installer (build/windows/installer)
#   packsmith-VERSION-linux-amd64.tar.gz       desktop build, .desktop file, icon
#   packsmith-VERSION-darwin-{amd64,arm64}-cli.tar.gz  the command line (a .app needs a Mac)
#   SHA256SUMS
# The Windows executables are built by the pinned Wails CLI (make wails), which
# embeds the icon, the version resource (build/windows/info.json) and the
# manifest (build/windows/wails.exe.manifest).
set -euo pipefail
cd "$(dirname "$0")/.."

WAILS=build/tools/wails
VERSION=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
LD="-X packsmith/backend/sys/version.Version=$VERSION"
DIST=dist
BIN=build/bin
t0=$(date +%s)
step() { echo "release: $* ($(($(date +%s) - t0)) s)"; }

rm -rf "$DIST" "$BIN/packsmith.exe" "$BIN/packsmith.com" "$BIN"/Packsmith-amd64-installer.exe
mkdir -p "$DIST" "$BIN"

# The version resource carries the git version as its ProductVersion string
# (the numeric fields stay wails.json's a.b.c). info.json is restored on exit.
info=build/windows/info.json
cp "$info" "$BIN/.info.json.orig"
restore() { cp "$BIN/.info.json.orig" "$info" && rm -f "$BIN/.info.json.orig"; }
trap restore EXIT
setinfo() { # ORIGINAL_FILENAME
  sed -e "s/\"ProductVersion\": \"{{.Info.ProductVersion}}\"/\"ProductVersion\": \"$VERSION\"/" \
      -e "s/\"OriginalFilename\": \"packsmith.exe\"/\"OriginalFilename\": \"$1\"/" \
      "$BIN/.info.json.orig" >"$info"
}

step "front end"
(cd frontend && npm run build --silent >/dev/null)

# -s: the front end is built; -skipbindings: frontend/wailsjs is committed
# and checked by make bindings-check.
wb() { "$WAILS" build -platform windows/amd64 -s -skipbindings -trimpath -ldflags "$LD" "$@"; }

step "windows console build (packsmith.com)"
setinfo packsmith.com
wb -windowsconsole -o packsmith.com >"$BIN/.wails-com.log" 2>&1 || { cat "$BIN/.wails-com.log"; exit 1; }
step "windows window build (packsmith.exe) and installer"
setinfo packsmith.exe
# the installer (project.nsi) takes build/bin/packsmith.com beside the exe
wb -nsis >"$BIN/.wails-exe.log" 2>&1 || { cat "$BIN/.wails-exe.log"; exit 1; }
grep -q "Building 'amd64' installer: Done" "$BIN/.wails-exe.log" || { cat "$BIN/.wails-exe.log"; echo "release: no installer (is makensis installed? bash scripts/deps.sh)"; exit 1; }
restore
trap - EXIT

name=packsmith-$VERSION
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

step "windows zip"
mkdir "$stage/win"
cp "$BIN/packsmith.exe" "$BIN/packsmith.com" "$stage/win/"
cp build/windows/README.txt "$stage/win/README.txt"
(cd "$stage/win" && zip -q -9 -X "$OLDPWD/$DIST/$name-windows-amd64.zip" packsmith.exe packsmith.com README.txt)
cp "$BIN/Packsmith-amd64-installer.exe" "$DIST/$name-windows-amd64-setup.exe"

step "linux desktop build"
# webkit2_36: the asset path that passes headers and statuses (Makefile's
# WEBKIT explains the tags); internal/distcheck checks the binary has it.
CGO_ENABLED=1 go build -trimpath -tags "desktop,production,${WEBKIT:-webkit2_36}" -ldflags "-w -s $LD" -o "$stage/linux/$name/packsmith" .
cp build/linux/packsmith.desktop "$stage/linux/$name/"
cp build/appicon.png "$stage/linux/$name/packsmith.png"
tar -C "$stage/linux" --owner=0 --group=0 --numeric-owner -czf "$DIST/$name-linux-amd64.tar.gz" "$name"

for arch in amd64 arm64; do
  step "darwin $arch command line"
  CGO_ENABLED=0 GOOS=darwin GOARCH=$arch go build -trimpath -ldflags "-w -s $LD" -o "$stage/darwin-$arch/$name/packsmith" .
  cp build/darwin/README.txt "$stage/darwin-$arch/$name/README.txt"
  tar -C "$stage/darwin-$arch" --owner=0 --group=0 --numeric-owner -czf "$DIST/$name-darwin-$arch-cli.tar.gz" "$name"
done

(cd "$DIST" && sha256sum -- *.zip *.exe *.tar.gz >SHA256SUMS)
echo "$VERSION" >"$DIST/VERSION"
step "done"
ls -l "$DIST"
