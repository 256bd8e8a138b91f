import Foundation
import QuillModels

/// Titles for Markdown files that were not written by Quill.
enum PlainMarkdown {
    /// The first `# ` heading among the first 200 lines that are not empty (outside fenced code),
    /// as it reads (`shown`), else the file name without its extension; cut to the title limit.
    /// Lines end with `\n` or `\r\n`; they are found on the UTF-8 bytes, one at a time (a `\n`
    /// always ends a `Character`).
    static func title(of text: String, fileName: String) -> String {
        var lineStart = text.startIndex, lines = 0
        var fences = MarkdownCode.FenceTracker()
        while lineStart < text.endIndex, lines < 200 {
            let lineEnd = text.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            var line = text[lineStart..<lineEnd]
            lineStart = lineEnd < text.endIndex ? text.utf8.index(after: lineEnd) : lineEnd
            if line.utf8.last == UInt8(ascii: "\r") { line = line[..<line.utf8.index(before: line.endIndex)] }
            guard !line.isEmpty else { continue }
            lines += 1
            if fences.isCode(ArraySlice(line.utf8)) { continue }
            if line.hasPrefix("# ") {
                let heading = shown(withoutNewlines(line.dropFirst(2))).trimmingWhitespaces()
                if !heading.isEmpty { return String(heading.prefix(NoteLimits.maximumTitleCharacters)) }
            }
        }
        let trimmed = stem(of: fileName)
        return trimmed.isEmpty ? "Untitled" : String(trimmed.prefix(NoteLimits.maximumTitleCharacters))
    }

    /// The file name without its extension or line breaks, trimmed: what `[[links]]` in the
    /// vault call the note.
    static func stem(of fileName: String) -> String {
        let stem = fileName.lastIndex(of: ".").map { fileName[..<$0] } ?? fileName[...]
        return withoutNewlines(stem).trimmingWhitespaces()
    }
}

extension PlainMarkdown {
    /// A heading as it reads: a link (`[[Target|shown]]`, `[[Target]]`, `[text](url)`) as its
    /// shown text, so that `# Intro to [[dataview|Dataview]]` is titled `Intro to Dataview`. An
    /// embed stays as written, and so does a heading that would read as nothing.
    static func shown(_ heading: String) -> String {
        let references = MarkdownReference.scan(heading).filter { !$0.isEmbedded }
        guard !references.isEmpty else { return heading }
        let bytes = Array(heading.utf8)
        var text: [UInt8] = [], position = 0
        for reference in references {
            text += bytes[position..<reference.utf8Range.lowerBound]
            switch reference.kind {
            case .wikilink(let inner):
                let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                text += (parts.count == 2 && !String(parts[1]).trimmingWhitespaces().isEmpty ? parts[1] : parts[0]).utf8
            case .link(let label, _):
                text += label.utf8
            }
            position = reference.utf8Range.upperBound
        }
        text += bytes[position...]
        let read = String(decoding: text, as: UTF8.self)
        return read.trimmingWhitespaces().isEmpty ? heading : read
    }

    /// `text` without its `Character`s that are line breaks; looked for only where a byte could
    /// start one (a control character, or the lead byte of U+0085, U+2028, U+2029).
    private static func withoutNewlines(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 || $0 == 0xE2 }) else { return String(text) }
        return String(text.filter { !$0.isNewline })
    }

    /// A Markdown file not written by Quill as a note to add: another app's front matter gives
    /// its fields (`ForeignFrontMatter`); dates it lacks are the file's modification time. When
    /// the title is not the file's name, the name becomes an alias (`NoteAliases`), so that the
    /// vault's `[[File name]]` links still reach the note. `readAs` says how a file that was not
    /// UTF-8 was read (`MarkdownFileText`). A text longer than a note holds is
    /// fitted when the note is planned (`LongNoteText`).
    static func item(text: String, readAs: String? = nil, entry: String, fileName: String, modifiedSeconds: Int64?) -> ArchiveItem {
        let modified = modifiedSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        let foreign = ForeignFrontMatter.read(text) ?? ForeignFrontMatter(body: text)
        let noteTitle = foreign.title ?? title(of: foreign.body, fileName: fileName)
        let fileStem = stem(of: fileName)
        let body = fileStem.isEmpty || LinkName.folded(fileStem) == LinkName.folded(noteTitle)
            ? foreign.body : NoteAliases.adding(fileStem, to: foreign.body)
        let note = PlainNote(
            title: noteTitle, body: body, tags: foreign.tags,
            created: foreign.created ?? modified ?? foreign.updated, updated: foreign.updated ?? modified ?? foreign.created)
        return ArchiveItem(entry: entry, incoming: .plain(note), notices: (readAs.map { [$0] } ?? []) + foreign.notices)
    }
}

extension PlainMarkdown {
    /// A plain note tagged with the path of the subfolder it was in (`Recipes/Cakes` gets
    /// `recipes/cakes`, as Obsidian writes nested tags; white space and commas become `-`), in a
    /// folder and in an archived folder alike; a path that cannot be a tag is reported.
    static func tagged(_ item: ArchiveItem, folder: String) -> ArchiveItem {
        guard !folder.isEmpty, case .plain(var plain) = item.incoming else { return item }
        var item = item
        let tagText = String(folder.lowercased().map { $0.isWhitespace || $0 == "," ? "-" : $0 })
        if let tag = try? Tag(tagText), plain.tags.count < NoteLimits.maximumTags || plain.tags.contains(tag) {
            plain.tags = Array(Set(plain.tags + [tag])).sorted()
            item.incoming = .plain(plain)
        } else {
            item.notices.append("the folder '\(folder)' cannot be a tag; not tagged")
        }
        return item
    }
}
