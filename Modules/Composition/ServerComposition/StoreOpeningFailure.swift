import Foundation

/// How long start-up waits for a database, and the words for why a store could not be opened:
/// the reason under Foundation's and the database driver's wrappers, for
/// `ServerCommandFailure.unavailable`'s message.
enum StoreOpeningFailure {
    /// How long `serve` and the other commands wait for PostgreSQL to accept a connection before
    /// they give up with exit status 69 (a service manager restarts the server later).
    static let databaseWait = Duration.seconds(10)

    /// Why the store in `directory` could not be opened; a data directory that is a file says so,
    /// where creating it said only "File exists".
    static func reason(_ error: any Error, directory: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            return "\(directory) is a file, not a directory"
        }
        return reason(error)
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
        if bridged.domain == NSCocoaErrorDomain, let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error {
            return reason(underlying)
        }
        return "\(error)"
    }
}
