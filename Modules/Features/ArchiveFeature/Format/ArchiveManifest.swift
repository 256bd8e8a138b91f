import ByteStreamInterface
import Crypto
import QuillModels

/// `manifest.json`: what a Quill archive contains, with a SHA-256 per entry.
///
/// Exists so that an import can prove that every note the exporter wrote arrived intact and
/// that nothing was added or removed, beyond what gzip's CRC already checks. Written by
/// `ManifestBuilder`, read by `ManifestParser`, checked against the archive by `ManifestCheck`.
enum ArchiveManifest {
    static let currentFormat = 1

    struct Entry: Equatable {
        var path: String
        var sha256: String
        var bytes: Int64
    }
}

/// Builds `manifest.json` entry by entry: each entry's line (path, SHA-256, size; keys sorted)
/// goes to a scratch file as the note is written, and the text is streamed from there at the end.
///
/// Exists so that an export's memory does not grow with the number of notes: neither
/// `JSONEncoder` objects nor the manifest's text are ever held whole.
struct ManifestBuilder {
    private let lines: any ScratchFile
    /// The `history` list's lines (`HistoryEntry`), kept apart so that a reader that does not
    /// know history finds the notes listed exactly as before.
    private let historyLines: any ScratchFile
    /// The `attachments` list's lines (`AttachmentEntry`), apart for the same reason.
    private let attachmentLines: any ScratchFile
    private(set) var noteCount = 0
    private var historyCount = 0
    private var attachmentCount = 0
    private var line: [UInt8] = []

    init(scratch: any ScratchStorage) throws {
        lines = try scratch.makeScratchFile()
        historyLines = try scratch.makeScratchFile()
        attachmentLines = try scratch.makeScratchFile()
    }

    mutating func add(path: String, content: [UInt8]) throws {
        try append(path: path, content: content, after: noteCount, to: lines)
        noteCount += 1
    }

    mutating func addHistory(path: String, content: [UInt8]) throws {
        try append(path: path, content: content, after: historyCount, to: historyLines)
        historyCount += 1
    }

    /// An attachment whose size and SHA-256 the caller knows (its bytes were streamed).
    mutating func addAttachment(path: String, size: Int64, sha256: String) throws {
        try append(path: path, size: size, sha256: sha256, after: attachmentCount, to: attachmentLines)
        attachmentCount += 1
    }

    private mutating func append(path: String, content: [UInt8], after count: Int, to file: any ScratchFile) throws {
        try append(path: path, size: Int64(content.count), sha256: LowercaseHex.encode(SHA256.hash(data: content)), after: count, to: file)
    }

    private mutating func append(path: String, size: Int64, sha256: String, after count: Int, to file: any ScratchFile) throws {
        line.removeAll(keepingCapacity: true)
        if count > 0 { line.append(contentsOf: ",\n".utf8) }
        line.append(contentsOf: #"{"bytes":"#.utf8)
        line.append(contentsOf: String(size).utf8)
        line.append(contentsOf: #","path":"#.utf8)
        line.append(contentsOf: JSONText.quoted(path).utf8)
        line.append(contentsOf: #","sha256":""#.utf8)
        line.append(contentsOf: sha256.utf8)
        line.append(contentsOf: #""}"#.utf8)
        try file.append(line)
    }

    /// The manifest's size in bytes, before it is written.
    var byteCount: Int {
        attachmentsPart.count + (attachmentCount > 0 ? Int(attachmentLines.count) + listSuffix.count : 0)
            + prefix.count + Int(lines.count) + middle.count + (historyCount > 0 ? Int(historyLines.count) + listSuffix.count : 0) + suffix.count
    }

    /// Hands the manifest on in slices of at most `sliceBytes`: keys in sorted order,
    /// `attachments` and `history` only when there are some.
    func write(sliceBytes: Int, _ emit: ([UInt8]) async throws -> Void) async throws {
        try await emit(attachmentsPart)
        if attachmentCount > 0 {
            try await stream(attachmentLines, sliceBytes: sliceBytes, emit)
            try await emit(listSuffix)
        }
        try await emit(prefix)
        try await stream(lines, sliceBytes: sliceBytes, emit)
        try await emit(middle)
        if historyCount > 0 {
            try await stream(historyLines, sliceBytes: sliceBytes, emit)
            try await emit(listSuffix)
        }
        try await emit(suffix)
    }

    private func stream(_ file: any ScratchFile, sliceBytes: Int, _ emit: ([UInt8]) async throws -> Void) async throws {
        let source = try file.readBack()
        var slice = [UInt8](repeating: 0, count: sliceBytes)
        while true {
            let count = try slice.withUnsafeMutableBytes { buffer throws(ByteStreamError) in try source.read(into: buffer) }
            guard count > 0 else { break }
            try await emit(Array(slice[0..<count]))
        }
    }

    /// The opening brace, and the `attachments` key when there are some (it sorts first).
    private var attachmentsPart: [UInt8] { Array((attachmentCount > 0 ? "{\"attachments\":[\n" : "{").utf8) }
    private var prefix: [UInt8] { Array("\"entries\":[\n".utf8) }
    private var middle: [UInt8] {
        Array("\n],\"format\":\(ArchiveManifest.currentFormat),\"generator\":\"quill\",".utf8) + (historyCount > 0 ? Array("\"history\":[\n".utf8) : [])
    }
    private var listSuffix: [UInt8] { Array("\n],".utf8) }
    private var suffix: [UInt8] { Array("\"noteCount\":\(noteCount)}\n".utf8) }
}
