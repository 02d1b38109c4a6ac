#!/usr/bin/env bash
# Exits 0 when this machine runs 32-bit x86 programs, 1 when it cannot
# (a 64-bit kernel without IA-32 emulation answers "Exec format error").
# The probe is a 96-byte static ELF32 program written here, so the answer
# does not depend on any 32-bit library being installed: it only calls
# exit(42) through int 0x80.
#   bash scripts/wine/can-run-32bit.sh [-q]   (-q: print nothing)
set -uo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# ELF header (52 bytes), one PT_LOAD program header (32), code (12):
#   mov eax,1 ; mov ebx,42 ; int 0x80
printf '\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00'\
'\x02\x00\x03\x00\x01\x00\x00\x00\x54\x80\x04\x08\x34\x00\x00\x00'\
'\x00\x00\x00\x00\x00\x00\x00\x00\x34\x00\x20\x00\x01\x00\x00\x00'\
'\x00\x00\x00\x00'\
'\x01\x00\x00\x00\x00\x00\x00\x00\x00\x80\x04\x08\x00\x80\x04\x08'\
'\x60\x00\x00\x00\x60\x00\x00\x00\x05\x00\x00\x00\x00\x10\x00\x00'\
'\xb8\x01\x00\x00\x00\xbb\x2a\x00\x00\x00\xcd\x80' >"$tmp/probe32"
chmod +x "$tmp/probe32"
"$tmp/probe32" 2>/dev/null
rc=$?
if [ "$rc" = 42 ]; then
  [ "${1:-}" = -q ] || echo "this machine runs 32-bit programs"
  exit 0
fi
[ "${1:-}" = -q ] || echo "this machine cannot run 32-bit programs (a 32-bit probe exited $rc)"
exit 1
