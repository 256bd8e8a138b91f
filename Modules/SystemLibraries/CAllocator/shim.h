#ifndef QUILL_CALLOCATOR_SHIM_H
#define QUILL_CALLOCATOR_SHIM_H
/* mallopt(3) is declared in <malloc.h>, which Swift's Glibc module does not export.
   <stdlib.h> first: it is what defines __GLIBC__ on a glibc system. */
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* Fixes glibc's mmap threshold (which otherwise grows to the largest block freed), so that
   buffers of at least `mapped` bytes are mapped and unmapped instead of staying in the heap;
   and lets each heap keep `kept` free bytes at its top when it returns memory, instead of
   returning all it can whenever 128 KiB are free there: the next buffer would fault those
   pages in and zero them again. */
static inline int quill_tune_allocator(int mapped, int kept) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, mapped) && mallopt(M_TRIM_THRESHOLD, 2 * kept) && mallopt(M_TOP_PAD, kept);
#else
    (void)mapped;
    (void)kept;
    return 1;
#endif
}
#endif
