import Foundation
import StandardInterfaces

/// An editor that fails the test when opened.
public struct UnimplementedEditor: TextEditing {
    public init() {}

    public func edit<Accepted: Sendable>(_ text: String, fileExtension: String, command: String,
                                         accept: (String) async throws -> Accepted) async throws -> Accepted {
        throw unimplemented("TextEditing.edit")
    }
}

/// Stop requests that fail the test when awaited.
public struct UnimplementedStopRequests: StopRequesting {
    public init() {}

    public func stopRequested() async { _ = unimplemented("StopRequesting.stopRequested") }
}
