#!/usr/bin/env bash
# A fuzz smoke run, part of `make test` (make test-fuzz): every Fuzz target
# in the module, listed by `go test -list '^Fuzz'`, fuzzed for FUZZ_SMOKE_TIME
# (2s) each, FUZZ_SMOKE_JOBS (2) at a time with one worker each (a 2-core
# machine: one core per target). `make fuzz` is the long run.
#
# Corpora stay out of the tree: what the fuzzer learns goes to Go's fuzz
# cache ($GOCACHE/fuzz, the default -fuzzcachedir), and a crash input Go
# writes to the package's testdata/fuzz/ is printed (the whole file: put it
# back to reproduce) and removed from the tree (so the committed seeds are all that
# testdata/fuzz holds). A crash fails the run naming package, target and
# input. Go's fuzzer sometimes fails a healthy target with "context deadline
# exceeded" when the time is up while a worker is starting or minimizing:
# such a run is tried up to twice more, and fails only when every try ends so.
#   scripts/hermetic.sh bash scripts/fuzz-smoke.sh [packages...]   (default ./...)
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
time=${FUZZ_SMOKE_TIME:-2s}
jobs=${FUZZ_SMOKE_JOBS:-2}
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)
logs=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-smoke.XXXXXX")
start=$SECONDS

# Committed seed files: anything else under testdata/fuzz after a run was
# written by it.
seedlist() { find . -path ./node_modules -prune -o -path '*/testdata/fuzz/*' -type f -print | sort; }
seedlist >"$logs/seeds.before"

# "FuzzX" lines, each followed by the "ok  <pkg>" line of its package.
$GO test -list '^Fuzz' "${pkgs[@]}" >"$logs/list" 2>&1 || { cat "$logs/list"; exit 1; }
targets=()
pending=()
while read -r a b _; do
  case "$a" in
    Fuzz*) pending+=("$a") ;;
    ok) for f in "${pending[@]}"; do targets+=("$b $f"); done; pending=() ;;
  esac
done <"$logs/list"
[ ${#targets[@]} -gt 0 ] || { echo "fuzz-smoke: no fuzz targets found"; exit 1; }
echo "fuzz-smoke: ${#targets[@]} targets, $time each, $jobs at a time"

# One target: fuzz it, up to twice more on a false deadline (a 15-second
# run over every target saw FuzzXlce and FuzzPakd each get two in a row,
# with no input failing); the log's last line says pass or FAIL.
one() {
  local pkg=$1 fn=$2 log=$3 try
  for try in 1 2 3; do
    if $GO test -run '^$' -fuzz "^$fn\$" -fuzztime "$time" -parallel 1 "$pkg" >"$log" 2>&1; then
      echo "pass" >>"$log"; return 0
    fi
    if [ $try != 3 ] && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written to' "$log"; then
      cp "$log" "$log.first"
      continue
    fi
    break
  done
  echo "FAIL" >>"$log"
}

i=0
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  set -- $t
  one "$1" "$2" "$logs/$i.log" &
  i=$((i + 1))
done
wait

failed=0
i=0
for t in "${targets[@]}"; do
  set -- $t
  log="$logs/$i.log"
  [ -f "$log.first" ] && echo "fuzz-smoke: $1 $2: a false \"context deadline exceeded\", tried again"
  if [ "$(tail -n 1 "$log")" != pass ]; then
    failed=$((failed + 1))
    echo "=== fuzz-smoke: FAIL $1 $2"
    sed '$d' "$log" | tail -n 40
  fi
  i=$((i + 1))
done

# Crash inputs Go wrote into the tree: shown, then removed.
seedlist >"$logs/seeds.after"
new=$(comm -13 "$logs/seeds.before" "$logs/seeds.after")
if [ -n "$new" ]; then
  while read -r f; do
    echo "=== fuzz-smoke: failing input $f (to reproduce: put it back and run go test -run <Target>/<name> in its package):"
    cat "$f"
    rm -f "$f"
    rmdir -p "$(dirname "$f")" 2>/dev/null || true
  done <<<"$new"
fi

echo "fuzz-smoke: ${#targets[@]} targets, $failed failed, $((SECONDS - start)) s"
if [ $failed = 0 ]; then rm -rf "$logs"; exit 0; fi
exit 1
