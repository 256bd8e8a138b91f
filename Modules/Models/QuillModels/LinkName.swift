import Foundation

/// How a link's target and a note's names are compared: Unicode-normalized (NFC), case folded,
/// surrounding spaces trimmed, as Obsidian compares them (diacritics count).
///
/// Exists so that the CLI's index, the server's and the web reader fold alike: one function, so
/// `[[café]]` reaches the same note everywhere.
public enum LinkName {
    public static func folded(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.lowercased()
    }
}
