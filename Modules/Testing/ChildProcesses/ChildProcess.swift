import Foundation

/// What a finished program said and how it ended.
public struct ProcessOutput: Sendable {
    public let status: Int32
    public let output: String
    public let errors: String
}

/// Runs a program to completion and captures its standard output and standard error.
///
/// Exists so that every integration test starts processes the same safe way: both pipes are
/// drained at once (a program that fills one pipe while the test reads the other would
/// otherwise hang), and standard input is closed unless the test gives some. The wait happens
/// on a thread of its own: the tests' tasks share a pool of as many threads as cores, and a
/// task blocked on a child for seconds would hold up every other test (and any in-process
/// server a test runs) meanwhile.
public enum ChildProcess {
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, input: Data? = nil
    ) async throws -> ProcessOutput {
        try await onOwnThread {
            try runBlocking(executable, arguments, environment: environment, directory: directory, input: input)
        }
    }

    /// `work`'s result, computed on a new thread while the calling task waits without holding one
    /// of the pool's threads.
    public static func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    private static func runBlocking(
        _ executable: String, _ arguments: [String], environment: [String: String]?,
        directory: String?, input: Data?
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        let errorsRead = PipeDrain(errors.fileHandleForReading)
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorsRead.wait()
        process.waitUntilExit()
        return ProcessOutput(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                             errors: String(decoding: errorData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let data = LockedData()

    init(_ handle: FileHandle) {
        let (done, data) = (self.done, self.data)
        Thread.detachNewThread {
            data.set(handle.readDataToEndOfFile())
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.get()
    }
}

extension ChildProcess {
    /// Runs a program, SIGKILLs it after `delay` microseconds unless it has finished, and returns
    /// what it printed on standard output (standard error is dropped): for the tests that kill a
    /// process at a random moment of its work.
    public static func runKilled(_ executable: String, _ arguments: [String], environment: [String: String],
                                 afterMicroseconds delay: UInt64) async throws -> String {
        try await onOwnThread { try runKilledBlocking(executable, arguments, environment: environment, afterMicroseconds: delay) }
    }

    private static func runKilledBlocking(_ executable: String, _ arguments: [String], environment: [String: String],
                                          afterMicroseconds delay: UInt64) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now().uptimeNanoseconds + delay * 1000
        while process.isRunning, DispatchTime.now().uptimeNanoseconds < deadline { usleep(500) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return printed
    }
}
