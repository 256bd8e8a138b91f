@testable import DependencyRule
import Foundation
import Testing

@Suite("Table of concerns")
struct ConcernTableTests {
    func target(_ name: String, _ path: String) -> PackageGraph.Target {
        .init(name: name, path: path, targets: [], products: [])
    }

    @Test func declarationsAreReadFromSource() {
        let source = """
            /// A doc comment: public protocol NotThis
            public protocol Clipboard: Sendable {
                func copy(_ text: String) throws
            }
            public protocol Pasting {}
            public final class RecordingClipboard: Clipboard, @unchecked Sendable {
            public struct Box<T: Sendable>: Pasting where T: Equatable {
            @MainActor public struct OnMain: Clipboard {
            extension SampleText: Pasting {}
            public enum SampleText {
            struct Internal: Clipboard {
            public enum UnimplementedDoubles {
                public struct Paste: Pasting {}
            }
            """
        let declarations = SwiftDeclarations(source: source)
        #expect(declarations.protocols == ["Clipboard", "Pasting"])
        #expect(declarations.conformances["RecordingClipboard"] == ["Clipboard", "Sendable"])
        #expect(declarations.conformances["Box"] == ["Pasting"])
        #expect(declarations.conformances["OnMain"] == ["Clipboard"])
        #expect(declarations.conformances["SampleText"] == ["Pasting"])
        #expect(declarations.conformances["Internal"] == nil)
        #expect(declarations.conformances["UnimplementedDoubles.Paste"] == ["Pasting"])
    }

    @Test func everyColumnIsDerivedFromTheStems() {
        let graph = PackageGraph(targets: [
            target("ClipboardInterface", "Modules/Interfaces/ClipboardInterface"),
            target("NoteStoreInterface", "Modules/Interfaces/NoteStoreInterface"),
            target("X11Clipboard", "Modules/Adapters/X11Clipboard"),
            target("PasteboardClipboard", "Modules/Adapters/PasteboardClipboard"),
            target("FileNoteStore", "Modules/Adapters/FileNoteStore"),
            target("Store", "Modules/Adapters/Store"),
            target("ClipboardTesting", "Modules/Testing/ClipboardTesting"),
            target("UnimplementedDoubles", "Modules/Testing/UnimplementedDoubles"),
            target("ClipboardContractTests", "Tests/ClipboardContractTests"),
        ])
        let table = ConcernTable(graph: graph, declarations: [
            "ClipboardInterface": SwiftDeclarations(source: "public protocol Clipboard: Sendable {\npublic protocol Pasting {"),
            "NoteStoreInterface": SwiftDeclarations(source: "public protocol NoteStore: Sendable {"),
            "ClipboardTesting": SwiftDeclarations(source: """
                public final class RecordingClipboard: Clipboard {
                public struct FailingPaste: Pasting {
                public struct UnimplementedPaste: Pasting {
                public enum SampleClips {
                """),
            "UnimplementedDoubles": SwiftDeclarations(source: "public struct UnimplementedClipboard: Clipboard {\npublic struct Store: NoteStore {"),
        ])
        #expect(table.rows == [
            .init(concern: "Clipboard", protocols: ["Clipboard", "Pasting"], adapters: ["PasteboardClipboard", "X11Clipboard"],
                  fakes: ["FailingPaste", "RecordingClipboard"], unimplemented: ["UnimplementedClipboard", "UnimplementedPaste"],
                  contractSuite: "ClipboardContractTests"),
            .init(concern: "NoteStore", protocols: ["NoteStore"], adapters: ["FileNoteStore"], fakes: [], unimplemented: ["Store"],
                  contractSuite: nil),
        ])
        let rendered = table.render()
        #expect(rendered.contains("| Clipboard | `Clipboard`, `Pasting` | `PasteboardClipboard`, `X11Clipboard` | "))
        #expect(rendered.contains("| NoteStore | `NoteStore` | `FileNoteStore` | — | `Store` | — |"))
    }

    /// An adapter of one concern that also implements another's protocol (a store module that
    /// keeps web sessions too) is listed under both, so the second concern is found by its stem.
    @Test func anAdapterServingASecondConcernIsListedUnderIt() {
        let graph = PackageGraph(targets: [
            target("ServerStoreInterface", "Modules/Interfaces/ServerStoreInterface"),
            target("WebSessionInterface", "Modules/Interfaces/WebSessionInterface"),
            target("SQLiteServerStore", "Modules/Adapters/SQLiteServerStore"),
        ])
        let table = ConcernTable(graph: graph, declarations: [
            "ServerStoreInterface": SwiftDeclarations(source: "public protocol ServerNoteRepository: Sendable {"),
            "WebSessionInterface": SwiftDeclarations(source: "public protocol WebSessionStore: Sendable {"),
            "SQLiteServerStore": SwiftDeclarations(source: "public actor SQLiteServerStore: ServerNoteRepository {\nextension SQLiteServerStore: WebSessionStore {"),
        ])
        #expect(table.rows.map(\.adapters) == [["SQLiteServerStore"], ["SQLiteServerStore"]])
    }

    @Test func theLongestStemOwnsAnAdapter() {
        #expect(Stem.longest(of: "SQLiteServerStore", among: ["Store", "ServerStore"]) == "ServerStore")
        #expect(Stem.longest(of: "ServerStore", among: ["ServerStore"]) == nil)
        #expect(Stem.longest(of: "LocalByteStreams", among: ["ByteStream"]) == "ByteStream")
    }

    @Test func theTableReplacesOnlyItsSection() throws {
        let table = ConcernTable(graph: PackageGraph(targets: []), declarations: [:])
        let document = "intro\n\(ConcernTable.begin)\nold\n\(ConcernTable.end)\noutro"
        let updated = try table.updating(document)
        #expect(updated.hasPrefix("intro\n\(ConcernTable.begin)\n| concern |") && updated.hasSuffix("\(ConcernTable.end)\noutro"))
        #expect(try table.updating(updated) == updated)
        #expect(throws: RuleError.self) { try table.updating("no markers") }
    }

    @Test func sourcesAreReadFromATargetsDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("concerns-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/Nested", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "public protocol B {}".write(toFile: directory + "/B.swift", atomically: true, encoding: .utf8)
        try "public protocol A {}".write(toFile: directory + "/Nested/A.swift", atomically: true, encoding: .utf8)
        try "public protocol NotSwift {}".write(toFile: directory + "/README.md", atomically: true, encoding: .utf8)
        #expect(try SwiftDeclarations(directory: directory).protocols == ["A", "B"])
    }
}
