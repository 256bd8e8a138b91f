import StandardInterfaces
import Foundation

/// A minimal MCP client over two pipes: JSON-RPC requests written one per line, answers read
/// line by line on a thread of its own (the reads block), matched by ID.
final class MCPPipeClient: ToolClient, @unchecked Sendable {
    struct ProtocolFailure: Error { let description: String }

    /// The descriptors the server reads from and writes to.
    let serverInput: Int32
    let serverOutput: Int32
    private let toServer: FileHandle
    private let fromServer: FileHandle
    private var buffer = Data()
    private var nextID = 1

    init() throws {
        let requests = Pipe(), answers = Pipe()
        serverInput = requests.fileHandleForReading.fileDescriptor
        serverOutput = answers.fileHandleForWriting.fileDescriptor
        toServer = requests.fileHandleForWriting
        fromServer = answers.fileHandleForReading
        // Keep the server's ends open as long as this client.
        retained = [requests, answers]
    }

    private let retained: [Pipe]

    func initialize() async throws {
        _ = try await request("initialize", ["protocolVersion": "2025-06-18", "capabilities": [:],
                                             "clientInfo": ["name": "contract-test", "version": "1"]])
        try send(["jsonrpc": "2.0", "method": "notifications/initialized"])
    }

    func listed() async throws -> [String] {
        let result = try await request("tools/list", [:])
        return ((result["tools"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    func call(_ name: String, _ arguments: [String: ToolValue]) async throws -> ToolOutcome {
        let result = try await request("tools/call", ["name": name, "arguments": arguments.mapValues(Self.json)])
        let text = ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        if result["isError"] as? Bool == true { return .failure(text) }
        return .answer(Self.toolValue(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)))
    }

    /// Closes the connection: the server sees the end of its input and returns.
    func close() {
        try? toServer.close()
    }

    /// Writes each message on a line of its own and closes the connection at once, as
    /// `printf '…' | quill mcp` does, without waiting for an answer.
    func sendAndClose(_ messages: [[String: Any]]) throws {
        for message in messages { try send(message) }
        close()
    }

    /// Every message the server wrote, once it has returned (its end of the pipe is closed here).
    func answersAfterTheServerReturned() async throws -> [[String: Any]] {
        try retained[1].fileHandleForWriting.close()
        var messages: [[String: Any]] = []
        while let message = try? await readMessage() { messages.append(message) }
        return messages
    }

    private func request(_ method: String, _ parameters: [String: Any]) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": parameters])
        while true {
            let message = try await readMessage()
            guard message["id"] as? Int == id else { continue }
            if let error = message["error"] as? [String: Any] { throw ProtocolFailure(description: "\(error)") }
            return (message["result"] as? [String: Any]) ?? [:]
        }
    }

    private func send(_ message: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(UInt8(ascii: "\n"))
        try toServer.write(contentsOf: data)
    }

    private func readMessage() async throws -> [String: Any] {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                if let message = try JSONSerialization.jsonObject(with: line) as? [String: Any] { return message }
                continue
            }
            let handle = fromServer
            let chunk: Data = await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: handle.availableData) }
            }
            guard !chunk.isEmpty else { throw ProtocolFailure(description: "the server closed its output") }
            buffer.append(chunk)
        }
    }

    static func json(_ value: ToolValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let flag): flag
        case .integer(let number): number
        case .number(let number): number
        case .string(let text): text
        case .array(let items): items.map(json)
        case .object(let fields): fields.mapValues(json)
        }
    }

    static func toolValue(_ value: Any) -> ToolValue {
        switch value {
        case let text as String: .string(text)
        case let number as NSNumber: number.doubleValue.rounded() == number.doubleValue ? .integer(number.intValue) : .number(number.doubleValue)
        case let items as [Any]: .array(items.map(toolValue))
        case let fields as [String: Any]: .object(fields.mapValues(toolValue))
        default: .null
        }
    }
}
