#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StandardInterfaces

/// The process's real standard input, output and error.
public struct StandardConsole: Console {
    public init() {}

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func writeBytes(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    public func readStandardInput(upTo limit: Int) throws -> Data? {
        guard !isStandardInputTerminal else { return nil }
        var data = Data()
        while data.count < limit, let piece = try FileHandle.standardInput.read(upToCount: min(limit - data.count, 1 << 16)), !piece.isEmpty {
            data.append(piece)
        }
        return data
    }

    public var isStandardInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    public var isStandardErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    public var isStandardOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
