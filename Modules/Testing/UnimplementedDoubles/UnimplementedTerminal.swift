import Foundation
import StandardInterfaces

/// An editor that fails the test when opened.
public struct UnimplementedEditor: TextEditing {
    public init() {}

    public func edit(_ text: String, fileExtension: String, command: String) async throws -> String {
        throw unimplemented("TextEditing.edit")
    }
}
