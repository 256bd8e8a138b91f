import PropertyBased
import StandardInterfaces
import Testing

@Suite("What reaches a terminal: a note's control characters shown, not obeyed")
struct TerminalTextTests {
    @Test(arguments: [
        ("Evil\u{1B}]0;pwned\u{07}title", "Evil^[]0;pwned^Gtitle"),
        ("\u{1B}[2Jcleared", "^[[2Jcleared"),
        ("up\u{1B}[1A\u{1B}[Kforged", "up^[[1A^[[Kforged"),
        ("null\u{0}bell\u{07}del\u{7F}", "null^@bell^Gdel^?"),
        ("C1 \u{9B}31m and \u{85}", "C1 <U+009B>31m and <U+0085>"),
        ("lone\rreturn", "lone^Mreturn"),
        ("windows\r\nline ends\r\n", "windows\r\nline ends\r\n"),
        ("\u{1B}[1;33mcoloured\u{1B}[0m and \u{1B}[m", "\u{1B}[1;33mcoloured\u{1B}[0m and \u{1B}[m"),
        ("tab\tand\nnewline, © ½ 日本語 عربي 🙂", "tab\tand\nnewline, © ½ 日本語 عربي 🙂"),
        ("ends with escape \u{1B}", "ends with escape ^["),
        ("\u{1B}[12", "^[[12"),
    ])
    func onStandardOutput(_ text: String, _ shown: String) {
        #expect(TerminalText.shown(text, on: .output) == shown)
    }

    @Test func standardErrorsProgressLinesMayRewriteTheirLine() {
        #expect(TerminalText.shown("\r\u{1B}[Kindexing 50%", on: .error) == "\r\u{1B}[Kindexing 50%")
        #expect(TerminalText.shown("\u{1B}]0;x\u{07}", on: .error) == "^[]0;x^G")
    }

    /// Whatever the text, what is shown holds no control a terminal obeys but tab, newline, a
    /// carriage return before a newline and colour; text without controls is shown as it is.
    @Test func nothingButColourReachesTheTerminal() async {
        let controls: [Unicode.Scalar] = ["\u{1B}", "[", "]", ";", "m", "K", "0", "7", "\r", "\n", "\t", "\u{07}", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}"]
        let texts = Generator<[Unicode.Scalar], Shrink.None<[Unicode.Scalar]>> { rng in
            (0..<Int.random(in: 0...30, using: &rng)).compactMap { _ in
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: controls.randomElement(using: &rng)
                case 1: Unicode.Scalar(UInt32.random(in: 0...0xFF, using: &rng))
                default: Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &rng))
                }
            }
        }
        await propertyCheck(input: texts) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            for stream in [TerminalText.Stream.output, .error] {
                let shown = Array(TerminalText.shown(text, on: stream).unicodeScalars)
                var index = 0
                while index < shown.count {
                    let value = shown[index].value
                    if value == 0x1B {
                        var end = index + 1
                        #expect(end < shown.count && shown[end] == "[", "an escape that is not a CSI in \(shown)")
                        end += 1
                        while end < shown.count, shown[end].properties.numericType != nil || shown[end] == ";" { end += 1 }
                        #expect(end < shown.count && (shown[end] == "m" || (stream == .error && shown[end] == "K")), "\(shown)")
                        index = end
                    } else if value == 0x0D {
                        #expect(stream == .error || (index + 1 < shown.count && shown[index + 1] == "\n"), "\(shown)")
                    } else {
                        #expect(!(value < 0x20 && value != 0x09 && value != 0x0A) && value != 0x7F && !(0x80...0x9F).contains(value), "\(shown)")
                    }
                    index += 1
                }
            }
            if !scalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) {
                #expect(TerminalText.shown(text, on: .output) == text)
            }
        }
    }
}
