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
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        self.init(String(decoding: hex, as: UTF8.self))
    }

    public var description: String { hex }

    /// The first twelve digits: what listings show, and usually enough to type.
    public var short: String { String(hex.prefix(12)) }

    public static func < (lhs: AttachmentHash, rhs: AttachmentHash) -> Bool { lhs.hex < rhs.hex }
}
