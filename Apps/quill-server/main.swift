import Foundation
import QuillServerCLI
import ServerComposition

// The `quill-server` executable: parse the command line, run the command against the command
// line's composition root (whose resolved settings name the server: a store, or `--preview`'s
// memory), report (ArgumentParser's way: `Error: …` on standard error, usage errors with exit
// status 64).
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
    try await command.run(in: ServerRoots.commandLine(processEnvironment: processEnvironment, homeDirectory: homeDirectory))
    exit(EXIT_SUCCESS)
} catch {
    QuillServer.exit(withError: error)
}
