import NIOCore
import PostgresNIO

/// A note's search vector in PostgreSQL's binary `tsvector` form, bound as a typed parameter so
/// that PostgreSQL copies it instead of parsing text: reading vectors written as text
/// (`tsvectorin`: a tokenizer, then `strtol` for every position) was a quarter of postgres's CPU
/// in a first push (`perf` under `Tools/benchmarks/sync.sh`).
///
/// The form `tsvectorrecv` reads: the lexeme count (Int32), then for each lexeme its UTF-8 bytes
/// and a NUL, its position count (UInt16) and its positions (UInt16, strictly increasing, the
/// weight in the top two bits, A = 3), all big-endian. PostgreSQL sorts the lexemes itself.
struct PostgresVector: Sendable, Equatable {
    fileprivate(set) var bytes: [UInt8]

    /// The vector of no words (a tombstone's, where a statement needs one).
    static let empty = PostgresVector(bytes: [0, 0, 0, 0])

    /// Writes a vector lexeme by lexeme, within what `tsvectorrecv` accepts.
    struct Builder {
        private var vector = PostgresVector.empty
        private var lexemes = 0
        /// Whether a lexeme is begun and not yet closed; where its position count is, its count,
        /// and its last position.
        private var open = false
        private var countIndex = 0, positions = 0, lastPosition = -1
        /// The size PostgreSQL gives the vector's data as it reads it (`datalen` in `tsvectorrecv`,
        /// which refuses a vector once that passes 1 MiB): lexeme bytes, alignment, positions.
        private var dataBytes = 0
        /// Whether a lexeme was refused for the size, so that every later one is too.
        private var full = false

        init(reservingCapacity bytes: Int = 0) {
            vector.bytes.reserveCapacity(bytes)
        }

        /// Starts a lexeme (not empty, no NUL, at most `maximumLexemeBytes`) and returns true,
        /// or returns false when the vector has no room left, and adds no more lexemes.
        mutating func begin(lexeme: some Collection<UInt8>) -> Bool {
            closeLexeme()
            guard !full, dataBytes <= PostgresSearchText.maximumVectorBytes else {
                full = true
                return false
            }
            open = true
            lexemes += 1
            vector.bytes.append(contentsOf: lexeme)
            vector.bytes.append(0)
            dataBytes += lexeme.count
            countIndex = vector.bytes.count
            vector.bytes.append(contentsOf: [0, 0])
            positions = 0
            lastPosition = -1
            return true
        }

        /// Adds a position of the current lexeme; positions come in order, and one equal to the
        /// last (positions past `maximumPosition` are all written as it) is dropped.
        mutating func add(position: Int, inTitle: Bool) {
            let position = min(position, PostgresSearchText.maximumPosition)
            guard open, position > lastPosition, positions < PostgresSearchText.maximumPositionsPerLexeme else { return }
            lastPosition = position
            positions += 1
            let entry = UInt16(position) | (inTitle ? 0xC000 : 0)
            vector.bytes.append(UInt8(entry >> 8))
            vector.bytes.append(UInt8(entry & 0xFF))
        }

        /// The vector of every lexeme begun.
        mutating func finish() -> PostgresVector {
            closeLexeme()
            Self.write(UInt32(lexemes), bytes: 4, into: &vector.bytes, at: 0)
            return vector
        }

        private mutating func closeLexeme() {
            guard open else { return }
            open = false
            Self.write(UInt32(positions), bytes: 2, into: &vector.bytes, at: countIndex)
            dataBytes = (dataBytes + 1) & ~1
            dataBytes += (positions + 1) * 4
        }

        private static func write(_ value: UInt32, bytes count: Int, into bytes: inout [UInt8], at index: Int) {
            for offset in 0..<count {
                bytes[index + offset] = UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - offset)))
            }
        }
    }
}

extension PostgresVector: PostgresNonThrowingEncodable, PostgresArrayEncodable {
    static var psqlType: PostgresDataType { .tsvector }
    static var psqlArrayType: PostgresDataType { .tsvectorArray }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeBytes(bytes)
    }
}

extension PostgresVector: CustomStringConvertible {
    /// The vector as `tsvector` text, lexemes in the order written: `'hello':1A,4 'world':2A`.
    var description: String {
        var text = "", index = 0
        func number(_ count: Int) -> Int {
            defer { index += count }
            return bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
        }
        for lexeme in 0..<number(4) {
            let end = bytes[index...].firstIndex(of: 0)!
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            text += (lexeme > 0 ? " " : "") + PostgresSearchText.quoted(word) + ":"
            text += (0..<number(2)).map { _ in
                let entry = number(2)
                return String(entry & 0x3FFF) + (entry >> 14 == 3 ? "A" : "")
            }.joined(separator: ",")
        }
        return text
    }
}
