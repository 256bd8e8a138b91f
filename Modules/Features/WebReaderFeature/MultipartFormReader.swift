import Foundation

/// Reads a `multipart/form-data` body (RFC 7578) as it arrives, piece by piece, so that a file in
/// it passes through in constant memory: text fields are collected whole (up to a limit), a
/// file's bytes are handed on as they come.
///
/// Exists because a browser sends a form with a file this way, and the web reader must take a
/// file without script and without holding it in memory.
struct MultipartFormReader {
    enum Event: Equatable {
        case field(name: String, value: String)
        /// A file part begins; `filename` as the browser sent it (not yet made safe).
        case fileBegins(field: String, filename: String)
        case fileBytes([UInt8])
        case fileEnds
    }

    enum Failure: Error, Equatable {
        case malformed(String)
        /// The text fields together are longer than the limit.
        case fieldsTooLarge
    }

    private enum State {
        case preamble, afterDelimiter, headers, field(name: String, value: [UInt8]), file, done
    }

    /// The largest header block of one part.
    static let maximumHeaderBytes = 16 * 1024

    private let delimiter: [UInt8]
    private let maximumFieldBytes: Int
    private var fieldBytes = 0
    /// What arrived and is not yet read; it starts with the line break the first delimiter lacks.
    private var pending: [UInt8] = [0x0D, 0x0A]
    private var state = State.preamble

    init(boundary: String, maximumFieldBytes: Int) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.maximumFieldBytes = maximumFieldBytes
    }

    /// The boundary of a `multipart/form-data` content type; `nil` if it is not one or has none.
    static func boundary(ofContentType type: String) -> String? {
        let parts = HeaderParameters(type)
        guard parts.value.lowercased() == "multipart/form-data", let boundary = parts["boundary"],
              (1...70).contains(boundary.utf8.count) else { return nil }
        return boundary
    }

    /// Reads the next piece of the body; returns what it completed.
    mutating func read(_ bytes: some Sequence<UInt8>) throws(Failure) -> [Event] {
        pending.append(contentsOf: bytes)
        var events: [Event] = []
        while try step(&events) {}
        return events
    }

    /// Checks that the body ended where a form ends: after its closing delimiter.
    func finish() throws(Failure) {
        guard case .done = state else { throw .malformed("the form ends before its closing boundary") }
    }

    /// Reads as far as `pending` allows in the current state; `false` when it needs more bytes.
    private mutating func step(_ events: inout [Event]) throws(Failure) -> Bool {
        switch state {
        case .preamble:
            guard let at = find(delimiter) else {
                keepOnlyPossibleDelimiterStart()
                return false
            }
            pending.removeFirst(at + delimiter.count)
            state = .afterDelimiter
        case .afterDelimiter:
            guard pending.count >= 2 else { return false }
            if pending[0] == UInt8(ascii: "-"), pending[1] == UInt8(ascii: "-") {
                pending.removeAll()
                state = .done
                return false
            }
            guard let lineEnd = find([0x0D, 0x0A]) else {
                if pending.count > 256 { throw .malformed("a boundary line does not end") }
                return false
            }
            // Transport padding (spaces and tabs) may follow a delimiter.
            guard pending[..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { throw .malformed("text follows a boundary") }
            pending.removeFirst(lineEnd + 2)
            state = .headers
        case .headers:
            guard let end = find([0x0D, 0x0A, 0x0D, 0x0A]) else {
                if pending.count > Self.maximumHeaderBytes { throw .malformed("a part's headers are too long") }
                return false
            }
            let disposition = try Self.disposition(String(decoding: pending[..<end], as: UTF8.self))
            pending.removeFirst(end + 4)
            if let filename = disposition.filename {
                events.append(.fileBegins(field: disposition.name, filename: filename))
                state = .file
            } else {
                state = .field(name: disposition.name, value: [])
            }
        case .field(let name, var value):
            let found = find(delimiter)
            let end = found ?? max(0, pending.count - (delimiter.count - 1))
            fieldBytes += end
            guard fieldBytes <= maximumFieldBytes else { throw .fieldsTooLarge }
            value.append(contentsOf: pending[..<end])
            pending.removeFirst(end)
            guard found != nil else {
                state = .field(name: name, value: value)
                return false
            }
            pending.removeFirst(delimiter.count)
            events.append(.field(name: name, value: String(decoding: value, as: UTF8.self)))
            state = .afterDelimiter
        case .file:
            let found = find(delimiter)
            let end = found ?? max(0, pending.count - (delimiter.count - 1))
            if end > 0 { events.append(.fileBytes(Array(pending[..<end]))) }
            pending.removeFirst(end)
            guard found != nil else { return false }
            pending.removeFirst(delimiter.count)
            events.append(.fileEnds)
            state = .afterDelimiter
        case .done:
            // An epilogue after the closing delimiter is ignored.
            pending.removeAll()
            return false
        }
        return true
    }

    /// Keeps only the bytes that could begin a delimiter split across two pieces.
    private mutating func keepOnlyPossibleDelimiterStart() {
        let keep = delimiter.count - 1
        if pending.count > keep { pending.removeFirst(pending.count - keep) }
    }

    /// Where `needle` first starts in `pending`: `memchr` finds each candidate first byte.
    private func find(_ needle: [UInt8]) -> Int? {
        pending.withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress, haystack.count >= needle.count else { return nil }
            let last = haystack.count - needle.count
            var start = 0
            while start <= last, let found = memchr(base + start, Int32(needle[0]), last - start + 1) {
                let at = base.distance(to: UnsafeRawPointer(found))
                if needle.indices.allSatisfy({ haystack[at + $0] == needle[$0] }) { return at }
                start = at + 1
            }
            return nil
        }
    }

    /// The field name and file name of a part, from its `Content-Disposition`.
    private static func disposition(_ headers: String) throws(Failure) -> (name: String, filename: String?) {
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            let parameters = HeaderParameters(String(pair[1]))
            guard parameters.value.lowercased() == "form-data", let name = parameters["name"] else { break }
            return (name, parameters["filename"].map(htmlFormDecoded))
        }
        throw .malformed("a part has no Content-Disposition: form-data with a name")
    }

    /// Browsers send `"`, CR and LF in a file name as `%22`, `%0D` and `%0A` (HTML's form
    /// encoding) and every other character as it is.
    private static func htmlFormDecoded(_ name: String) -> String {
        name.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }
}

/// A header value with parameters: `form-data; name="title"; filename="a b.png"`.
struct HeaderParameters {
    /// What comes before the first `;`.
    let value: String
    private var parameters: [String: String] = [:]

    init(_ header: String) {
        let scalars = Array(header.unicodeScalars)
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        func token(until stops: Set<Unicode.Scalar>) -> String {
            var text = String.UnicodeScalarView()
            while index < scalars.count, !stops.contains(scalars[index]) { text.append(scalars[index]); index += 1 }
            return String(text).trimmingCharacters(in: .whitespaces)
        }
        skipSpaces()
        value = token(until: [";"])
        while index < scalars.count {
            index += 1 // the ';'
            skipSpaces()
            let name = token(until: ["=", ";"]).lowercased()
            guard index < scalars.count, scalars[index] == "=" else { continue }
            index += 1
            skipSpaces()
            var text = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                // No backslash escapes: browsers send a name's `\` as it is (HTML's form encoding).
                while index < scalars.count, scalars[index] != "\"" {
                    text.append(scalars[index])
                    index += 1
                }
                index += 1 // the closing quote
                _ = token(until: [";"])
            } else {
                text = token(until: [";"]).unicodeScalars
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = String(text) }
        }
    }

    subscript(_ name: String) -> String? { parameters[name] }
}
