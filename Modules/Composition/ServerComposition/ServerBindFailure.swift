import Glibc
import NIOCore
import QuillServerCLI

/// Why the server could not listen where its settings say, in the words of its settings.
///
/// A port taken by another program is the commonest failure of a first start; it surfaced as
/// NIO's `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)` with the hint
/// to report it. A setting that cannot be used is a usage error (exit 64), as a bad flag is.
enum ServerBindFailure {
    static func failure(for error: any Error, host: String, port: Int) -> ServerCommandFailure? {
        guard let error = error as? IOError else { return nil }
        switch error.errnoCode {
        case EADDRINUSE:
            return .invalidSetting("port \(port) on \(host) is in use by another program (another quill-server?)",
                                   hint: "stop that program, or choose another port with \(ServerSetting.port.flagName) or \(ServerSetting.port.source(fromFlag: false))")
        case EACCES:
            return .invalidSetting("port \(port) on \(host) may be used only by root or a process granted CAP_NET_BIND_SERVICE",
                                   hint: "choose a port from 1024 up with \(ServerSetting.port.flagName), or put a proxy in front (docs/deploy.md)")
        case EADDRNOTAVAIL:
            return .invalidSetting("\(host) is not an address of this machine",
                                   hint: "give \(ServerSetting.host.flagName) one of its addresses, 127.0.0.1, or 0.0.0.0 for all of them")
        default:
            return nil
        }
    }
}
