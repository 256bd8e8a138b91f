import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, answered without Foundation when both ends are
    /// ASCII other than a space or a tab (then there is nothing to trim).
    ///
    /// Exists because an import trims every title and tag it reads from other apps' notes, and
    /// Foundation's trimming goes through `NSString` (~1 µs each); the set it trims is kept
    /// exactly, as it decides what a title is.
    func trimmingWhitespaces() -> String {
        guard let first = utf8.first, let last = utf8.last, Self.isKeptASCII(first), Self.isKeptASCII(last) else {
            return trimmingCharacters(in: .whitespaces)
        }
        return self
    }

    private static func isKeptASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
    }
}
