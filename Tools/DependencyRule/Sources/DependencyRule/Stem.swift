/// The one rule that finds a concern's stem in a module's name, shared by `NameCheck` and the
/// table of concerns so the two can never disagree.
enum Stem {
    /// The stem an adapter's name ends with, after at least one character of technology
    /// (`ZlibCompression` → `Compression`, or in the plural: `LocalByteStreams` → `ByteStream`);
    /// the longest wins (`SQLiteServerStore` → `ServerStore`, not `Store`).
    static func longest(of name: String, among stems: some Sequence<String>) -> String? {
        stems.filter { stem in
            [stem, stem + "s"].contains { name.hasSuffix($0) && name.count > $0.count }
        }.max { $0.count < $1.count }
    }
}
