import ArchiveFeature
import QuillModels

/// How an import's or a verification's report reads on the terminal: a summary line, one line
/// per note entry (for a dry run or `verify`; otherwise only the copies), then skipped entries and
/// notices (values of other apps' front matter kept in the text).
enum ImportReportOutput {
    static func summary(_ report: ImportReport) -> String {
        let verb = report.applied ? "Imported" : "Would import"
        let links = report.resolvedLinkCount + report.unresolvedLinks.count == 0 ? ""
            : ", \(Counted.text(report.resolvedLinkCount, "link")) between notes resolved, \(report.unresolvedLinks.count) not"
        let integrity = if let format = report.foreignFormat {
            format + links
        } else {
            report.manifestVerified ? "manifest verified" : "no manifest (plain Markdown archive)"
        }
        let size = report.foreignFormat != nil && report.uncompressedBytes == 0 ? ""
            : ", \(ByteCount.text(report.uncompressedBytes)) \(report.foreignFormat == nil ? "uncompressed" : "read")"
        let history = report.historyCount > 0 ? ", \(report.historyCount) with their history" : ""
        let attachments = report.attachmentCount > 0 ? ", \(Counted.text(report.attachmentCount, "attachment"))" : ""
        let updated = report.updatedCount > 0 ? "\(report.updatedCount) updated, " : ""
        return "\(verb) \(Counted.text(report.noteCount, "note")): \(report.addedCount) new, \(report.unchangedCount) unchanged, "
            + "\(updated)\(report.copiedCount) kept as copies\(history)\(attachments) (\(integrity)\(size))\n"
    }

    static func line(_ action: ImportReport.Action, applied: Bool) -> String {
        switch action {
        case .added(let entry, let id, let title, let idIsDrawn):
            return "  add   \(shown(id, drawn: idIsDrawn, applied: applied))  \(title)  [\(entry)]\n"
        case .unchanged(let entry, let id):
            return "  same  \(id.short)  [\(entry)]\n"
        case .copied(let entry, let original, let copy, let title, let idIsDrawn):
            let becomes = applied ? "is now \(copy.short)" : idIsDrawn ? "would get a new ID" : "would become \(copy.short)"
            return "  copy  \(original.short) differs from the archive's \"\(title)\"; both kept, the archive's version \(becomes)  [\(entry)]\n"
        case .updated(let entry, let id, let title):
            return "  new revision  \(id.short)  \(title)  [\(entry)]\n"
        }
    }

    /// A note's ID in a plan line; one drawn for this run is not the one the import will draw,
    /// so a dry run shows none (the column keeps its width).
    private static func shown(_ id: NoteID, drawn: Bool, applied: Bool) -> String {
        drawn && !applied ? "(new ID)" : id.short
    }

    /// Everything but the plan: the summary, the copies, the skipped entries.
    static func text(_ report: ImportReport) -> String {
        summary(report) + report.copies.map { line($0, applied: report.applied) }.joined() + skipped(report) + notices(report)
            + undo(report)
    }

    /// How to take the import back, when it added anything.
    static func undo(_ report: ImportReport) -> String {
        guard let importID = report.importID, report.addedCount + report.copiedCount > 0 else { return "" }
        return "Import ID \(importID): 'quill import --undo \(importID)' takes it back\n"
    }

    static func notices(_ report: ImportReport) -> String {
        (report.notices + report.unresolvedLinks).map { "  note  \($0.entry): \($0.message)\n" }.joined()
    }

    static func skipped(_ report: ImportReport) -> String {
        report.skippedEntries.map { "  skip  \($0) (not a note, nor a file a note refers to)\n" }.joined()
    }
}
