import Foundation

/// Rules a note file out of a search without decoding it, when that is provably safe.
///
/// For a needle of plain printable ASCII (no `"` or `\`, which JSON escapes), a note whose
/// text contains the needle, ignoring case, has those very bytes in its file, ignoring
/// ASCII case: JSON writes other characters verbatim. The only non-ASCII characters that
/// lower-case to ASCII (KELVIN SIGN, LATIN CAPITAL I WITH DOT) send a file to the full check.
/// Files that pass are decoded and checked exactly, so the filter never changes a result.
/// A file that does not even look like a JSON object passes too, so damage is still reported.
struct RawTextPrefilter: Sendable {
    private let needle: [UInt8]

    /// `nil` when the needle is not plain ASCII, and every file must be decoded.
    init?(lowercasedNeedle: String) {
        let bytes = Array(lowercasedNeedle.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        needle = bytes
    }

    func mayMatch(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return !looksLikeJSONObject(bytes) || contains(bytes) || hasCaseFoldingToASCII(bytes)
        }
    }

    private func contains(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.count
        guard haystack.count >= count else { return false }
        let first = needle[0]
        var index = 0
        let last = haystack.count - count
        while index <= last {
            if lower(haystack[index]) == first {
                var offset = 1
                while offset < count, lower(haystack[index + offset]) == needle[offset] { offset += 1 }
                if offset == count { return true }
            }
            index += 1
        }
        return false
    }

    private func looksLikeJSONObject(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) }) else { return false }
        return bytes[first] == UInt8(ascii: "{") && bytes[last] == UInt8(ascii: "}")
    }

    private func hasCaseFoldingToASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 0..<(bytes.count - 1) {
            if bytes[index] == 0xC4, bytes[index + 1] == 0xB0 { return true }  // İ U+0130
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x84, bytes[index + 2] == 0xAA {
                return true  // K U+212A
            }
        }
        return false
    }

    private func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
