/// Where a command writes the file a person named: a folder gets the file under its default
/// name, as `cp FILE FOLDER` does, rather than the file written whole and then refused ("Is a
/// directory"). `-` (standard output) and any other path are as given.
enum OutputPath {
    static func resolve(_ given: String, defaultName: String, in environment: CLIEnvironment) -> String {
        guard given != "-", TextInput.isFolder(given, in: environment) else { return given }
        return (given.hasSuffix("/") ? given : given + "/") + defaultName
    }
}
