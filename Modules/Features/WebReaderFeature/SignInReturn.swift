/// Where the sign-in page leads once signed in: back to the page that asked for it (the device
/// approval link a terminal printed, say), and only ever to a page of this site.
enum SignInReturn {
    /// `/login?next=<path>`, or `/login` when the path is the notes list.
    static func loginPath(returningTo path: String) -> String {
        let safe = self.path(path)
        return safe == "/" ? "/login" : "/login?next=" + WebPages.queryEncoded(safe)
    }

    /// `text` if it is a path of this site (`/…`, not `//host` nor `/\host`), else `/`.
    static func path(_ text: String?) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.hasPrefix("/\\"), text.utf8.count <= 2048,
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return "/" }
        return text
    }
}
