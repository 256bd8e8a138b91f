import ArchiveFeature

/// How an import's or a verification's report reads on the terminal.
enum ImportReportOutput {
    static func text(_ report: ImportReport, verbose: Bool) -> String {
        var lines: [String] = []
        let verb = report.applied ? "Imported" : "Would import"
        let integrity = report.manifestVerified ? "manifest verified" : "no manifest (plain Markdown archive)"
        lines.append("\(verb) \(report.noteCount) notes: \(report.addedCount) new, \(report.unchangedCount) unchanged, "
                     + "\(report.copiedCount) kept as copies (\(integrity), \(ByteCount.text(report.uncompressedBytes)) uncompressed)")
        for action in report.actions {
            switch action {
            case .added(let entry, let id, let title) where verbose:
                lines.append("  add   \(id.short)  \(title)  [\(entry)]")
            case .unchanged(let entry, let id) where verbose:
                lines.append("  same  \(id.short)  [\(entry)]")
            case .copied(let entry, let original, let copy, let title):
                let tense = report.applied ? "is now" : "would become"
                lines.append("  copy  \(original.short) differs from the archive's \"\(title)\"; both kept, the archive's version \(tense) \(copy.short)  [\(entry)]")
            default:
                break
            }
        }
        for entry in report.skippedEntries {
            lines.append("  skip  \(entry) (not a Markdown file)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
