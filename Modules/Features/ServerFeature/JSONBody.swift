import Foundation
import Hummingbird
import QuillModels

/// Encodes response bodies the one way Quill writes JSON (`NoteJSON.encoder`: sorted keys).
enum JSONBody {
    private static let encoder = NoteJSON.encoder

    /// `value` as JSON, for a body that is not one JSON document (an event stream's data lines).
    static func bytes(_ value: some Encodable) throws -> Data { try encoder.encode(value) }

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// JSON that is already encoded, e.g. a note as the repository keeps it (`EncodedNote`).
    static func encoded(_ json: [UInt8], headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }

    /// JSON already in pieces (`EncodedChangePage.jsonBuffers()`), written one after another.
    static func pieces(_ buffers: [ByteBuffer], headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: fields, body: ResponseBody(contentsOf: buffers))
    }

    /// The same bytes as `response(_:)` would write, without `JSONEncoder` (see `JSONWritable`).
    static func written(_ value: some JSONWritable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        var buffer = ByteBuffer()
        buffer.reserveCapacity(1024)
        value.writeJSON(into: &buffer)
        return Response(status: status, headers: fields, body: .init(byteBuffer: buffer))
    }
}
