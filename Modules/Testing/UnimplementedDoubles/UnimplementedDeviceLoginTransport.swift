import QuillAPI
import SyncTransportInterface

/// A device login transport that fails the test when used: the test root's default.
public struct UnimplementedDeviceLoginTransport: DeviceLoginTransport {
    public init() {}

    public func startDeviceLogin(_ request: DeviceCodeRequestBody) async throws(SyncError) -> DeviceCodeBody {
        throw .badResponse(unimplemented("DeviceLoginTransport.startDeviceLogin").description)
    }
    public func pollDeviceLogin(deviceCode: String) async throws(SyncError) -> DeviceTokenBody {
        throw .badResponse(unimplemented("DeviceLoginTransport.pollDeviceLogin").description)
    }
    public func devices() async throws(SyncError) -> [DeviceBody] {
        throw .badResponse(unimplemented("DeviceLoginTransport.devices").description)
    }
    public func revokeDevice(_ id: String) async throws(SyncError) {
        throw .badResponse(unimplemented("DeviceLoginTransport.revokeDevice").description)
    }
}
