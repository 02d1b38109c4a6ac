#!/usr/bin/env bash
# Issue 46's day in the shipped window, timed: the desktop build under Xvfb
# (1280×800, display $PACKSMITH_DAY_DISPLAY, default :76), a fake home with
# Torchlight II's native user folder, a Tactics Ogre: Reborn and a Lost Saga
# install in a Steam library (the demo workspace's copies) and a real mod
# (fixtures/tl2/cyber_mod). e2e/window/day46.py drives it with xdotool and
# the probe: the first screen's found folders, Load order, the real .MOD
# (toolbar rows), Find… and Escape, the Lost Saga delete list and its link,
# the Reborn Data folder, Settings by keyboard, the filter, a mods folder
# set in Settings then Pack & Deploy into it (no restart), History and
# Restore this build, the skinned monster opened loose by its .MESH
# (texture, skeleton, an animation playing), six tabs by Ctrl+Tab/Ctrl+W,
# a restart with the tabs back. Each step's time is printed; screenshots and times.json go
# to OUT (default: a temp folder). Not part of make test: a manual trial.
#
#   window-day46.sh [--bin PATH] [OUT]
set -euo pipefail
self=$(realpath "$0")
repo=$(dirname "$self")/..
bin=$repo/build/bin/packsmith
if [ "${1:-}" = --bin ]; then bin=$(realpath "$2"); shift 2; fi
out=${1:-$(mktemp -d /tmp/packsmith-day.XXXXXX)}
out=$(realpath -m "$out")
cd "$repo"
[ -n "${PACKSMITH_HERMETIC:-}" ] || exec bash scripts/hermetic.sh env PACKSMITH_HERMETIC=1 bash "$self" --bin "$bin" "$out"
fixtures=${PACKSMITH_FIXTURES:-$PWD/../shared/fixtures}
mod=$fixtures/tl2/cyber_mod/EDITORMOD_at_90dcf2a.MOD
[ -f "$mod" ] || { echo "window-day46: no $mod (set PACKSMITH_FIXTURES)"; exit 1; }
mkdir -p "$out/shots" "$out/config"
common="$HOME/.local/share/Steam/steamapps/common"
mkdir -p "$common/Torchlight II/my games/runic games/torchlight 2" "$common/Tactics Ogre Reborn" "$HOME/mods-in-progress"
cp -r testdata/demo/tl2-user/. "$common/Torchlight II/my games/runic games/torchlight 2/"
cp -r testdata/demo/reborn/Data "$common/Tactics Ogre Reborn/"
cp -r testdata/demo/lostsaga_game "$common/Lost Saga"
cp "$mod" "$HOME/mods-in-progress/"
cp testdata/demo/demo.zip testdata/demo/PACKSMITH_SAMPLE.MOD "$HOME/mods-in-progress/"
mkdir -p "$HOME/my-mods"
cp -r testdata/demo/sample_mod "$HOME/sample_mod"; chmod -R u+w "$HOME/sample_mod"
# the skinned monster, unzipped loose as modders do (opened by its .MESH)
monster=$fixtures/tl2/monster/MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA
if [ -d "$monster" ]; then
  cp -r "$monster" "$HOME/NETHERIM_FLYERA"
  export PACKSMITH_DAY_MONSTER=$HOME/NETHERIM_FLYERA/NETHERIM_FLYER.MESH
elif [ "${PACKSMITH_REQUIRE_FIXTURES:-}" = 1 ]; then
  echo "window-day46: no $monster"; exit 1
fi
chmod -R u+w "$HOME/mods-in-progress"
export DISPLAY=${PACKSMITH_DAY_DISPLAY:-:76}
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
python3 e2e/window/day46.py "$bin" "$out" "$out/shots"
echo "window-day46: screenshots in $out/shots"
