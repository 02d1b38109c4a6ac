#!/usr/bin/env bash
# Benchmarks: figures, never pass/fail. Runs every Go benchmark once
# (-benchtime picked per package so the whole run stays in minutes) and
# prints the results; PACKSMITH_BENCH_LARGE=1 adds the 1 GB archive cases.
# Issue 32: backend/tl2/merge BenchmarkMerge500 (500 shared .DAT/.LAYOUT files of two mods, aim <= 2 s).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_OUT:-build/bench.txt}
mkdir -p "$(dirname "$out")"
pkgs=$(grep -rl --include='*_test.go' --exclude-dir=node_modules '^func Benchmark' . |
  xargs -n1 dirname | sort -u | sed 's#^\.#packsmith#')
echo "benchmarks in:"; echo "$pkgs" | sed 's/^/  /'
go test -p 1 -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-1x}" -timeout 60m $pkgs | tee "$out"
echo "results in $out"
# Issue 22's hostile inputs (app/cli BenchmarkHostile), each run in a child
# process: its peak RSS, from the child's rusage, is the figure; every case
# is meant to stay under 512 MB.
echo "hostile inputs, peak RSS and time of each child process:"
grep '^hostile:' "$out" || echo "  (none ran)"
if grep -q 'OVER 512 MB' "$out"; then echo "hostile: some case went over 512 MB (see above)"; fi

# Issue 35's figures over the largest corpus (33,000 sources, 450 MB), in
# one run of BenchmarkPackLarge: the full pack against one core of C zlib
# (the floor), a repack after one change and after none, and Pack on save
# from a save to the deployed .MOD; then the window's two waits on such a
# folder (opening it, Find in files); the stage timings of each pack follow.
# BENCH_BEFORE=<an earlier run's build/bench-pack.txt> prints its figures
# beside these (run `make bench` on the older commit first).
pack_out=${BENCH_PACK_OUT:-build/bench-pack.txt}
echo "pack figures over the 33,000-source corpus (BenchmarkPackLarge, PACKSMITH_BENCH_LARGE=1):"
PACKSMITH_BENCH_LARGE=1 go test -run '^$' -bench '^BenchmarkPackLarge$' -benchtime 1x -timeout 60m ./backend/tl2/modpack | tee "$pack_out"
echo "the window's waits over 33,000 files (BenchmarkOpenAndFindCorpus, PACKSMITH_BENCH_LARGE=1):"
PACKSMITH_BENCH_LARGE=1 go test -run '^$' -bench '^BenchmarkOpenAndFindCorpus$' -benchtime 1x -timeout 30m ./backend/drivers/dirdrv | tee -a "$pack_out"
figure() { # figure FILE UNIT: the value reported with that unit
  awk -v u="$2" '/^Benchmark(PackLarge|PackRealShape|OpenAndFindCorpus)/ { for (i = 3; i < NF; i++) if ($(i+1) == u) print $i }' "$1"
}
row() { # row LABEL UNIT [NOW BEFORE]: the figure from NOW (default $pack_out), beside BEFORE's (default $BENCH_BEFORE)
  local now before="" nowf=${3:-$pack_out} beforef=${4:-${BENCH_BEFORE:-}}
  now=$(figure "$nowf" "$2")
  if [ -n "$beforef" ] && [ -f "$beforef" ]; then before=$(figure "$beforef" "$2"); fi
  printf '  %-50s %10s %10s\n' "$1" "${before:--}" "${now:--}"
}
printf '  %-50s %10s %10s\n' "" "before" "now"
row "full pack / one-core C zlib (aim <= 0.30)" full-x-czlib
row "full pack, ms" full-ms
row "full pack, peak RSS MB (aim <= 200)" full-peak-RSS-MB
row "full pack, minor page faults" full-page-faults
row "full pack CPU / C zlib CPU (2 idle cores: ~0.60)" full-cpu/czlib-cpu
row "one-change repack / full pack (aim <= 0.15)" incr/full
row "one-change repack, ms (aim <= 600)" incr-ms
row "one-change repack, CPU ms" incr-cpu-ms
row "one-change repack, peak RSS MB (aim <= 200)" incr-peak-RSS-MB
row "one-change repack, minor page faults" incr-page-faults
row "one-change repack / full pack, CPU time" incr/full-cpu
row "one-change repack in a running app / full pack" warm-incr/full
row "one-change repack in a running app, ms" warm-incr-ms
row "no-change repack, ms" nochange-ms
row "no-change repack, CPU ms" nochange-cpu-ms
row "watch: save to deployed .MOD, ms (aim <= 1000)" watch-save-to-deployed-ms
row "watch: poll and settle, ms" watch-detect-ms
row "watch: its repack, ms" watch-repack-ms
row "folder open, ms (aim <= 1000)" open-ms
row "Find in files to the last hit, ms (aim <= 1500)" find-ms
row "Find in files, CPU ms" find-cpu-ms
grep -E 'stages:|pack on save:|running app' "$pack_out" | sed 's/^ *//; s/^/  /'

# Issue 47's figures over a corpus shaped like a real released mod
# (internal/tl2corpus.RealShape: 22,735 .DAT, 10,513 .LAYOUT, 2,809
# .SKELETON, 763 .DDS, ...; 450 MB, about 2,900 findings a pack), generated
# once (seeded: the same bytes every time) and packed by this tree's code,
# then, for the before column, by BENCH_BEFORE_REV's (default main; "none"
# skips it) over the same corpus in the same run: its modpack test binary
# packs in the children (PACKSMITH_BENCH_CHILD_BIN).
real_out=${BENCH_PACK_REAL_OUT:-build/bench-pack-real.txt}
real_before=${real_out%.txt}-before.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "generating the real-shape corpus (about 450 MB) in $work/mod:"
PACKSMITH_CORPUS_OUT="$work/mod" go test -count=1 -run '^TestWriteRealShape$' ./internal/tl2corpus
rev=${BENCH_BEFORE_REV:-main}
rm -f "$real_before"
if [ "$rev" != none ] && git rev-parse -q --verify "$rev^{commit}" >/dev/null; then
  echo "pack figures over the real-shape corpus, $rev's packer (the before column):"
  mkdir -p "$work/before"
  git archive "$rev" | tar -x -C "$work/before"
  (cd "$work/before" && go test -c -o "$work/before.test" ./backend/tl2/modpack)
  PACKSMITH_BENCH_CHILD_BIN="$work/before.test" PACKSMITH_BENCH_CORPUS="$work/mod" PACKSMITH_BENCH_LARGE=1 \
    go test -run '^$' -bench '^BenchmarkPackRealShape$' -benchtime 1x -timeout 60m ./backend/tl2/modpack | tee "$real_before"
fi
echo "pack figures over the real-shape corpus, this tree's packer:"
PACKSMITH_BENCH_CORPUS="$work/mod" PACKSMITH_BENCH_LARGE=1 \
  go test -run '^$' -bench '^BenchmarkPackRealShape$' -benchtime 1x -timeout 60m ./backend/tl2/modpack | tee "$real_out"
echo "the 33,000-source corpus (figures above), then the real-shape corpus (before: $rev):"
printf '  %-50s %10s %10s\n' "real shape" "before" "now"
real_row() { row "$1" "$2" "$real_out" "$real_before"; }
real_row "full pack / one-core C zlib (aim <= 0.30)" full-x-czlib
real_row "full pack, ms" full-ms
real_row "full pack, CPU ms" full-cpu-ms
real_row "C zlib one core, ms" czlib-1core-ms
real_row "C zlib one core, CPU ms" czlib-cpu-ms
real_row "full pack CPU / C zlib CPU (2 idle cores: ~0.60)" full-cpu/czlib-cpu
real_row "full pack, peak RSS MB (aim <= 200)" full-peak-RSS-MB
real_row "full pack, minor page faults (7-14 us each here)" full-page-faults
real_row "one-change repack / full pack (aim <= 0.15)" incr/full
real_row "one-change repack, ms" incr-ms
real_row "one-change repack, CPU ms" incr-cpu-ms
real_row "one-change repack / full pack, CPU time" incr/full-cpu
real_row "one-change repack, peak RSS MB (aim <= 200)" incr-peak-RSS-MB
real_row "one-change repack, minor page faults" incr-page-faults
real_row "one-change repack in a running app / full pack" warm-incr/full
real_row "one-change repack in a running app, ms" warm-incr-ms
real_row "one-change repack in a running app, CPU ms" warm-incr-cpu-ms
real_row "one-change repack in a running app, page faults" warm-incr-page-faults
real_row "no-change repack, ms" nochange-ms
real_row "no-change repack, CPU ms" nochange-cpu-ms
real_row "watch: save to deployed .MOD, ms" watch-save-to-deployed-ms
real_row "watch: its repack, ms" watch-repack-ms
for f in "$real_before" "$real_out"; do
  [ -f "$f" ] || continue
  echo "  $( [ "$f" = "$real_out" ] && echo now || echo before):"
  grep -E 'stages:|pack on save:|findings of the full pack|running app' "$f" | sed 's/^ *//; s/^/    /'
done

# Issue 43's check cache: `check --all` over the three largest fixture
# .MODs, cold (every mod read) and warm (nothing changed: each from its
# cache in <user cache>/Packsmith/checkcache); aim warm <= 1000 ms.
echo "check --all over the three largest fixtures, ms (BenchmarkCheckCache; aim warm <= 1000):"
go test -run '^$' -bench '^BenchmarkCheckCache$' -benchtime 5x ./backend/tl2/check |
  awk '/^BenchmarkCheckCache\// { for (i = 3; i < NF; i++) if ($(i+1) == "run-ms") printf "  %-40s %10s\n", $1, $i }'

# Issue 43's merge at scale: two generated mods sharing 30,000 .DAT/.LAYOUT
# files (stored compiled, as the game's own MEDIA beside them), `merge -o` in
# a child process: its merge and build times, CPU time and peak RSS (aim:
# merge <= 5 s within the default 512 MB budget).
merge_out=${BENCH_MERGE_OUT:-build/bench-merge.txt}
echo "merge of two mods sharing 30,000 files (BenchmarkMerge30k, PACKSMITH_BENCH_MERGE30K=1):"
PACKSMITH_BENCH_MERGE30K=1 go test -run '^$' -bench '^BenchmarkMerge30k$' -benchtime 1x -timeout 30m ./backend/tl2/mergepatch | tee "$merge_out"
awk '/^BenchmarkMerge30k/ { for (i = 3; i < NF; i++) if ($(i+1) ~ /^(merge-ms|build-ms|cpu-ms|peak-RSS-MB|shared|in-patch|conflicts)$/) printf "  %-14s %s\n", $(i+1), $i }' "$merge_out"
