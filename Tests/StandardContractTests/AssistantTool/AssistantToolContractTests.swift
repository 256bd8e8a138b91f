import StandardInterfaces
import StandardTesting
import Foundation
import MCPAssistantTools
import Testing

/// What every `AssistantToolServing` must do, run against the MCP server (over pipes, spoken
/// to in JSON-RPC as an assistant does) and the recording double: offered tools are listed and
/// refused ones are not; a call gets the tool's answer with its arguments; a `ToolFailure`,
/// an unknown argument and a refused tool come back as failures with their message.
@Suite("AssistantToolServing contract")
struct AssistantToolContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case mcp
        case recording

        var testDescription: String { rawValue }

        func withClient(serving tools: [AssistantTool], _ body: (any ToolClient) async throws -> Void) async throws {
            switch self {
            case .recording:
                let server = RecordingToolServer()
                try await server.serve(tools, name: "test", version: "1", instructions: "")
                try await body(RecordingClient(server: server))
            case .mcp:
                let client = try MCPPipeClient()
                let server = MCPToolServer(input: client.serverInput, output: client.serverOutput)
                let serving = Task { try await server.serve(tools, name: "test", version: "1", instructions: "") }
                try await client.initialize()
                try await body(client)
                client.close()
                try await serving.value
            }
        }
    }

    static let tools: [AssistantTool] = [
        AssistantTool(name: "echo", title: "Echo", description: "Says back its text.",
                      inputSchema: ["type": "object", "properties": ["text": ["type": "string"], "times": ["type": "integer"]]],
                      writes: false, availability: .offered) { arguments in
            let text = try arguments.string("text", required: true) ?? ""
            return ["said": .string(String(repeating: text, count: try arguments.integer("times", in: 1...3) ?? 1))]
        },
        AssistantTool(name: "fail", title: "Fail", description: "Always fails.", inputSchema: ["type": "object", "properties": [:]],
                      writes: false, availability: .offered) { _ in throw ToolFailure("it failed, as asked") },
        AssistantTool(name: "write", title: "Write", description: "Refused.", inputSchema: ["type": "object", "properties": [:]],
                      writes: true, availability: .refused("writes are not allowed here")) { _ in ["wrote": true] },
    ]

    @Test(arguments: Implementation.allCases)
    func offeredToolsAreListedAndCalled(_ implementation: Implementation) async throws {
        try await implementation.withClient(serving: Self.tools) { client async throws in
            #expect(try await client.listed().sorted() == ["echo", "fail"])
            #expect(try await client.call("echo", ["text": "日本語 ✓", "times": 2]) == .answer(["said": "日本語 ✓日本語 ✓"]))
        }
    }

    @Test(arguments: Implementation.allCases)
    func failuresComeBackWithTheirMessage(_ implementation: Implementation) async throws {
        try await implementation.withClient(serving: Self.tools) { client async throws in
            #expect(try await client.call("fail", [:]) == .failure("it failed, as asked"))
            #expect(try await client.call("write", [:]) == .failure("writes are not allowed here"))
            #expect(try await client.call("echo", [:]) == .failure("the argument 'text' is required: a string"))
            #expect(try await client.call("echo", ["text": "x", "loud": true]) == .failure("unknown argument 'loud'; this tool takes text, times"))
            #expect(try await client.call("echo", ["text": "x", "times": 9]) == .failure("the argument 'times' must be from 1 to 3, not 9"))
        }
    }
}

/// The MCP server over pipes, as `quill mcp` serves standard input and output.
@Suite("MCPToolServer")
struct MCPToolServerTests {
    /// A client that writes its requests and closes its end at once (a script piping them in)
    /// still gets every answer before the server returns; it got none before.
    @Test
    func requestsWrittenJustBeforeTheInputEndsAreAllAnswered() async throws {
        let client = try MCPPipeClient()
        let server = MCPToolServer(input: client.serverInput, output: client.serverOutput)
        try client.sendAndClose([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "script", "version": "1"]]],
            ["jsonrpc": "2.0", "method": "notifications/initialized"],
            ["jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": ["name": "echo", "arguments": ["text": "ΣΗΜΕΙΏΣΕΙΣ"]]],
            ["jsonrpc": "2.0", "id": "three", "method": "tools/list"],
        ])
        try await server.serve(AssistantToolContractTests.tools, name: "test", version: "1", instructions: "")
        let answers = try await client.answersAfterTheServerReturned()
        #expect(Set(answers.compactMap { "\($0["id"] ?? "none")" }) == ["1", "2", "three"])
        let echoed = answers.first { $0["id"] as? Int == 2 }?["result"] as? [String: Any]
        #expect(((echoed?["content"] as? [[String: Any]])?.first?["text"] as? String)?.contains("ΣΗΜΕΙΏΣΕΙΣ") == true)
    }
}

/// What a test sees of a call.
enum ToolOutcome: Equatable {
    case answer(ToolValue)
    case failure(String)
}

/// An assistant's side of a tool server, one per implementation.
protocol ToolClient {
    func listed() async throws -> [String]
    func call(_ name: String, _ arguments: [String: ToolValue]) async throws -> ToolOutcome
}

struct RecordingClient: ToolClient {
    let server: RecordingToolServer

    func listed() async throws -> [String] { server.listed }

    func call(_ name: String, _ arguments: [String: ToolValue]) async throws -> ToolOutcome {
        do { return .answer(try await server.call(name, arguments)) } catch let failure as ToolFailure { return .failure(failure.message) }
    }
}
