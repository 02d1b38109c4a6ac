#!/usr/bin/env bash
# make deps-check: which of the modules we choose (the direct ones) and
# the golang.org/x modules (which come in through Wails) have a newer
# version on the Go proxy, for the program and for the pinned Wails CLI
# (tools/wails). Only those modules are asked about, not the whole graph.
# Raise one with `go get MODULE@VERSION`, then `go mod tidy`, and build as
# the Makefile's build targets do.
set -euo pipefail
cd "$(dirname "$0")/.."
behind=0
for dir in . tools/wails; do
	echo "== $dir/go.mod"
	mods=$(cd "$dir" && go list -m -f '{{if not .Main}}{{if or (not .Indirect) (eq (printf "%.12s" .Path) "golang.org/x")}}{{.Path}}{{end}}{{end}}' all)
	out=$(cd "$dir" && go list -m -u -f '{{if .Update}}{{.Path}} {{.Version}} → {{.Update.Version}}{{if .Indirect}} (indirect){{end}}{{end}}' $mods)
	if [ -n "$(echo "$out" | tr -d '[:space:]')" ]; then
		echo "$out" | grep .
		behind=1
	else
		echo "current"
	fi
done
exit 0 # informational: a newer version is not an error ($behind)
