/// Reads `manifest.json` in one pass over its bytes, handing each entry on as it is parsed
/// instead of building them all as objects (a manifest lists every note of the archive).
///
/// A strict JSON reader for this one document: the top level must be an object; `entries`
/// an array of objects with `path`, `sha256` and `bytes`; unknown keys are skipped.
final class ManifestParser {
    struct Header {
        var format: Int?
        var noteCount: Int?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let bytes: [UInt8]
    private var position = 0
    /// Nesting so far, capped so that a hostile `[[[[…` cannot exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 32

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses the document, calling `entry` for each entry of `entries` in order.
    func parse(entry: (ArchiveManifest.Entry) throws -> Void) throws -> Header {
        var header = Header()
        var sawEntries = false
        try object { key in
            switch key {
            case "entries":
                sawEntries = true
                try array { try entry(try parseEntry()) }
            case "format": header.format = try integer()
            case "noteCount": header.noteCount = try integer()
            default: try skipValue()
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw fail("data after the manifest object") }
        guard sawEntries else { throw Failure(description: "no \"entries\"") }
        return header
    }

    private func parseEntry() throws -> ArchiveManifest.Entry {
        var path: String?, sha256: String?, size: Int?
        try object { key in
            switch key {
            case "path": path = try string()
            case "sha256": sha256 = try string()
            case "bytes": size = try integer()
            default: try skipValue()
            }
        }
        guard let path, let sha256, let size else { throw fail("an entry lacks \"path\", \"sha256\" or \"bytes\"") }
        return ArchiveManifest.Entry(path: path, sha256: sha256, bytes: Int64(size))
    }

    // MARK: - JSON

    private func object(_ member: (String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested too deeply") }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipWhitespace()
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            try member(key)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    private func array(_ element: () throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested too deeply") }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return }
        while true {
            skipWhitespace()
            try element()
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private func string() throws -> String {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        var scalars: [UInt8] = []
        while true {
            guard let byte = next() else { throw fail("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &scalars)
            case 0..<0x20:
                throw fail("a control character inside a string")
            default:
                scalars.append(byte)
            }
        }
    }

    private func escape(into output: inout [UInt8]) throws {
        guard let byte = next() else { throw fail("unterminated escape") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else { throw fail("a lone surrogate") }
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw fail("an invalid \\u escape") }
            output.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw fail("an invalid escape")
        }
    }

    private func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next(), let digit = Self.hexValue(byte) else { throw fail("an invalid \\u escape") }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A non-negative integer without fraction or exponent (every number the manifest has).
    private func integer() throws -> Int {
        skipWhitespace()
        var value = 0
        var digits = 0
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, times <= Int.max - Int(byte - UInt8(ascii: "0")) else { throw fail("a number too large") }
            value = times + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw fail("expected a non-negative integer") }
        if let byte = peek(), [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte) {
            throw fail("expected an integer")
        }
        return value
    }

    private func skipValue() throws {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): try object { _ in try skipValue() }
        case UInt8(ascii: "["): try array { try skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            let start = position
            if peek() == UInt8(ascii: "-") { position += 1 }
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte) {
                position += 1
            }
            guard position > start else { throw fail("expected a value") }
        }
    }

    private func literal(_ word: String) throws {
        for byte in word.utf8 {
            guard next() == byte else { throw fail("expected \(word)") }
        }
    }

    private func expect(_ byte: UInt8) throws {
        guard next() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
    }

    private func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private func next() -> UInt8? {
        defer { position += 1 }
        return peek()
    }

    private func fail(_ reason: String) -> Failure {
        Failure(description: "\(reason) at byte \(min(position, bytes.count))")
    }
}
