import Foundation
import StandardTesting
import Testing
@testable import WebReaderFeature

/// The multipart reader gives the same fields and file bytes however the body is cut into
/// pieces on the way, holds a file's bytes only briefly, and refuses what is not a form.
@Suite struct MultipartFormReaderTests {
    static let boundary = "----WebKitFormBoundaryq7aB3xYz"

    /// A body as a browser writes it: each part, then the closing delimiter.
    static func body(_ parts: [(name: String, filename: String?, bytes: [UInt8])], epilogue: String = "") -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { head += "; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream" }
            body += Array((head + "\r\n\r\n").utf8) + part.bytes + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\r\n\(epilogue)".utf8)
    }

    /// Every event of reading `body` in pieces of these sizes, a file's bytes joined.
    static func events(_ body: [UInt8], pieces: [Int], maximumFieldBytes: Int = 1 << 20) throws -> [MultipartFormReader.Event] {
        var reader = MultipartFormReader(boundary: boundary, maximumFieldBytes: maximumFieldBytes)
        var events: [MultipartFormReader.Event] = []
        var offset = 0
        var sizes = pieces.makeIterator()
        while offset < body.count {
            let size = min(max(1, sizes.next() ?? body.count), body.count - offset)
            for event in try reader.read(body[offset..<(offset + size)]) {
                if case .fileBytes(let more) = event, case .fileBytes(let before)? = events.last {
                    events[events.count - 1] = .fileBytes(before + more)
                } else {
                    events.append(event)
                }
            }
            offset += size
        }
        try reader.finish()
        return events
    }

    @Test func readsFieldsAndAFileAsABrowserSendsThem() throws {
        let file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 255]
        let body = Self.body([("csrf", nil, Array("token".utf8)), ("body", nil, Array("line one\r\nline two ✓".utf8)),
                              ("files", "beach %22day%22.png", file)], epilogue: "ignored")
        #expect(try Self.events(body, pieces: []) == [
            .field(name: "csrf", value: "token"), .field(name: "body", value: "line one\r\nline two ✓"),
            .fileBegins(field: "files", filename: "beach \"day\".png"), .fileBytes(file), .fileEnds,
        ])
    }

    @Test func anEmptyFileInputIsAPartWithoutBytes() throws {
        let body = Self.body([("files", "", [])])
        #expect(try Self.events(body, pieces: []) == [.fileBegins(field: "files", filename: ""), .fileEnds])
    }

    /// Bytes that look like the start of a delimiter (a line break, dashes, most of the
    /// boundary) inside a file, cut anywhere, come out as they went in. `QUILL_CUT_SEED=N`
    /// replays the seed a failure prints.
    @Test(arguments: 0..<40) func anyCutGivesTheSameEvents(round: Int) throws {
        let seed = ProcessInfo.processInfo.environment["QUILL_CUT_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        let lookalikes: [[UInt8]] = [[0x0D], [0x0A], [0x0D, 0x0A], Array("\r\n--".utf8), Array("\r\n--\(Self.boundary.dropLast())".utf8),
                                     Array("--\(Self.boundary)".utf8), [0x2D], Array("\r\n-".utf8)]
        var file: [UInt8] = []
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            file += Bool.random(using: &random) ? lookalikes.randomElement(using: &random)!
                : (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        file = Self.withoutDelimiter(Self.withoutDelimiter(file).reversed()).reversed()
        let text = String(decoding: Self.withoutDelimiter(file.filter { $0 < 0x80 && $0 != 0 }), as: UTF8.self)
        let body = Self.body([("title", nil, Array(text.utf8)), ("files", "f.bin", file), ("files", "g.bin", file.reversed())])
        let whole = try Self.events(body, pieces: [])
        var pieces: [Int] = []
        for _ in 0..<body.count { pieces.append(Int.random(in: 1...max(1, Int.random(in: 1...80, using: &random)), using: &random)) }
        #expect(try Self.events(body, pieces: pieces) == whole, "seed \(seed)")
        #expect(try Self.events(body, pieces: [1]) == whole, "byte by byte, seed \(seed)")
        var expected: [MultipartFormReader.Event] = [.field(name: "title", value: text), .fileBegins(field: "files", filename: "f.bin")]
        if !file.isEmpty { expected.append(.fileBytes(file)) }
        expected += [.fileEnds, .fileBegins(field: "files", filename: "g.bin")]
        if !file.isEmpty { expected.append(.fileBytes(file.reversed())) }
        expected.append(.fileEnds)
        #expect(whole == expected, "seed \(seed)")
    }

    /// `bytes` with every delimiter broken: a browser picks a boundary its content does not hold.
    static func withoutDelimiter(_ bytes: [UInt8]) -> [UInt8] {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var bytes = bytes
        while let at = bytes.indices.first(where: { bytes[$0...].starts(with: delimiter) }) { bytes.remove(at: at + 2) }
        return bytes
    }

    @Test func aFileIsHandedOnAsItArrivesNotHeldWhole() throws {
        var reader = MultipartFormReader(boundary: Self.boundary, maximumFieldBytes: 1024)
        let start = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"big\"\r\n\r\n".utf8)
        #expect(try reader.read(start) == [.fileBegins(field: "files", filename: "big")])
        let piece = [UInt8](repeating: 7, count: 100_000)
        let events = try reader.read(piece)
        // All but what could begin the delimiter is handed on at once.
        #expect(events == [.fileBytes(Array(piece.prefix(piece.count - (Self.boundary.utf8.count + 3))))])
    }

    @Test func textFieldsOverTheLimitAreRefused() throws {
        let body = Self.body([("body", nil, [UInt8](repeating: 0x61, count: 2000))])
        #expect(throws: MultipartFormReader.Failure.fieldsTooLarge) { try Self.events(body, pieces: [100], maximumFieldBytes: 1000) }
    }

    @Test func whatIsNotAFormIsRefused() throws {
        let cut = Array(Self.body([("title", nil, Array("x".utf8))]).dropLast(20))
        #expect(throws: MultipartFormReader.Failure.self) { try Self.events(cut, pieces: []) }
        let noName = Array("--\(Self.boundary)\r\nContent-Type: text/plain\r\n\r\nx\r\n--\(Self.boundary)--".utf8)
        #expect(throws: MultipartFormReader.Failure.self) { try Self.events(noName, pieces: []) }
        let junk = Array("--\(Self.boundary)junk\r\n".utf8)
        #expect(throws: MultipartFormReader.Failure.self) { try Self.events(junk, pieces: []) }
    }

    @Test func theBoundaryComesFromTheContentType() {
        #expect(MultipartFormReader.boundary(ofContentType: "multipart/form-data; boundary=----abc") == "----abc")
        #expect(MultipartFormReader.boundary(ofContentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartFormReader.boundary(ofContentType: "multipart/mixed; boundary=x") == nil)
        #expect(MultipartFormReader.boundary(ofContentType: "multipart/form-data") == nil)
        #expect(MultipartFormReader.boundary(ofContentType: "application/x-www-form-urlencoded") == nil)
    }
}
