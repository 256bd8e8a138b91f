/// Where `quill` keeps its configuration (the sync credentials).
///
/// `$XDG_CONFIG_HOME/quill`, else `~/.config/quill`, per the XDG base directory spec.
/// Takes the environment as a value so the composition root decides where it comes from.
public enum ConfigDirectory {
    public static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/quill" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/quill"
    }
}
