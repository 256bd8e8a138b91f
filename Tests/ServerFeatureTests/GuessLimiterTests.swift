import Foundation
import ServerFeature
import Testing

/// Wrong secrets counted per client: refused past the limit for the rest of the window, and a
/// window that has ended forgotten, so that asking costs nothing again once nobody guesses.
@Suite struct GuessLimiterTests {
    @Test func pastTheLimitAClientWaitsUntilItsWindowEndsAndIsThenForgotten() {
        let limiter = GuessLimiter(allowed: 3, window: 60)
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(!limiter.hasMisses)
        for _ in 0..<3 { limiter.recordMiss("192.0.2.1", at: start) }
        #expect(limiter.hasMisses)
        #expect(limiter.retryAfter("192.0.2.1", at: start.addingTimeInterval(10)) == 50)
        #expect(limiter.retryAfter("192.0.2.2", at: start.addingTimeInterval(10)) == nil, "another client is not held back")
        #expect(limiter.retryAfter("192.0.2.1", at: start.addingTimeInterval(61)) == nil)
        #expect(!limiter.hasMisses, "the ended window is forgotten")
    }

    @Test func withNoLimitNothingIsCounted() {
        let limiter = GuessLimiter(allowed: 0)
        limiter.recordMiss("192.0.2.1", at: Date())
        #expect(!limiter.hasMisses && limiter.retryAfter("192.0.2.1", at: Date()) == nil)
    }
}
