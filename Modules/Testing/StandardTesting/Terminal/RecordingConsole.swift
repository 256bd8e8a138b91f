import Foundation
import Synchronization
import StandardInterfaces

/// A console that records what is written and serves scripted standard input.
///
/// Lets command tests assert on exactly what a user would see, with no real terminal.
public final class RecordingConsole: Console {
    private let state: Mutex<(output: Data, errors: String)>
    private let input: Data?
    public let isStandardInputTerminal: Bool
    public let isStandardErrorTerminal: Bool
    public let isStandardOutputTerminal: Bool

    /// - Parameter standardInput: piped input; `nil` means standard input is a terminal.
    public init(standardInput: Data? = nil, isStandardErrorTerminal: Bool = false, isStandardOutputTerminal: Bool = false) {
        self.state = Mutex((Data(), ""))
        self.input = standardInput
        self.isStandardInputTerminal = standardInput == nil
        self.isStandardErrorTerminal = isStandardErrorTerminal
        self.isStandardOutputTerminal = isStandardOutputTerminal
    }

    public var output: String { String(decoding: state.withLock { $0.output }, as: UTF8.self) }
    public var outputBytes: Data { state.withLock { $0.output } }
    public var errors: String { state.withLock { $0.errors } }

    /// Forgets what was written so far, so that a test can look at one command's output.
    public func clear() { state.withLock { $0 = (Data(), "") } }

    public func write(_ text: String) { state.withLock { $0.output.append(contentsOf: Data(text.utf8)) } }
    public func writeError(_ text: String) { state.withLock { $0.errors += text } }
    public func writeBytes(_ data: Data) { state.withLock { $0.output.append(data) } }
    public func readStandardInput(upTo limit: Int) throws -> Data? { input.map { $0.prefix(limit) } }
}

/// An editor that replaces whatever it is given with a scripted text, remembering what it saw;
/// `meanwhile` runs while it is open (another process writing the note, as a sync would).
public final class ScriptedEditor: TextEditing {
    private let reply: String
    private let meanwhile: (@Sendable () async throws -> Void)?
    private let seen = Mutex<[(text: String, command: String)]>([])

    public init(reply: String, meanwhile: (@Sendable () async throws -> Void)? = nil) {
        self.reply = reply
        self.meanwhile = meanwhile
    }

    public var openedTexts: [String] { seen.withLock { $0.map(\.text) } }
    /// The editor command each edit asked for.
    public var commands: [String] { seen.withLock { $0.map(\.command) } }

    /// A refused reply is kept as the real editor keeps it, at `scripted-edit-N` (N counts the edits).
    public func edit<Accepted: Sendable>(_ text: String, fileExtension: String, command: String,
                                         accept: (String) async throws -> Accepted) async throws -> Accepted {
        let count = seen.withLock { $0.append((text, command)); return $0.count }
        try await meanwhile?()
        do {
            return try await accept(reply)
        } catch {
            throw EditedTextKept(keptAt: "scripted-edit-\(count)", refusal: error)
        }
    }
}
