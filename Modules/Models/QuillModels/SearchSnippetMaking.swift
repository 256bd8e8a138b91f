extension SearchSnippet {
    /// How many words a snippet shows, and how many of them come before its first match.
    public static let wordCount = 16
    public static let wordsBeforeMatch = 3

    /// About `wordCount` words of `body`, starting a little before the first word that one of
    /// `query`'s text terms matches (at the start if none does, say when only the title or a tag
    /// matched), with every matched word marked; "…" where the body goes on.
    ///
    /// Every index makes its snippets here, so they agree, and it is fast because a search makes
    /// one for every note it finds: it reads UTF-8 bytes, and while the text is ASCII it finds
    /// the first match without cutting the body into strings; only the snippet's own words are
    /// folded (non-ASCII ones through `SearchText.fold`).
    public init(body: String, highlighting query: SearchQuery) {
        var body = body
        let maker = SearchSnippetMaker(query)
        self = body.withUTF8 { maker.snippet(utf8: $0) }
    }
}

/// Makes the snippets of one search: the query's words are prepared once for all the bodies it
/// finds, and a body is read as UTF-8 bytes where it lies (an index's page), never made a
/// `String` first. Bytes that are not valid UTF-8 (a damaged index) make a snippet with
/// replacement characters, never a crash.
public struct SearchSnippetMaker: Sendable {
    private let matcher: SnippetWordMatcher

    public init(_ query: SearchQuery) {
        matcher = SnippetWordMatcher(query)
    }

    /// `SearchSnippet(body:highlighting:)` of the body whose UTF-8 bytes are `utf8`.
    public func snippet(utf8: UnsafeBufferPointer<UInt8>) -> SearchSnippet {
        SnippetScan(bytes: utf8, matcher: matcher).snippet()
    }
}

/// The words of a query a snippet marks, as folded UTF-8 bytes: whole words (phrases' words
/// too) and prefixes; and the CJK text it marks, as the characters the query's CJK words were
/// cut from (`SearchText`), each marked wherever it occurs.
struct SnippetWordMatcher: Sendable {
    private var words: [[UInt8]] = []
    private var prefixes: [[UInt8]] = []
    /// Runs of CJK characters to mark where they occur: a typed word's characters put back
    /// together from its pairs ("同步 步数 数据" is 同步数据), or one typed character.
    private(set) var cjkRuns: [[UInt8]] = []
    /// Whether every word and prefix is ASCII, so that only ASCII words can match them.
    private(set) var isASCII = false
    /// The distinct first bytes of the words and prefixes (folded, so lowercase): an ASCII word
    /// can match only if it starts with one of them, folded. `nil` if a word or prefix is empty.
    private(set) var firstBytes: [UInt8]?

    init(_ query: SearchQuery) {
        for term in query.terms {
            switch term {
            case .word(let word): add([word])
            case .phrase(let phrase): add(phrase)
            case .prefix(let prefix):
                if SearchText.isCJKWord(prefix) { cjkRuns.append(Array(prefix.utf8)) } else { prefixes.append(Array(prefix.utf8)) }
            case .tag: break
            }
        }
        isASCII = cjkRuns.isEmpty && query.words.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        let terms = words + prefixes
        firstBytes = terms.contains(where: \.isEmpty) ? nil : Array(Set(terms.map { $0[0] })).sorted()
    }

    /// A term's words: other words as they are, consecutive CJK pairs joined back into their run
    /// (a run's last character, which stands alone after its pairs, adds nothing).
    private mutating func add(_ terms: [String]) {
        var run: [Unicode.Scalar] = []
        func endRun() {
            if !run.isEmpty { cjkRuns.append(Array(String(String.UnicodeScalarView(run)).utf8)) }
            run = []
        }
        for word in terms {
            guard SearchText.isCJKWord(word) else {
                endRun()
                words.append(Array(word.utf8))
                continue
            }
            let scalars = Array(word.unicodeScalars)
            if run.isEmpty {
                run = scalars
            } else if scalars.count == 2 {
                run.append(scalars[1])
            }
        }
        endRun()
    }

    var isEmpty: Bool { words.isEmpty && prefixes.isEmpty && cjkRuns.isEmpty }

    /// Whether it marks words or prefixes other than CJK runs.
    var hasWords: Bool { !words.isEmpty || !prefixes.isEmpty }

    /// Whether a folded word is one of the words or starts with one of the prefixes.
    func matches(folded word: UnsafeBufferPointer<UInt8>) -> Bool {
        words.contains { $0.count == word.count && $0.elementsEqual(word) }
            || prefixes.contains { $0.count <= word.count && $0.elementsEqual(word.prefix($0.count)) }
    }

    /// `matches(folded:)` for a word of ASCII letters and digits as written, folded on the fly.
    func matches(ascii word: UnsafeBufferPointer<UInt8>) -> Bool {
        words.contains { $0.count == word.count && Self.equalFolded($0, word, count: word.count) }
            || prefixes.contains { $0.count <= word.count && Self.equalFolded($0, word, count: $0.count) }
    }

    private static func equalFolded(_ folded: [UInt8], _ word: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        for index in 0..<count where folded[index] != (word[index] | 0x20) { return false }
        return true
    }
}

/// Finds a body's first matching word and cuts the snippet around it, cutting words as
/// `SearchText.isWordScalar` does.
private struct SnippetScan {
    let bytes: UnsafeBufferPointer<UInt8>
    let matcher: SnippetWordMatcher
    /// Where the first occurrence of one of the matcher's CJK runs starts, if any.
    let firstCJK: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, matcher: SnippetWordMatcher) {
        self.bytes = bytes
        self.matcher = matcher
        var first: Int?
        for run in matcher.cjkRuns where !run.isEmpty {
            var start = 0
            while start + run.count <= bytes.count, start < (first ?? Int.max) {
                if Self.occurs(run, at: start, in: bytes) { first = start; break }
                start += 1
            }
        }
        firstCJK = first
    }

    /// Whether `run` occurs at byte `start`. UTF-8 synchronizes itself: a run's first byte, a
    /// lead byte, is found only at a character's start.
    private static func occurs(_ run: [UInt8], at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start >= 0, start + run.count <= bytes.count, bytes[start] == run[0] else { return false }
        for index in 1..<run.count where bytes[start + index] != run[index] { return false }
        return true
    }

    /// Whether the byte at `position` is inside an occurrence of one of the matcher's CJK runs
    /// (looked for around it only, so a snippet costs no scan of the whole body).
    private func insideCJKMatch(_ position: Int) -> Bool {
        matcher.cjkRuns.contains { run in
            (max(0, position - run.count + 1)...position).contains { Self.occurs(run, at: $0, in: bytes) }
        }
    }

    func snippet() -> SearchSnippet {
        guard let match = firstMatch() else { return snippet(from: 0) }
        var from = match
        for _ in 0..<SearchSnippet.wordsBeforeMatch {
            guard let start = startOfWord(before: from) else { break }
            from = start
        }
        return snippet(from: from)
    }

    /// The start of the first word the query marks, if any.
    private func firstMatch() -> Int? {
        guard !matcher.isEmpty else { return nil }
        if matcher.isASCII, let found = firstASCIIMatch() { return found }
        guard matcher.hasWords else { return firstCJK }
        var position = 0
        var folded: [UInt8] = []
        while let range = nextWord(from: &position) {
            if let firstCJK, range.lowerBound >= firstCJK { return firstCJK }
            if matches(range, buffer: &folded) { return range.lowerBound }
        }
        return firstCJK
    }

    /// The first match while the body is ASCII: `.some(nil)` if the body is ASCII and nothing
    /// matches, `nil` if a non-ASCII byte comes first (a word such as "Café" may fold to a term).
    ///
    /// A word can match only if it starts with the first letter of a query word or prefix, so
    /// the scan reads eight bytes at a time and stops only at such a letter or a byte that is
    /// not ASCII; there it looks at the bytes one by one, in order, as a plain scan would.
    private func firstASCIIMatch() -> Int?? {
        guard let base = bytes.baseAddress else { return .some(nil) }
        let count = bytes.count
        let firstBytes = matcher.firstBytes
        var index = 0
        while index < count {
            if let firstBytes {
                while index + 8 <= count {
                    let block = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if block & Self.highBits != 0 || Self.holdsAny(of: firstBytes, in: block | Self.caseBits) { break }
                    index += 8
                }
            }
            let end = min(count, index + 8)
            while index < end {
                let byte = base[index]
                guard byte < 0x80 else { return nil }
                let startsWord = SearchText.isASCIIWordByte(byte) && (index == 0 || !SearchText.isASCIIWordByte(base[index - 1]))
                guard startsWord, firstBytes?.contains(byte | 0x20) ?? true else {
                    index += 1
                    continue
                }
                var stop = index + 1
                while stop < count, SearchText.isASCIIWordByte(base[stop]) { stop += 1 }
                if stop < count, base[stop] >= 0x80 { return nil }
                if matcher.matches(ascii: UnsafeBufferPointer(start: base + index, count: stop - index)) { return index }
                index = stop
            }
        }
        return .some(nil)
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let caseBits: UInt64 = 0x2020_2020_2020_2020
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// Whether one of the eight bytes of `block` (all below 0x80) is one of `targets`.
    private static func holdsAny(of targets: [UInt8], in block: UInt64) -> Bool {
        for target in targets {
            let difference = block ^ (UInt64(target) &* lowBits)
            if (difference &- lowBits) & ~difference & highBits != 0 { return true }
        }
        return false
    }

    /// Up to `wordCount` words from `position` on, the matches marked, "…" around them where
    /// the body has more words.
    private func snippet(from position: Int) -> SearchSnippet {
        var position = position
        var words: [(range: Range<Int>, isMatch: Bool)] = []
        var folded: [UInt8] = []
        while words.count < SearchSnippet.wordCount, let range = nextWord(from: &position) {
            words.append((range, !matcher.isEmpty && matches(range, buffer: &folded)))
        }
        guard let first = words.first, let last = words.last else { return SearchSnippet([]) }
        var runs: [SearchSnippet.Run] = []
        if startOfWord(before: first.range.lowerBound) != nil { runs.append(.init("…", isMatch: false)) }
        // The first word keeps the ASCII punctuation that opens it ("[[", "(", "**"), as the last
        // keeps what closes it (below).
        var cursor = first.range.lowerBound
        while cursor > 0, Self.isASCIIPunctuation(bytes[cursor - 1]) { cursor -= 1 }
        // Matches with nothing between them (CJK characters) make one run.
        var pending: Range<Int>?
        for word in words where word.isMatch {
            if let run = pending, run.upperBound == word.range.lowerBound {
                pending = run.lowerBound..<word.range.upperBound
                continue
            }
            if let run = pending {
                runs.append(.init(text(run), isMatch: true))
                cursor = run.upperBound
            }
            if cursor < word.range.lowerBound { runs.append(.init(text(cursor..<word.range.lowerBound), isMatch: false)) }
            pending = word.range
        }
        if let run = pending {
            runs.append(.init(text(run), isMatch: true))
            cursor = run.upperBound
        }
        // The last word keeps the ASCII punctuation that closes it ("ノート]]", "end."): cut at
        // the word, a snippet showed "[[日本語 ノート" for "[[日本語 ノート]]".
        var end = last.range.upperBound
        while end < bytes.count, Self.isASCIIPunctuation(bytes[end]) { end += 1 }
        if cursor < end { runs.append(.init(text(cursor..<end), isMatch: false)) }
        var after = end
        if nextWord(from: &after) != nil { runs.append(.init("…", isMatch: false)) }
        return SearchSnippet(runs)
    }

    /// A printable ASCII byte that is neither a space nor part of a word.
    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21..<0x7F).contains(byte) && !SearchText.isASCIIWordByte(byte)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether the word at `range`, folded, is one the query marks; a CJK character, whether it
    /// is inside an occurrence of one of the query's CJK runs.
    private func matches(_ range: Range<Int>, buffer: inout [UInt8]) -> Bool {
        if scalar(at: range.lowerBound).isCJK { return insideCJKMatch(range.lowerBound) }
        buffer.removeAll(keepingCapacity: true)
        var isASCII = true
        for byte in bytes[range] {
            if byte >= 0x80 { isASCII = false; break }
            buffer.append(byte | 0x20)
        }
        if !isASCII { buffer = Array(SearchText.fold(text(range)).utf8) }
        return buffer.withUnsafeBufferPointer { matcher.matches(folded: $0) }
    }

    /// The byte range of the next word at or after `position`, which moves past it. A CJK
    /// character is a word of its own.
    private func nextWord(from position: inout Int) -> Range<Int>? {
        var start: Int?
        while position < bytes.count {
            let (isWord, length, isCJK) = scalar(at: position)
            if isCJK {
                if let begin = start { return begin..<position }
                position += length
                return (position - length)..<position
            }
            if isWord {
                if start == nil { start = position }
            } else if let begin = start {
                return begin..<position
            }
            position += length
        }
        return start.map { $0..<position }
    }

    /// The start of the scalar that ends at `position`, if there is one.
    private func startOfScalar(before position: Int) -> Int? {
        guard position > 0 else { return nil }
        var start = position - 1
        while start > 0, bytes[start] & 0xc0 == 0x80 { start -= 1 }
        return start
    }

    /// The start of the last word that ends at or before `position`, if there is one.
    private func startOfWord(before position: Int) -> Int? {
        var index = position
        var inWord = false
        while index > 0 {
            let start = startOfScalar(before: index) ?? 0
            let (isWord, _, isCJK) = scalar(at: start)
            if isCJK { return inWord ? index : start }
            if inWord, !isWord { return index }
            inWord = inWord || isWord
            index = start
        }
        return inWord ? 0 : nil
    }

    /// Whether the scalar at `index` belongs to a word, its length in bytes, and whether it is CJK.
    private func scalar(at index: Int) -> (isWord: Bool, length: Int, isCJK: Bool) {
        let lead = bytes[index]
        if lead < 0x80 { return (SearchText.isASCIIWordByte(lead), 1, false) }
        let (decoded, length) = UTF8Scalars.decode(bytes, at: index)
        guard let scalar = decoded else { return (false, length, false) }
        if SearchText.isCJKScalar(scalar) { return (true, length, true) }
        return (SearchText.isWordScalar(scalar), length, false)
    }
}
