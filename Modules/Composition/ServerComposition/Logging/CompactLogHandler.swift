import Foundation
import Logging

/// The swift-log handler of `quill-server`: formats a line in the chosen `LogFormat` and queues
/// it on a `BufferedLogWriter`, so a request's log line costs formatting, not a write.
public struct CompactLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let format: LogFormat
    private let writer: BufferedLogWriter
    private let clock: @Sendable () -> timespec

    /// A handler for `label` writing through `writer`; `clock` gives the time of each line.
    public init(label: String, format: LogFormat, writer: BufferedLogWriter,
                clock: @escaping @Sendable () -> timespec = CompactLogHandler.realtime) {
        self.label = label
        self.format = format
        self.writer = writer
        self.clock = clock
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line: [UInt8] = []
        line.reserveCapacity(160)
        // Usually the handler's own metadata (the request ID) plus the event's: merged only when
        // a provider adds more, since merging dictionaries costs more than formatting them.
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { _, new in new } }
        if let own = event.metadata, !own.isEmpty {
            merged = merged.isEmpty ? own : merged.merging(own) { _, new in new }
        }
        switch format {
        case .text: LogLine.text(into: &line, time: clock(), level: event.level, message: "\(event.message)", metadata: merged)
        case .json: LogLine.json(into: &line, time: clock(), level: event.level, label: label, message: "\(event.message)", metadata: merged)
        }
        writer.append(line)
    }

    /// The system's wall-clock time.
    public static let realtime: @Sendable () -> timespec = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }
}
