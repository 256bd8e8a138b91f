import Foundation

/// The process's standard streams.
///
/// Exists so that command logic can be run in a unit test that captures what it prints
/// and feeds it input, with no real terminal involved.
public protocol Console: Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
    /// Writes raw bytes to standard output (archives, for instance).
    func writeBytes(_ data: Data)
    /// All of standard input, or `nil` when it is a terminal (nothing was piped in).
    func readStandardInput() throws -> Data?
    var isStandardInputTerminal: Bool { get }
    var isStandardErrorTerminal: Bool { get }
    /// Whether standard output is a terminal: colour is on by default only there.
    var isStandardOutputTerminal: Bool { get }
}
