#!/usr/bin/env bash
# Installs what building and testing Packsmith needs on Debian 12, only
# what is missing: Debian packages (as root, or through sudo), the front
# end's and the e2e tests' npm packages, and the Go modules.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_pkgs=(build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.0-dev
  xvfb xauth x11-utils xdotool imagemagick chromium curl fonts-nanum
  python3-gi gir1.2-gtk-3.0 python3-pil
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  wine wine64 wine32:i386 gcc-mingw-w64-x86-64 nsis p7zip-full zip)
# python3-pil: formats/dds's quality test has Pillow decode our DDS files.
# gstreamer1.0-plugins-base/-good: the window's <audio> (WebKitGTK plays
# through GStreamer: WAV is in -good, Ogg Vorbis in -base).
# wine32:i386: the NSIS installer is a 32-bit program; make test-release
# installs and uninstalls it under wine. It needs the i386 architecture.
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
if ! dpkg --print-foreign-architectures | grep -qx i386; then
  echo "deps: adding the i386 architecture (for wine32)"
  $sudo dpkg --add-architecture i386
fi
# apt_update refreshes the package lists. A mirror caught mid-sync serves
# an index whose size does not match its Release file ("Mirror sync in
# progress?", seen on bookworm-security's binary-i386 for a whole day):
# apt-get update then exits 100 although every other list is fresh, and
# the install below still resolves from them. So: three tries, then go on
# with the lists at hand and let the install say whether they suffice.
apt_update() {
  local try
  for try in 1 2 3; do
    if $sudo apt-get -o Acquire::Retries=3 update -qq; then return 0; fi
    [ "$try" = 3 ] || { echo "deps: apt-get update failed (try $try of 3); retrying in $((try * 15)) s" >&2; sleep $((try * 15)); }
  done
  echo "deps: apt-get update still fails after 3 tries; installing from the package lists it did fetch" >&2
}
missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  # another install (a parallel checkout) holds the dpkg lock: wait for it
  while pgrep -x apt-get >/dev/null || pgrep -x dpkg >/dev/null; do sleep 3; done
  apt_update
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    echo "deps: apt-get install failed; refreshing the package lists once more and retrying" >&2
    sleep 20
    apt_update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

for d in frontend e2e; do
  # npm ci only when the lockfile changed since the last install
  stamp="$d/node_modules/.packsmith-lock"
  if [ ! -f "$stamp" ] || ! cmp -s "$d/package-lock.json" "$stamp"; then
    echo "deps: npm ci in $d"
    (cd "$d" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$d/package-lock.json" "$stamp"
  fi
done

go mod download
