#!/usr/bin/env bash
# Test-only: writes DIR/overlay.json for `go test -overlay`, patching a copy
# of Go's internal/syscall/windows/at_windows.go so that Deleteat falls back
# to the old delete call when the system answers
# STATUS_NOT_IMPLEMENTED (or STATUS_INVALID_DEVICE_REQUEST), as Debian 12's wine 8 does for
# FileDispositionInformationEx (os.Remove and os.RemoveAll then fail with
# "Invalid function"; real Windows 10 1607+ supports the call, older
# systems answer STATUS_INVALID_INFO_CLASS, which Go already handles).
# Only the wine test binaries are built with it; nothing shipped is.
set -euo pipefail
dir=$1
src=$(go env GOROOT)/src/internal/syscall/windows/at_windows.go
mkdir -p "$dir"
sed 's|^\t\tSTATUS_NOT_SUPPORTED:     // the file system|\t\tNTStatus(0xC0000002), NTStatus(0xC0000010), /* wine 8: STATUS_NOT_IMPLEMENTED, STATUS_INVALID_DEVICE_REQUEST */\n&|' "$src" >"$dir/at_windows.go"
grep -q 'NTStatus(0xC0000010)' "$dir/at_windows.go" || { echo "overlay: $src changed; update scripts/wine/overlay/make.sh" >&2; exit 1; }
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$dir/at_windows.go" >"$dir/overlay.json"
