import CompressionInterface
import CompressionTesting
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

/// A small deterministic generator so random inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

import Testing

enum Inputs {
    static func named(_ name: String) -> [UInt8] {
        var generator = SeededGenerator(seed: 42)
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
        var generator = SeededGenerator(seed: seed)
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
