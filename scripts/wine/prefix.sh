#!/usr/bin/env bash
# Makes a wine prefix for the Windows tests in DIR (a temp folder of the
# test's own): wineboot, then the test-only bcryptprimitives.dll shim
# (bcryptprimitives.c) in its system32. Prints nothing on success.
set -euo pipefail
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
export WINEPREFIX=$dir WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n"
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$dir/bcryptprimitives.dll" \
  "$here/bcryptprimitives.c" "$here/bcryptprimitives.def"
bash "$here/wine64" wineboot -i >/dev/null 2>&1
cp "$dir/bcryptprimitives.dll" "$dir/drive_c/windows/system32/bcryptprimitives.dll"
