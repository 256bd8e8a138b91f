import CAllocator

/// Allocator settings for the whole process, applied before anything runs.
///
/// glibc raises its mmap threshold to the size of the largest block freed so far; after that,
/// big buffers (the index read by an export, a chunk of an import) come from the heap and stay
/// resident once freed. A fixed threshold returns them to the system, which keeps an export or
/// an import of 100,000 notes under its memory target (see docs/performance.md).
///
/// Fixing it also fixes the trim threshold at 128 KiB: each heap would then hand back its top
/// whenever a piece of a transfer is freed there, and fault the same pages in again for the
/// next. Each heap keeps 1 MiB free at its top instead, a few MiB in all.
public enum ProcessMemory {
    public static func returnLargeBuffersToTheSystem() {
        _ = quill_tune_allocator(256 << 10, 1 << 20)
    }
}
