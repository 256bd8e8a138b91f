import Logging

/// The process-wide logging of `quill-server`: every logger writes through one
/// `BufferedLogWriter` to standard error, in the configured format.
public enum ServerLogging {
    /// Installs the handler (once per process) and returns the server's logger and the writer,
    /// which the caller shuts down at exit so that no buffered line is lost.
    public static func bootstrap(level: Logger.Level, format: LogFormat) -> (logger: Logger, writer: BufferedLogWriter) {
        let writer = BufferedLogWriter.standardError()
        LoggingSystem.bootstrap { label in
            var handler = CompactLogHandler(label: label, format: format, writer: writer)
            handler.logLevel = level
            return handler
        }
        var logger = Logger(label: "quill-server")
        logger.logLevel = level
        return (logger, writer)
    }
}
