import ArgumentParser
import Foundation
import QuillCLI
import QuillComposition

// The `quill` executable: parse the command line, pick a composition root, run, report.
QuillRoots.prepareProcess()
let arguments = Array(CommandLine.arguments.dropFirst())
let processEnvironment = ProcessInfo.processInfo.environment
let workingDirectory = FileManager.default.currentDirectoryPath
let reporter = StandardErrorReporter()

do {
    let parsed = try Quill.parseAsRoot(arguments)
    guard let command = parsed as? any QuillCommand else {
        // `quill` alone, or a command with nothing to run: ArgumentParser prints help.
        var root = parsed
        try root.run()
        exit(ExitStatus.success.rawValue)
    }
    let environment = command.global.preview
        ? QuillRoots.preview(processEnvironment: processEnvironment, workingDirectory: workingDirectory)
        : try QuillRoots.production(processEnvironment: processEnvironment, workingDirectory: workingDirectory)
    try await command.runReportingFailures(in: environment)
    exit(ExitStatus.success.rawValue)
} catch {
    exit(reporter.report(error))
}
