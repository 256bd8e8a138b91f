import Foundation
import QuillServerCLI
import ServerComposition

// The `quill-server` executable: parse the command line, let the composition root resolve the
// command's settings once into the server they name (a store, or `--preview`'s memory), run the
// command against it, and report any failure the one way (`ServerFailureReport`: `quill-server: <cause>`,
// `hint: …`, and the exit status docs/server.md lists).
ServerRoots.prepareProcess()
let arguments = Array(CommandLine.arguments.dropFirst())
let processEnvironment = ProcessInfo.processInfo.environment
let homeDirectory = FileManager.default.homeDirectoryForCurrentUser.path

do {
    let parsed = try QuillServer.parseAsRoot(arguments)
    guard let command = parsed as? any QuillServerCommand else {
        // `quill-server account` alone: ArgumentParser prints help.
        var group = parsed
        try group.run()
        exit(EXIT_SUCCESS)
    }
    try await command.run(in: ServerRoots.commandLine(options: command.options, processEnvironment: processEnvironment,
                                                      homeDirectory: homeDirectory))
    exit(EXIT_SUCCESS)
} catch {
    guard let report = ServerFailureReport(error) else { QuillServer.exit(withError: error) }
    FileHandle.standardError.write(Data(report.text.utf8))
    exit(report.status.rawValue)
}
