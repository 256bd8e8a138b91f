/// The fields of one 512-byte tar header, checked: checksum, magic, numbers in octal.
struct TarHeaderFields {
    let type: UInt8
    let size: Int64
    /// The mtime field; `nil` if it is zero or not octal (base-256 times are not read).
    let modified: Int64?
    /// The name (with the ustar prefix), or `nil` if it is not valid UTF-8.
    let path: String?
    let rawName: [UInt8]

    init(_ header: ArraySlice<UInt8>, offset: Int64, after entry: String?) throws(ArchiveError) {
        let block = Array(header)
        func malformed(_ reason: String) -> ArchiveError {
            .malformedHeader(offset: offset, after: entry, reason: reason)
        }
        let magic = Array(block[TarFormat.Field.magic])
        let version = Array(block[TarFormat.Field.version])
        let isPOSIX = magic == Array("ustar\0".utf8) && version == Array("00".utf8)
        let isGNU = magic == Array("ustar ".utf8) && version == Array(" \0".utf8)
        guard isPOSIX || isGNU else { throw malformed("not a ustar header (bad magic)") }
        guard let stored = Self.octal(block[TarFormat.Field.checksum]) else { throw malformed("unreadable header checksum") }
        let computed = block.withUnsafeBytes { TarFormat.checksum(of: $0) }
        guard stored == Int64(computed.unsigned) || stored == Int64(computed.signed) else {
            throw malformed("header checksum mismatch")
        }
        guard block[TarFormat.Field.size.lowerBound] & 0x80 == 0 else {
            throw malformed("size in base-256 (an entry of 8 GiB or more)")
        }
        guard let size = Self.octal(block[TarFormat.Field.size]) else { throw malformed("unreadable size field") }
        self.size = size
        modified = Self.octal(block[TarFormat.Field.mtime]).flatMap { $0 > 0 ? $0 : nil }
        type = block[TarFormat.Field.typeflag]
        var name = Self.cString(block[TarFormat.Field.name])
        if isPOSIX {
            let prefix = Self.cString(block[TarFormat.Field.prefix])
            if !prefix.isEmpty { name = prefix + [UInt8(ascii: "/")] + name }
        }
        rawName = name
        path = String(validating: name, as: UTF8.self)
    }

    private static func cString(_ field: ArraySlice<UInt8>) -> [UInt8] {
        Array(field.prefix { $0 != 0 })
    }

    /// An octal number field: optional leading spaces, digits, then NULs or spaces.
    static func octal(_ field: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        var sawDigit = false
        var ended = false
        for byte in field {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7") where !ended:
                guard value < Int64.max >> 3 else { return nil }
                value = value << 3 | Int64(byte - UInt8(ascii: "0"))
                sawDigit = true
            case UInt8(ascii: " ") where !sawDigit:
                continue
            case 0, UInt8(ascii: " "):
                ended = true
            default:
                return nil
            }
        }
        return sawDigit ? value : nil
    }
}

/// The pax records Quill understands (`path`, `size`); others (times, owners) are ignored.
struct PaxRecords {
    var path: String?
    var size: Int64?

    static func parse(_ bytes: [UInt8], offset: Int64, after entry: String?) throws(ArchiveError) -> PaxRecords {
        func malformed(_ reason: String) -> ArchiveError {
            .malformedHeader(offset: offset, after: entry, reason: "pax header: \(reason)")
        }
        var records = PaxRecords()
        var index = 0
        while index < bytes.count {
            guard let space = bytes[index...].firstIndex(of: UInt8(ascii: " ")), space - index <= 20,
                  let length = Int(String(decoding: bytes[index..<space], as: UTF8.self)), length > space - index + 1,
                  index + length <= bytes.count, bytes[index + length - 1] == UInt8(ascii: "\n")
            else { throw malformed("bad record length") }
            let record = bytes[(space + 1)..<(index + length - 1)]
            guard let equals = record.firstIndex(of: UInt8(ascii: "=")) else { throw malformed("record without '='") }
            guard let key = String(validating: record[..<equals], as: UTF8.self) else { throw malformed("key is not UTF-8") }
            let valueBytes = record[(equals + 1)...]
            switch key {
            case "path":
                guard let value = String(validating: valueBytes, as: UTF8.self) else {
                    throw .invalidUTF8(entry: String(decoding: valueBytes, as: UTF8.self), part: "name")
                }
                records.path = value
            case "size":
                guard let value = Int64(String(decoding: valueBytes, as: UTF8.self)), value >= 0 else {
                    throw malformed("invalid size")
                }
                records.size = value
            default:
                break
            }
            index += length
        }
        return records
    }
}

/// Makes entry names safe: relative, inside the archive's folder, no NULs.
enum TarPath {
    static func normalize(_ path: String) throws(ArchiveError) -> String {
        guard !path.isEmpty else { throw .unsafePath(entry: path, reason: "empty name") }
        guard !path.hasPrefix("/") else { throw .unsafePath(entry: path, reason: "absolute path") }
        guard !path.utf8.contains(0) else { throw .unsafePath(entry: path, reason: "NUL in name") }
        if isAlreadyNormal(path) { return path }
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains("..") else { throw .unsafePath(entry: path, reason: "'..' component") }
        let kept = components.filter { $0 != "." }
        return kept.isEmpty ? "." : kept.joined(separator: "/")
    }

    /// Whether no component is empty, `.` or `..` (the common case, checked in one pass).
    private static func isAlreadyNormal(_ path: String) -> Bool {
        var length = 0
        var onlyDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else {
                length += 1
                onlyDots = onlyDots && byte == UInt8(ascii: ".")
            }
        }
        return length > 0 && !(onlyDots && length <= 2)
    }
}
