import ByteStreamInterface

/// Standard input and output as an archive's bytes, refused where they are a terminal.
///
/// An archive is compressed binary: written to a terminal it is noise that can leave the
/// terminal in any state, and read from one `quill` would wait for bytes no one types. As `tar`
/// and `gzip` do, `-` is refused there (exit 2) with the redirection that was meant.
enum ArchiveStreams {
    static func standardInput(in environment: CLIEnvironment, command: String) throws -> any ByteSource {
        guard !environment.console.isStandardInputTerminal else {
            throw CLIFailure("standard input is a terminal, not an archive",
                             hint: "pipe one in, e.g. 'quill \(command) - < notes.tar.gz', or name the file", status: .usage)
        }
        return environment.byteStreams.standardInput()
    }

    /// What `import` and `verify` read from `path`: standard input for `-`, else the file; `nil`
    /// for a folder. The file system is asked only when the path cannot be opened, and a symbolic
    /// link to a folder is the folder.
    static func input(_ path: String, absolute: String, in environment: CLIEnvironment, command: String) throws -> (any ByteSource)? {
        if path == "-" { return try standardInput(in: environment, command: command) }
        do { return try environment.byteStreams.openForReading(absolute) } catch {
            guard TextInput.isFolder(absolute, in: environment) else { throw error }
            return nil
        }
    }

    static func standardOutput(in environment: CLIEnvironment) throws -> any ByteSink {
        guard !environment.console.isStandardOutputTerminal else {
            throw CLIFailure("standard output is a terminal: an archive is not text to show there",
                             hint: "redirect it, e.g. 'quill export - > notes.tar.gz', or name the file", status: .usage)
        }
        return environment.byteStreams.standardOutput()
    }
}
