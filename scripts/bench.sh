#!/usr/bin/env bash
# Benchmarks: figures, never pass/fail. Runs every Go benchmark once
# (-benchtime picked per package so the whole run stays in minutes) and
# prints the results; PACKSMITH_BENCH_LARGE=1 adds the 1 GB archive cases.
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
