/// Room for bytes that an operation has to keep until its end but that grow with its input:
/// an archive's per-note bookkeeping (manifest lines on export, entry checksums on import).
///
/// Exists so that export and import keep a bounded amount of memory whatever the number of
/// notes: what grows goes to a scratch file, written in order and read back in order.
public protocol ScratchStorage: Sendable {
    /// A new, empty scratch file. It is gone when the returned object is released, even if
    /// the process dies first.
    func makeScratchFile() throws(ByteStreamError) -> any ScratchFile
}

/// One scratch file: appended to, then read back from the start, as often as needed.
public protocol ScratchFile: AnyObject {
    /// How many bytes have been appended.
    var count: Int64 { get }
    func append(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError)
    /// Everything appended so far, from the start. Appending while reading is not supported.
    func readBack() throws(ByteStreamError) -> any ByteSource
}

extension ScratchFile {
    public func append(_ bytes: [UInt8]) throws(ByteStreamError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ByteStreamError) in try append(buffer) }
        }
        try result.get()
    }
}
