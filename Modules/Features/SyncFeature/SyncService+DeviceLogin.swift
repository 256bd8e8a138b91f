import Foundation
import QuillAPI
import StandardInterfaces
import SyncStateInterface
import SyncTransportInterface

/// Why a device login (`quill login` without a token) ended without a token.
public enum DeviceLoginFailure: Error, Equatable, CustomStringConvertible {
    case denied
    case expired
    case notOffered(URL)

    public var description: String {
        switch self {
        case .denied: "the sign-in was denied in the browser"
        case .expired: "the code expired before it was approved; run quill login again"
        case .notOffered(let server):
            "\(server.absoluteString) does not offer device login (upgrade quill-server there), or sign in with --token"
        }
    }
}

/// Device login (docs/signin.md): `quill login URL` without a token asks the server for
/// a code, shows it, waits while a person approves it in the browser, and saves the token it then
/// gets; `quill status` lists the account's sessions and tokens.
extension SyncService {
    /// Signs this device into `server`, asking for `scope`; `show` hears the code to show once the
    /// server gave it. Saves the credentials as `quill login --token` does and returns the grant.
    public func deviceLogin(server: URL, scope: String, show: @Sendable (DeviceCodeBody) -> Void) async throws -> DeviceTokenBody {
        let transport = environment.makeDeviceLoginTransport(Credentials(server: server, token: ""))
        let started: DeviceCodeBody
        do {
            started = try await transport.startDeviceLogin(DeviceCodeRequestBody(name: environment.deviceName, scope: scope))
        } catch {
            // A server of before answers /v1/device/code with 404, 405, or its bearer-token check.
            if case .rejected(let status, _, _) = error, [404, 405].contains(status) { throw DeviceLoginFailure.notOffered(server) }
            if case .unauthorized = error { throw DeviceLoginFailure.notOffered(server) }
            throw error
        }
        show(started)
        var interval = max(1, started.interval)
        var waited = 0
        while waited < started.expiresIn {
            try await environment.sleeper.sleep(for: .seconds(interval))
            waited += interval
            switch try await Self.poll(transport, deviceCode: started.deviceCode) {
            case .granted(let granted):
                try await login(Credentials(server: server, token: granted.token, issuedToThisDevice: true), verify: true)
                return granted
            case .waiting: continue
            case .slowDown: interval += 5
            }
        }
        throw DeviceLoginFailure.expired
    }

    private enum PollOutcome {
        case granted(DeviceTokenBody)
        case waiting
        case slowDown
    }

    /// One poll, its refusals read: pending (or a moment without the server) waits, `slow_down`
    /// waits longer, a denial or an expired code ends the login.
    private static func poll(_ transport: any DeviceLoginTransport, deviceCode: String) async throws -> PollOutcome {
        do {
            return .granted(try await transport.pollDeviceLogin(deviceCode: deviceCode))
        } catch {
            switch error {
            case .rejected(_, "authorization_pending", _): return .waiting
            case .rejected(_, "slow_down", _): return .slowDown
            case .rejected(_, "access_denied", _): throw DeviceLoginFailure.denied
            case .rejected(_, "expired_token", _): throw DeviceLoginFailure.expired
            default:
                if error.isRetryable { return .waiting }
                throw error
            }
        }
    }

    /// The account's sessions and tokens as the server lists them.
    public func devices() async throws -> [DeviceBody] {
        guard let credentials = try await environment.credentials.load() else { throw SyncError.notLoggedIn }
        return try await environment.makeDeviceLoginTransport(credentials).devices()
    }
}
