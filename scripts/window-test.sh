#!/usr/bin/env bash
# The native window, as a user drives it: the desktop build (WebKitGTK)
# under Xvfb, real mouse and keyboard through xdotool. It opens an archive
# with the native file dialog and another by dropping it from a drag source
# (XDND), and checks that both were opened (they enter the recent list in
# the settings file). Then, on a copy of the demo zip, it drops a file on an
# entry (a replace), saves with Ctrl+S and reads the entry back with the
# command line. A screenshot of each step goes to PACKSMITH_SHOTS.
set -euo pipefail
cd "$(dirname "$0")/.."
# Its own HOME and XDG folders (GTK's recent list, WebKit data and the
# settings stay out of the real home; scripts/hermetic.sh checks).
[ -n "${PACKSMITH_HERMETIC:-}" ] || exec bash scripts/hermetic.sh env PACKSMITH_HERMETIC=1 bash "$0" "$@"
work=$(mktemp -d /tmp/packsmith-window.XXXXXX)
shots=${PACKSMITH_SHOTS:-$work}
ok=0
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ $ok = 1 ]; then rm -rf "$work"; else echo "window-test: screenshots and log kept in $work"; fi
}
trap cleanup EXIT
recent() { cat "$work/config/settings.json" 2>/dev/null || true; }
fail() { echo "window-test: $*"; import -window root "$shots/window-failed.png" || true; tail -5 "$work/app.log"; exit 1; }

display=""
for n in $(seq 60 89); do
  if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then display=":$n"; break; fi
done
export DISPLAY=$display
Xvfb "$DISPLAY" -screen 0 1280x860x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
# wait until the X server answers (a loaded machine can take seconds)
for _ in $(seq 1 100); do xdpyinfo -display "$DISPLAY" >/dev/null 2>&1 && break; sleep 0.1; done

mkdir -p "$work/config"
# GTK's recent list starts empty: a stale path from an earlier run must not
# be what the dialog shows (scripts/hermetic.sh gives a fresh XDG_DATA_HOME;
# this holds without it too).
rm -f "${XDG_DATA_HOME:-$HOME/.local/share}/recently-used.xbel"
# The path to open, on the clipboard for the dialog's location field.
/usr/bin/python3 e2e/window/clipboard.py "$PWD/testdata/demo/PACKSMITH_SAMPLE.MOD" >"$work/clipboard.log" 2>&1 &
pids+=($!)
PACKSMITH_CONFIG_DIR="$work/config" build/bin/packsmith >"$work/app.log" 2>&1 &
app=$!
pids+=($app)
timeout 60 xdotool search --sync --onlyvisible --name '^Packsmith$' >/dev/null || fail "the window did not appear"
sleep 3

# 1. Open… → the GTK file dialog → type a path → Enter.
demo="$PWD/testdata/demo/PACKSMITH_SAMPLE.MOD"
# Without a window manager the first click only focuses the web view, and
# a loaded machine may still be loading the page: click until it answers.
dialog=0
for _ in 1 2 3 4 5 6; do
  xdotool mousemove 1000 600 click 1
  sleep 0.5
  xdotool mousemove 417 39 click 1   # "Open…" in the header (the window is centred: y 20..840)
  if timeout 5 xdotool search --sync --onlyvisible --name '^Open an archive$' >/dev/null; then dialog=1; break; fi
done
[ $dialog = 1 ] || fail "no file dialog"
sleep 0.5
xdotool key ctrl+l
sleep 0.3
# Pasted, not typed: the location field completes names as they are typed
# (with other tmp.* folders about, /tmp/tmp.X became /tmp/tmp.mp.X).
xdotool key ctrl+a ctrl+v
sleep 0.5
xdotool mousemove 1138 817 click 1   # the dialog's Open button
for _ in $(seq 1 50); do recent | grep -q PACKSMITH_SAMPLE.MOD && break; sleep 0.2; done
recent | grep -q PACKSMITH_SAMPLE.MOD || fail "the file dialog did not open $demo"
import -window root "$shots/window-dialog.png"
echo "window-test: opened $demo through the native file dialog"

# 2. Drag textures.zip from a drag source and drop it on the window.
drop="$PWD/testdata/demo/textures.zip"
/usr/bin/python3 e2e/window/dragsource.py "$drop" >"$work/drag.log" 2>&1 &
drag=$!
pids+=($drag)
timeout 15 xdotool search --sync --onlyvisible --name '^dragsource$' >/dev/null || fail "no drag source window"
sleep 0.5
xdotool mousemove 100 740 && sleep 0.2 && xdotool mousedown 1 && sleep 0.2
for y in 730 700 650 600 500 400; do xdotool mousemove 300 $y; sleep 0.1; done
xdotool mousemove 640 400 && sleep 0.4 && xdotool mousemove 650 410 && sleep 0.4 && xdotool mouseup 1
for _ in $(seq 1 50); do recent | grep -q textures.zip && break; sleep 0.2; done
recent | grep -q textures.zip || fail "dropping $drop on the window did not open it"
import -window root "$shots/window-drop.png"
echo "window-test: opened $drop by drag and drop"

# 3. Edit in place: a window on a copy of the demo zip; drop a file on the
# entry docs/utf8.txt (filtered to be the only row), Ctrl+S, read it back.
kill "$app" "$drag" 2>/dev/null || true
wait "$app" "$drag" 2>/dev/null || true
edit="$work/edit"
mkdir -p "$edit"
cp testdata/demo/demo.zip "$edit/demo.zip"
want="replaced by a file dropped on the entry in the native window"
printf '%s\n' "$want" >"$edit/new-utf8.txt"
PACKSMITH_CONFIG_DIR="$work/config" build/bin/packsmith "$edit/demo.zip" >"$work/app2.log" 2>&1 &
app=$!
pids+=($app)
timeout 60 xdotool search --sync --onlyvisible --name '^Packsmith$' >/dev/null || fail "the window on the copy did not appear"
sleep 3
# Focus the web view, then Ctrl+F (the filter) and the entry's name: the
# list is down to that one row.
xdotool mousemove 950 600 click 1
sleep 0.5
xdotool key ctrl+f
sleep 0.3
xdotool type --delay 40 "utf8.txt"
sleep 1
import -window root "$shots/window-filtered.png"
/usr/bin/python3 e2e/window/dragsource.py "$edit/new-utf8.txt" >"$work/drag2.log" 2>&1 &
drag=$!
pids+=($drag)
timeout 15 xdotool search --sync --onlyvisible --name '^dragsource$' >/dev/null || fail "no drag source window for the edit"
sleep 0.5
# The only row: the entry list's first row, y 119 in the page (+20: the
# window is centred on the 860-pixel screen).
row_x=300 row_y=139
xdotool mousemove 100 740 && sleep 0.2 && xdotool mousedown 1 && sleep 0.2
for y in 730 650 500 300 200; do xdotool mousemove $row_x $y; sleep 0.1; done
xdotool mousemove $row_x $((row_y + 2)) && sleep 0.4 && xdotool mousemove $row_x $row_y && sleep 0.4 && xdotool mouseup 1
sleep 1
import -window root "$shots/window-dropped-on-entry.png"
xdotool mousemove 950 600 click 1
sleep 0.3
xdotool key ctrl+s
got=""
for _ in $(seq 1 100); do
  got=$(build/bin/packsmith cat "$edit/demo.zip" docs/utf8.txt 2>/dev/null || true)
  [ "$got" = "$want" ] && break
  sleep 0.2
done
import -window root "$shots/window-saved.png"
[ "$got" = "$want" ] || fail "after the drop and Ctrl+S, docs/utf8.txt in the saved copy is \"$got\", not \"$want\""
ls "$edit" | grep -Eq '^demo\.zip\.[0-9]{8}-[0-9]{6}\.bak$' || fail "no backup beside the saved archive"
others=$(build/bin/packsmith cat "$edit/demo.zip" docs/utf16.txt | od -An -tx1 | tr -d ' \n')
orig=$(build/bin/packsmith cat testdata/demo/demo.zip docs/utf16.txt | od -An -tx1 | tr -d ' \n')
[ "$others" = "$orig" ] || fail "the save changed docs/utf16.txt too"
echo "window-test: a file dropped on docs/utf8.txt replaced it; Ctrl+S saved; the command line reads the new bytes"
ok=1
echo "window: 3 passed, 0 failed"
