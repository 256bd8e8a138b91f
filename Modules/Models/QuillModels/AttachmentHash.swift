/// The address of an attachment: the SHA-256 of its bytes, as 64 lowercase hexadecimal digits.
///
/// Exists so that a hash cannot be confused with a name or a note ID, and so that every layer
/// (the Markdown reference, the store's file name, the archive path) spells it the same way.
public struct AttachmentHash: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hex: String

    /// Accepts exactly 64 lowercase hexadecimal digits.
    public init?(_ hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy(NoteID.isLowercaseHex) else { return nil }
        self.hex = hex
    }

    /// The hash of a 32-byte digest.
    public init?(digest: some Sequence<UInt8>) {
        self.init(LowercaseHex.encode(digest))
    }

    public var description: String { hex }

    /// The first twelve digits: what listings show, and usually enough to type.
    public var short: String { String(hex.prefix(12)) }

    public static func < (lhs: AttachmentHash, rhs: AttachmentHash) -> Bool { lhs.hex < rhs.hex }
}
