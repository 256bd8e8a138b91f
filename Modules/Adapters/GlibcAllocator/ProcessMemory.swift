import CAllocator

/// Allocator settings for the whole process, applied before anything runs.
///
/// glibc raises its mmap threshold to the size of the largest block freed so far; after that,
/// big buffers (the index read by an export, a chunk of an import) come from the heap and stay
/// resident once freed. A fixed threshold returns them to the system, which keeps an export or
/// an import of 100,000 notes under its memory target (see docs/performance.md).
public enum ProcessMemory {
    public static func returnLargeBuffersToTheSystem() {
        _ = quill_fix_mmap_threshold(256 * 1024)
    }
}
