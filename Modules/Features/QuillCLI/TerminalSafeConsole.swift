import Foundation
import StandardInterfaces

/// The console every command writes to: what goes to a terminal passes through `TerminalText`,
/// so that no note's text is obeyed as a command to the terminal; a pipe or a file gets every
/// byte as it was. Raw bytes (an archive on standard output) are never touched.
struct TerminalSafeConsole: Console {
    let base: any Console

    func write(_ text: String) {
        base.write(base.isStandardOutputTerminal ? TerminalText.shown(text, on: .output) : text)
    }

    func writeError(_ text: String) {
        base.writeError(base.isStandardErrorTerminal ? TerminalText.shown(text, on: .error) : text)
    }

    func writeBytes(_ data: Data) { base.writeBytes(data) }
    func readStandardInput() throws -> Data? { try base.readStandardInput() }
    var isStandardInputTerminal: Bool { base.isStandardInputTerminal }
    var isStandardErrorTerminal: Bool { base.isStandardErrorTerminal }
    var isStandardOutputTerminal: Bool { base.isStandardOutputTerminal }
}
