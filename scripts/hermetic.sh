#!/usr/bin/env bash
# Runs a command (a test script) with its own HOME, XDG folders, TMPDIR and
# Packsmith config folder, then fails if anything the app or its browser
# writes appeared in the real HOME meanwhile. Go's build and module caches
# are kept (a fresh cache would rebuild everything).
#   scripts/hermetic.sh bash scripts/e2e.sh
set -euo pipefail
real_home=${HOME:?}
root=$(mktemp -d "${TMPDIR:-/tmp}/packsmith-hermetic.XXXXXX")
marker="$root/.started"
touch "$marker"
cleanup() { rm -rf "$root"; }
trap cleanup EXIT

export GOCACHE=${GOCACHE:-$(go env GOCACHE)}
export GOMODCACHE=${GOMODCACHE:-$(go env GOMODCACHE)}
export GOPATH=${GOPATH:-$(go env GOPATH)}
export npm_config_cache=${npm_config_cache:-$real_home/.npm}
for v in HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME XDG_STATE_HOME TMPDIR PACKSMITH_CONFIG_DIR; do
  mkdir -p "$root/$v"
  export "$v=$root/$v"
done
export XDG_RUNTIME_DIR="$root/runtime"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

set +e
"$@"
rc=$?
set -e

# What the app (its settings, locks, WebKit data) and GTK's recent list
# would write under a home folder. Chromium's folders are only reported:
# any other chromium on the machine writes there too.
changed=$(find "$real_home" \( -path "$GOCACHE" -o -path "$GOMODCACHE" -o -path "$GOPATH" -o -path "$npm_config_cache" \) -prune -o -newer "$marker" -print 2>/dev/null || true)
leaks=$(echo "$changed" | grep -iE '/(packsmith[^/]*|recently-used\.xbel)(/|$)' || true)
notes=$(echo "$changed" | grep -iE '/chromium(/|$)' || true)
if [ -n "$notes" ]; then
  echo "hermetic: note: chromium data in the real HOME changed meanwhile (another chromium?):"
  echo "$notes" | head -5
fi
if [ -n "$leaks" ]; then
  echo "hermetic: the run wrote into the real HOME ($real_home):"
  echo "$leaks" | head -20
  # PACKSMITH_HERMETIC_WARN=1 reports without failing.
  if [ -z "${PACKSMITH_HERMETIC_WARN:-}" ] && [ $rc = 0 ]; then rc=1; fi
fi
exit $rc
