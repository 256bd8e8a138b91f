@testable import DependencyRule
import Testing

@Suite("Docs name only what exists")
struct DocClaimsTests {
    var claims: DocClaims {
        var index = SourceIndex()
        index.add(swift: """
            public enum ServerRoots {
                public static func production(_ configuration: ServerConfiguration, logger: Logger) throws -> ServerEnvironment {
                public static func preview(web settings: WebReaderSettings = WebReaderSettings()) throws -> ServerEnvironment {
            }
            public struct InMemorySettings {
                public init(_ settings: Settings = Settings(), failure: SettingsError? = nil) {
            }
            """)
        index.addCommandLine(swift: """
            public static let configuration = CommandConfiguration(commandName: "export", abstract: "Write notes.")
            @Option(name: [.short, .long], help: "Where to write.")
            var output: String?
            @Flag(name: .customLong("dry-run"), help: "Change nothing.") var rehearse = false
            """, app: "quill")
        index.addCommandLine(swift: """
            public static let oidcAllowEmail = ServerSetting(
                "oidc-allow-email", value: "address", variable: "QUILL_SERVER_OIDC_ALLOW_EMAILS", default: "none", "An address")
            @Option(name: .customLong(ServerSetting.oidcAllowEmail.flag), help: ServerSetting.oidcAllowEmail.help) var oidcAllowEmails: [String] = []
            """, app: "quill-server")
        index.paths = ["Modules/", "Modules/Features/", "Modules/Features/QuillCLI/", "Modules/Features/QuillCLI/ExportCommand.swift"]
        index.text = "QUILL_HOME"
        return DocClaims(index: index, outsideNames: ["Sendable"])
    }

    func problems(_ markdown: String) -> [String] { claims.problems(in: markdown, file: "doc.md") }

    @Test func namesThatExistPass() {
        #expect(problems("""
            `ServerRoots.production(_:logger:)`, `ServerRoots.preview(web:)`, `ServerRoots.preview()`,
            `InMemorySettings(failure:)`, `ServerRoots.production(…)`, `ExportCommand.swift`,
            `Modules/Features/QuillCLI/ExportCommand.swift`, `Modules/Features/QuillCLI/`,
            `quill export -o notes.tar.gz --output x --dry-run`, `--dry-run`, `QUILL_HOME`, `Sendable`,
            `tar -xzf`, `/v1/notes`, `TITLE.md`, `quill-server --oidc-allow-email a@b.c`, `--oidc-allow-email ADDRESS`
            """).isEmpty)
    }

    @Test func aRenamedSymbolFileFlagOrCommandFails() {
        #expect(problems("`ServerRoots.production(configuration:)`") == [
            "doc.md: `ServerRoots.production(configuration:)` has no declaration with the labels (configuration:)",
        ])
        #expect(problems("`QuillRoots.production`") == ["doc.md: `QuillRoots.production` is declared nowhere in the code"])
        #expect(problems("`ServerRoots.staging`") == ["doc.md: `ServerRoots.staging` has no member staging declared in ServerRoots"])
        #expect(problems("`ServerRoots.init`").isEmpty)
        // A member that exists, but on another type, is not this type's.
        #expect(problems("`InMemorySettings.production`") == [
            "doc.md: `InMemorySettings.production` has no member production declared in InMemorySettings",
        ])
        #expect(problems("`Modules/Features/QuillCLI/ImportCommand.swift`").count == 1)
        #expect(problems("`ImportCommand.swift`").count == 1)
        #expect(problems("`quill exprot`") == ["doc.md: `quill exprot` names no command of quill"])
        #expect(problems("`quill export --level 9`") == ["doc.md: `quill export --level 9` uses --level, which quill does not have"])
        #expect(problems("`--rehearse`") == ["doc.md: `--rehearse` is a flag of neither app nor any script here"])
        // A setting's flag is its ServerSetting's, not the name of the variable that holds it.
        #expect(problems("`--oidc-allow-emails`") == ["doc.md: `--oidc-allow-emails` is a flag of neither app nor any script here"])
        #expect(problems("`QUILL_DATA_DIR`") == ["doc.md: `QUILL_DATA_DIR` is an environment variable nothing here reads"])
    }

    @Test func aRelativeLinkMustLeadToAFileOrFolder() {
        #expect(claims.problems(in: "[it](../Modules/Features/QuillCLI/ExportCommand.swift#L3), [web](https://x.org/a), [top](#top)",
                                file: "docs/page.md").isEmpty)
        #expect(claims.problems(in: "[folder](../Modules/Features/QuillCLI)", file: "docs/page.md").isEmpty)
        #expect(claims.problems(in: "[gone](../Modules/Features/QuillCLI/ImportCommand.swift)", file: "docs/page.md") == [
            "docs/page.md: the link (../Modules/Features/QuillCLI/ImportCommand.swift) leads to no file or folder of the repository",
        ])
        #expect(claims.problems(in: "written `![alt](attachments/<sha256>/a.png)` in a note", file: "docs/page.md").isEmpty,
                "a link in a code span is an example of the syntax")
    }

    @Test func examplesInFencedBlocksAreNotClaims() {
        #expect(problems("```sh\n`quill exprot`\n```\n").isEmpty)
    }
}

/// The decisions table names each rule's home once: a type declared in exactly one module.
@Suite struct DecisionTableTests {
    let page = """
        ## Where decisions live

        | decision | where | what it says |
        |---|---|---|
        | the conflict rule | `PushRule.decide` (`Modules/Models/QuillModels/PushRule.swift`) | … |
        | search | `SearchMatch` | … |
        | copied | `NoteSearch` | … |

        ## Next
        | decision | `NotARow` | … |
        """

    @Test func eachRowNamesItsTypeAndThatTypeLivesInOneModule() {
        let table = DecisionTable(document: page)
        #expect(table.homes == ["PushRule", "SearchMatch", "NoteSearch"])
        let problems = table.problems(typesByModule: [
            "QuillModels": ["PushRule", "SearchMatch"], "NotesFeature": ["NoteSearch"], "ServerStoreInterface": ["NoteSearch"],
        ])
        #expect(problems == ["docs/architecture.md, ## Where decisions live: `NoteSearch` is declared in 2 modules (NotesFeature, ServerStoreInterface): a rule lives in one"])
        #expect(table.problems(typesByModule: [:]).count == 3)
    }

    @Test func topLevelTypesAreFoundAtAnyAccessLevelButNotNestedOnes() {
        let source = "public struct A {\n    struct Nested {}\n}\nenum B {}\nfinal class C {}\npublic final class D: E {}\nextension F {}\nprotocol G {}\n"
        #expect(DecisionTable.topLevelTypes(in: source) == ["A", "B", "C", "D", "G"])
    }
}
