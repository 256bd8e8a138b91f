import Foundation
import FileSystemInterface

/// Reads a file's lines a piece at a time: for the store's journals (the summary index, a bulk
/// creation's undo log), which grow with the number of notes and must not be read whole.
enum FileLines {
    static let pieceBytes = 1 << 20

    /// Calls `body` with each complete line, without its newline, in order, until it returns
    /// `false`; a last line without its newline (cut short by a crash while appending) is
    /// skipped. Returns whether every line was accepted.
    @discardableResult
    static func forEach(inFile path: String, files: any FileAccessing,
                        _ body: (Slice<UnsafeBufferPointer<UInt8>>) throws -> Bool) throws -> Bool {
        var offset: Int64 = 0
        var carried = Data()
        while true {
            let piece = try files.read(path, offset: offset, count: pieceBytes)
            guard !piece.isEmpty else { return true }
            offset += Int64(piece.count)
            carried.append(piece)
            let consumed = try carried.withUnsafeBytes { raw -> Int? in
                let bytes = raw.bindMemory(to: UInt8.self)
                var start = 0
                while let newline = bytes[start...].firstIndex(of: 0x0a) {
                    guard try body(bytes[start..<newline]) else { return nil }
                    start = newline + 1
                }
                return start
            }
            guard let consumed else { return false }
            carried = Data(carried[(carried.startIndex + consumed)...])
        }
    }
}

extension FileLines {
    /// Calls `body` with each line of the summary journal after its header, as `forEach` does;
    /// `nil` if there is no journal, `false` if it is not one (no header, or a line refused).
    static func forEachSummaryLine(inJournal path: String, files: any FileAccessing,
                                   _ body: (Slice<UnsafeBufferPointer<UInt8>>) throws -> Bool) throws -> Bool? {
        let header = Array(IndexLine.header.utf8)
        var sawHeader = false
        let complete: Bool
        do {
            complete = try forEach(inFile: path, files: files) { line in
                guard sawHeader else {
                    sawHeader = line.elementsEqual(header)
                    return sawHeader
                }
                return line.isEmpty ? true : try body(line)
            }
        } catch FileSystemError.notFound {
            return nil
        }
        return complete && sawHeader
    }
}

/// Appends to a file durably a few MiB at a time rather than once per small piece: for the
/// commit of a bulk creation, whose index lines and pending marks grow with the number of notes.
struct BatchedAppend {
    let path: String
    let files: any FileAccessing
    private var pending = Data()
    private static let batchBytes = 4 << 20

    init(to path: String, files: any FileAccessing) {
        self.path = path
        self.files = files
    }

    mutating func add(_ bytes: some Sequence<UInt8>) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.batchBytes { try finish() }
    }

    /// Appends what is still pending.
    mutating func finish() throws {
        guard !pending.isEmpty else { return }
        try files.append(pending, to: path)
        pending.removeAll(keepingCapacity: true)
    }
}
