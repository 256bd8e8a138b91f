import Foundation

/// The console every command of `quill` and `quill-server` writes to: what goes to a terminal
/// passes through `TerminalText`, so that no note's text (nor a name given) is obeyed as a
/// command to the terminal; a pipe or a file gets every byte as it was. Raw bytes (an archive on
/// standard output) are never touched.
public struct TerminalSafeConsole: Console {
    let base: any Console
    /// Asked once: a stream does not stop or start being a terminal while a command runs, and
    /// asking is a system call a write would otherwise make each time.
    public let isStandardOutputTerminal: Bool
    public let isStandardErrorTerminal: Bool

    public init(base: any Console) {
        self.base = base
        isStandardOutputTerminal = base.isStandardOutputTerminal
        isStandardErrorTerminal = base.isStandardErrorTerminal
    }

    public func write(_ text: String) {
        base.write(isStandardOutputTerminal ? TerminalText.shown(text, on: .output) : text)
    }

    public func writeError(_ text: String) {
        base.writeError(isStandardErrorTerminal ? TerminalText.shown(text, on: .error) : text)
    }

    public func writeBytes(_ data: Data) { base.writeBytes(data) }
    public func readStandardInput(upTo limit: Int) throws -> Data? { try base.readStandardInput(upTo: limit) }
    public var isStandardInputTerminal: Bool { base.isStandardInputTerminal }
}
