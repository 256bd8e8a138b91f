import Foundation
import FileSystemInterface

/// Turns user-supplied bytes (a `--file`, standard input) into text, refusing invalid UTF-8.
enum TextInput {
    static func text(fromFile path: String, in environment: CLIEnvironment) throws -> String {
        let data: Data
        do {
            data = try environment.inputFiles.read(absolute(path, in: environment))
        } catch {
            throw CLIFailure("cannot read --file \(path): \(error)")
        }
        return try decode(data, source: path)
    }

    static func standardInput(in environment: CLIEnvironment) throws -> String? {
        guard let data = try environment.console.readStandardInput() else { return nil }
        return try decode(data, source: "standard input")
    }

    static func decode(_ data: Data, source: String) throws -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CLIFailure("\(source) is not valid UTF-8 text", hint: "convert it to UTF-8 first, e.g. with iconv")
        }
        return text
    }

    static func absolute(_ path: String, in environment: CLIEnvironment) -> String {
        path.hasPrefix("/") ? path : environment.workingDirectory + "/" + path
    }
}
