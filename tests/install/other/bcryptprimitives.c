/* bcryptprimitives.dll's one function Rust's standard library imports on Windows (ProcessPrng,
 * Windows 10 and later), for running such a program under a wine that lacks the DLL: random
 * bytes from RtlGenRandom (advapi32's SystemFunction036). */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    return RtlGenRandom(data, (ULONG)len);
}
