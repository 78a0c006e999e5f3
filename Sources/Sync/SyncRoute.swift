import Foundation
import Glibc
import Places
import Storage
import Transfers

/// How names cross from SRC to DEST, decided by what the two places are: files go up
/// (`Uploader`), objects come down (`Downloader`), or go from store to store (`Copier`:
/// on the server within one cluster, streamed through objsh across two). Every path is
/// the transfer engine's own; sync adds none.
public enum SyncRoute: Sendable {
    case upload(root: String, uploader: Uploader, to: Location)
    case download(store: any ObjectStore, from: Location, downloader: Downloader, root: String)
    case copy(copier: Copier, from: Location, to: Location, streamed: Bool)

    /// The route between `source` and `destination`; nil for two local folders.
    /// `crossing` holds how a copy between two clusters streams (nil: one cluster).
    public static func between(
        _ source: SyncPlace, _ destination: SyncPlace, uploads: UploadOptions, progress: TransferProgress?,
        crossing: StreamedCopy?
    ) -> SyncRoute? {
        switch (source, destination) {
        case (.local(let root), .remote(let store, let folder)):
            let uploader = Uploader(store: store, options: uploads, progress: progress)
            return .upload(root: root, uploader: uploader, to: folder)
        case (.remote(let store, let folder), .local(let root)):
            var downloader = Downloader(store: store)
            downloader.parallel = 2
            return .download(store: store, from: folder, downloader: downloader, root: root)
        case (.remote(let store, let from), .remote(_, let to)):
            let copier = crossing.map { Copier(streaming: $0) } ?? Copier(store: store)
            return .copy(copier: copier, from: from, to: to, streamed: crossing != nil)
        case (.local, .local):
            return nil
        }
    }

    /// Objects (or files) in flight at once.
    var parallel: Int {
        switch self {
        case .upload: 4
        case .download: 4
        case .copy(let copier, _, _, _): copier.parallel
        }
    }
}

extension LocalFileStat {
    /// The file at `root/relative` as a walk would find it now; nil when it is no regular file.
    static func of(root: String, relative: String) throws -> LocalFileStat? {
        var info = Glibc.stat()
        guard lstat(root + "/" + relative, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw StorageError.system("cannot stat \(relative)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        return LocalFileStat(
            relative: relative, bytes: Int64(info.st_size),
            mtimeNs: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            ctimeNs: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }
}
