/// A refusal, said as `Error: <what and what to do>`, exit status 1.
public struct ServerCommandFailure: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}
