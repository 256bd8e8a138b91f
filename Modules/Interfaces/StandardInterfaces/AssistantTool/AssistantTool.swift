/// One thing an AI assistant may do with the notes (search them, read one, create one…): its
/// name, what it is for, the arguments it takes, and the work.
///
/// Exists so that the tools are plain values a test calls directly, and any server of a
/// protocol (`AssistantToolServing`) offers the same tools.
public struct AssistantTool: Sendable {
    /// Whether the tool is offered, or named only to be refused with a reason (a write when
    /// writes are not allowed): a refused tool is not listed, and a call is answered with the reason.
    public enum Availability: Hashable, Sendable {
        case offered
        case refused(String)
    }

    /// `snake_case`, as assistants name tools.
    public let name: String
    /// A short human title.
    public let title: String
    /// What it does and when to use it, for the assistant.
    public let description: String
    /// A JSON Schema of the arguments (`type: object`).
    public let inputSchema: ToolValue
    /// Whether it changes notes.
    public let writes: Bool
    public let availability: Availability
    /// The work: the arguments in, the answer out; throws `ToolFailure` for what the assistant
    /// should be told (a bad argument, a note not found).
    public let run: @Sendable (ToolArguments) async throws -> ToolValue

    public init(name: String, title: String, description: String, inputSchema: ToolValue, writes: Bool,
                availability: Availability, run: @escaping @Sendable (ToolArguments) async throws -> ToolValue) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.writes = writes
        self.availability = availability
        self.run = run
    }

    /// What every server does with a call: refuses it if the tool is refused, refuses
    /// arguments the schema does not name, then runs it.
    public func call(_ values: [String: ToolValue]) async throws -> ToolValue {
        if case .refused(let reason) = availability { throw ToolFailure(reason) }
        var names: Set<String> = []
        if case .object(let schema) = inputSchema, case .object(let properties)? = schema["properties"] { names = Set(properties.keys) }
        return try await run(try ToolArguments(values).allowing(only: names))
    }
}

/// A failure the assistant is told about in the tool's answer (not a protocol error), so that
/// it can correct its call.
public struct ToolFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
