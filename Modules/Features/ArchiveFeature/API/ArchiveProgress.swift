/// How far an export or import has got, for a progress line.
public struct ArchiveProgress: Hashable, Sendable {
    public var notesDone: Int
    /// Known for an export (the store says how many notes it will write); `nil` for an import.
    public var notesTotal: Int?
    /// Uncompressed (tar) bytes written or read so far.
    public var bytesDone: Int64

    public init(notesDone: Int, notesTotal: Int?, bytesDone: Int64) {
        self.notesDone = notesDone
        self.notesTotal = notesTotal
        self.bytesDone = bytesDone
    }
}
