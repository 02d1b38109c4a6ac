#!/usr/bin/env bash
# make mutate: go-gremlins over each package named (folders under the
# repository, e.g. backend/tl2/merge), one at a time (it is slow: every
# mutant is a `go test` of its package). Not part of make test.
#
#   MUTATE="backend/workspace/backups" make mutate
#   GREMLINS_FLAGS="--timeout-coefficient 5" make mutate
#
# Each package's result goes to build/mutate/<package>.txt, and a line per
# package (killed, lived, efficacy) is printed at the end. Fixture tests
# run when ../shared/fixtures (or PACKSMITH_FIXTURES) is there.
set -euo pipefail
cd "$(dirname "$0")/.."
gremlins=${GREMLINS:-build/tools/gremlins}
if [ ! -x "$gremlins" ]; then
	# Pinned: the tool's flags and output are what this script reads.
	GOBIN="$PWD/build/tools" go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
fi
mkdir -p build/mutate
summary=()
for pkg in $MUTATE; do
	out="build/mutate/$(echo "$pkg" | tr / _).txt"
	echo "== $pkg (→ $out)"
	# shellcheck disable=SC2086
	bash scripts/hermetic.sh "$gremlins" unleash --workers 1 --test-cpu 1 \
		${GREMLINS_FLAGS:-} "./$pkg" 2>&1 | tee "$out" | grep -E '^(Killed|Mutator|Timed|Lived|Not|Test efficacy|Mutator coverage)|LIVED' || true
	summary+=("$pkg: $(grep -E 'Killed:|Test efficacy:' "$out" | tr -s ' \n' ' ')")
done
echo
printf '%s\n' "${summary[@]}"
