#ifndef QUILL_CFILESYNC_SHIM_H
#define QUILL_CFILESYNC_SHIM_H
/* syncfs(2), sync_file_range(2) and O_NOATIME are GNU extensions, which Swift's Glibc module does not export. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
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

/* sync_file_range(2) with SYNC_FILE_RANGE_WRITE: starts writing the range to the disk without
   waiting, and without dropping it from the page cache. Nothing elsewhere. */
static inline void quill_start_writeback(int fd, long long offset, long long count) {
#ifdef __linux__
    (void)sync_file_range(fd, (off_t)offset, (off_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)count;
#endif
}

/* Opens a file to read it without updating its access time where the system allows it (the
   file's owner may): the first read of a file after it was written otherwise writes its inode
   again, and the first search after an import reads every note. Elsewhere a plain open. */
static inline int quill_open_for_reading(const char *path) {
#ifdef O_NOATIME
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOATIME);
    if (fd >= 0 || errno != EPERM) return fd;
#endif
    return open(path, O_RDONLY | O_CLOEXEC);
}
#endif
