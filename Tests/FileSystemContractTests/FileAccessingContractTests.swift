import Foundation
import FileSystemInterface
import Testing

/// The behaviour every `FileAccessing` must have: the real one and the in-memory fake alike.
@Suite("FileAccessing contract", .scratchDirectory)
struct FileAccessingContractTests {
    @Test(arguments: Implementation.allCases)
    func writeThenReadReturnsTheBytes(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        let bytes = Data((0..<1000).map { UInt8($0 % 251) })
        try files.write(bytes, to: root + "/a.bin")
        #expect(try files.read(root + "/a.bin") == bytes)
        try files.write(Data("short".utf8), to: root + "/a.bin")
        #expect(try files.read(root + "/a.bin") == Data("short".utf8))
        #expect(files.exists(root + "/a.bin"))
    }

    @Test(arguments: Implementation.allCases)
    func metadataTellsFilesFromFolders(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/folder")
        try files.write(Data("12345".utf8), to: root + "/folder/file")
        let file = try files.metadata(of: root + "/folder/file")
        #expect(file.kind == .file && file.size == 5)
        #expect(try files.metadata(of: root + "/folder").kind == .directory)
        #expect(throws: FileSystemError.notFound(path: root + "/missing")) { try files.metadata(of: root + "/missing") }
    }

    @Test(arguments: Implementation.allCases)
    func emptyFilesExist(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.write(Data(), to: root + "/empty")
        #expect(try files.read(root + "/empty") == Data())
    }

    @Test(arguments: Implementation.allCases)
    func readingAMissingFileIsNotFound(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        #expect(throws: FileSystemError.notFound(path: root + "/missing")) { try files.read(root + "/missing") }
        #expect(!files.exists(root + "/missing"))
    }

    @Test(arguments: Implementation.allCases)
    func writingIntoAMissingDirectoryIsNotFound(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        #expect(throws: FileSystemError.notFound(path: root + "/no/file")) { try files.write(Data(), to: root + "/no/file") }
    }

    @Test(arguments: Implementation.allCases)
    func readingADirectoryIsAnError(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/dir")
        #expect(throws: FileSystemError.isADirectory(path: root + "/dir")) { try files.read(root + "/dir") }
    }

    @Test(arguments: Implementation.allCases)
    func appendCreatesThenExtends(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.append(Data("a".utf8), to: root + "/log")
        try files.append(Data("b".utf8), to: root + "/log")
        #expect(try files.read(root + "/log") == Data("ab".utf8))
    }

    @Test(arguments: Implementation.allCases)
    func createUnsyncedMakesNewFilesAndRefusesTakenPaths(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.write(Data("old".utf8), to: root + "/taken")
        #expect(throws: FileSystemError.alreadyExists(path: root + "/taken")) {
            try files.createUnsynced([(root + "/first", Data("1".utf8)), (root + "/taken", Data("new".utf8))])
        }
        #expect(!files.exists(root + "/first"))
        #expect(try files.read(root + "/taken") == Data("old".utf8))
        try files.createUnsynced([(root + "/first", Data("1".utf8)), (root + "/second", Data())])
        try files.synchronize(root)
        #expect(try files.read(root + "/first") == Data("1".utf8))
        #expect(try files.read(root + "/second") == Data())
        #expect(throws: FileSystemError.notFound(path: root + "/no/file")) {
            try files.createUnsynced([(root + "/no/file", Data())])
        }
        #expect(throws: FileSystemError.notFound(path: root + "/missing")) { try files.synchronize(root + "/missing") }
    }

    /// Within one run nothing restarts, so the epoch is known (on Linux, for the real one) and
    /// does not change: otherwise every bulk creation would be checked note by note.
    @Test(arguments: Implementation.allCases)
    func theUnsyncedWritesEpochHoldsWithinARun(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        let epoch = try #require(files.unsyncedWritesEpoch())
        #expect(!epoch.isEmpty && !epoch.contains("\n"))
        try files.createUnsynced([(root + "/file", Data("1".utf8))])
        try files.synchronize(root)
        #expect(files.unsyncedWritesEpoch() == epoch)
    }

    @Test(arguments: Implementation.allCases)
    func rangedReadsStopAtTheEnd(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.write(Data("0123456789".utf8), to: root + "/digits")
        #expect(try files.read(root + "/digits", offset: 2, count: 3) == Data("234".utf8))
        #expect(try files.read(root + "/digits", offset: 8, count: 5) == Data("89".utf8))
        #expect(try files.read(root + "/digits", offset: 10, count: 5) == Data())
        #expect(try files.read(root + "/digits", offset: 40, count: 5) == Data())
        #expect(throws: FileSystemError.notFound(path: root + "/none")) { try files.read(root + "/none", offset: 0, count: 1) }
        try files.createDirectory(root + "/dir")
        #expect(throws: FileSystemError.isADirectory(path: root + "/dir")) { try files.read(root + "/dir", offset: 0, count: 1) }
    }

    /// Large enough that the real file system creates the batch on several threads.
    @Test(arguments: Implementation.allCases)
    func createUnsyncedOfALargeBatchIsAllOrNothing(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        let batch = (0..<300).map { (path: root + "/note-\($0)", data: Data("note \($0)".utf8)) }
        try files.write(Data("old".utf8), to: batch[250].path)
        #expect(throws: FileSystemError.alreadyExists(path: batch[250].path)) { try files.createUnsynced(batch) }
        #expect(try files.contents(ofDirectory: root) == ["note-250"])
        #expect(try files.read(batch[250].path) == Data("old".utf8))

        try files.remove(batch[250].path)
        try files.createUnsynced(batch)
        #expect(try files.contents(ofDirectory: root).count == 300)
        #expect(try batch.allSatisfy { try files.read($0.path) == $0.data })
    }

    /// Every size: a few files are synced one by one, more with one synchronize, and more than
    /// `WritebackAhead.filesPerStart` with the disk set to work while the rest are created.
    @Test(arguments: Implementation.allCases, [3, 40, 600])
    func createAllIsAllOrNothingAndLeavesNoTemporaryFiles(fixture: Implementation, count: Int) throws {
        let (files, root) = try fixture.make()
        let batch = (0..<count).map { (path: root + "/note-\($0)", data: Data("note \($0)".utf8)) }
        try files.write(Data("old".utf8), to: batch[count - 1].path)
        #expect(throws: FileSystemError.alreadyExists(path: batch[count - 1].path)) { try files.createAll(batch) }
        #expect(try files.contents(ofDirectory: root) == ["note-\(count - 1)"])
        #expect(try files.read(batch[count - 1].path) == Data("old".utf8))

        try files.remove(batch[count - 1].path)
        try files.createAll(batch)
        #expect(try files.contents(ofDirectory: root).count == count)
        #expect(try batch.allSatisfy { try files.read($0.path) == $0.data })
    }

    @Test(arguments: Implementation.allCases)
    func moveReplacesTheDestination(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/sub")
        try files.write(Data("new".utf8), to: root + "/a")
        try files.write(Data("old".utf8), to: root + "/sub/b")
        try files.move(root + "/a", to: root + "/sub/b")
        #expect(!files.exists(root + "/a"))
        #expect(try files.read(root + "/sub/b") == Data("new".utf8))
        #expect(throws: FileSystemError.notFound(path: root + "/a")) { try files.move(root + "/a", to: root + "/c") }
    }

    @Test(arguments: Implementation.allCases)
    func removeDeletesFilesAndEmptyDirectoriesOnly(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/d")
        try files.write(Data(), to: root + "/d/f")
        #expect(throws: FileSystemError.directoryNotEmpty(path: root + "/d")) { try files.remove(root + "/d") }
        try files.remove(root + "/d/f")
        try files.remove(root + "/d")
        #expect(!files.exists(root + "/d"))
        #expect(throws: FileSystemError.notFound(path: root + "/d")) { try files.remove(root + "/d") }
    }

    @Test(arguments: Implementation.allCases)
    func contentsListsNamesOfDirectChildren(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/d/inner")
        try files.write(Data(), to: root + "/d/one")
        try files.write(Data(), to: root + "/d/inner/deep")
        #expect(try files.contents(ofDirectory: root + "/d").sorted() == ["inner", "one"])
        #expect(try files.metadata(of: root + "/d/.").kind == .directory)
        #expect(try files.metadata(of: root + "/d/./one").kind == .file)
        #expect(throws: FileSystemError.notFound(path: root + "/nope")) { try files.contents(ofDirectory: root + "/nope") }
        #expect(throws: FileSystemError.notADirectory(path: root + "/d/one")) { try files.contents(ofDirectory: root + "/d/one") }
    }

    @Test(arguments: Implementation.allCases)
    func createDirectoryMakesParentsAndIsIdempotent(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/a/b/c")
        try files.createDirectory(root + "/a/b/c")
        #expect(files.exists(root + "/a/b"))
        try files.write(Data(), to: root + "/file")
        #expect(throws: FileSystemError.self) { try files.createDirectory(root + "/file") }
        #expect(throws: FileSystemError.self) { try files.createDirectory(root + "/file/sub") }
    }

    @Test(arguments: Implementation.allCases)
    func writeLeavesNoTemporaryFilesBehind(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        for index in 0..<5 { try files.write(Data("\(index)".utf8), to: root + "/f") }
        #expect(try files.contents(ofDirectory: root) == ["f"])
    }

    @Test(arguments: Implementation.allCases)
    func batchesWriteAndMoveEveryFile(fixture: Implementation) throws {
        let (files, root) = try fixture.make()
        try files.createDirectory(root + "/staged")
        try files.createDirectory(root + "/final")
        try files.write(Data("old".utf8), to: root + "/final/3")
        let batch = (0..<10).map { (path: root + "/staged/\($0)", data: Data("file \($0)".utf8)) }
        try files.writeAll(batch)
        #expect(try files.contents(ofDirectory: root + "/staged").count == 10)
        try files.moveAll((0..<10).map { (source: root + "/staged/\($0)", destination: root + "/final/\($0)") })
        #expect(try files.contents(ofDirectory: root + "/staged").isEmpty)
        #expect(try files.read(root + "/final/3") == Data("file 3".utf8))
        #expect(try files.contents(ofDirectory: root + "/final").count == 10)
        #expect(throws: FileSystemError.notFound(path: root + "/staged/0")) {
            try files.moveAll([(source: root + "/staged/0", destination: root + "/final/0")])
        }
        #expect(throws: FileSystemError.notFound(path: root + "/missing/a")) {
            try files.writeAll([(path: root + "/missing/a", data: Data())])
        }
    }
}
