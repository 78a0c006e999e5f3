import Places
import Storage

/// Why a transfer failed on the local side or in verification; storage failures stay `StorageError`s.
/// `ErrorReport` in ShellCore words each case.
public enum TransferError: Error, Sendable, Equatable {
    /// The local file exists and `-f` was not given.
    case exists(String)
    /// A local file or folder could not be made, read or written.
    case local(path: String, problem: LocalProblem)
    /// The bytes read do not have the MD5 the store promised; nothing was kept under the name.
    case corrupt(name: String, detail: String)
    /// A remote name refused as a local path (it would write outside the destination
    /// folder, or no file can take it); nothing was written for it.
    case unsafeName(String, reason: LocalNameRefusal)
    /// Ctrl-C: what was left partial, and how to go on.
    case interrupted(Interruption)
    /// Several objects of a folder failed (each told as it failed); the others were transferred.
    case someFailed(failed: Int, of: Int)
    /// `mv` copied an object but could not verify the copy, so the source was kept.
    case notMoved(name: String, CopyCheck)
    /// Standard input ran past the most segments one object may have on the cluster, of
    /// this size; what was sent was deleted.
    case streamTooLong(segments: Int, segmentBytes: Int64)
    /// A name sent that the destination's listing does not show under that name but
    /// under `key` (such as `a/b` for `a\b` on a server that turns `\` into `/`).
    case storedUnderAnotherKey(name: String, key: String)
}

/// What a transfer stopped by Ctrl-C left, where, and whether the same command goes on
/// from there; `ErrorReport` in ShellCore words each case.
public enum Interruption: Sendable, Equatable {
    /// A download to a file: `kept` of `total` bytes of the object `name` are in the
    /// partial file at `partial` (whole ranges, listed in a journal beside it, when
    /// `inRanges`); the same `get` goes on from them.
    case download(name: String, kept: Int64, of: Int64, partial: String, inRanges: Bool)
    /// A copy between clusters: `stored` of `parts` parts of `name` are at the target;
    /// the same command sends the others.
    case streamedCopy(name: String, stored: Int, of: Int)
    /// An upload of standard input: nothing was stored as `name`, and a stream cannot
    /// be read again.
    case standardInput(name: String)
}

/// An upload of standard input that failed (or was stopped) and whose segments the
/// server did not all delete: `segments` of them are left at `place` (nil: the server
/// could not be asked how many). A stream cannot be resumed, so they are only in the way.
public struct StreamUploadLeft: Error, Sendable {
    public var cause: any Error
    public var segments: Int?
    public var place: String
}
