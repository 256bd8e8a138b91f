/// Writes a `NoteDocument` as JSON bytes by hand: byte for byte what `NoteJSON.encoder` writes
/// (keys sorted, slashes unescaped), which `NoteJSONTests` checks.
///
/// Exists for speed: every note written by the file store, the server and an import is encoded,
/// and Foundation's `JSONEncoder` spent a fifth of an import's time doing it.
extension NoteDocument {
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.utf8.count + title.utf8.count + 200)
        appendJSON(to: &bytes)
        return bytes
    }

    /// Appends the document's JSON (as `jsonBytes()`), for a writer of a body that holds notes.
    public func appendJSON(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"body":"#.utf8)
        JSONText.appendString(body, to: &bytes)
        bytes.append(contentsOf: #","created":"#.utf8)
        JSONText.appendString(created.description, to: &bytes)
        bytes.append(contentsOf: (deleted ? #","deleted":true,"format":"# : #","deleted":false,"format":"#).utf8)
        bytes.append(contentsOf: String(format).utf8)
        bytes.append(contentsOf: #","id":"#.utf8)
        JSONText.appendString(id.rawValue, to: &bytes)
        bytes.append(contentsOf: #","revision":"#.utf8)
        bytes.append(contentsOf: String(revision).utf8)
        bytes.append(contentsOf: #","tags":["#.utf8)
        for (index, tag) in tags.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendString(tag.rawValue, to: &bytes)
        }
        bytes.append(contentsOf: #"],"title":"#.utf8)
        JSONText.appendString(title, to: &bytes)
        bytes.append(contentsOf: #","updated":"#.utf8)
        JSONText.appendString(updated.description, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}
