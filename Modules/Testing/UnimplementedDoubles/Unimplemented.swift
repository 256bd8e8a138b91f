import Testing

/// Thrown (and recorded as a test failure) when a test reaches a dependency it did not provide.
public struct Unimplemented: Error, CustomStringConvertible {
    public let endpoint: String

    public var description: String { "unimplemented: \(endpoint) was called, but the test did not provide it" }
}

/// Records the unexpected call as a failure of the running test, and returns the error to throw.
///
/// The one helper every unimplemented double calls. The doubles live beside it, one file per
/// concern (`Unimplemented<Concern>.swift`), in this module rather than in `<Concern>Testing`:
/// the fakes ship in the app's preview root, and only tests may link the `Testing` framework.
func unimplemented(_ endpoint: String) -> Unimplemented {
    let error = Unimplemented(endpoint: endpoint)
    Issue.record(Comment(rawValue: error.description))
    return error
}
