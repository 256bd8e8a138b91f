import StandardInterfaces
import Synchronization

/// A tool server that keeps what it was asked to serve and returns at once, so a test calls
/// the tools directly, the way a protocol server would (`AssistantTool.call`): a refused
/// tool is not listed and its call fails with the reason.
public final class RecordingToolServer: AssistantToolServing {
    private let served = Mutex<(tools: [AssistantTool], name: String, instructions: String)?>(nil)

    public init() {}

    public func serve(_ tools: [AssistantTool], name: String, version: String, instructions: String) async throws {
        served.withLock { $0 = (tools, name, instructions) }
    }

    /// The names a client listing the tools sees.
    public var listed: [String] { served.withLock { $0?.tools.filter { $0.availability == .offered }.map(\.name) ?? [] } }

    public var instructions: String? { served.withLock { $0?.instructions } }

    /// Calls the tool named `name`; throws `ToolFailure` as the tool does, or for a name not served.
    public func call(_ name: String, _ arguments: [String: ToolValue] = [:]) async throws -> ToolValue {
        guard let tool = served.withLock({ $0?.tools.first { $0.name == name } }) else { throw ToolFailure("no tool named '\(name)'") }
        return try await tool.call(arguments)
    }
}
