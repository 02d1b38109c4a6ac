#!/usr/bin/env bash
# Opens the window on its first screen (the game folders found, the bundled
# samples of each game; PACKSMITH_OPEN=FILE opens a file instead). Without a display (a server, CI)
# it starts Xvfb first; take a screenshot with
#   DISPLAY=:95 import -window root shot.png
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/packsmith
fi
d=${XVFB_DISPLAY:-95}
echo "run: no display; starting Xvfb on :$d (screenshot: DISPLAY=:$d import -window root shot.png)"
Xvfb ":$d" -screen 0 1280x860x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
# wait until the X server answers (a loaded machine can take seconds)
for _ in $(seq 1 100); do xdpyinfo -display ":$d" >/dev/null 2>&1 && break; sleep 0.1; done
DISPLAY=":$d" build/bin/packsmith
