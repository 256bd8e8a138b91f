/// Appends ustar entries to a byte buffer, with pax extended headers for names that are
/// longer than 100 bytes or not ASCII.
///
/// Exists so that the exporter produces the most widely readable tar dialect (POSIX
/// pax/ustar, which GNU tar, bsdtar and Python all read) without a tar library.
struct TarWriter {
    /// Appends a directory entry (`path` without the trailing slash).
    static func appendDirectory(_ path: String, modified: Int64, to output: inout [UInt8]) {
        appendHeader(path: path + "/", fallbackPath: path + "/", type: UInt8(ascii: "5"), mode: 0o755,
                     size: 0, modified: modified, to: &output)
    }

    /// Appends a regular file. `fallbackPath` is an ASCII name of at most 100 bytes used in the
    /// ustar header when `path` needs a pax header (old tools that ignore pax still get a sane name).
    static func appendFile(_ path: String, fallbackPath: String, content: some Collection<UInt8>, modified: Int64,
                           to output: inout [UInt8]) {
        appendFileHeader(path, fallbackPath: fallbackPath, size: Int64(content.count), modified: modified, to: &output)
        output.append(contentsOf: content)
        appendPadding(afterContentOf: Int64(content.count), to: &output)
    }

    /// The header of a regular file whose `size` bytes of content the caller appends next,
    /// followed by `appendPadding`: for content too large to gather in one buffer.
    static func appendFileHeader(_ path: String, fallbackPath: String, size: Int64, modified: Int64, to output: inout [UInt8]) {
        appendHeader(path: path, fallbackPath: fallbackPath, type: UInt8(ascii: "0"), mode: 0o644,
                     size: size, modified: modified, to: &output)
    }

    static func appendPadding(afterContentOf size: Int64, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(0, count: TarFormat.padding(for: size)))
    }

    /// The end-of-archive marker (two zero blocks) and padding to a whole record.
    static func appendEnd(to output: inout [UInt8], totalBytesBefore: Int64) {
        let end = totalBytesBefore + Int64(2 * TarFormat.blockSize)
        let remainder = Int(end % Int64(TarFormat.recordSize))
        let recordPadding = remainder == 0 ? 0 : TarFormat.recordSize - remainder
        output.append(contentsOf: repeatElement(0, count: 2 * TarFormat.blockSize + recordPadding))
    }

    static func needsPax(_ path: String) -> Bool {
        path.utf8.count > TarFormat.Field.name.count || !path.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    private static func appendHeader(path: String, fallbackPath: String, type: UInt8, mode: Int, size: Int64,
                                     modified: Int64, to output: inout [UInt8]) {
        var name = path
        if needsPax(path) {
            let record = paxRecord(key: "path", value: path)
            writeHeader(name: "PaxHeaders/" + String(fallbackPath.suffix(80)), type: UInt8(ascii: "x"), mode: 0o644,
                        size: Int64(record.count), modified: modified, to: &output)
            output.append(contentsOf: record)
            output.append(contentsOf: repeatElement(0, count: TarFormat.padding(for: Int64(record.count))))
            name = fallbackPath
        }
        writeHeader(name: name, type: type, mode: mode, size: size, modified: modified, to: &output)
    }

    private static func writeHeader(name: String, type: UInt8, mode: Int, size: Int64, modified: Int64,
                                    to output: inout [UInt8]) {
        var header = [UInt8](repeating: 0, count: TarFormat.blockSize)
        put(Array(name.utf8.prefix(TarFormat.Field.name.count)), at: TarFormat.Field.name.lowerBound, in: &header)
        putOctal(Int64(mode), field: TarFormat.Field.mode, in: &header)
        putOctal(0, field: TarFormat.Field.uid, in: &header)
        putOctal(0, field: TarFormat.Field.gid, in: &header)
        putOctal(size, field: TarFormat.Field.size, in: &header)
        putOctal(max(0, modified), field: TarFormat.Field.mtime, in: &header)
        header[TarFormat.Field.typeflag] = type
        put(Array("ustar\0".utf8), at: TarFormat.Field.magic.lowerBound, in: &header)
        put(Array("00".utf8), at: TarFormat.Field.version.lowerBound, in: &header)
        put(Array("quill".utf8), at: TarFormat.Field.uname.lowerBound, in: &header)
        put(Array("quill".utf8), at: TarFormat.Field.gname.lowerBound, in: &header)
        let sum = header.withUnsafeBytes { TarFormat.checksum(of: $0).unsigned }
        let digits = Array(String(sum, radix: 8).utf8)
        put(Array(repeating: UInt8(ascii: "0"), count: 6 - digits.count) + digits + [0, UInt8(ascii: " ")],
            at: TarFormat.Field.checksum.lowerBound, in: &header)
        output.append(contentsOf: header)
    }

    /// A pax record: `"<length> <key>=<value>\n"`, where the length counts the whole record.
    static func paxRecord(key: String, value: String) -> [UInt8] {
        let body = " \(key)=\(value)\n".utf8.count
        var length = body + 1
        while String(length).utf8.count + body != length { length = String(length).utf8.count + body }
        return Array("\(length) \(key)=\(value)\n".utf8)
    }

    private static func put(_ bytes: [UInt8], at offset: Int, in header: inout [UInt8]) {
        header.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }

    /// Zero-padded octal filling the field but its last byte, which stays NUL.
    private static func putOctal(_ value: Int64, field: Range<Int>, in header: inout [UInt8]) {
        let digits = Array(String(value, radix: 8).utf8)
        let width = field.count - 1
        put(Array(repeating: UInt8(ascii: "0"), count: max(0, width - digits.count)) + digits.suffix(width),
            at: field.lowerBound, in: &header)
    }
}
