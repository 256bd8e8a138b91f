/// The release version of Quill, written in this one place.
///
/// `quill --version`, `quill-server --version` and the release tarball's name
/// (`Tools/release.sh` reads it from this file and checks both binaries print it) all use it,
/// so they cannot disagree.
public enum QuillVersion {
    public static let current = "0.1.0"
}
