import Foundation
import FileSystemInterface

/// A token that changes whenever the summary journal is rewritten (compacted, rebuilt) or made
/// anew, so that a position in it (`JournalReader`) can tell it no longer means anything.
///
/// It changes *before* the journal does, durably: a crash between the two leaves a new token
/// on the old journal, which only costs a reader a needless start-over.
struct JournalGeneration: Sendable {
    let layout: StoreLayout
    let files: any FileAccessing

    /// The current token ("0" before the first rewrite).
    func current() throws(FileSystemError) -> String {
        do {
            return String(decoding: try files.read(layout.journalGeneration), as: UTF8.self)
        } catch .notFound {
            return "0"
        }
    }

    func advance() throws(FileSystemError) {
        let token = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        try files.write(Data(token.utf8), to: layout.journalGeneration)
    }
}
