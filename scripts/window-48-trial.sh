#!/usr/bin/env bash
# Issue 48's trial in the shipped window, as a new user would do it: a
# Torchlight II user folder with three mods and a character bound to them
# (go run ./internal/loadorderdemo -trial), Load order → Combine into one
# mod with "move them" ticked, Characters shows the character playable;
# the profile picker switches back to the setup before, asks about the
# character, moves it back, and Characters shows it as before. Every click
# is measured from the window's probe (app/window_probe.go), never a fixed
# pixel; a screenshot of each step and the time it took go to SHOTS.
#
#   window-48-trial.sh [--bin PATH] [--shots DIR]
set -euo pipefail
self=$(realpath "$0")
bin=$(dirname "$self")/../build/bin/packsmith
shots=""
while [ $# -gt 0 ]; do
  case $1 in
    --bin) bin=$(realpath "$2"); shift 2 ;;
    --shots) shots=$(realpath -m "$2"); shift 2 ;;
    *) echo "window-48-trial: unknown argument $1"; exit 2 ;;
  esac
done
cd "$(dirname "$self")/.."
[ -n "${PACKSMITH_HERMETIC:-}" ] || exec bash scripts/hermetic.sh env PACKSMITH_HERMETIC=1 bash "$self" --bin "$bin" ${shots:+--shots "$shots"}
work=$(mktemp -d /tmp/packsmith-t48.XXXXXX)
shots=${shots:-$work}
mkdir -p "$shots"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
user="$work/Torchlight 2"
probe="$work/probe.json"
fail() { echo "window-48-trial: $*"; import -window root "$shots/t48-failed.png" || true; tail -5 "$work/app.log" || true; exit 1; }
t0=$(date +%s.%N)
step() { # name: a screenshot and the seconds since the last step
  local now; now=$(date +%s.%N)
  import -window root "$shots/t48-$1.png"
  printf '%-28s %6.2f s\n' "$1" "$(echo "$now - $t0" | bc)"
  t0=$now
}
wait_text() { /usr/bin/python3 e2e/window/looks.py wait "$probe" "$@"; }
# rect ID: "X Y W H" of the element data-testid=ID, in screen pixels.
rect() {
  /usr/bin/python3 - "$probe" "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
r = p["rects"].get(sys.argv[2])
if not r: sys.exit(1)
d = p.get("dpr", 1)
print(*[round(v * d) for v in r])
PY
}
# click ID [DX]: the middle of the element (DX: from its left edge instead).
click() {
  local r; r=$(rect "$1") || fail "no $1 on the page"
  read -r x y w h <<<"$r"
  local cx=$((x + w / 2)); [ -n "${2:-}" ] && cx=$((x + $2))
  xdotool mousemove $((wx + cx)) $((wy + y + h / 2)) click 1
}

go run ./internal/loadorderdemo -out "$user" -trial
before=$(sha256sum "$user/modsave/HERO_{4800}.SVB" | cut -d' ' -f1)
mkdir -p "$work/config"
printf '{"tl2UserDir": "%s", "modsDir": "%s/mods"}\n' "$user" "$user" >"$work/config/settings.json"

export DISPLAY=:75
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
PACKSMITH_PROBE="$probe" PACKSMITH_CONFIG_DIR="$work/config" "$bin" >"$work/app.log" 2>&1 &
pids+=($!)
timeout 60 xdotool search --sync --onlyvisible --name '^Packsmith$' >/dev/null || fail "the window did not appear"
wid=$(xdotool search --onlyvisible --name '^Packsmith$' | head -1)
xdotool windowsize "$wid" 1280 800 || true
eval "$(xdotool getwindowgeometry --shell "$wid")"; wx=$X; wy=$Y
for _ in $(seq 1 60); do rect open >/dev/null 2>&1 && break; sleep 0.5; done
step start

# 1. Load order: its button is the last of the three left of Open….
read -r ox oy ow oh <<<"$(rect open)"
for _ in 1 2 3; do
  xdotool mousemove $((wx + ox - 45)) $((wy + oy + oh / 2)) click 1
  wait_text 10 lo-load '.' 2>/dev/null && break
done
wait_text 30 body 'Amber Arms' || fail "the load order did not show the three mods"
step loadorder

# 2. Combine into one mod, "move them" ticked.
click lo-combine-open
wait_text 30 lo-combine-chars 'Hero' || fail "Combine did not list Hero as bound to the mods"
click lo-combine-move 8
sleep 0.5
step combine-asks
click lo-combine-run
wait_text 60 body 'Combined mods' || fail "the combine did not finish"
sleep 1
step combined

# 3. Characters: Hero plays, bound to the combined mod.
click lo-characters-open
wait_text 30 lo-character 'Hero[\s\S]*plays' || fail "Hero is not listed as playable after the combine"
step characters-combined
click lo-characters-open # close it again

# 4. The profile picker: the setup before the combine (the first one
# listed: the combine saved it and the picker read the list again), Use.
wait_text 10 lo-profiles 'Profile' || fail "no profile picker"
click lo-profile-pick
sleep 1
xdotool key Down Return
sleep 1
step picked
click lo-profile-use
wait_text 60 lo-profile-stranded 'Hero' || fail "switching back did not ask about Hero"
step switched-asks
click lo-profile-move
wait_text 60 lo-profile-moved 'Hero: restored as it was' || fail "Hero was not restored"
step moved-back

# 5. Characters: Hero as before, bound to the three mods.
click lo-characters-open
wait_text 30 lo-character 'Hero[\s\S]*plays[\s\S]*Amber Arms' || fail "Hero is not listed as before"
step characters-back
after=$(sha256sum "$user/modsave/HERO_{4800}.SVB" | cut -d' ' -f1)
[ "$before" = "$after" ] || fail "Hero's save is not byte for byte what it was ($before, now $after)"
echo "window-48-trial: ok (Hero's save byte for byte as before: $after); screenshots in $shots"
