import Browser
import Foundation
import Storage
import Sync
import Transfers

// The transfer engines bound to a session's store: the one place in the shell that
// hands the store to an engine, so that commands never hold it (and Browser, the
// navigation model, does not depend on the engines).
extension BrowserSession {
    func downloader() -> Downloader { Downloader(store: store) }
    func folderDownloader() -> FolderDownloader { FolderDownloader(store: store) }
    func deleter() -> Deleter { Deleter(store: store) }
    /// `OBJSH_TEST_COPY_PARALLEL` is a hidden hook for the benchmark that chose the
    /// width of `cp -r` (bench/peers.sh SWEEP), kept out of help and the man page.
    func copier() -> Copier {
        var copier = Copier(store: store)
        if let count = ProcessInfo.processInfo.environment["OBJSH_TEST_COPY_PARALLEL"].flatMap(Int.init), count > 0 { copier.parallel = count }
        return copier
    }

    func uploader(options: UploadOptions, progress: TransferProgress?) -> Uploader {
        Uploader(store: store, options: options, progress: progress)
    }

    /// `folder` on this session's store, as sync and diff compare it.
    func syncPlace(_ folder: Location) -> SyncPlace { .remote(store: store, folder: folder) }

    /// A copy between this session's store and `other`'s that streams the bytes through
    /// here (across clusters), spooling to `spool`.
    func streamedCopy(to other: BrowserSession, spool: SpoolFolder) -> StreamedCopy {
        StreamedCopy(from: store, to: other.store, spool: spool)
    }
}
