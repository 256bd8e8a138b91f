import ArchiveFeature
import ByteStreamInterface
import StandardInterfaces

/// The lines of a dry run's or a verification's plan, one per note entry, kept in a scratch
/// file until the summary that heads them is known, then written out a piece at a time.
///
/// Exists so that `quill verify` of an archive of any size lists every entry without holding
/// the list in memory.
final class PlanListing {
    private let lines: any ScratchFile

    init(scratch: any ScratchStorage) throws {
        lines = try scratch.makeScratchFile()
    }

    func record(_ action: ImportReport.Action) throws {
        try lines.append(Array(ImportReportOutput.line(action, applied: false).utf8))
    }

    /// The summary, every planned line, then the skipped entries.
    func write(_ report: ImportReport, to console: any Console) throws {
        console.write(ImportReportOutput.summary(report))
        let source = try lines.readBack()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var carried: [UInt8] = []
        while true {
            let count = try buffer.withUnsafeMutableBytes { bytes throws(ByteStreamError) in try source.read(into: bytes) }
            guard count > 0 else { break }
            carried += buffer[0..<count]
            // Whole lines only, so that no character is split between two writes.
            guard let lastNewline = carried.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            console.write(String(decoding: carried[...lastNewline], as: UTF8.self))
            carried.removeSubrange(...lastNewline)
        }
        console.write(ImportReportOutput.skipped(report) + ImportReportOutput.notices(report))
    }
}
