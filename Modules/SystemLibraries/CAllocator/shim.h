#ifndef QUILL_CALLOCATOR_SHIM_H
#define QUILL_CALLOCATOR_SHIM_H
/* mallopt(3) is declared in <malloc.h>, which Swift's Glibc module does not export.
   <stdlib.h> first: it is what defines __GLIBC__ on a glibc system. */
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* Fixes glibc's mmap threshold (which otherwise grows to the largest block freed), so that
   buffers of at least `bytes` are mapped and unmapped instead of staying in the heap. */
static inline int quill_fix_mmap_threshold(int bytes) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 1;
#endif
}
#endif
