import Foundation
import QuillModels

/// A note as the API writes it: its `NoteDocument` JSON, exactly the bytes of `NoteJSON.encoder`.
///
/// Exists for speed: a repository that keeps this form next to each note can answer `GET` and
/// the change feed by copying bytes, without turning rows into `Note`s and encoding them again.
public struct EncodedNote: Hashable, Sendable {
    public let revision: Int
    /// Whether the note is a tombstone, so a caller can tell without parsing `json`.
    public let isDeleted: Bool
    public let json: [UInt8]

    public init(revision: Int, isDeleted: Bool, json: [UInt8]) {
        self.revision = revision
        self.isDeleted = isDeleted
        self.json = json
    }
}

/// A page of the change feed with each note as the API writes it.
public struct EncodedChangePage: Hashable, Sendable {
    /// The notes' JSON objects separated by commas, the inside of the page's `changes` array, in
    /// pieces of about `pieceSize` bytes (a piece ends between two notes). A page of 1,000 notes
    /// is about 2 MiB: as one block it would be mapped afresh for each request and faulted in page
    /// by page (glibc maps blocks over 256 KiB, `ProcessMemory`), while pieces reuse freed heap.
    public let pieces: [[UInt8]]
    public let count: Int
    public let next: ChangeCursor
    public let hasMore: Bool

    /// How large a piece grows before the next note starts another: well below glibc's mmap threshold.
    public static let pieceSize = 56 << 10

    public init(pieces: [[UInt8]], count: Int, next: ChangeCursor, hasMore: Bool) {
        self.pieces = pieces
        self.count = count
        self.next = next
        self.hasMore = hasMore
    }
}

/// Assembles an `EncodedChangePage` from notes' JSON as a store reads them, in feed order: the one
/// place that cuts a page into pieces, for every store that keeps each note's JSON.
public struct EncodedChangePageBuilder {
    /// What a piece reserves: its size and room for one more note of up to 8 KiB, so that most
    /// pieces are never copied to grow.
    static let reservedBytesPerPiece = EncodedChangePage.pieceSize + (8 << 10)

    private var pieces: [[UInt8]] = []
    private var piece: [UInt8] = []
    public private(set) var count = 0

    public init() {
        piece.reserveCapacity(Self.reservedBytesPerPiece)
    }

    /// Adds one note: `write` appends its JSON object to the bytes it is given.
    public mutating func appendNote(_ write: (inout [UInt8]) -> Void) {
        if piece.count >= EncodedChangePage.pieceSize {
            pieces.append(piece)
            piece = []
            piece.reserveCapacity(Self.reservedBytesPerPiece)
        }
        if count > 0 { piece.append(UInt8(ascii: ",")) }
        write(&piece)
        count += 1
    }

    /// The page of the notes added, continuing after `next`.
    public func page(next: ChangeCursor, hasMore: Bool) -> EncodedChangePage {
        EncodedChangePage(pieces: piece.isEmpty ? pieces : pieces + [piece], count: count, next: next, hasMore: hasMore)
    }
}

extension ServerNoteRepository {
    /// Keeps no encoded form: the HTTP layer encodes the notes itself.
    public func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote? { nil }

    /// Keeps no encoded form: the HTTP layer encodes the notes itself.
    public func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage? { nil }
}
