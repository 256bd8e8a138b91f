import ArgumentParser
import Foundation
import QuillCLI

/// Prints a failure the way `quill` promises (cause, then hint, on stderr) and picks the exit status.
/// Usage errors keep ArgumentParser's wording but exit with 2; help goes to stdout with 0.
struct StandardErrorReporter {
    func report(_ error: any Error) -> Int32 {
        if isArgumentParserError(error) {
            let code = Quill.exitCode(for: error)
            let message = Quill.fullMessage(for: error)
            if code == .success {
                print(message)
                return ExitStatus.success.rawValue
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
        }
        let failure = CLIFailure.from(error)
        var text = "quill: \(failure.message)\n"
        if let hint = failure.hint { text += "hint: \(hint)\n" }
        FileHandle.standardError.write(Data(text.utf8))
        return failure.status.rawValue
    }

    private func isArgumentParserError(_ error: any Error) -> Bool {
        error is ValidationError || error is CleanExit || error is ExitCode
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }
}
