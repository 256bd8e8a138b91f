import Foundation
import QuillAPI
import SyncTransportInterface

/// Device login over HTTP: `POST /v1/device/code`, `POST /v1/device/token`, `GET /v1/devices`.
extension HTTPSyncTransport: DeviceLoginTransport {
    public func startDeviceLogin(_ body: DeviceCodeRequestBody) async throws(SyncError) -> DeviceCodeBody {
        try decode(try await send(try posting(body, to: .startDeviceLogin)))
    }

    public func pollDeviceLogin(deviceCode: String) async throws(SyncError) -> DeviceTokenBody {
        try decode(try await send(try posting(DeviceTokenRequestBody(deviceCode: deviceCode), to: .pollDeviceLogin)))
    }

    public func devices() async throws(SyncError) -> [DeviceBody] {
        let list: DeviceListBody = try decode(try await send(request(.listDevices)))
        return list.devices
    }

    public func revokeDevice(_ id: String) async throws(SyncError) {
        let request = request(.revokeDevice, [id])
        _ = try await send(request)
    }
}
