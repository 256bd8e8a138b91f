import ArchiveFeature
import ByteStreamInterface
import CompressionInterface
import FileSystemInterface

/// Turns the archive feature's errors into the CLI's one-line cause plus hint.
enum ArchiveFailures {
    static func translating<T>(_ work: () throws -> T) throws -> T {
        do { return try work() } catch { throw failure(for: error) }
    }

    static func translating<T>(_ work: () async throws -> T) async throws -> T {
        do { return try await work() } catch { throw failure(for: error) }
    }

    static func failure(for error: any Error) -> any Error {
        switch error {
        case let error as ArchiveError:
            switch error {
            case .compression(.outputLimitExceeded, _), .compression(.ratioLimitExceeded, _):
                return CLIFailure("archive refused: \(error)", hint: "if you trust this archive, raise the limit with --max-size or --max-ratio")
            case .folderNotEmpty:
                return CLIFailure(error.description, hint: "choose a new or empty folder, or add --into-non-empty (no file is replaced)")
            case .unreadableStore:
                return CLIFailure(error.description, hint: "fix or remove the files named above, then export again")
            default:
                return CLIFailure("archive refused: \(error)", hint: "nothing was imported; the store is unchanged")
            }
        case let error as ByteStreamError:
            return CLIFailure(error.description)
        case let error as FileSystemError:
            return CLIFailure(error.description)
        case let error as CompressionError:
            return CLIFailure("compression failed: \(error)")
        default:
            return error
        }
    }
}
