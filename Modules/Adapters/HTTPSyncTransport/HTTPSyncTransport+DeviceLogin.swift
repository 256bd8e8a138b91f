import Foundation
import QuillAPI
import SyncTransportInterface

/// Device login over HTTP: `POST /v1/device/code`, `POST /v1/device/token`, `GET /v1/devices`.
extension HTTPSyncTransport: DeviceLoginTransport {
    public func startDeviceLogin(_ body: DeviceCodeRequestBody) async throws(SyncError) -> DeviceCodeBody {
        try decode(try await send(try posting(body, to: "v1/device/code")))
    }

    public func pollDeviceLogin(deviceCode: String) async throws(SyncError) -> DeviceTokenBody {
        try decode(try await send(try posting(DeviceTokenRequestBody(deviceCode: deviceCode), to: "v1/device/token")))
    }

    public func devices() async throws(SyncError) -> [DeviceBody] {
        let list: DeviceListBody = try decode(try await send(request(path: "v1/devices")))
        return list.devices
    }

    public func revokeDevice(_ id: String) async throws(SyncError) {
        var request = request(path: "v1/devices/\(id)")
        request.method = .DELETE
        _ = try await send(request)
    }
}
