import CAllocator

/// Allocator settings for the whole process, applied before anything runs.
///
/// glibc gives threads other than the main one heaps of their own, which grow a page at a time
/// with a system call each: a search reading a few thousand pages of its index, on a thread of
/// Swift's concurrency pool, spent a tenth of its time there. One heap (the threads of a
/// command are few), grown by megabytes, costs no memory until the pages are used.
///
/// glibc raises its mmap threshold to the size of the largest block freed so far; after that,
/// big buffers (the index read by an export, a chunk of an import) come from the heap and stay
/// resident once freed. A fixed threshold returns them to the system, which keeps an export or
/// an import of 100,000 notes under its memory target (see docs/performance.md).
public enum ProcessMemory {
    public static func returnLargeBuffersToTheSystem() {
        _ = quill_fix_mmap_threshold(256 * 1024)
    }

    public static func useOneHeapGrownInLargeSteps() {
        _ = quill_use_one_heap(8 << 20)
    }
}
