#!/usr/bin/env bash
# The 3D view in the native window: the desktop build (WebKitGTK) under
# Xvfb opens a generated mod (.MOD packed from internal/modelgen) given on
# the command line, picks BOX.MESH and the level ROOM.LAYOUT with the
# keyboard and mouse (xdotool), and checks from screenshots that the 3D
# canvas drew (pixels that are not its background). Screenshots go to
# PACKSMITH_SHOTS (window-3d-mesh.png, window-3d-level.png). With the
# fixtures (../shared/fixtures/tl2/monster), the mod also holds the skinned
# monster NETHERIM_FLYER: the test checks it is drawn textured (its
# texture's saturated orange, which the flat untextured colour never
# reaches), plays Attack1 and sees the picture change, and counts the
# event marks on the timeline (window-3d-monster*.png). Build first:
# cd frontend && npm run build; go build -tags desktop,production -o build/bin/packsmith .
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${PACKSMITH_HERMETIC:-}" ] || exec bash scripts/hermetic.sh env PACKSMITH_HERMETIC=1 bash "$0" "$@"
work=$(mktemp -d /tmp/packsmith-window3d.XXXXXX)
shots=${PACKSMITH_SHOTS:-$work}
mkdir -p "$shots"
ok=0
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ $ok = 1 ]; then rm -rf "$work"; else echo "window-3d-test: screenshots and log kept in $work"; fi
}
trap cleanup EXIT
fail() { echo "window-3d-test: $*"; import -window root "$shots/window-3d-failed.png" || true; tail -5 "$work/app.log"; exit 1; }

go run ./internal/modelgen/gen -o "$work/models" -ghost
monster=""
for d in ../shared/fixtures/tl2/monster /work/shared/fixtures/tl2/monster; do
  [ -d "$d/MEDIA" ] && monster=$d && break
done
if [ -n "$monster" ]; then
  cp -r "$monster/MEDIA/." "$work/models/MEDIA/"
elif [ "${PACKSMITH_REQUIRE_FIXTURES:-}" = 1 ]; then
  echo "window-3d-test: the monster fixture is missing"; exit 1
fi
PACKSMITH_CONFIG_DIR="$work/cfg" build/bin/packsmith pack "$work/models" -o "$work/MODELS.MOD" --mpp none >/dev/null

display=""
for n in $(seq 60 89); do
  if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then display=":$n"; break; fi
done
export DISPLAY=$display
Xvfb "$DISPLAY" -screen 0 1280x860x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do xdpyinfo -display "$DISPLAY" >/dev/null 2>&1 && break; sleep 0.1; done

mkdir -p "$work/config"
PACKSMITH_PROBE="$work/probe.json" PACKSMITH_CONFIG_DIR="$work/config" build/bin/packsmith "$work/MODELS.MOD" >"$work/app.log" 2>&1 &
pids+=($!)
timeout 60 xdotool search --sync --onlyvisible --name '^Packsmith$' >/dev/null || fail "the window did not appear"
sleep 4

# drawn X Y W H: pixels of the screen region that differ from the 3D
# view's background (#1E222A) by more than a little.
drawn() {
  import -window root "$work/screen.png"
  convert "$work/screen.png" -crop "$3x$4+$1+$2" +repage -fuzz 5% -fill black -opaque '#1E222A' -fill white +opaque black \
    -format '%[fx:int(mean*w*h)]' info:
}

# rect ID: where the probe last saw the element with data-testid ID, as
# "X Y W H" on the screen (the window is at y 20). Measured, not fixed: the
# toolbar may wrap into a second row and the panels move with it.
rect() {
  /usr/bin/python3 -c 'import json, sys; x, y, w, h = json.load(open(sys.argv[1]))["rects"][sys.argv[2]]; print(x, y + 20, w, h)' "$work/probe.json" "$1" ||
    fail "the probe does not show $1"
}

# pick NAME: type it in the filter, then click the one row left.
pick() {
  local x y w h
  read -r x y w h < <(rect filter)
  xdotool mousemove $((x + 40)) $((y + h / 2)) click --repeat 3 1
  sleep 0.3
  xdotool key ctrl+a
  xdotool type --delay 30 "$1"
  sleep 1.5
  read -r x y w h < <(rect entry-list)
  xdotool mousemove $((x + 70)) $((y + 12)) click 1   # the first row of the list
  xdotool mousemove 400 700                           # away from the row: no tooltip in the shots
  sleep 4
}

# view: the 3D canvas's region as "X Y W H", for drawn, orange and the crops.
view() { rect model-canvas; }

pick BOX.MESH
n=$(drawn $(view))
import -window root "$shots/window-3d-mesh.png"
echo "window-3d-test: BOX.MESH: $n pixels of the 3D view drawn"
[ "$n" -gt 5000 ] || fail "the mesh view drew $n pixels (WebGL in WebKitGTK?)"

pick ROOM.LAYOUT
n=$(drawn $(view))
import -window root "$shots/window-3d-level.png"
echo "window-3d-test: ROOM.LAYOUT: $n pixels of the 3D view drawn"
[ "$n" -gt 5000 ] || fail "the level view drew $n pixels"
# count X Y W H COLOUR: pixels of the region within 12 % of COLOUR.
count() {
  import -window root "$work/screen.png"
  convert "$work/screen.png" -crop "$3x$4+$1+$2" +repage -fuzz 12% -fill white -opaque "$5" -fill black +opaque white \
    -format '%[fx:int(mean*w*h)]' info:
}
# orange X Y W H: pixels whose red exceeds their blue by more than 0.4
# (the flat untextured colour, C8B48C shaded, stays below 0.24).
orange() {
  import -window root "$work/screen.png"
  convert "$work/screen.png" -crop "$3x$4+$1+$2" +repage -fx '(r-b)>0.4?1:0' -format '%[fx:int(mean*w*h)]' info:
}

if [ -n "$monster" ]; then
  pick NETHERIM_FLYER.MESH
  read -r x y w h < <(rect model-bounds)
  xdotool mousemove $((x + w / 2)) $((y + h / 2)) click 1   # "bounds" off: its yellow lines would count as orange
  xdotool mousemove 400 700
  sleep 1
  import -window root "$shots/window-3d-monster.png"
  read -r vx vy vw vh < <(view)
  n=$(drawn $vx $vy $vw $vh)
  o=$(orange $vx $vy $vw $vh)
  echo "window-3d-test: NETHERIM_FLYER.MESH: $n pixels drawn, $o of the texture's orange"
  # what the view says of itself (figures, not a pass mark: issue 33 asks
  # for ≤ 1.5 s to a textured monster and ≥ 30 frames/s while it plays)
  /usr/bin/python3 e2e/window/looks.py wait "$work/probe.json" 10 mesh-timing 'shown in' ||
    fail "the monster's view does not say when it was shown"
  echo "window-3d-test: NETHERIM_FLYER.MESH $(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["texts"]["mesh-timing"])' "$work/probe.json") (from the 3D view's start to its first frame with the texture loaded)"
  [ "$n" -gt 3000 ] || fail "the monster drew $n pixels"
  [ "$o" -gt 300 ] || fail "the monster is not textured ($o orange pixels)"
  # Attack1: typed into the animation filter, then its button, the first left.
  read -r x y w h < <(rect anim-filter)
  xdotool mousemove $((x + 20)) $((y + h / 2)) click 1
  xdotool type --delay 30 "Attack1"
  sleep 1
  read -r x y w h < <(rect anim-pick)
  xdotool mousemove $((x + w / 2)) $((y + h / 2)) click 1
  xdotool mousemove 400 700
  sleep 1
  import -window root "$work/a.png"
  sleep 0.37
  import -window root "$work/b.png"
  cp "$work/b.png" "$shots/window-3d-monster-attack1.png"
  convert "$work/a.png" -crop ${vw}x${vh}+${vx}+${vy} +repage "$work/a-view.png"
  convert "$work/b.png" -crop ${vw}x${vh}+${vx}+${vy} +repage "$work/b-view.png"
  d=$(compare -metric AE -fuzz 3% "$work/a-view.png" "$work/b-view.png" null: 2>&1 || true)
  echo "window-3d-test: Attack1 playing: $d pixels changed in 0.37 s"
  [ "${d%%.*}" -gt 200 ] 2>/dev/null || fail "the picture did not change while Attack1 played ($d)"
  /usr/bin/python3 e2e/window/looks.py wait "$work/probe.json" 10 mesh-timing 'frames/s' ||
    fail "the view does not count its frames while Attack1 plays"
  sleep 1.5
  echo "window-3d-test: Attack1 playing: $(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["texts"]["mesh-timing"].split("·")[-1].strip())' "$work/probe.json") (software GL under Xvfb)"
  read -r x y w h < <(rect anim-timeline)
  m=$(count $x $((y - 10)) $w $((h + 20)) '#FF2D6F')
  echo "window-3d-test: $m pixels of event marks on the timeline"
  [ "$m" -gt 120 ] || fail "no event marks on Attack1's timeline ($m pixels)"
fi
ok=1
echo "window-3d-test: ok"
