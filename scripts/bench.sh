#!/usr/bin/env bash
# Benchmarks: figures, never pass/fail. Runs every Go benchmark once
# (-benchtime picked per package so the whole run stays in minutes) and
# prints the results; PACKSMITH_BENCH_LARGE=1 adds the 1 GB archive cases.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_OUT:-build/bench.txt}
mkdir -p "$(dirname "$out")"
pkgs=$(go list ./... | while read -r p; do
  dir=$(go list -f '{{.Dir}}' "$p")
  grep -ls '^func Benchmark' "$dir"/*_test.go >/dev/null 2>&1 && echo "$p"
done)
echo "benchmarks in:"; echo "$pkgs" | sed 's/^/  /'
go test -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-1x}" -timeout 60m $pkgs | tee "$out"
echo "results in $out"
