#!/usr/bin/env bash
# The Go tests cross-compiled for Windows (GOOS=windows go test -c, one
# binary per package) run under wine, all in one wineserver session, in a
# wine prefix of their own (prefix.sh) and a temporary HOME.
#   bash scripts/wine/gotest.sh [PACKAGES...]   (default: ./...)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
tmp=$(mktemp -d)
# the Go caches stay where they are; HOME is the test's own
export GOPATH=$(go env GOPATH) GOCACHE=$(go env GOCACHE) GOMODCACHE=$(go env GOMODCACHE)
export WINEPREFIX=$tmp/wine WINEDEBUG=-all HOME=$tmp/home
export XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache XDG_DATA_HOME=$HOME/.local/share
mkdir -p "$HOME" "$tmp/bin" "$tmp/t"
t0=$(date +%s)
cleanup() { wineserver -k 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

bash scripts/wine/prefix.sh "$WINEPREFIX" &
prefix=$!

mapfile -t pkgs < <(go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}} {{.Dir}}{{end}}' "${@:-./...}")
# test-only: overlay.json patches what wine 8 lacks (see overlay/)
overlay=()
if [ -f scripts/wine/overlay/make.sh ]; then
  bash scripts/wine/overlay/make.sh "$tmp/overlay"
  overlay=(-overlay "$tmp/overlay/overlay.json")
fi
printf '%s\n' "${pkgs[@]}" | xargs -P 2 -L 1 sh -c \
  'GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test -c '"${overlay[*]}"' -o "'"$tmp"'/bin/$(echo "$0" | tr / _).test.exe" "$0"'
wait $prefix
echo "wine-gotest: ${#pkgs[@]} packages built ($(($(date +%s) - t0)) s)"
wineserver -p 2>/dev/null || true  # keep one server for every package (one may still run from wineboot)
pass=0 fail=0 known=0 failed=()
for line in "${pkgs[@]}"; do
  pkg=${line%% *} dir=${line#* }
  exe=$tmp/bin/$(echo "$pkg" | tr / _).test.exe
  [ -f "$exe" ] || { echo "wine-gotest: $pkg: no test binary"; fail=$((fail + 1)); failed+=("$pkg"); continue; }
  mkdir -p "$tmp/t/$pkg"
  # known failures (known-failures.txt) are skipped and named
  skip=$(awk -v p="$pkg" '$1 == p { printf "%s%s", sep, $2; sep = "|" }' scripts/wine/known-failures.txt)
  skipflag=()
  if [ -n "$skip" ]; then
    skipflag=(-test.skip "^($skip)\$")
    echo "wine-gotest: $pkg: skipping known failures $skip"
    known=$((known + $(echo "$skip" | tr '|' '\n' | wc -l)))
  fi
  if (cd "$dir" && timeout 600 bash "$repo/scripts/wine/wine64" "$exe" -test.count=1 -test.timeout=9m "${skipflag[@]}" >"$tmp/t/$pkg/log" 2>&1); then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); failed+=("$pkg")
    echo "--- FAIL $pkg"; tail -40 "$tmp/t/$pkg/log"
  fi
done
echo "wine-gotest: $pass of $((pass + fail)) packages pass under wine, $known known failures skipped (scripts/wine/known-failures.txt) ($(($(date +%s) - t0)) s)"
[ "$fail" = 0 ] || { echo "wine-gotest: failed: ${failed[*]}"; exit 1; }
