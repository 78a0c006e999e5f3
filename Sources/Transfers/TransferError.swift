/// Why a transfer failed on the local side or in verification; storage failures stay `StorageError`s.
public enum TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The local file exists and `-f` was not given.
    case exists(String)
    /// A local file or folder could not be made, read or written.
    case local(path: String, reason: String)
    /// The bytes read do not have the MD5 the store promised; nothing was kept under the name.
    case corrupt(name: String, detail: String)
    /// A remote name that would write outside the destination folder; it was skipped.
    case unsafeName(String, reason: String)
    /// Ctrl-C: what was left partial, and how to go on.
    case interrupted(String)
    /// Several objects of a folder failed (each told as it failed); the others were transferred.
    case someFailed(failed: Int, of: Int)

    public var description: String {
        switch self {
        case .exists(let path): "\(path): exists (use -f to overwrite)"
        case .local(let path, let reason): "\(path): \(reason)"
        case .corrupt(let name, let detail): "\(name): download corrupted in transit (\(detail)); nothing was kept"
        case .unsafeName(let name, let reason): "\(name): skipped, \(reason)"
        case .interrupted(let message): "interrupted: \(message)"
        case .someFailed(let failed, let total): "\(failed) of \(total) objects failed"
        }
    }
}
