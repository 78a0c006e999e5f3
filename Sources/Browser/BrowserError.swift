import Storage

/// Why a browser operation failed. Nothing changes when one is thrown.
public enum BrowserError: Error, Equatable, Sendable {
    /// `cd`/`info` named something that is not there.
    case notFound(String)
    /// `cd` named an object where a folder is needed, and the caller asked for folders only.
    case notAFolder(String)
    /// `back` at the root.
    case atRoot
    /// A path that cannot name anything (NUL, or a name that would leave the store).
    case invalidPath(String, reason: String)
    /// An operation that needs a container (upload, a folder `mkdir`) at the account level.
    case needsContainer(String)
    /// In search mode, a name that is not among the results.
    case notAResult(String)
    /// `search` with no term outside search mode.
    case notSearching
    /// A storage failure, with what was being done.
    case storage(StorageError)
}
