#ifndef QUILL_CZLIB_SHIM_H
#define QUILL_CZLIB_SHIM_H

#include <zlib.h>

/* deflateInit2 and inflateInit2 are macros, which Swift cannot call; these wrap them. */

static inline int quill_deflateInit2(z_streamp stream, int level, int method, int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, method, windowBits, memLevel, strategy);
}

static inline int quill_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
