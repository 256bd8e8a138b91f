import ByteStreamInterface
import FileSystemInterface
import ImportFormatsFeature

/// Where the files a vault's notes refer to are read from (`VaultAttachments`): the folder being
/// imported, or the files of a plain archive kept aside as it streamed by.
protocol VaultFiles {
    /// Every file that is not a note, relative to the vault's top, `/`-separated.
    var paths: [String] { get }
    func size(of relative: String) throws -> Int64
    func bytes(of relative: String) throws -> [UInt8]
}

/// A folder's files, read where they are.
struct FolderVaultFiles: VaultFiles {
    let root: String
    let files: any FileAccessing
    let paths: [String]

    func size(of relative: String) throws -> Int64 { try files.metadata(of: root + "/" + relative).size }
    func bytes(of relative: String) throws -> [UInt8] { [UInt8](try files.read(root + "/" + relative)) }
}

/// A zip's files, read from it when a note refers to one.
struct ZipVaultFiles: VaultFiles {
    let zip: ZipArchive
    let entries: [String: ZipArchive.Entry]
    let paths: [String]

    func size(of relative: String) throws -> Int64 { entries[relative]?.size ?? 0 }
    func bytes(of relative: String) throws -> [UInt8] {
        guard let entry = entries[relative] else { throw ByteStreamError.readFailed("\(relative): not in the zip") }
        return try zip.bytes(of: entry)
    }
}

/// The files of a plain archive that are not notes, each kept in a scratch file as the archive
/// streams by, so that a note that embeds one brings it in wherever in the archive either comes.
/// Those no note refers to are dropped with the scratch files.
struct SpooledVaultFiles: VaultFiles {
    private let scratch: any ScratchStorage
    private var kept: [String: any ScratchFile] = [:]
    private(set) var paths: [String] = []

    init(scratch: any ScratchStorage) {
        self.scratch = scratch
    }

    /// Keeps the entry's content, read a piece at a time through `nextPiece`.
    mutating func keep(_ path: String, nextPiece: () throws -> ArraySlice<UInt8>?) throws {
        let file = try scratch.makeScratchFile()
        while let piece = try nextPiece() { try file.append(Array(piece)) }
        if kept.updateValue(file, forKey: path) == nil { paths.append(path) }
    }

    func size(of relative: String) throws -> Int64 {
        guard let file = kept[relative] else { throw ByteStreamError.readFailed("\(relative): not kept aside") }
        return file.count
    }

    func bytes(of relative: String) throws -> [UInt8] {
        guard let file = kept[relative] else { throw ByteStreamError.readFailed("\(relative): not kept aside") }
        var reader = ScratchRecordReader(source: try file.readBack())
        guard let bytes = try reader.take(Int(file.count)) else { throw ByteStreamError.readFailed("\(relative): the kept copy is cut short") }
        return bytes
    }
}
