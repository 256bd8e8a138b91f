/// A count and the noun it counts, as Quill's messages write them: "1 note", "3 notes".
///
/// Exists so that every message (the commands', the server's, the web reader's, an import's
/// notices) makes its English plurals one way.
public enum Counted {
    /// The count and its noun: "1 note", "0 notes", "3 notes".
    public static func text(_ count: Int, _ noun: String) -> String { "\(count) \(Self.noun(noun, count: count))" }

    /// The noun alone, as `count` of it is written: "note" for one, "notes" otherwise.
    public static func noun(_ noun: String, count: Int) -> String { word(noun, noun + "s", count: count) }

    /// The word that agrees with `count`: `one` for one, `many` otherwise ("waits" / "wait",
    /// "it" / "them").
    public static func word(_ one: String, _ many: String, count: Int) -> String { count == 1 ? one : many }
}
