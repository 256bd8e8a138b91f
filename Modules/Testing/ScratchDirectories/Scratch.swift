import Foundation

/// Hands out fresh directories inside the scratch directory of the running suite.
public enum Scratch {
    @TaskLocal static var root: String?

    /// A new, empty directory that no other test uses; `label` names it for a person reading a
    /// failure. Throws unless the suite (or test) has the `.scratchDirectory` trait.
    public static func directory(_ label: String) throws -> String {
        guard let root else { throw ScratchDirectoryMissing() }
        let path = root + "/" + label + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A test asked for a scratch directory outside a suite marked `.scratchDirectory`.
public struct ScratchDirectoryMissing: Error, CustomStringConvertible {
    public var description: String { "no scratch directory here: add the .scratchDirectory trait to the suite" }
}
