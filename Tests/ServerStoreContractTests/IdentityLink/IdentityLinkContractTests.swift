import Foundation
import ServerStoreInterface
import StandardInterfaces
import Testing

/// What every server store keeps of provider identities linked to accounts and of sign-ins waiting
/// for their callback (docs/signin.md): SQLite, PostgreSQL and memory answer alike.
@Suite struct IdentityLinkContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)
    static let now = Date(timeIntervalSince1970: 1_767_225_600.123)
    static let issuer = "https://id.example/realms/家"
    static let ann = ProviderIdentity(issuer: issuer, subject: "248289761001")

    @Test(arguments: implementations)
    func aLinkedIdentityFindsItsAccountAndLinkingAgainChangesNothing(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let id = try await store.newAccount("ann")
            let linked = try await store.linkIdentity(Self.ann, toAccountNamed: "ann", at: Self.now)
            #expect(linked == Account(id: id, name: "ann"))
            let again = try await store.linkIdentity(Self.ann, toAccountNamed: "ann", at: Self.now.addingTimeInterval(5))
            #expect(again == linked)
            let found = try await store.account(linkedTo: Self.ann)
            #expect(found == linked)
            let otherIssuer = try await store.account(linkedTo: ProviderIdentity(issuer: "https://other.example", subject: Self.ann.subject))
            #expect(otherIssuer == nil, "the subject alone is not the identity")
            let identities = try await store.identities(ofAccountNamed: "ann")
            #expect(identities == [Self.ann])
        }
    }

    @Test(arguments: implementations)
    func anIdentityHeldByAnotherAccountOrAMissingAccountIsRefused(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            _ = try await store.newAccount("ann")
            _ = try await store.newAccount("bob")
            _ = try await store.linkIdentity(Self.ann, toAccountNamed: "ann", at: Self.now)
            await #expect(throws: ServerStoreError.identityLinked(Self.ann, account: "ann")) {
                try await store.linkIdentity(Self.ann, toAccountNamed: "bob", at: Self.now)
            }
            await #expect(throws: ServerStoreError.accountNotFound("nobody")) {
                try await store.linkIdentity(ProviderIdentity(issuer: Self.issuer, subject: "x"), toAccountNamed: "nobody", at: Self.now)
            }
            let found = try await store.account(linkedTo: Self.ann)
            #expect(found?.name == "ann")
        }
    }

    @Test(arguments: implementations)
    func unlinkingAndDeletingTheAccountForgetTheLink(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            _ = try await store.newAccount("ann")
            let second = ProviderIdentity(issuer: Self.issuer, subject: "second")
            _ = try await store.linkIdentity(Self.ann, toAccountNamed: "ann", at: Self.now)
            _ = try await store.linkIdentity(second, toAccountNamed: "ann", at: Self.now.addingTimeInterval(1))
            let wrongAccount = try await store.unlinkIdentity(Self.ann, fromAccountNamed: "bob")
            #expect(!wrongAccount)
            let unlinked = try await store.unlinkIdentity(Self.ann, fromAccountNamed: "ann")
            #expect(unlinked)
            let gone = try await store.account(linkedTo: Self.ann)
            #expect(gone == nil)
            try await store.deleteAccount(named: "ann")
            let afterDeletion = try await store.account(linkedTo: second)
            #expect(afterDeletion == nil)
            // A new account of the same name does not inherit the link.
            _ = try await store.newAccount("ann")
            let identities = try await store.identities(ofAccountNamed: "ann")
            #expect(identities.isEmpty)
        }
    }

    @Test(arguments: implementations)
    func anAccountMadeWithoutATokenIsFoundByItsID(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let made = try await store.createAccount(named: "アン", token: nil)
            let found = try await store.account(id: made.id)
            #expect(found == made)
            let tokens = try await store.tokens(ofAccountNamed: "アン")
            #expect(tokens.isEmpty)
            try await store.deleteAccount(named: "アン")
            let deleted = try await store.account(id: made.id)
            #expect(deleted == nil)
        }
    }

    static func pending(_ state: String, expires: Date) -> PendingSignIn {
        PendingSignIn(stateHash: TokenHash(bytes: Array("state:\(state)".utf8)), nonce: "nonce-\(state)", verifier: String(repeating: "v", count: 64),
                      returnPath: "/notes/ノート?q=a&b", expires: expires)
    }

    @Test(arguments: implementations)
    func aPendingSignInIsHandedOutOnceWhileLive(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let started = Self.pending("a", expires: Self.now.addingTimeInterval(600))
            try await store.createPendingSignIn(started, at: Self.now)
            let taken = try await store.takePendingSignIn(stateHash: started.stateHash, at: Self.now.addingTimeInterval(1))
            #expect(taken == started)
            let again = try await store.takePendingSignIn(stateHash: started.stateHash, at: Self.now.addingTimeInterval(2))
            #expect(again == nil, "a replayed callback finds nothing")
            let late = Self.pending("b", expires: Self.now.addingTimeInterval(600))
            try await store.createPendingSignIn(late, at: Self.now)
            let expired = try await store.takePendingSignIn(stateHash: late.stateHash, at: late.expires)
            #expect(expired == nil)
        }
    }

    @Test(arguments: implementations)
    func concurrentCallbacksTakeAPendingSignInOnce(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let started = Self.pending("race", expires: Self.now.addingTimeInterval(600))
            try await store.createPendingSignIn(started, at: Self.now)
            let taken = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.takePendingSignIn(stateHash: started.stateHash, at: Self.now) != nil }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(taken == 1)
        }
    }
}
