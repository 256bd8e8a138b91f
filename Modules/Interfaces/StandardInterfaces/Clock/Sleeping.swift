/// Waits for a while: the backoff between retries.
///
/// Exists so that retry logic is tested instantly and deterministically: the fake records
/// the delays instead of sleeping.
public protocol Sleeping: Sendable {
    func sleep(for duration: Duration) async throws
}
