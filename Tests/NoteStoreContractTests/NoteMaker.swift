import Foundation
import QuillModels

/// Builds valid notes for store tests with little ceremony.
enum NoteMaker {
    static let start = Date(millisecondsSince1970: 1_767_603_600_000)

    static func note(
        _ number: UInt64, title: String? = nil, body: String = "", tags: [String] = [], minutes: Double = 0
    ) throws -> Note {
        let date = start.addingTimeInterval(minutes * 60)
        return try Note(id: NoteID(high: 0xabc, low: number), title: title ?? "Note \(number)", body: body,
                        tags: Tag.normalize(tags), created: date, updated: date)
    }
}
