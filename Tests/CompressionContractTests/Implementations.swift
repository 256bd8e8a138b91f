import CompressionInterface
import CompressionTesting
import StandardTesting
import ZlibCompression

/// Every implementation of the compression ports; the contract suite runs against each.
struct Implementation: CustomTestStringConvertible, Sendable {
    let name: String
    let compressing: any Compressing
    let decompressing: any Decompressing

    var testDescription: String { name }

    static let all = [
        Implementation(name: "zlib gzip", compressing: ZlibGzip(), decompressing: ZlibGzip()),
        Implementation(name: "fake", compressing: FakeCompression(), decompressing: FakeCompression()),
    ]
}

import Testing

enum Inputs {
    static func named(_ name: String) -> [UInt8] {
        var generator = SplitMix64(seed: 42)
        switch name {
        case "empty": return []
        case "small": return Array("hello, quill\n".utf8)
        case "large text":
            let line = Array("The quick brown fox jumps over the lazy dog; notes are kept for years.\n".utf8)
            return (0..<8_000).flatMap { index in line + Array(String(index).utf8) }
        case "random": return (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        default: return []
        }
    }

    static let names = ["empty", "small", "large text", "random"]

    /// Splits `bytes` into pieces of random sizes (including empty ones).
    static func chunks(of bytes: [UInt8], maximum: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        var pieces: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let size = Int.random(in: 0...maximum, using: &generator)
            pieces.append(Array(bytes[index..<min(bytes.count, index + size)]))
            index += size
        }
        return pieces
    }
}
