import CompressionInterface
import CompressionTesting
import Testing

@Suite("Failure-injecting compression")
struct FailingCompressionTests {
    @Test("fails at creation when asked")
    func atCreation() {
        let failing = FailingCompression(wrapping: FakeCompression(), FakeCompression(),
                                         failure: .libraryFailure("injected"), trigger: .atCreation)
        #expect(throws: CompressionError.libraryFailure("injected")) { try failing.makeCompressor(level: .standard) }
        #expect(throws: CompressionError.libraryFailure("injected")) { try failing.makeDecompressor(limits: .unlimited) }
    }

    @Test("fails once the byte budget is spent")
    func afterBytes() throws {
        let failing = FailingCompression(wrapping: FakeCompression(), FakeCompression(),
                                         failure: .corrupt("injected"), trigger: .afterInputBytes(10))
        let compressor = try failing.makeCompressor(level: .standard)
        var output: [UInt8] = []
        try compressor.compress(Array("0123456789".utf8), into: &output)
        #expect(throws: CompressionError.corrupt("injected")) { try compressor.compress([1], into: &output) }
    }
}
