import Foundation
import Glibc

/// The file a text is edited in: readable by its owner only (0600), alone in a fresh directory
/// only its owner can enter (mkdtemp, 0700), so no other user of the machine sees a note.
///
/// The directory, not just the file, is removed afterwards: editors leave swap and backup
/// files beside the file they edit.
struct PrivateEditingFile {
    let directory: String
    let path: String

    init(in parent: String, fileExtension: String, contents: Data) throws {
        var template = Array((parent + "/quill-edit-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } }
        guard let made else { throw EditingFileFailure(path: parent, code: errno) }
        directory = made
        path = directory + "/note." + fileExtension
        do {
            try Self.write(contents, to: path)
        } catch {
            remove()
            throw error
        }
    }

    /// What the editor saved.
    func contents() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func write(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw EditingFileFailure(path: path, code: errno) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try file.write(contentsOf: data)
        try file.close()
    }
}

/// The private file to edit could not be made or written; the note is unchanged.
public struct EditingFileFailure: Error, Equatable, CustomStringConvertible {
    public let path: String
    /// The `errno` of the call that failed.
    public let code: Int32

    public var description: String {
        "could not prepare the file to edit at \(path): \(String(cString: strerror(code))); nothing was changed"
    }
}
