import QuillModels

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
        /// The history entries listed, if the manifest has a `history` list.
        var history: [ArchiveManifest.Entry] = []
        /// The attachment entries listed, if the manifest has an `attachments` list.
        var attachments: [ArchiveManifest.Entry] = []
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
            case "history": try array { header.history.append(try parseEntry()) }
            case "attachments": try array { header.attachments.append(try parseEntry()) }
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
        try sequence(open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) {
            let key = try string()
            try skipWhitespace()
            try expect(UInt8(ascii: ":"))
            try member(key)
        }
    }

    private func array(_ element: () throws -> Void) throws {
        try sequence(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), element)
    }

    /// `open`, then items separated by commas, then `close`; counts towards the nesting cap.
    private func sequence(open: UInt8, close: UInt8, _ item: () throws -> Void) throws {
        try skipWhitespace()
        try expect(open)
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested too deeply") }
        try skipWhitespace()
        if try peek() == close { position += 1; return }
        while true {
            try skipWhitespace()
            try item()
            try skipWhitespace()
            if try peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(close)
            return
        }
    }

    /// Reads one string literal. One that lies within the current piece and has no escapes
    /// (nearly every one Quill writes) is taken as it is; any other goes byte by byte.
    private func string() throws -> String {
        try skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let bytes = piece
        var end = position
        while end < bytes.endIndex {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: bytes[position..<end], as: UTF8.self) else { throw fail("an invalid string") }
                position = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        return try gatheredString()
    }

    /// The rest of a string literal gathered as its bytes stream by, escapes decoded by
    /// `CanonicalJSONReader`, JSON's one unescaping.
    private func gatheredString() throws -> String {
        var literal: [UInt8] = [UInt8(ascii: "\"")]
        var escaped = false
        while true {
            guard let byte = try next() else { throw fail("unterminated string") }
            literal.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                break
            }
        }
        guard let text = String(validating: literal, as: UTF8.self),
              let value = CanonicalJSONReader.string(atStartOf: Substring(text)), value.rest.isEmpty else {
            throw fail("an invalid string")
        }
        return value.value
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
        if let byte = try peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
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
