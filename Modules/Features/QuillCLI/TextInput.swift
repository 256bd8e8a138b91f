import Foundation
import QuillModels

/// Turns user-supplied bytes (a `--file`, standard input) into a note's body, refusing invalid
/// UTF-8 and more than a body may hold: reading stops there, so `--file /dev/stdin` fed by `yes`
/// is refused rather than read until memory runs out.
enum TextInput {
    static func text(fromFile path: String, in environment: CLIEnvironment) throws -> String {
        var data = Data()
        do {
            let source = try environment.byteStreams.openForReading(absolute(path, in: environment))
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while data.count <= NoteLimits.maximumBodyBytes {
                let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                if count == 0 { break }
                data.append(contentsOf: buffer[..<count])
            }
        } catch {
            throw CLIFailure("cannot read --file \(path): \(error)")
        }
        return try decode(try bounded(data, source: path), source: path)
    }

    static func standardInput(in environment: CLIEnvironment) throws -> String? {
        guard let data = try environment.console.readStandardInput(upTo: NoteLimits.maximumBodyBytes + 1) else { return nil }
        return try decode(try bounded(data, source: "standard input"), source: "standard input")
    }

    private static func bounded(_ data: Data, source: String) throws -> Data {
        guard data.count <= NoteLimits.maximumBodyBytes else {
            throw CLIFailure("\(source) holds more than a note's body may: the limit is \(ByteCount.text(Int64(NoteLimits.maximumBodyBytes)))",
                             hint: "split it into several notes, or keep it as an attachment: 'quill attach ID FILE'")
        }
        return data
    }

    static func decode(_ data: Data, source: String) throws -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CLIFailure("\(source) is not valid UTF-8 text", hint: "convert it to UTF-8 first, e.g. with iconv")
        }
        return text
    }

    /// Whether the path names a folder; a symbolic link to one is one (`/.` is looked up inside
    /// what it points to).
    static func isFolder(_ path: String, in environment: CLIEnvironment) -> Bool {
        (try? environment.inputFiles.metadata(of: absolute(path, in: environment) + "/."))?.kind == .directory
    }

    static func absolute(_ path: String, in environment: CLIEnvironment) -> String {
        path.hasPrefix("/") ? path : environment.workingDirectory + "/" + path
    }
}
