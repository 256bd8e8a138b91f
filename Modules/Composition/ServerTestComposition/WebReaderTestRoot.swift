import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import WebReaderFeature

extension ServerTestRoots {
    /// The web reader's dependencies over the API's (`server`, whose secrets it draws), with the
    /// sessions a test passes and the same note finder the production root builds, so page tests exercise
    /// what users get.
    public static func web(
        server: ServerDependencies, store: any ServerNoteRepository, sessions: any WebSessionStore, settings: WebReaderSettings
    ) -> WebReaderDependencies {
        var server = server
        server.sessions = sessions
        return WebReaderDependencies(server: server,
                              finder: SearchingNoteFinder(repository: store, listing: RecentNotesIndex(repository: store)),
                              settings: settings)
    }
}
