import Crypto
import QuillModels

/// `manifest.json`: what a Quill archive contains, with a SHA-256 per entry.
///
/// Exists so that an import can prove that every note the exporter wrote arrived intact and
/// that nothing was added or removed, beyond what gzip's CRC already checks. Written by
/// `ManifestBuilder`, read by `ManifestParser`, checked against the archive by `ManifestCheck`.
enum ArchiveManifest {
    static let currentFormat = 1

    struct Entry: Equatable {
        var path: String
        var sha256: String
        var bytes: Int64
    }
}

/// Builds `manifest.json` entry by entry, keeping per note only its quoted path, SHA-256 and
/// size (about 110 bytes), and writes the JSON text (keys sorted, one entry per line) at the end.
///
/// Exists so that exporting 100,000 notes keeps its memory small: neither `JSONEncoder`
/// objects nor the manifest's text are ever held whole.
struct ManifestBuilder {
    /// Quoted paths, in segments of `segmentBytes` that no path straddles, so that the store
    /// never doubles (and copies) one big buffer as it grows.
    private var pathSegments: [[UInt8]] = []
    private var pathStarts: [UInt32] = []
    private var pathLengths: [UInt32] = []
    private var digests: [UInt8] = []
    private var sizes: [UInt32] = []
    private var entryBytes = 0
    private static let segmentBytes = 1 << 20

    /// - Parameter expectedNotes: how many notes will be added, to size the per-note arrays once.
    init(expectedNotes: Int) {
        pathStarts.reserveCapacity(expectedNotes)
        pathLengths.reserveCapacity(expectedNotes)
        digests.reserveCapacity(expectedNotes * 32)
        sizes.reserveCapacity(expectedNotes)
    }

    var noteCount: Int { sizes.count }

    mutating func add(path: String, content: [UInt8]) {
        let quoted = Array(JSONString.quote(path).utf8)
        if noteCount > 0 { entryBytes += 2 }
        entryBytes += Self.lineLength(quotedPath: quoted.count, size: content.count)
        if pathSegments.isEmpty || pathSegments[pathSegments.count - 1].count + quoted.count > Self.segmentBytes {
            pathSegments.append([])
            pathSegments[pathSegments.count - 1].reserveCapacity(max(Self.segmentBytes, quoted.count))
        }
        let segment = pathSegments.count - 1
        pathStarts.append(UInt32(segment) << 20 | UInt32(pathSegments[segment].count))
        pathLengths.append(UInt32(quoted.count))
        pathSegments[segment].append(contentsOf: quoted)
        digests.append(contentsOf: SHA256.hash(data: content))
        sizes.append(UInt32(content.count))
    }

    /// The manifest's size in bytes, before it is written.
    var byteCount: Int { prefix.count + entryBytes + suffix.count }

    /// Hands the manifest on in slices of about `sliceBytes`.
    func write(sliceBytes: Int, _ emit: ([UInt8]) async throws -> Void) async throws {
        var slice = prefix
        for entry in 0..<noteCount {
            if entry > 0 { slice.append(contentsOf: ",\n".utf8) }
            appendLine(entry, to: &slice)
            if slice.count >= sliceBytes {
                try await emit(slice)
                slice.removeAll(keepingCapacity: true)
            }
        }
        slice.append(contentsOf: suffix)
        try await emit(slice)
    }

    private func appendLine(_ entry: Int, to output: inout [UInt8]) {
        let segment = Int(pathStarts[entry] >> 20), start = Int(pathStarts[entry] & 0xF_FFFF)
        output.append(contentsOf: #"{"bytes":"#.utf8)
        output.append(contentsOf: String(sizes[entry]).utf8)
        output.append(contentsOf: #","path":"#.utf8)
        output.append(contentsOf: pathSegments[segment][start..<(start + Int(pathLengths[entry]))])
        output.append(contentsOf: #","sha256":""#.utf8)
        output.append(contentsOf: SHA256Hex.hex(digests[(entry * 32)..<(entry * 32 + 32)]).utf8)
        output.append(contentsOf: #""}"#.utf8)
    }

    private static func lineLength(quotedPath: Int, size: Int) -> Int {
        #"{"bytes":,"path":,"sha256":""}"#.utf8.count + String(size).utf8.count + quotedPath + 64
    }

    private var prefix: [UInt8] { Array("{\"entries\":[\n".utf8) }
    private var suffix: [UInt8] {
        Array("\n],\"format\":\(ArchiveManifest.currentFormat),\"generator\":\"quill\",\"noteCount\":\(noteCount)}\n".utf8)
    }
}
