/// Why a storage operation failed. The shell turns these into messages in one place.
public enum StorageError: Error, Sendable, Equatable {
    /// No container of that name.
    case noSuchContainer(String)
    /// No object (or pseudo-folder) of that name in the container.
    case noSuchObject(container: String, name: String)
    /// No version of that ID of the object.
    case noSuchVersion(container: String, name: String, version: String)
    /// The store keeps no versions of objects (`kind` names it).
    case versionsUnsupported(kind: String)
    /// The container exists already (creating it again).
    case containerExists(String)
    /// A name the store cannot hold; `reason` says why, for the user.
    case invalidName(String, reason: String)
    /// A local file to upload cannot be read.
    case unreadableFile(path: String, problem: LocalProblem)
    /// The credentials were refused.
    case unauthorized(String)
    /// The server answered with an error status; `message` is its own text.
    case server(status: Int, message: String)
    /// The server could not be reached.
    case unreachable(String)
    /// A TLS connection failed: the server's certificate was not trusted, ours was
    /// refused, or the server does not speak TLS.
    case tls(TLSRefusal)
    /// A request could not go through its proxy.
    case proxy(ProxyRefusal)
    /// The server redirected where objsh does not follow (another host, plain http, a loop).
    case redirectRefused(RedirectRefusal)
    /// The server stopped answering.
    case timedOut(String)
    /// The server answered, but with something that is not valid HTTP (e.g. a
    /// non-ASCII header name); another try would get the same.
    case invalidResponse(String)
    /// A listing page did not go past the page before it (a marker or continuation
    /// token the server sent again): following it would never end. `container` is
    /// the one listed, `after` where the page was asked to start.
    case listingStuck(container: String, after: String)
    /// The server answered `status` and asked for a wait (`Retry-After`, in seconds)
    /// longer than the `limit` objsh waits for one request in all; a `limit` of 0: a
    /// request objsh does not send again (a sign-in), whose wait is said all the same.
    case waitTooLong(status: Int, retryAfter: Double, limit: Double)
    /// The server refused the bytes it got, or a piece that is no object of its own
    /// (a segment, a part) came out other than sent and was dropped: nothing was
    /// stored under the name.
    case checksumMismatch(expected: String, actual: String)
    /// The server stored an object under the name with other bytes than were sent;
    /// objsh tried to delete it and says what is left (`removeStoredWrong`).
    case storedWrong(StoredWrong)
    /// The object changed since it was first read (its ETag is no longer the one given).
    case changed(container: String, name: String)
    /// The container still holds objects.
    case containerNotEmpty(String)
    /// The store cannot do this (e.g. a segmented upload where it has no need of one).
    case unsupported(String)
    /// A change of metadata the store cannot make; nothing was changed.
    case metadataRefused(MetadataRefusal)
    /// No share link (or key for one) can be made; nothing was changed.
    case shareRefused(ShareRefusal)
    /// A local I/O failure in the store itself.
    case io(String)
    /// The operation was cancelled (Ctrl-C).
    case cancelled
}
