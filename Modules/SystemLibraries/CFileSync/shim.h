#ifndef QUILL_CFILESYNC_SHIM_H
#define QUILL_CFILESYNC_SHIM_H
/* syncfs(2) is a GNU extension, which Swift's Glibc module does not export. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <unistd.h>

static inline int quill_syncfs(int fd) {
#ifdef __linux__
    return syncfs(fd);
#else
    (void)fd;
    sync();
    return 0;
#endif
}
#endif
