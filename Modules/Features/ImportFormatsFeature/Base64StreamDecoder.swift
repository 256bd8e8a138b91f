/// Decodes base64 that arrives in pieces (an Evernote resource, streamed out of its XML),
/// skipping white space, so that the encoded text is never held whole.
struct Base64StreamDecoder {
    enum Failure: Error, Equatable { case invalidCharacter(UInt8), misplacedPadding }

    private var quantum: UInt32 = 0
    private var count = 0
    private var padding = 0
    private(set) var output: [UInt8] = []

    mutating func take(_ bytes: [UInt8]) throws(Failure) {
        // Room for the most this piece can decode to, written through pointers, then trimmed:
        // appending byte by byte costs more than the decoding.
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count / 4 * 3 + 3))
        var state = State(quantum: quantum, count: count, padding: padding)
        let result = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                Self.table.withUnsafeBufferPointer { table in Self.decode(input, into: out, at: start, table: table, state: &state) }
            }
        }
        quantum = state.quantum
        count = state.count
        padding = state.padding
        switch result {
        case .success(let written): output.removeSubrange(written...)
        case .failure(let failure):
            output.removeSubrange(start...)
            throw failure
        }
        if padding > 0, count + padding == 4 { try finishQuantum() }
    }

    /// Where decoding stands between pieces: the bits of an unfinished group of four.
    private struct State {
        var quantum: UInt32
        var count: Int
        var padding: Int
    }

    /// Decodes `input` into `out` from `at`; the index after the last byte written.
    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int,
        table: UnsafeBufferPointer<UInt8>, state: inout State
    ) -> Result<Int, Failure> {
        var written = start
        var quantum = state.quantum, count = state.count, padding = state.padding
        defer { state = State(quantum: quantum, count: count, padding: padding) }
        var index = 0
        let end = input.count
        while index < end {
            // Four characters of the alphabet in a row, the common case, as one group.
            if count == 0, padding == 0, index + 4 <= end {
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                let c = table[Int(input[index + 2])], d = table[Int(input[index + 3])]
                if a | b | c | d < 64 {
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[written] = UInt8(truncatingIfNeeded: group >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: group)
                    written += 3
                    index += 4
                    continue
                }
            }
            let byte = input[index]
            index += 1
            let value = table[Int(byte)]
            if value < 64 {
                guard padding == 0 else { return .failure(.misplacedPadding) }
                quantum = quantum << 6 | UInt32(value)
                count += 1
                if count == 4 {
                    out[written] = UInt8(truncatingIfNeeded: quantum >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: quantum >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: quantum)
                    written += 3
                    quantum = 0
                    count = 0
                }
            } else if value == space {
                continue
            } else if value == pad {
                padding += 1
                guard count + padding <= 4, count >= 2 else { return .failure(.misplacedPadding) }
            } else {
                return .failure(.invalidCharacter(byte))
            }
        }
        return .success(written)
    }

    /// The bytes decoded; throws if the text stopped inside a group of four.
    mutating func finish() throws(Failure) -> [UInt8] {
        try finishQuantum()
        return output
    }

    private mutating func finishQuantum() throws(Failure) {
        switch count {
        case 0: break
        case 2: output.append(UInt8(truncatingIfNeeded: quantum >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: quantum >> 10))
            output.append(UInt8(truncatingIfNeeded: quantum >> 2))
        default: throw .misplacedPadding
        }
        quantum = 0
        count = 0
        padding = 0
    }

    private static let invalid: UInt8 = 0xFF, space: UInt8 = 0xFE, pad: UInt8 = 0xFD
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(byte)] = UInt8(index) }
        for byte in " \t\r\n".utf8 { table[Int(byte)] = space }
        table[Int(UInt8(ascii: "="))] = pad
        return table
    }()
}
