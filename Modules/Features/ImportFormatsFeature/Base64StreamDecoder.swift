/// Decodes base64 that arrives in pieces (an Evernote resource, streamed out of its XML),
/// skipping white space, so that the encoded text is never held whole.
struct Base64StreamDecoder {
    enum Failure: Error, Equatable { case invalidCharacter(UInt8), misplacedPadding }

    private var quantum: UInt32 = 0
    private var count = 0
    private var padding = 0
    private(set) var output: [UInt8] = []

    mutating func take(_ bytes: [UInt8]) throws(Failure) {
        output.reserveCapacity(output.count + bytes.count * 3 / 4 + 3)
        for byte in bytes {
            let value = Self.table[Int(byte)]
            if value == Self.space { continue }
            if value == Self.pad {
                padding += 1
                guard count + padding <= 4, count >= 2 else { throw .misplacedPadding }
                continue
            }
            guard value != Self.invalid else { throw .invalidCharacter(byte) }
            guard padding == 0 else { throw .misplacedPadding }
            quantum = quantum << 6 | UInt32(value)
            count += 1
            if count == 4 {
                output.append(UInt8(truncatingIfNeeded: quantum >> 16))
                output.append(UInt8(truncatingIfNeeded: quantum >> 8))
                output.append(UInt8(truncatingIfNeeded: quantum))
                quantum = 0
                count = 0
            }
        }
        if padding > 0, count + padding == 4 { try finishQuantum() }
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
