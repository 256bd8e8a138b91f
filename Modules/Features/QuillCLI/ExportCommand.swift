import ArchiveFeature
import ArgumentParser
import CompressionInterface
import Foundation
import QuillModels
import SettingsInterface

/// `quill export [-o|--output PATH | -] [-t|--tag T] [--level 1-9] [--single-stream] [-q|--quiet]`
/// `quill export --format dir PATH [-t|--tag T] [--into-non-empty] [-q|--quiet]`
public struct ExportCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write notes to a .tar.gz archive (Markdown files with front matter).",
        discussion: """
            The archive is a gzip-compressed POSIX tar that tar, gzip and any unarchiver open; see \
            docs/archive-format.md. '-' writes to standard output, so 'quill export - | ssh host quill import -' \
            copies notes to another machine.

            '--format dir PATH' writes a folder of Markdown files instead (one per note, named after its title, with \
            the same front matter), which Obsidian opens as a vault and 'quill import PATH' reads back.
            """)

    /// What `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case archive = "tar.gz"
        case dir
    }

    @OptionGroup public var global: GlobalOptions
    @Option(name: [.short, .long], help: "Where to write the archive: a file, a folder to write quill-notes-DATE.tar.gz in, or '-' for standard output (default: quill-notes-DATE.tar.gz here).")
    var output: String?
    @Argument(help: "The same as --output: a path, or '-' for standard output.") var destination: String?
    @Option(name: [.short, .long], help: "Only notes with this tag.") var tag: String?
    @Option(help: "Compression level, 1 (fastest) to 9 (smallest) (default: the 'export.level' setting, else 6).") var level: Int?
    @Flag(help: "Compress in one stream on one core instead of in parallel blocks.") var singleStream = false
    @Flag(name: [.short, .long], help: "Print nothing but errors.") var quiet = false
    @Option(help: "What to write: tar.gz (an archive, the default) or dir (a folder of Markdown files).") var format = Format.archive
    @Flag(help: "With --format dir: write into a folder that already holds files (none is replaced).") var intoNonEmpty = false
    @Flag(help: "Carry every earlier revision of each note too ('quill import' restores them).") var history = false

    public init() {}

    public func validate() throws {
        if output != nil && destination != nil { throw ValidationError("give the output either as --output or as an argument, not both") }
        if format == .dir, (output ?? destination).map({ $0 == "-" }) ?? true {
            throw ValidationError("--format dir needs the folder to write to, e.g. 'quill export --format dir ~/Vault'")
        }
        if intoNonEmpty, format != .dir { throw ValidationError("--into-non-empty goes with --format dir") }
        if history, format == .dir { throw ValidationError("--history goes with an archive: a folder holds only the notes as they are") }
        if let level, !CompressionLevel.range.contains(level) { throw ValidationError("--level must be between 1 and 9") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        if format == .dir { return try await exportFolder(in: environment) }
        let effective = try await SettingsResolver(environment: environment.settings)
            .resolve([.exportLevel], flags: [SettingKey.exportLevel: level.map(String.init)].compactMapValues { $0 })
        let options = ExportOptions(tag: try tag.map { try Tag($0) }, level: try CompressionLevel(effective.exportLevel),
                                    mode: singleStream ? .singleStream : .defaultParallel, includesHistory: history)
        let defaultName = Self.defaultName(at: environment.clock.now())
        let destination = (output ?? self.destination).map { OutputPath.resolve($0, defaultName: defaultName, in: environment) } ?? defaultName
        let sink = destination == "-" ? try ArchiveStreams.standardOutput(in: environment)
            : try environment.byteStreams.createForWriting(TextInput.absolute(destination, in: environment))
        var progress = ArchiveProgressLine(console: environment.console, clock: environment.clock, enabled: !quiet)
        let summary = try await environment.archive.export(to: sink, options: options) { progress.update($0) }
        progress.finish()
        if !quiet, destination != "-" {
            environment.console.write("Exported \(Counted.text(summary.noteCount, "note")) to \(destination) (\(ByteCount.text(summary.compressedBytes)))\n")
        }
    }

    private func exportFolder(in environment: CLIEnvironment) async throws {
        let folder = TextInput.absolute(output ?? destination ?? "", in: environment)
        var progress = ArchiveProgressLine(console: environment.console, clock: environment.clock, enabled: !quiet)
        let count = try await environment.archive.exportFolder(
            to: folder, tag: try tag.map { try Tag($0) }, intoNonEmptyFolder: intoNonEmpty) { progress.update($0) }
        progress.finish()
        if !quiet { environment.console.write("Exported \(Counted.text(count, "note")) to \(folder)/\n") }
    }

    static func defaultName(at date: Date) -> String {
        let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
        return "quill-notes-\(day.format(date)).tar.gz"
    }
}
