/// Offers tools to an AI assistant over a protocol it speaks (the Model Context Protocol over
/// standard input and output, in production) until the assistant goes away.
///
/// Exists so that `quill mcp` knows nothing of the protocol library: the production root
/// passes the MCP adapter, tests a double that calls the tools directly.
public protocol AssistantToolServing: Sendable {
    /// Serves `tools` as the server `name` of `version`, with `instructions` for the assistant,
    /// until the client closes the connection.
    func serve(_ tools: [AssistantTool], name: String, version: String, instructions: String) async throws
}
