/* Test-only stand-in for bcryptprimitives.dll under Debian 12's wine 8, which
 * lacks ProcessPrng (the Go >= 1.24 runtime's random source on Windows).
 * It forwards to advapi32's SystemFunction036 (RtlGenRandom). Built by
 * scripts/wine/prefix.sh into a test's own WINEPREFIX; never shipped. */
#include <windows.h>

typedef BOOLEAN (WINAPI *genrandom)(PVOID, ULONG);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
	static genrandom fn;
	if (!fn) fn = (genrandom)GetProcAddress(LoadLibraryA("advapi32.dll"), "SystemFunction036");
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!fn || !fn(data, n)) return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
