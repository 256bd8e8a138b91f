import Foundation

/// How search cuts text into words and folds them, shared by the query parser, every index and
/// highlighting, so a word typed and a word stored compare the same way.
///
/// Alphabetic text: letters, numbers and marks (categories L*, N*, M*, Co) are parts of words,
/// everything else separates them; a word is lower-cased and its combining marks are dropped
/// after canonical decomposition ("Café" → "cafe", "हिन्दी" → "हनद"). SQLite FTS5's `unicode61`
/// tokenizer cuts and folds ASCII and Latin-1 text the same way, and its `ascii` tokenizer ASCII
/// text; `indexable` gives FTS5 every other word already folded.
///
/// Chinese, Japanese and Korean are written without spaces between words (Korean attaches
/// particles to them), so a run of their characters (`isCJKScalar`) is not one word: it is cut
/// into overlapping pairs of characters, and its last character stands alone too ("同步数据" →
/// 同步 步数 数据 据). A typed CJK word is then the phrase of its pairs, found wherever it occurs
/// inside a run (`queryWords`); one typed character is a prefix of the pair it starts. The
/// characters are put in NFKC form (half-width katakana as full-width); a combining kana mark
/// with nothing to combine with is dropped.
public enum SearchText {
    /// The folded words of `text`, in order, as an index stores them.
    public static func words(_ text: some StringProtocol) -> [String] {
        var words: [String] = []
        cut(text, word: { words.append($0) }, pair: { words.append(pairText($0, $1)) })
        return words
    }

    /// The folded words of typed text, as a query matches them against stored words: the same
    /// as `words`, except that a CJK run at the very end may continue in the note, so its last
    /// character is left out of the words (it is in the last pair already) or, when the run is
    /// that one character, is `openPrefix`, to be matched as the start of a word.
    public static func queryWords(_ text: some StringProtocol) -> (words: [String], openPrefix: String?) {
        var words: [String] = []
        var lastRun: (start: Int, count: Int)?
        cut(text, word: { words.append($0) }, pair: { words.append(pairText($0, $1)) }, cjkRun: { start, count in lastRun = (start, count) })
        guard let run = lastRun, run.start + run.count == words.count else { return (words, nil) }
        // A run of n characters gave n - 1 pairs and its last character alone.
        let last = words.removeLast()
        return run.count == 1 ? (words, last) : (words, nil)
    }

    /// The text an FTS5 table indexes for `text`, from which its tokenizer takes the words a
    /// query gives it (`words`, `FTS5Match`): the text itself when it is ASCII; else the text
    /// with each CJK run replaced by its pairs, one space apart and spaced from what stands
    /// beside it, each word holding a scalar past ASCII replaced by its folded form, and each
    /// separator past ASCII by a space ("iPhone同步。Café" → "iPhone 同步 步  cafe", "हिन्दी" →
    /// "हनद"). ASCII words and separators are copied.
    ///
    /// FTS5's `ascii` tokenizer (the CLI's index) cuts only at ASCII separators, lower-cases
    /// only ASCII letters and takes every other character as part of a word: from this text it
    /// takes exactly `words(text)`, with no Unicode tables of its own, so the folding is done on
    /// the thread that reads the notes rather than the one that writes the index. `unicode61`
    /// (the server's SQLite store) takes the same tokens from it, where from the text itself it
    /// would cut a word at every mark outside the Latin ones it knows (Devanagari's vowel signs,
    /// Arabic's harakat) and keep Greek's accents.
    public static func indexable(_ text: String) -> String {
        var text = text
        // Written from the bytes into one buffer: this runs on every note an index takes in.
        let replaced: [UInt8]? = text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { $0 >= 0x80 }) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count * 2 + 16)
            var run: [Unicode.Scalar] = []
            // The current word: where it starts, and whether it needs folding here.
            var wordStart: Int?
            var wordNeedsFolding = false
            var changed = false
            func endWord(at end: Int) {
                guard let start = wordStart else { return }
                if !wordNeedsFolding {
                    output.append(contentsOf: bytes[start..<end])
                } else {
                    let word = bytes[start..<end]
                    let folded = fold(String(decoding: word, as: UTF8.self))
                    changed = changed || !folded.utf8.elementsEqual(word)
                    output.append(contentsOf: folded.utf8)
                }
                wordStart = nil
                wordNeedsFolding = false
            }
            func endRun() {
                guard !run.isEmpty else { return }
                changed = true
                appendPairs(of: &run, to: &output)
            }
            // Back to the start of the word the first non-ASCII byte is in.
            var index = first
            while index > 0, isASCIIWordByte(bytes[index - 1]) { index -= 1 }
            output.append(contentsOf: bytes[0..<index])
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    endRun()
                    if isASCIIWordByte(byte) {
                        if wordStart == nil { wordStart = index }
                    } else {
                        endWord(at: index)
                        output.append(byte)
                    }
                    index += 1
                    continue
                }
                // The bytes of a Swift string are valid UTF-8.
                let (decoded, length) = UTF8Scalars.decode(bytes, at: index)
                let scalar = decoded!
                if isCJKScalar(scalar) {
                    endWord(at: index)
                    run.append(scalar)
                } else if isWordScalar(scalar) {
                    endRun()
                    if wordStart == nil { wordStart = index }
                    wordNeedsFolding = true
                } else {
                    endRun()
                    endWord(at: index)
                    output.append(UInt8(ascii: " "))
                    changed = true
                }
                index += length
            }
            endWord(at: bytes.count)
            endRun()
            return changed ? output : nil
        }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Writes a CJK run as `cut` gives it, each pair (and the last character) between spaces,
    /// and empties it.
    private static func appendPairs(of run: inout [Unicode.Scalar], to output: inout [UInt8]) {
        let scalars = normalized(run)
        run.removeAll(keepingCapacity: true)
        // A run that normalizes to nothing still separates the words beside it.
        output.append(UInt8(ascii: " "))
        for index in scalars.indices {
            UTF8.encode(scalars[index]) { output.append($0) }
            if index + 1 < scalars.count { UTF8.encode(scalars[index + 1]) { output.append($0) } }
            output.append(UInt8(ascii: " "))
        }
    }

    /// A CJK run in NFKC form, lower-cased, without the combining kana marks that found nothing
    /// to combine with (FTS5's tokenizer takes them for separators). Ideographs, kana and Hangul
    /// syllables are their own NFKC form and have no case: only a run holding a compatibility
    /// form (half-width katakana, Hangul letters, compatibility ideographs, combining kana marks)
    /// needs Foundation's normalization, which is slow. May be empty.
    private static func normalized(_ run: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard run.contains(where: needsNormalization) else { return run }
        return String(String.UnicodeScalarView(run)).precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }
    }

    /// A pair of a CJK run (or its last character) as a word.
    private static func pairText(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> String {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        if let second { pair.append(second) }
        return String(pair)
    }

    /// `isWordScalar` of an ASCII byte, for code that reads bytes: the ASCII letters and digits
    /// are its only letters and numbers, so every other ASCII character separates words.
    @inline(__always)
    public static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte &- 0x30) < 10 || ((byte | 0x20) &- 0x61) < 26
    }

    /// Whether a folded word is a CJK pair or character (its first scalar says).
    public static func isCJKWord(_ word: String) -> Bool {
        word.unicodeScalars.first.map(isCJKScalar) ?? false
    }

    /// Calls `word` with each folded word in order, or `pair` with the characters of a CJK run's
    /// pair (the second `nil` for the run's last character alone); and `cjkRun` with the index
    /// of a run's first word and how many words it gave, after them.
    private static func cut(_ text: some StringProtocol, word: (String) -> Void, pair: (Unicode.Scalar, Unicode.Scalar?) -> Void,
                            cjkRun: (_ start: Int, _ count: Int) -> Void = { _, _ in }) {
        var current = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        var count = 0
        func flushWord() {
            if !current.isEmpty {
                let folded = fold(String(current))
                if !folded.isEmpty { word(folded); count += 1 }
            }
            current = String.UnicodeScalarView()
        }
        func flushRun() {
            guard !run.isEmpty else { return }
            let scalars = normalized(run)
            run.removeAll(keepingCapacity: true)
            guard !scalars.isEmpty else { return }
            let start = count
            for index in scalars.indices {
                pair(scalars[index], index + 1 < scalars.count ? scalars[index + 1] : nil)
                count += 1
            }
            cjkRun(start, count - start)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                flushRun()
                if isWordScalar(scalar) { current.append(scalar) } else { flushWord() }
            } else if isCJKScalar(scalar) {
                flushWord()
                run.append(scalar)
            } else if isWordScalar(scalar) {
                flushRun()
                current.append(scalar)
            } else {
                flushRun()
                flushWord()
            }
        }
        flushWord()
        flushRun()
    }

    /// Whether a CJK scalar may change under NFKC or lower-casing.
    private static func needsNormalization(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3099...0x309C, 0x3130...0x318F, 0x31F0...0x31FF, 0xA960...0xA97F, 0xF900...0xFAFF, 0xFF66...0xFFDC,
             0x2F800...0x2FA1F:
            true
        default:
            false
        }
    }

    /// Whether a scalar is written without spaces between words: Han ideographs (and their
    /// iteration marks), hiragana, katakana (full- and half-width, with the prolonged sound mark)
    /// and Hangul syllables and letters.
    public static func isCJKScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xAC00...0xD7A3, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x20000...0x2A6DF:
            // Ideographs, kana and Hangul syllables, all letters: no property lookup (snippets ask this of every character).
            return true
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C,
             0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0xFFA0...0xFFDC,
             0x20000...0x323AF:
            // Within these blocks, only letters, numbers and marks (not their punctuation: 、。・「」).
            return isWordScalar(scalar)
        default:
            return false
        }
    }

    /// Whether a scalar belongs to a word rather than separating words.
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIWordByte(UInt8(scalar.value)) }
        return switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            true
        default:
            false
        }
    }

    /// One word case folded (`CaseFolding`: Greek final sigma is σ, so `ΡΥΘΜΊΣΕΙΣ` finds
    /// "ρυθμίσεις" however either is written) and without its diacritics.
    public static func fold(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII has no diacritics and decomposes to itself: lower-casing is all (the same answer, faster).
            return String(decoding: word.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var folded = String.UnicodeScalarView()
        for scalar in CaseFolding.folded(word).decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: folded.append(scalar)
            }
        }
        return String(folded)
    }
}
