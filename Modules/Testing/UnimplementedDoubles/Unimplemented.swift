import Testing

/// Thrown (and recorded as a test failure) when a test reaches a dependency it did not provide.
public struct Unimplemented: Error, CustomStringConvertible {
    public let endpoint: String

    public var description: String { "unimplemented: \(endpoint) was called, but the test did not provide it" }
}

/// Records the unexpected call as a failure of the running test, and returns the error to throw.
func unimplemented(_ endpoint: String) -> Unimplemented {
    let error = Unimplemented(endpoint: endpoint)
    Issue.record(Comment(rawValue: error.description))
    return error
}
