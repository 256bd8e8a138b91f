import StandardInterfaces
// The SDK's HTTP transports, which `quill mcp` does not use, bring FoundationNetworking and with
// it libcurl: its functions come from here, and load libcurl only if one is ever called.
import CCurlOnDemand
import Foundation
import MCP
import SystemPackage

/// Serves tools over the Model Context Protocol on a pair of file descriptors (standard input
/// and output for `quill mcp`), with modelcontextprotocol/swift-sdk.
///
/// Exists as the one place that knows the protocol library: a tool's answer becomes one JSON
/// text block (and structured content), a `ToolFailure` an answer marked as an error, which
/// the assistant reads and can correct; a tool the server does not have is a protocol error.
public struct MCPToolServer: AssistantToolServing {
    private let input: FileDescriptor
    private let output: FileDescriptor

    public init(input: Int32, output: Int32) {
        self.input = FileDescriptor(rawValue: input)
        self.output = FileDescriptor(rawValue: output)
    }

    public func serve(_ tools: [AssistantTool], name: String, version: String, instructions: String) async throws {
        let server = Server(name: name, version: version, instructions: instructions,
                            capabilities: .init(tools: .init(listChanged: false)))
        let byName = Dictionary(tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: tools.filter { $0.availability == .offered }.map { tool in
                Tool(name: tool.name, title: tool.title, description: tool.description, inputSchema: Self.value(tool.inputSchema),
                     annotations: .init(title: tool.title, readOnlyHint: !tool.writes, destructiveHint: false,
                                        idempotentHint: !tool.writes, openWorldHint: false))
            })
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            guard let tool = byName[parameters.name] else {
                throw MCPError.invalidParams("no tool named '\(parameters.name)'; tools/list names them")
            }
            do {
                let answer = try await tool.call((parameters.arguments ?? [:]).mapValues(Self.toolValue))
                let json = Self.json(answer)
                return try CallTool.Result(content: [.text(text: json, annotations: nil, _meta: nil)],
                                       structuredContent: Self.structured(answer), isError: false)
            } catch let failure as ToolFailure {
                return try CallTool.Result(content: [.text(text: failure.message, annotations: nil, _meta: nil)], isError: true)
            }
        }
        let stdio = StdioTransport(input: input, output: output)
        let transport = AnsweringTransport(stdio, logger: stdio.logger)
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        // The input has ended: what was asked before it is still answered (a tool may take a while).
        await transport.untilAnswered(within: .seconds(60))
        await server.stop()
    }

    /// Structured content must be an object: an array is wrapped as `{"items": …}`.
    private static func structured(_ value: ToolValue) -> Value {
        if case .object = value { return Self.value(value) }
        return .object(["items": Self.value(value)])
    }

    static func value(_ value: ToolValue) -> Value {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .int(number)
        case .number(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(Self.value))
        case .object(let fields): .object(fields.mapValues(Self.value))
        }
    }

    static func toolValue(_ value: Value) -> ToolValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .integer(number)
        case .double(let number): .number(number)
        case .string(let text): .string(text)
        case .data(_, let data): .string(data.base64EncodedString())
        case .array(let items): .array(items.map(Self.toolValue))
        case .object(let fields): .object(fields.mapValues(Self.toolValue))
        }
    }

    /// The answer as JSON text with sorted keys, for clients that read only text content.
    static func json(_ value: ToolValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(Self.value(value)), as: UTF8.self)) ?? "null"
    }
}
