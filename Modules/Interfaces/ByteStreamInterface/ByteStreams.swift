/// Somewhere to write bytes to, in order: a file, standard output, memory.
///
/// Exists so that the archive feature streams its output without knowing where it goes,
/// and never has to hold a whole archive in memory.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError)
    /// Makes everything written durable and visible (for a file: renames it into place).
    func close() throws(ByteStreamError)
    /// Gives up: nothing written becomes visible (for a file: the partial file is removed).
    func abandon()
    /// Returns once the sink can take more without holding much in memory: a sink that hands
    /// bytes on to a slower reader (a response to a client) waits for it to take what it has.
    nonisolated(nonsending) func waitForRoom() async
}

extension ByteSink {
    /// A sink that writes what it is given at once always has room.
    public nonisolated(nonsending) func waitForRoom() async {}
}

/// Somewhere to read bytes from, in order: a file, standard input, memory.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 only at the end of the input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int
}

/// Opens the byte streams that commands name on the command line (`PATH` or `-`).
///
/// Exists so that the CLI can open files and the standard streams through a port, and tests
/// can hand it memory instead.
public protocol ByteStreamOpening: Sendable {
    func openForReading(_ path: String) throws(ByteStreamError) -> any ByteSource
    /// A sink whose bytes appear at `path` only once it is closed; an existing file there is replaced.
    func createForWriting(_ path: String) throws(ByteStreamError) -> any ByteSink
    func standardInput() -> any ByteSource
    func standardOutput() -> any ByteSink
}

/// Why reading or writing a byte stream failed, in words for the user.
public enum ByteStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case readFailed(String)
    case writeFailed(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .readFailed(let reason): "read failed: \(reason)"
        case .writeFailed(let reason): "write failed: \(reason)"
        }
    }
}

extension ByteSink {
    public func write(_ bytes: [UInt8]) throws(ByteStreamError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ByteStreamError) in try write(buffer) }
        }
        try result.get()
    }
}
