import Foundation
import QuillAPI
import SyncTransportInterface

/// Device login in memory, answered as the real server answers it: a test approves or denies a
/// started login (as the person at `/device` would) while `quill login` polls.
extension FakeSyncServer: DeviceLoginTransport {
    public func startDeviceLogin(_ request: DeviceCodeRequestBody) async throws(SyncError) -> DeviceCodeBody {
        let number = deviceLogins.count + 1
        let userCode = String(format: "BCDF-%04d", number)
        deviceLogins["device-code-\(number)"] = (userCode, deviceLoginGrant, false)
        return DeviceCodeBody(deviceCode: "device-code-\(number)", userCode: userCode, verificationUri: "https://fake.invalid/device",
                              verificationUriComplete: "https://fake.invalid/device?code=\(userCode)", expiresIn: 600, interval: 5)
    }

    public func pollDeviceLogin(deviceCode: String) async throws(SyncError) -> DeviceTokenBody {
        guard let login = deviceLogins[deviceCode] else {
            throw .rejected(status: 400, code: "expired_token", message: "this device code expired or was used; start again")
        }
        if login.denied {
            deviceLogins[deviceCode] = nil
            throw .rejected(status: 400, code: "access_denied", message: "the sign-in was denied")
        }
        guard let answer = login.answer else {
            throw .rejected(status: 400, code: "authorization_pending", message: "the sign-in has not been approved yet")
        }
        deviceLogins[deviceCode] = nil
        return answer
    }

    public func devices() async throws(SyncError) -> [DeviceBody] { deviceList }

    public func revokeDevice(_ id: String) async throws(SyncError) {
        guard deviceList.contains(where: { $0.id == id }) else {
            throw .rejected(status: 404, code: "not_found", message: "no session or token with ID \(id)")
        }
        deviceList.removeAll { $0.id == id }
    }

    /// What `GET /v1/devices` answers from now on.
    public func setDevices(_ devices: [DeviceBody]) { deviceList = devices }

    /// The user codes of the logins waiting for a decision.
    public func waitingUserCodes() -> [String] {
        deviceLogins.values.filter { $0.answer == nil && !$0.denied }.map(\.userCode).sorted()
    }

    /// Approves the login with `userCode`: its next poll gets `token`.
    public func approveDeviceLogin(userCode: String, token: DeviceTokenBody) {
        for (code, login) in deviceLogins where login.userCode == userCode { deviceLogins[code] = (userCode, token, false) }
    }

    /// Denies the login with `userCode`.
    public func denyDeviceLogin(userCode: String) {
        for (code, login) in deviceLogins where login.userCode == userCode { deviceLogins[code] = (userCode, nil, true) }
    }
}
