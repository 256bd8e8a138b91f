import QuillAPI

/// What `quill login` without a token and `quill status` ask of the server: start a device login,
/// poll it until a person approves it in the browser, and list the account's sessions and tokens
/// (docs/signin.md).
///
/// Its own port beside `SyncTransport`, since signing in is not syncing: the fake approves in
/// memory for tests and the preview, the live one speaks `POST /v1/device/code`,
/// `POST /v1/device/token` and `GET /v1/devices`.
public protocol DeviceLoginTransport: Sendable {
    /// Starts a device login; needs no token. `.rejected(404 or 405, …)` from a server without it.
    func startDeviceLogin(_ request: DeviceCodeRequestBody) async throws(SyncError) -> DeviceCodeBody
    /// One poll: the new token once approved; until then `.rejected(400, code, …)` with
    /// `authorization_pending`, `slow_down`, `access_denied` or `expired_token`.
    func pollDeviceLogin(deviceCode: String) async throws(SyncError) -> DeviceTokenBody
    /// The account's web sessions and tokens, the one asking marked `current`.
    func devices() async throws(SyncError) -> [DeviceBody]
    /// Revokes one of them (`quill logout` its own token); `.rejected(404, …)` if there is none.
    func revokeDevice(_ id: String) async throws(SyncError)
}
