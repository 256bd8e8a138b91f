import SyncFeature
import SyncTransportInterface
import Testing

/// Which server answers are refusals a later sync cannot get past, and which are failures it may.
@Suite struct AttachmentRefusalTests {
    @Test func theServersLimitsAndAReadOnlyTokenAreRefusals() {
        #expect(AttachmentRefusal(.rejected(status: 413, code: "payload_too_large", message: "at most 5 bytes")) == .tooLarge("at most 5 bytes"))
        #expect(AttachmentRefusal(.rejected(status: 413, code: "quota_exceeded", message: "its quota is 9")) == .overQuota("its quota is 9"))
        #expect(AttachmentRefusal(.rejected(status: 403, code: "read_only_token", message: "read-only")) == .readOnlyToken)
    }

    @Test func failuresALaterSyncMayGetPastAreNot() {
        for error: SyncError in [.timedOut("slow"), .unreachable("down"), .serverError(status: 503, message: "busy"),
                                 .rejected(status: 409, code: "upload_offset", message: "continue at 3"), .badResponse("cut")] {
            #expect(AttachmentRefusal(error) == nil, "\(error)")
        }
    }
}
