import Foundation
import QuillModels

/// Makes the note that keeps the server's side of a conflict.
///
/// The copy's ID is derived from the original note's ID and the server revision it copies,
/// so making the same copy twice (after a crash, or on two clients that met the same
/// conflict) yields the same note instead of duplicates.
enum ConflictCopy {
    static func of(_ server: Note) throws -> Note {
        let suffix = " (conflict from server \(day(server.updated)))"
        let room = NoteLimits.maximumTitleCharacters - suffix.count
        let title = String(server.title.prefix(room)).trimmingCharacters(in: .whitespaces) + suffix
        return try Note(id: id(for: server), title: title, body: server.body, tags: server.tags,
                        created: server.created, updated: server.updated)
    }

    static func id(for server: Note) -> NoteID {
        let key = Array("quill-conflict-copy:\(server.id.rawValue):\(server.revision)".utf8)
        let hex = hash(key, seed: 0xcbf2_9ce4_8422_2325) + hash(key, seed: 0x84222325_cbf29ce4)
        // A 32-character lowercase hex string is always a valid ID.
        return NoteID(hex) ?? server.id
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms (unlike `Hasher`).
    private static func hash(_ bytes: [UInt8], seed: UInt64) -> String {
        var value = seed
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
