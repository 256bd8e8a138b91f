/// What "contains, ignoring case" means for `NoteSearching.search`, shared by every store so
/// they cannot disagree: both texts are lower-cased, then compared as Unicode scalars.
public struct TextSearch: Sendable {
    private let needle: [UInt8]

    public init(_ text: String) {
        needle = Array(text.lowercased().utf8)
    }

    /// The lower-cased needle, for stores that pre-filter raw bytes.
    public var lowercasedNeedle: String { String(decoding: needle, as: UTF8.self) }

    public func matches(_ text: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var lowered = text.lowercased()
        return lowered.withUTF8 { haystack in
            // UTF-8 is self-synchronizing: a byte match of valid UTF-8 is a scalar match.
            guard haystack.count >= needle.count else { return false }
            let first = needle[0]
            for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                var offset = 1
                while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            return false
        }
    }
}
