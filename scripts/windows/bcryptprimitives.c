/* A stand-in for Windows' bcryptprimitives.dll, for running the tests under Wine 8.0 only, which
 * lacks it: Rust's standard library asks it for random bytes (ProcessPrng, Windows 10 and later).
 * It forwards to RtlGenRandom (advapi32's SystemFunction036), which Wine has. Built by
 * scripts/windows.sh into the target folder and copied into the system32 of the Wine prefix the
 * tests run in (Wine loads a native DLL from there; from WINEDLLPATH only its own builtin ones).
 * Never shipped: no installer or bundle takes it. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
