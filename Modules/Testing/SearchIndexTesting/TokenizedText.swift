import QuillModels

/// Cuts text into words as `SearchText.words` does, keeping where each word lies in the text.
enum TokenizedText {
    struct Token: Sendable {
        let folded: String
        let range: Range<String.UnicodeScalarView.Index>
    }

    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = text.unicodeScalars
        var start: String.UnicodeScalarView.Index?
        var index = scalars.startIndex
        func flush(at end: String.UnicodeScalarView.Index) {
            guard let begin = start else { return }
            let folded = SearchText.fold(String(scalars[begin..<end]))
            if !folded.isEmpty { tokens.append(Token(folded: folded, range: begin..<end)) }
            start = nil
        }
        while index < scalars.endIndex {
            if SearchText.isWordScalar(scalars[index]) {
                if start == nil { start = index }
            } else {
                flush(at: index)
            }
            index = scalars.index(after: index)
        }
        flush(at: scalars.endIndex)
        return tokens
    }
}
