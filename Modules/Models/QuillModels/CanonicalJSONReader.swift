/// A position in JSON bytes written in Quill's one canonical form (`JSONText`, `jsonBytes()`: keys
/// sorted, no white space); each read moves past what it read or answers `nil`.
///
/// Exists for speed: the hot JSON (note files, pages of changes, pushes) is read without a JSON
/// decoder. A reader knows only the canonical bytes; for anything else it answers `nil` and the
/// caller hands the bytes to `JSONDecoder`, so other spacing still reads and every error message
/// comes from one place.
public struct CanonicalJSONReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    public init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { position == bytes.count }

    /// What a string with escapes reserves before unescaping, a note's body or so; a longer one
    /// grows as it goes. Not the rest of the input: a push or a page of changes is up to a few
    /// MiB, and reserving that much for each note's body made every body a block of its own
    /// from `mmap`, faulted in and unmapped again (a tenth of the server's CPU in a first push).
    static let unescapedReserve = 8 << 10

    public mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
        position += count
        return true
    }

    /// How many bytes have been read.
    public var offset: Int { position }

    /// The string literal at the start of `text` and what follows it, or `nil` if `text` does
    /// not start with a valid one: JSON's one unescaping, for readers that hold text.
    public static func string(atStartOf text: Substring) -> (value: String, rest: Substring)? {
        var text = text
        guard let read = text.withUTF8({ bytes -> (String, Int)? in
            var reader = CanonicalJSONReader(bytes: UnsafeRawBufferPointer(bytes))
            return reader.string().map { ($0, reader.offset) }
        }) else { return nil }
        return (read.0, Substring(text.utf8.dropFirst(read.1)))
    }

    /// A string literal holding valid UTF-8, with any escape.
    public mutating func string() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        position += 1
        var unescaped: [UInt8] = []
        var runStart = position
        while position < bytes.count {
            if skipPlainBytes() { continue }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                if unescaped.isEmpty { return String(validating: run, as: UTF8.self) }
                unescaped.append(contentsOf: run)
                return String(validating: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if unescaped.isEmpty { unescaped.reserveCapacity(min(bytes.count - runStart, Self.unescapedReserve)) }
                unescaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                guard unescape(into: &unescaped) else { return nil }
                runStart = position
            case 0..<0x20:
                return nil
            default:
                position += 1
            }
        }
        return nil
    }

    /// Moves past a string literal without reading it (its escapes and UTF-8 unchecked): for a
    /// reader that wants what follows.
    public mutating func skipString() -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
        position += 1
        while position < bytes.count {
            if skipPlainBytes() { continue }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return true
            case UInt8(ascii: "\\"): position += 2
            case 0..<0x20: return false
            default: position += 1
            }
        }
        return false
    }

    /// Inside a string literal: moves eight bytes at a time past bytes a literal holds as they
    /// are, up to the next `"`, `\` or control character. `true` when eight more bytes may follow
    /// (the caller looks again); `false` at the special byte, or with fewer than eight bytes left,
    /// where the caller reads byte by byte.
    private mutating func skipPlainBytes() -> Bool {
        guard bytes.count - position >= 8 else { return false }
        let special = JSONText.specialByteMask(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
        guard special == 0 else {
            position += special.trailingZeroBitCount / 8
            return false
        }
        position += 8
        return true
    }

    /// Reads the escape at `position` (its backslash) and appends what it stands for.
    private mutating func unescape(into unescaped: inout [UInt8]) -> Bool {
        guard position + 1 < bytes.count else { return false }
        let escape = bytes[position + 1]
        position += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
        case UInt8(ascii: "n"): unescaped.append(0x0a)
        case UInt8(ascii: "r"): unescaped.append(0x0d)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0c)
        case UInt8(ascii: "u"):
            // What the writer uses for other control characters; other writers also escape
            // characters beyond the Basic Multilingual Plane as a surrogate pair.
            guard var unit = hexUnit() else { return false }
            if (0xD800..<0xDC00).contains(unit) {
                guard skip("\\u"), let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return false }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(unit) else { return false }
            unescaped.append(contentsOf: UTF8.encode(scalar)!)
        default: return false
        }
        return true
    }

    /// Four hexadecimal digits at `position`.
    private mutating func hexUnit() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    /// `0`, or digits not starting with `0`: at most 18 of them.
    public mutating func integer() -> Int? {
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        let digits = position - start
        guard (1...18).contains(digits), digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return value
    }

    public mutating func boolean() -> Bool? {
        if skip("true") { return true }
        if skip("false") { return false }
        return nil
    }

    mutating func timestamp() -> Timestamp? {
        string().flatMap(Timestamp.init(parsing:))
    }

    /// The tags after `[`, through the closing `]`.
    mutating func tags() -> [Tag]? {
        var tags: [Tag] = []
        if skip("]") { return tags }
        repeat {
            guard let text = string(), let tag = try? Tag(text) else { return nil }
            tags.append(tag)
        } while skip(",")
        return skip("]") ? tags : nil
    }
}
