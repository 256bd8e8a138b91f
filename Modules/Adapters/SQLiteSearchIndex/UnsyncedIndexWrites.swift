import FileSystemInterface
import Foundation

/// Marker files beside the index that say some of its commits may not have reached the disk:
/// one per index instance that deferred a commit (`apply(…, moreToFollow: true)`), holding the
/// machine's epoch (`FileAccessing.unsyncedWritesEpoch`) when it was made.
///
/// A marker is durable before the first commit it covers, and is removed after a commit made
/// with `synchronous = FULL`, whose fsync of the file (and of the journal's truncation) makes
/// every commit before it durable, whichever process made them. A marker of another epoch means
/// the machine restarted in between: the file may have lost pages, and the index is made
/// afresh rather than trusted. A marker left by a killed process stays until then, which costs
/// at most one needless rebuild after a restart.
struct UnsyncedIndexWrites {
    let indexPath: String
    let files: any FileAccessing

    /// Whether a marker says the file may have lost commits in a restart of the machine.
    func mayHaveLostCommits() throws -> Bool {
        let epoch = files.unsyncedWritesEpoch()
        for marker in try markers() {
            guard let written = try? files.read(marker), String(decoding: written, as: UTF8.self) == epoch else { return true }
        }
        return false
    }

    /// Makes a new marker durable and returns its path; `nil` if the system cannot tell a
    /// restart, when no commit may be left to reach the disk later.
    func mark() throws -> String? {
        guard let epoch = files.unsyncedWritesEpoch() else { return nil }
        let path = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        try files.write(Data(epoch.utf8), to: path)
        return path
    }

    func remove(_ marker: String) {
        try? files.remove(marker)
    }

    func removeAll() throws {
        for marker in try markers() { remove(marker) }
    }

    private var prefix: String { indexPath + "-unsynced-" }

    /// The markers, without the temporary files a marker is written through.
    private func markers() throws -> [String] {
        let directory = (indexPath as NSString).deletingLastPathComponent
        guard files.exists(directory) else { return [] }
        let names = try files.contents(ofDirectory: directory)
        return names.map { directory + "/" + $0 }.filter { $0.hasPrefix(prefix) && !WriteLeftovers.isLeftover($0) }
    }
}
