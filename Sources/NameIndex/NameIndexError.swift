/// What can go wrong with the local index; `ErrorReport` words them.
public enum NameIndexError: Error, Equatable, Sendable {
    /// A file of the index is not what `index` wrote (truncated, or another version).
    case damaged(String)
    /// The index folder cannot be written (permissions, a full disk).
    case cannotWrite(String)
    /// Another `index` of the same account runs now.
    case busy
    /// `index --drop PATH`: the index holds nothing of that container.
    case notIndexed(String)
    /// No cache folder is known, so no index is kept.
    case unavailable
}
