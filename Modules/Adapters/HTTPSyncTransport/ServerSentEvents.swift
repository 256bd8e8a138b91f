/// The events of a `text/event-stream` body, cut from its bytes as they arrive, as the HTML
/// standard's event-stream interpretation cuts them: `field: value` lines, `:` comments, an event
/// dispatched at a blank line, the last `id` remembered across events.
///
/// Exists so that `HTTPSyncTransport.followEvents` reads `GET /v1/events` piece by piece, with
/// no line held longer than the piece it arrived in needs.
struct ServerSentEvents {
    /// One dispatched event: its name (`message` when none was given), its data, and the last
    /// event ID the stream set.
    struct Event: Equatable {
        var name: String
        var data: String
        var id: String?
    }

    /// The longest line kept; a longer one is a stream this client does not understand.
    static let longestLine = 1 << 20

    private var line: [UInt8] = []
    private var name = "", data: [String] = [], lastID: String?
    /// Whether the previous piece ended with a carriage return (a CRLF may be split between pieces).
    private var afterCarriageReturn = false

    enum Failure: Error { case lineTooLong }

    /// Takes the next piece of the body; returns the events it completed, in order.
    mutating func take(_ bytes: some Sequence<UInt8>) throws(Failure) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                afterCarriageReturn = byte == 0x0D
                if let event = endLine() { events.append(event) }
            default:
                guard line.count < Self.longestLine else { throw .lineTooLong }
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the line held; the event it completes, if it was blank and data came before it.
    private mutating func endLine() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer { name = ""; data = [] }
            return data.isEmpty ? nil : Event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"), id: lastID)
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring, value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            let rest = text[text.index(after: colon)...]
            value = rest.first == " " ? rest.dropFirst() : rest
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value))
        case "id" where !value.contains("\0"): lastID = value.isEmpty ? nil : String(value)
        default: break
        }
        return nil
    }
}
