import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import SyncStateInterface
import SyncTransportInterface

extension HTTPSyncTransport {
    /// The `SyncError` for a request that got no answer. Lost connections and timeouts may be
    /// retried; a server that cannot be reached is reported in words a person can act on, not
    /// in SwiftNIO's (`connection reset (error set): Connection refused) (errno: 111)`).
    static func classify(_ error: any Error, server: URL) -> SyncError {
        let retryable: [HTTPClientError] = [
            .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout, .deadlineExceeded,
            .remoteConnectionClosed, .getConnectionFromPoolTimeout,
        ]
        if let error = error as? HTTPClientError, retryable.contains(error) { return .timedOut(String(describing: error)) }
        if error is ChannelError { return .timedOut(String(describing: error)) }
        return .unreachable(reason(error, server: server) ?? String(describing: error))
    }

    private static func reason(_ error: any Error, server: URL) -> String? {
        let host = server.host ?? server.absoluteString
        let address = host + (server.port.map { ":\($0)" } ?? "")
        if let error = error as? NIOConnectionError {
            if let failure = error.connectionErrors.first { return reason(failure.error, server: server) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "the host name \(host) is not known" }
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED {
            return "\(address) refused the connection (is quill-server running there, on that port?)"
        }
        if let error = error as? IOError, [ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode) {
            return "there is no route to \(address)"
        }
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return "the TLS certificate of \(address) is not trusted on this machine (its issuer is not in the system's certificate store)"
        }
        if text.hasPrefix("handshakeFailed") { return "the TLS handshake with \(address) failed: \(text)" }
        return nil
    }
}
