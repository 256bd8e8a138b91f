import Foundation

/// The console every command of `quill` and `quill-server` writes to: what goes to a terminal
/// passes through `TerminalText`, so that no note's text (nor a name given) is obeyed as a
/// command to the terminal; a pipe or a file gets every byte as it was. Raw bytes (an archive on
/// standard output) are never touched.
public struct TerminalSafeConsole: Console {
    let base: any Console

    public init(base: any Console) {
        self.base = base
    }

    public func write(_ text: String) {
        base.write(base.isStandardOutputTerminal ? TerminalText.shown(text, on: .output) : text)
    }

    public func writeError(_ text: String) {
        base.writeError(base.isStandardErrorTerminal ? TerminalText.shown(text, on: .error) : text)
    }

    public func writeBytes(_ data: Data) { base.writeBytes(data) }
    public func readStandardInput(upTo limit: Int) throws -> Data? { try base.readStandardInput(upTo: limit) }
    public var isStandardInputTerminal: Bool { base.isStandardInputTerminal }
    public var isStandardErrorTerminal: Bool { base.isStandardErrorTerminal }
    public var isStandardOutputTerminal: Bool { base.isStandardOutputTerminal }
}
