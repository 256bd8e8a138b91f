import ArgumentParser
import QuillCLI
import Testing

/// `--help` wraps each paragraph of a command's discussion to the terminal's width itself, so a
/// line break inside a paragraph shows as a ragged short line. A discussion's lines run on with
/// a `\` continuation; a line break stands only between paragraphs, or after a line short enough
/// never to be wrapped (the root command's list of facts).
@Suite struct HelpTextTests {
    static func commands(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap(commands)
    }

    @Test func noDiscussionBreaksALineInsideAParagraph() {
        for command in Self.commands(Quill.self) {
            let lines = command.configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !next.isEmpty {
                #expect(line.count <= 80, "quill \(command.configuration.commandName ?? "?"): a break inside a paragraph after \"\(line)\"")
            }
        }
    }
}
