#!/usr/bin/env bash
# The front end's Go bindings (frontend/wailsjs), generated as `wails
# generate module` does it, without the Wails CLI: build the app with the
# `bindings` tag and run it in a folder whose wails.json names the output.
# Beside them, the types of the jobs' results (frontend/src/lib/
# jobresults.d.ts, from app.JobResults by internal/jobtypes), which the
# bound calls' signatures do not show (they answer a job id).
#
#   scripts/bindings.sh          regenerate frontend/wailsjs (commit the result)
#   scripts/bindings.sh -check   regenerate into a temp folder and fail, with
#                                the diff, when frontend/wailsjs is stale
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d "${TMPDIR:-/tmp}/packsmith-bindings.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

go build -tags bindings -o "$tmp/generate" .
mkdir -p "$tmp/out" "$tmp/config"
printf '{"name": "Packsmith", "wailsjsdir": "."}\n' >"$tmp/out/wails.json"
# The generator is the app itself: keep it off the user's settings.
(cd "$tmp/out" && PACKSMITH_CONFIG_DIR="$tmp/config" TMPDIR="$tmp" "$tmp/generate" >"$tmp/log" 2>&1) ||
  { echo "bindings: generation failed:"; cat "$tmp/log"; exit 1; }

go run ./internal/jobtypes -models "$tmp/out/wailsjs/go/models.ts" -o "$tmp/jobresults.d.ts"

if [ "${1:-}" = -check ]; then
  if ! diff -ru frontend/wailsjs "$tmp/out/wailsjs"; then
    echo "bindings: frontend/wailsjs is stale (the bound Go methods or types changed): run make bindings and commit it"
    exit 1
  fi
  if ! diff -u frontend/src/lib/jobresults.d.ts "$tmp/jobresults.d.ts"; then
    echo "bindings: frontend/src/lib/jobresults.d.ts is stale (app.JobResults or a result type changed): run make bindings and commit it"
    exit 1
  fi
  echo "bindings: frontend/wailsjs and jobresults.d.ts are up to date"
  exit 0
fi
cp "$tmp/jobresults.d.ts" frontend/src/lib/jobresults.d.ts
rm -rf frontend/wailsjs
cp -r "$tmp/out/wailsjs" frontend/wailsjs
# The modes wails build and wails dev leave (they rewrite runtime/ after the
# generator made everything 0755), so those commands leave git clean.
chmod 0644 frontend/wailsjs/runtime/*
echo "bindings: wrote frontend/wailsjs"
