#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StandardInterfaces
import Foundation
import POSIXFileKit
import QuillModels

/// Attachments as files: `<root>/<aa>/<sha256>`, where `aa` is the hash's first two digits (so
/// that no folder holds more than a few thousand files).
///
/// New bytes go to `<root>/incoming/` and are renamed to their address once `fsync`ed, so a
/// crash leaves at most an incoming file, never a partial attachment under a hash; collection
/// removes old incoming files. Writing bytes the store already holds keeps the stored copy.
public struct FileAttachmentStore: AttachmentStoring {
    let root: String

    public init(root: String) {
        self.root = root
    }

    public func begin() throws(AttachmentStoreError) -> any AttachmentWriting {
        let folder = root + "/incoming"
        do {
            try POSIXFile.createDirectory(folder, mode: 0o700)
        } catch {
            throw .unavailable("cannot create \(folder): \(error)")
        }
        let path = folder + "/\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .writeFailed("\(path): \(String(cString: strerror(errno)))") }
        return IncomingFile(store: self, path: path, descriptor: descriptor)
    }

    public func open(_ hash: AttachmentHash) throws(AttachmentStoreError) -> (any AttachmentReading)? {
        let path = address(hash)
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .readFailed("\(path): \(String(cString: strerror(errno)))")
        }
        return StoredFile(path: path, descriptor: descriptor)
    }

    public func all() throws(AttachmentStoreError) -> [StoredAttachment] {
        var found: [StoredAttachment] = []
        for folder in try names(in: root) where folder.utf8.count == 2 {
            for name in try names(in: root + "/" + folder) {
                guard let hash = AttachmentHash(name), hash.hex.hasPrefix(folder) else { continue }
                var status = stat()
                guard stat(address(hash), &status) == 0 else { continue }
                found.append(StoredAttachment(hash: hash, size: Int64(status.st_size),
                                              stored: Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))))
            }
        }
        return found.sorted { $0.hash < $1.hash }
    }

    public func remove(_ hash: AttachmentHash) throws(AttachmentStoreError) {
        guard unlink(address(hash)) == 0 || errno == ENOENT else {
            throw .writeFailed("cannot remove \(address(hash)): \(String(cString: strerror(errno)))")
        }
    }

    public func removeAbandoned(before date: Date) throws(AttachmentStoreError) -> Int {
        let folder = root + "/incoming"
        var removed = 0
        for name in try names(in: folder) {
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0, TimeInterval(status.st_mtim.tv_sec) < date.timeIntervalSince1970 else { continue }
            if unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    func address(_ hash: AttachmentHash) -> String {
        root + "/" + hash.hex.prefix(2) + "/" + hash.hex
    }

    private func names(in folder: String) throws(AttachmentStoreError) -> [String] {
        do {
            return try POSIXFile.names(inDirectory: folder)
        } catch where error.code == ENOENT {
            return []
        } catch {
            throw .readFailed("\(folder): \(String(cString: strerror(error.code)))")
        }
    }
}

/// A new attachment's bytes on their way into the store.
final class IncomingFile: AttachmentWriting {
    private let store: FileAttachmentStore
    private let path: String
    private var descriptor: Int32
    private var size: Int64 = 0

    init(store: FileAttachmentStore, path: String, descriptor: Int32) {
        self.store = store
        self.path = path
        self.descriptor = descriptor
    }

    deinit { abandon() }

    func write(_ bytes: UnsafeRawBufferPointer) throws(AttachmentStoreError) {
        guard descriptor >= 0 else { throw .writeFailed("\(path) was already committed or abandoned") }
        do {
            try POSIXFile.writeAll(bytes, to: descriptor, path: path)
        } catch {
            throw .writeFailed("\(error)")
        }
        let before = size
        size += Int64(bytes.count)
        // Each 8 MiB written starts on its way to the disk, so that `commit`'s `fsync` waits for little.
        if size / Self.writebackBytes > before / Self.writebackBytes {
            let end = size / Self.writebackBytes * Self.writebackBytes
            POSIXFile.startWriteback(descriptor, from: end - Self.writebackBytes, count: Self.writebackBytes)
        }
    }

    static let writebackBytes: Int64 = 8 << 20

    func commit(as hash: AttachmentHash) throws(AttachmentStoreError) -> StoredAttachment {
        guard descriptor >= 0 else { throw .writeFailed("\(path) was already committed or abandoned") }
        let written = descriptor
        descriptor = -1
        let destination = store.address(hash)
        let folder = POSIXFile.parent(of: destination)
        var existing = stat()
        if stat(destination, &existing) == 0, Int64(existing.st_size) == size {
            // The same bytes are stored already (their name is their hash).
            close(written)
            unlink(path)
        } else {
            do {
                let folderExisted = access(folder, F_OK) == 0
                try POSIXFile.createDirectory(folder, mode: 0o700)
                if !folderExisted { try POSIXFile.syncDirectory(POSIXFile.parent(of: folder)) }
            } catch {
                close(written)
                unlink(path)
                throw .writeFailed("\(error)")
            }
            do {
                try POSIXFile.moveIntoPlace(written, writtenAt: path, to: destination, durably: true)
            } catch {
                throw .writeFailed("\(error)")
            }
        }
        var status = stat()
        guard stat(destination, &status) == 0 else { return StoredAttachment(hash: hash, size: size, stored: Date()) }
        return StoredAttachment(hash: hash, size: Int64(status.st_size),
                                stored: Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec)))
    }

    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(path)
    }
}

/// A stored attachment's file, read in order.
final class StoredFile: AttachmentReading {
    private let path: String
    private let descriptor: Int32

    init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AttachmentStoreError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .readFailed("\(path): \(String(cString: strerror(errno)))") }
        }
    }
}
