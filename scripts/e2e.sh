#!/usr/bin/env bash
# End-to-end tests: the app's dev build (Go bindings live) under Xvfb,
# driven in Debian's chromium by playwright-core (e2e/*.test.mjs;
# PACKSMITH_E2E_ONLY="e2e/a.test.mjs …" runs only those).
set -euo pipefail
cd "$(dirname "$0")/.."
# Its own HOME and XDG folders (chromium, WebKit and settings stay out of
# the real home; scripts/hermetic.sh fails the run if they did not).
[ -n "${PACKSMITH_HERMETIC:-}" ] || exec bash scripts/hermetic.sh env PACKSMITH_HERMETIC=1 bash "$0" "$@"
port=${PACKSMITH_E2E_PORT:-34115}
work=$(mktemp -d /tmp/packsmith-e2e.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "${PACKSMITH_E2E_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

go build -tags dev -o build/bin/packsmith-dev .
go run ./internal/demogen -bigzip "$work/big.zip" -entries 2000 -size 524288
go run ./internal/demogen -bigzip "$work/huge.zip" -entries 100000 -size 16

display=""
for n in $(seq 90 120); do
  if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then display=":$n"; break; fi
done
Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
# wait until the X server answers (a loaded machine can take seconds)
for _ in $(seq 1 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done

mkdir -p "$work/config"
DISPLAY=$display PACKSMITH_CONFIG_DIR="$work/config" PACKSMITH_NO_LAUNCH=1 assetdir=frontend/dist devserver=127.0.0.1:$port \
  ./build/bin/packsmith-dev >"$work/app.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
  curl -fso /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done
curl -fso /dev/null "http://127.0.0.1:$port/" || { echo "e2e: the app did not start"; tail -20 "$work/app.log"; exit 1; }

shots=${PACKSMITH_SHOTS:-$work/shots}
mkdir -p "$shots"
set +e
PACKSMITH_URL="http://127.0.0.1:$port/" PACKSMITH_E2E_DIR="$work" PACKSMITH_BIGZIP="$work/big.zip" PACKSMITH_HUGEZIP="$work/huge.zip" \
  PACKSMITH_SHOTS="$shots" PACKSMITH_REPO="$PWD" \
  node --test --test-concurrency=1 ${PACKSMITH_E2E_ONLY:-e2e/*.test.mjs}
rc=$?
set -e
if [ $rc != 0 ]; then
  echo "e2e: failed; the app's log ends with:"
  grep -vE '^(TRA|DEB) ' "$work/app.log" | tail -20
fi
exit $rc
