import FileSystemInterface
import Foundation
import SettingsInterface

/// The settings as a JSON file, `settings.json` in the config directory: the seed's
/// `UserSettingsManager`, an actor over the directory locator and the file protocols.
///
/// Saving goes through `FileAccessing.write`, which is atomic and durable (temp file, fsync,
/// rename, fsync of the directory), so a crash leaves the old settings or the new, never half.
/// An update holds `settings.lock` (`FileLocking`) across read, change and write, so two
/// processes setting different keys at once both land. A file that is not valid settings is
/// reported with its path and never overwritten: fix it or remove it.
public actor JSONSettingsFile: SettingsStoring {
    public static let fileName = "settings.json"
    private let directory: any ConfigDirectoryLocating
    private let files: any FileAccessing
    private let locks: any FileLocking

    public init(directory: any ConfigDirectoryLocating, files: any FileAccessing, locks: any FileLocking) {
        self.directory = directory
        self.files = files
        self.locks = locks
    }

    public func load() async throws(SettingsError) -> Settings {
        try read(at: try settingsPath())
    }

    @discardableResult
    public func update(_ change: @Sendable (inout Settings) -> Void) async throws(SettingsError) -> Settings {
        let path = try settingsPath()
        let folder = String(path.dropLast(Self.fileName.count + 1))
        do {
            try files.createDirectory(folder)
            return try await locks.withLock(at: folder + "/settings.lock", exclusive: true) { @Sendable in
                var settings = try read(at: path)
                change(&settings)
                try write(settings, to: path)
                return settings
            }
        } catch let error as SettingsError {
            throw error
        } catch let error as FileSystemError {
            throw .unavailable(path: path, reason: error.description)
        } catch {
            throw .unavailable(path: path, reason: String(describing: error))
        }
    }

    private nonisolated func settingsPath() throws(SettingsError) -> String {
        do {
            return try directory.configDirectory() + "/" + Self.fileName
        } catch {
            throw .unavailable(path: error.path + "/" + Self.fileName, reason: error.description)
        }
    }

    private nonisolated func read(at path: String) throws(SettingsError) -> Settings {
        let data: Data
        do {
            data = try files.read(path)
        } catch .notFound {
            return Settings()
        } catch {
            throw .unavailable(path: path, reason: error.description)
        }
        do {
            return try JSONDecoder().decode(Settings.self, from: data)
        } catch {
            throw .corrupt(path: path, reason: Self.reason(error))
        }
    }

    private nonisolated func write(_ settings: Settings, to path: String) throws(SettingsError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try files.write(try encoder.encode(settings) + Data("\n".utf8), to: path)
        } catch let error as FileSystemError {
            throw .unavailable(path: path, reason: error.description)
        } catch {
            throw .unavailable(path: path, reason: String(describing: error))
        }
    }

    /// A decoding error in a sentence: what is wrong, and at which key.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            "not a JSON object of settings"
        case DecodingError.dataCorrupted(let context):
            context.debugDescription
        case DecodingError.typeMismatch(_, let context):
            context.codingPath.isEmpty ? "not a JSON object of settings" : context.debugDescription
        default:
            "not a JSON object of settings"
        }
    }
}
