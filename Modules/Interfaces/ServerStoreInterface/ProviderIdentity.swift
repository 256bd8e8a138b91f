/// A person as the identity provider knows them: the issuer and the subject it gave them.
///
/// The pair is the identity a Quill account is linked to; an e-mail address never is one (it can
/// change hands, and two providers can vouch for the same address).
public struct ProviderIdentity: Hashable, Sendable {
    public let issuer: String
    public let subject: String

    public init(issuer: String, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }
}
