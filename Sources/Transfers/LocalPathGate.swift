import Places
import Synchronization

/// `LocalName` and `LocalPathClaims` together, for names met in byte order by whatever
/// feeds a transfer's workers: the path each name takes below a local folder, or why
/// it takes none. The one check of `get -r`, `sync` down and a copy into the file store.
public final class LocalPathGate: Sendable {
    private let claims = Mutex(LocalPathClaims())

    public init() {}

    /// The local path of `relative` (a name below the folder; a folder marker ends in `/`),
    /// met after every name before it in byte order.
    public func path(of relative: String) throws(LocalNameRefusal) -> String {
        let path = try LocalName.path(relative)
        try claims.withLock { (claims: inout LocalPathClaims) throws(LocalNameRefusal) in
            try claims.claim(path, isFolder: relative.hasSuffix("/"))
        }
        return path
    }
}
