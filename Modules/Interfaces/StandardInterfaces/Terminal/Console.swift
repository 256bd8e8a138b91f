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
    /// Standard input, at most `limit` bytes of it (a caller that must know whether there was
    /// more asks for one byte more), or `nil` when it is a terminal (nothing was piped in). The
    /// limit bounds what `yes | quill add T` or `< /dev/zero` can take.
    func readStandardInput(upTo limit: Int) throws -> Data?
    var isStandardInputTerminal: Bool { get }
    var isStandardErrorTerminal: Bool { get }
    /// Whether standard output is a terminal: colour is on by default only there.
    var isStandardOutputTerminal: Bool { get }
}
