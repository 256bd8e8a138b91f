import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A one-connection-at-a-time HTTP server on 127.0.0.1 (port chosen by the kernel) that
/// answers every request with the next scripted reply and records what it received.
///
/// Exists to test how `HTTPSyncTransport` maps real HTTP answers (401, 5xx, bad JSON, a
/// dropped connection, a slow answer) without needing `quill-server`.
final class StubHTTPServer: Sendable {
    enum Reply: Sendable {
        case respond(status: Int, body: String)
        /// Closes the connection without answering.
        case hangUp
        /// Answers after a delay.
        case delayed(seconds: Double, status: Int, body: String)
    }

    struct Received: Sendable {
        let head: String
        let body: String
    }

    let port: UInt16
    private let listener: Int32
    private let state: Mutex<(replies: [Reply], received: [Received])>

    init(replies: [Reply]) throws {
        state = Mutex((replies, []))
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var received: [Received] { state.withLock { $0.received } }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if data.count - end.upperBound >= length {
                    let body = String(decoding: data[end.upperBound..<(end.upperBound + length)], as: UTF8.self)
                    reply(on: connection, to: Received(head: head, body: body))
                    return
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private func reply(on connection: Int32, to request: Received) {
        let next = state.withLock { state -> Reply in
            state.received.append(request)
            return state.replies.isEmpty ? .respond(status: 500, body: "no reply scripted") : state.replies.removeFirst()
        }
        switch next {
        case .hangUp:
            return
        case .respond(let status, let body):
            send(status: status, body: body, on: connection)
        case .delayed(let seconds, let status, let body):
            Thread.sleep(forTimeInterval: seconds)
            send(status: status, body: body, on: connection)
        }
    }

    private func send(status: Int, body: String, on connection: Int32) {
        let bytes = Array(body.utf8)
        let text = "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        let all = Array(text.utf8) + bytes
        _ = all.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, all.count, Int32(MSG_NOSIGNAL)) }
    }
}
