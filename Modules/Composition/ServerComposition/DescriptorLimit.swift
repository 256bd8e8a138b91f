import Glibc

/// How many files this process may hold open (its soft `RLIMIT_NOFILE`), which bounds the
/// connections it accepts (`ServerApplication.maximumConnections`); no limit, or one past what a descriptor can be, counts as `Int32.max`.
enum DescriptorLimit {
    static func current() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return Int(Int32.max) }
        return Int(clamping: limit.rlim_cur)
    }
}
