/// How `quill-server` writes its log lines (`--log-format`).
public enum LogFormat: String, CaseIterable, Equatable, Sendable {
    /// One line for a person: `2026-01-01T10:00:00.123Z info GET /v1/notes/ab 200 0.31ms request_id=7`.
    case text
    /// One JSON object per line for a log collector: timestamp, level, label, message, and the
    /// metadata as string fields.
    case json
}
