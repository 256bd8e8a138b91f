import ArchiveFeature
import ByteStreamTesting
import ChildProcesses
import Foundation
import LocalFileSystem
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardInterfaces
import StandardTesting
import ZlibCompression

/// Imports a file of another app into an in-memory store as `quill import FILE` does (its bytes
/// streamed, its path there to read a zip from), and reads every note back by title.
enum ForeignImport {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps")
    static let clock = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))

    /// - Parameter bytes: the file's bytes, if not those at `path`.
    static func run(
        _ path: String, bytes: [UInt8]? = nil, into store: InMemoryNoteStore = InMemoryNoteStore(),
        attachments: InMemoryAttachmentStore = InMemoryAttachmentStore(clock: clock)
    ) async throws -> (ImportReport, [String: Note]) {
        let importer = ArchiveImporter(store: store, attachments: attachments, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(namespace: 0xF0), clock: clock, background: DefaultPriorityExecutor())
        let input = try bytes ?? Array(Data(contentsOf: URL(filePath: path)))
        let report = try await importer.importArchive(from: InMemoryByteSource(input), name: path, files: LocalFileAccessor())
        return (report, try await notesByTitle(store))
    }

    /// Imports a folder as `quill import DIR` does.
    static func runFolder(
        _ path: String, into store: InMemoryNoteStore = InMemoryNoteStore(),
        attachments: InMemoryAttachmentStore = InMemoryAttachmentStore(clock: clock)
    ) async throws -> (ImportReport, [String: Note]) {
        let importer = ArchiveImporter(store: store, attachments: attachments, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(namespace: 0xF0), clock: clock, background: DefaultPriorityExecutor())
        let report = try await importer.importFolder(at: path, files: LocalFileAccessor())
        return (report, try await notesByTitle(store))
    }

    /// The report of importing `path` (a file, or a folder) a second time, into the store the
    /// first import wrote: what a person sees importing the same export again.
    static func importedAgain(_ path: String, folder: Bool = false) async throws -> ImportReport {
        let store = InMemoryNoteStore()
        func once() async throws -> ImportReport { try await (folder ? runFolder(path, into: store) : run(path, into: store)).0 }
        _ = try await once()
        return try await once()
    }

    /// A zip of `source` (a folder's files, or one file) as a person makes one, each file under
    /// `top` (`my graph/pages/a.md`), deflated, in a scratch folder of the running test; its path.
    static func zipped(_ source: String, named name: String, under top: String) async throws -> String {
        let zip = try Scratch.directory("zipped") + "/" + name
        let script = """
            import os, sys, zipfile
            source, path, top = sys.argv[1], sys.argv[2], sys.argv[3]
            with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
                if os.path.isfile(source):
                    z.write(source, os.path.join(top, os.path.basename(source)))
                for folder, _, names in os.walk(source):
                    for name in sorted(names):
                        z.write(os.path.join(folder, name), os.path.join(top, os.path.relpath(os.path.join(folder, name), source)))
            """
        let made = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", script, source, zip, top])
        guard made.status == 0 else { throw ZipFailure(errors: made.errors) }
        return zip
    }

    struct ZipFailure: Error {
        let errors: String
    }

    /// Every note of the store, the trash's too, by title.
    static func notesByTitle(_ store: InMemoryNoteStore) async throws -> [String: Note] {
        var notes: [String: Note] = [:]
        for summary in await store.list(.init(includeDeleted: true)).notes {
            if let note = await store.note(id: summary.id) { notes[note.title] = note }
        }
        return notes
    }
}
