import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import WebReaderFeature

extension ServerTestRoots {
    /// The web reader's dependencies over the API's (`server`), with the sessions and secrets a
    /// test passes and the same note finder the production root builds, so page tests exercise
    /// what users get.
    public static func web(
        server: ServerDependencies, store: any ServerNoteRepository, sessions: any WebSessionStore,
        secrets: any TokenGenerating, settings: WebReaderSettings
    ) -> WebReaderDependencies {
        WebReaderDependencies(server: server, sessions: sessions, secrets: secrets,
                              finder: SearchingNoteFinder(repository: store, listing: RecentNotesIndex(repository: store)),
                              settings: settings)
    }
}
