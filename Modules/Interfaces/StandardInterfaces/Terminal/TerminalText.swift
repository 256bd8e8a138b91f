/// Text as it may reach a terminal: a note's control characters shown, not obeyed.
///
/// Notes come from other people and other apps (an import, a shared server), names and labels
/// from the command line or an identity provider; a title or body holding `ESC ] 0 ; … BEL`
/// would retitle the window, `ESC [ 2 J` clear the screen, and other sequences move the cursor
/// to forge what was printed. Colours (SGR, `ESC [ … m`) pass, as
/// `less -R` lets them: they are how `quill` itself marks IDs and matches, and they cannot
/// move anything. Every other C0 control but tab and newline, DEL and the C1 controls are shown
/// as `less` shows them (`^[`, `^?`, `<U+009B>`). Progress lines on standard error may also
/// return to the start of their line and clear it (`\r`, `ESC [ K`); on standard output a
/// carriage return passes only before a newline (a Windows line end).
public enum TerminalText {
    /// Where the text goes: standard error's progress lines rewrite themselves.
    public enum Stream: Sendable { case output, error }

    public static func shown(_ text: String, on stream: Stream) -> String {
        let utf8 = text.utf8
        let needsWork = utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: isSuspect) } ?? utf8.contains(where: isSuspect)
        guard needsWork else { return text }
        let bytes = Array(utf8)
        var shown: [UInt8] = []
        shown.reserveCapacity(bytes.count + 16)
        // Runs of ordinary bytes are copied whole; only a suspect byte is looked at alone.
        var run = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard isSuspect(byte) else {
                index += 1
                continue
            }
            shown += bytes[run..<index]
            if byte == 0x1B, let end = passedSequence(bytes, at: index, on: stream) {
                shown += bytes[index..<end]
                index = end
            } else {
                switch byte {
                case 0x0D where stream == .error || (index + 1 < bytes.count && bytes[index + 1] == 0x0A):
                    shown.append(byte)
                case 0x00..<0x20:
                    shown += [UInt8(ascii: "^"), byte + 0x40]
                case 0x7F:
                    shown += Array("^?".utf8)
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    shown += Array("<U+00\(String(bytes[index + 1], radix: 16, uppercase: true))>".utf8)
                    index += 1
                default:
                    shown.append(byte)
                }
                index += 1
            }
            run = index
        }
        shown += bytes[run...]
        return String(decoding: shown, as: UTF8.self)
    }

    /// A byte that may begin something to show rather than obey (0xC2 begins the C1 controls).
    private static func isSuspect(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2
    }

    /// The end of the escape sequence at `start` if it passes: `ESC [ digits;… m`, and on
    /// standard error `ESC [ digits K`.
    private static func passedSequence(_ bytes: [UInt8], at start: Int, on stream: Stream) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == UInt8(ascii: ";") { index += 1 }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "m"): return index + 1
        case UInt8(ascii: "K") where stream == .error: return index + 1
        default: return nil
        }
    }
}
