import Foundation
import Testing

/// Gives a suite one real directory for its files and removes it, with everything in it,
/// when the suite's last test is done.
///
/// Exists because contract and integration tests that run against the real disk create
/// many directories; without a scope that owns them they pile up in the temp directory.
/// Apply it as `@Suite(.scratchDirectory)`, then ask `Scratch.directory(_:)` for a fresh
/// directory in any test of the suite (or in a fixture those tests call).
public struct ScratchDirectoryTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("quill-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await Scratch.$root.withValue(root) { try await function() }
    }
}

extension Trait where Self == ScratchDirectoryTrait {
    /// One scratch directory for the suite (or test) it is applied to, removed afterwards.
    public static var scratchDirectory: Self { Self() }
}
