import LocalFileSystem
import Testing

/// The XDG Base Directory rules both apps find their directories with.
@Suite("XDG base directories")
struct XDGBaseDirectoriesTests {
    @Test func anAbsoluteVariableWins() {
        let base = XDGBaseDirectories(environment: ["XDG_DATA_HOME": "/d/", "XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        #expect(base.dataHome == "/d")
        #expect(base.configHome == "/c")
    }

    @Test func emptyOrRelativeVariablesAreIgnored() {
        for value in ["", "relative", "./here", "~/data"] {
            let base = XDGBaseDirectories(environment: ["XDG_DATA_HOME": value, "XDG_CONFIG_HOME": value, "HOME": "/home/ana/"])
            #expect(base.dataHome == "/home/ana/.local/share", "XDG_DATA_HOME=\(value)")
            #expect(base.configHome == "/home/ana/.config", "XDG_CONFIG_HOME=\(value)")
        }
    }

    @Test func withoutHomeOnlyAnAbsoluteVariableAnswers() {
        #expect(XDGBaseDirectories(environment: [:]).dataHome == nil)
        #expect(XDGBaseDirectories(environment: ["XDG_CONFIG_HOME": "conf"]).configHome == nil)
        #expect(XDGBaseDirectories(environment: ["XDG_CONFIG_HOME": "/conf"]).configHome == "/conf")
    }
}
