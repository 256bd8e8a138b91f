import Foundation
import Testing

/// Runs the built `quill` executable, as a user would, in a temporary home.
struct QuillProcess {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    let home: String

    /// A fresh, not yet existing `$QUILL_HOME` under the temporary directory.
    static func withFreshHome() -> QuillProcess {
        QuillProcess(home: FileManager.default.temporaryDirectory.appendingPathComponent("quill-it-\(UUID().uuidString)").path)
    }

    /// The `quill` built next to this test bundle (override with `$QUILL_BINARY`).
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["QUILL_BINARY"] { return path }
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return here.appendingPathComponent("quill").path
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUILL_HOME"] = home
        return environment
    }

    @discardableResult
    func run(_ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: QuillProcess.binary)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs and expects success, returning standard output without its final newline.
    func succeed(_ arguments: [String], input: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, input: input)
        #expect(result.status == 0, "quill \(arguments): \(result.errors)", sourceLocation: sourceLocation)
        return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
    }

    func listedIDs() throws -> [String] {
        let json = try succeed(["list", "--json"])
        let notes = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return notes.compactMap { $0["id"] as? String }
    }

    func removeHome() {
        try? FileManager.default.removeItem(atPath: home)
    }
}
