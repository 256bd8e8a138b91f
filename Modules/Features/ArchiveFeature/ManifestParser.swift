/// Reads `manifest.json` in one pass as its bytes arrive, piece by piece, handing each entry on
/// as it is parsed: a manifest lists every note of the archive, so neither its text nor its
/// entries are ever held whole.
///
/// A strict JSON reader for this one document: the top level must be an object; `entries`
/// an array of objects with `path`, `sha256` and `bytes`; unknown keys are skipped. A class,
/// so that the member callbacks advance the one shared read position.
final class ManifestParser {
    struct Header {
        var format: Int?
        var noteCount: Int?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let nextPiece: () throws -> ArraySlice<UInt8>?
    private var piece: ArraySlice<UInt8> = []
    private var position = 0
    /// Bytes of earlier pieces, for error messages.
    private var consumedBefore = 0
    /// Nesting so far, capped so that a hostile `[[[[…` cannot exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 32

    /// - Parameter nextPiece: the next bytes of the document; `nil` at its end.
    init(nextPiece: @escaping () throws -> ArraySlice<UInt8>?) {
        self.nextPiece = nextPiece
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
        try skipWhitespace()
        guard try peek() == nil else { throw fail("data after the manifest object") }
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
        try skipWhitespace()
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested too deeply") }
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") { position += 1; return }
        while true {
            try skipWhitespace()
            let key = try string()
            try skipWhitespace()
            try expect(UInt8(ascii: ":"))
            try member(key)
            try skipWhitespace()
            if try peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    private func array(_ element: () throws -> Void) throws {
        try skipWhitespace()
        try expect(UInt8(ascii: "["))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested too deeply") }
        try skipWhitespace()
        if try peek() == UInt8(ascii: "]") { position += 1; return }
        while true {
            try skipWhitespace()
            try element()
            try skipWhitespace()
            if try peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private func string() throws -> String {
        try skipWhitespace()
        try expect(UInt8(ascii: "\""))
        var scalars: [UInt8] = []
        while true {
            guard let byte = try next() else { throw fail("unterminated string") }
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
        guard let byte = try next() else { throw fail("unterminated escape") }
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
                guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else { throw fail("a lone surrogate") }
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
            guard let byte = try next(), let digit = SHA256Hex.digitValue(byte).map(UInt32.init) else { throw fail("an invalid \\u escape") }
            value = value << 4 | digit
        }
        return value
    }

    /// A non-negative integer without fraction or exponent (every number the manifest has).
    private func integer() throws -> Int {
        try skipWhitespace()
        var value = 0
        var digits = 0
        while let byte = try peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, times <= Int.max - Int(byte - UInt8(ascii: "0")) else { throw fail("a number too large") }
            value = times + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw fail("expected a non-negative integer") }
        if let byte = try peek(), [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte) {
            throw fail("expected an integer")
        }
        return value
    }

    private func skipValue() throws {
        try skipWhitespace()
        switch try peek() {
        case UInt8(ascii: "{"): try object { _ in try skipValue() }
        case UInt8(ascii: "["): try array { try skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            var length = 0
            if try peek() == UInt8(ascii: "-") {
                position += 1
                length += 1
            }
            while let byte = try peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte) {
                position += 1
                length += 1
            }
            guard length > 0 else { throw fail("expected a value") }
        }
    }

    private func literal(_ word: String) throws {
        for byte in word.utf8 {
            guard try next() == byte else { throw fail("expected \(word)") }
        }
    }

    private func expect(_ byte: UInt8) throws {
        guard try next() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
    }

    private func skipWhitespace() throws {
        while let byte = try peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func peek() throws -> UInt8? {
        while position == piece.endIndex {
            consumedBefore += piece.count
            guard let next = try nextPiece() else { return nil }
            piece = next
            position = piece.startIndex
        }
        return piece[position]
    }

    private func next() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    private func fail(_ reason: String) -> Failure {
        Failure(description: "\(reason) at byte \(consumedBefore + position - piece.startIndex)")
    }
}
