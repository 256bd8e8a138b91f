import StandardInterfaces

/// A tool server that fails the test when asked to serve.
public struct UnimplementedAssistantTools: AssistantToolServing {
    public init() {}

    public func serve(_ tools: [AssistantTool], name: String, version: String, instructions: String) async throws {
        throw unimplemented("AssistantToolServing.serve")
    }
}
