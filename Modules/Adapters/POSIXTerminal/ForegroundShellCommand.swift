import Foundation
import Glibc

/// Runs a shell command line the way `system(3)` and `git commit` run an editor: in quill's own
/// process group, so a terminal program (vim) owns the terminal while it runs, with SIGINT and
/// SIGQUIT ignored by quill meanwhile, so Ctrl-C reaches the program and quill lives to report.
///
/// Exists because Foundation's `Process` starts children in a new process group: a terminal
/// program started that way is in the background, is stopped by SIGTTOU/SIGTTIN, and its
/// parent waits for ever.
struct ForegroundShellCommand {
    /// How the command ended.
    enum Termination: Equatable {
        case exited(Int32)
        case killed(signal: Int32)
        /// `/bin/sh` could not be started (`errno` of posix_spawn).
        case notStarted(errno: Int32)
        /// `waitpid` failed (`errno`), so how the command ended is unknown.
        case lost(errno: Int32)
    }

    /// Run as `/bin/sh -c commandLine quill-editor arguments…`: `$1`… are the arguments.
    let commandLine: String
    let arguments: [String]

    func run() async -> Termination {
        // Process-wide, as in system(3): quill runs one command at a time.
        let ignoredSignals = IgnoredSignals([SIGINT, SIGQUIT])
        defer { ignoredSignals.restore() }
        let child: pid_t
        switch spawn() {
        case .success(let pid): child = pid
        case .failure(let code): return .notStarted(errno: code)
        }
        return await Self.waitOnItsOwnThread(for: child)
    }

    private enum Spawned { case success(pid_t), failure(Int32) }

    private func spawn() -> Spawned {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child gets back the default SIGINT/SIGQUIT (ignored ones stay ignored across exec)
        // and an empty signal mask. No POSIX_SPAWN_SETPGROUP: it stays in the foreground group.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = (["/bin/sh", "-c", commandLine, "quill-editor"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
        return result == 0 ? .success(pid) : .failure(result)
    }

    /// `waitpid` blocks, so it runs on a thread of its own rather than on one of the few
    /// threads Swift concurrency shares among tasks.
    private static func waitOnItsOwnThread(for child: pid_t) async -> Termination {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: reap(child)) }
        }
    }

    private static func reap(_ child: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else { return .lost(errno: errno) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    }
}

/// Signals set to be ignored, with their previous handling kept to be put back.
private struct IgnoredSignals {
    private var previous: [(Int32, sigaction)] = []

    init(_ signals: [Int32]) {
        for signal in signals {
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&ignore.sa_mask)
            var old = sigaction()
            if sigaction(signal, &ignore, &old) == 0 { previous.append((signal, old)) }
        }
    }

    func restore() {
        for (signal, old) in previous {
            var old = old
            sigaction(signal, &old, nil)
        }
    }
}
