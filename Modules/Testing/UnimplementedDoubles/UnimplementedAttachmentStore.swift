import StandardInterfaces
import Foundation
import QuillModels

/// An attachment store that fails the test on any use.
public struct UnimplementedAttachmentStore: AttachmentStoring {
    public init() {}

    public func begin() throws(AttachmentStoreError) -> any AttachmentWriting { throw failure("begin") }
    public func open(_ hash: AttachmentHash) throws(AttachmentStoreError) -> (any AttachmentReading)? { throw failure("open") }
    public func all() throws(AttachmentStoreError) -> [StoredAttachment] { throw failure("all") }
    public func remove(_ hash: AttachmentHash) throws(AttachmentStoreError) { throw failure("remove") }
    public func removeAbandoned(before date: Date) throws(AttachmentStoreError) -> Int { throw failure("removeAbandoned") }

    private func failure(_ name: String) -> AttachmentStoreError {
        .unavailable(unimplemented("AttachmentStoring.\(name)").description)
    }
}
