import Foundation
import Glibc
import Listing
import Storage
import Synchronization
import Transfers

/// One name sent from SRC to DEST along a route, then checked: a plain object sent up
/// or brought down was checked against its MD5 on the way, which the cache keeps; any
/// other file is judged against its object again by the comparison's own judge (which
/// also leaves its digests in the cache): either way the next run reads no file; a copy
/// between stores is checked by the copier, ETag against ETag.
struct SyncTransfer: Sendable {
    let route: SyncRoute
    let judge: ContentJudge
    let progress: TransferProgress?

    /// Sends `entry` (SRC's) to DEST; returns what nothing could prove, if anything.
    func send(_ entry: PlaceEntry) async throws -> CopyCheck {
        progress?.nowOn(entry.name)
        switch route {
        case .upload(let root, let uploader, let folder):
            guard let file = entry.file else { return .verified }
            return try await upload(file, root: root, uploader, container: folder.container!, name: folder.objectName(for: entry.name))
        case .download(let store, let folder, let downloader, let root):
            guard let object = entry.object else { return .verified }
            return try await download(object, as: entry.name, store: store, container: folder.container!, downloader, root: root)
        case .copy(let copier, let from, let to, let streamed):
            guard let object = entry.object else { return .verified }
            let info =
                streamed
                ? try await copier.store.objectInfo(container: from.container!, name: object.name)
                : try await LargeObjectLookup.objectInfo(of: object, container: from.container!, store: copier.store)
            let check = try await copier.copy(info, toContainer: to.container!, name: to.objectName(for: entry.name))
            if !streamed { progress?.add(bytes: entry.bytes) }
            progress?.finishItem()
            return check
        }
    }

    func upload(_ file: LocalFileStat, root: String, _ uploader: Uploader, container: String, name: String) async throws -> CopyCheck {
        let stored = Locked<ObjectInfo?>(nil)
        try await uploader.upload([UploadItem(path: root + "/" + file.relative, name: name)], into: container) { result in
            if case .stored(let info, _, _) = result { stored.withLock { $0 = info } }
        }
        guard let info = stored.withLock({ $0 }) else { return .verified }
        if let etag = Self.plainMD5(info), let digests = judge.sourceDigests, try LocalFileStat.of(root: root, relative: file.relative) == file {
            // The store checked the bytes it got against their MD5, and the file is as
            // walked (its change time too): nothing to read again.
            digests.remember(file, FileDigest(md5: etag))
            return .verified
        }
        return try await check(file.relative, root: root, against: info, local: .source)
    }

    /// The MD5 of the object's bytes its ETag is, for a plain object whose ETag is one.
    static func plainMD5(_ info: ObjectInfo) -> String? {
        let etag = info.etag.lowercased()
        return info.largeObject == nil && info.opaqueETag == nil && ETagClaim.isMD5(etag) ? etag : nil
    }

    func download(
        _ object: ObjectSummary, as name: String, store: any ObjectStore, container: String, _ downloader: Downloader, root: String
    ) async throws -> CopyCheck {
        let relative = try LocalFolder.safeRelativePath(name, remote: object.name)
        if let slash = relative.lastIndex(of: "/") { try LocalFolder.make(root + "/" + relative[..<slash]) }
        let info = try await LargeObjectLookup.objectInfo(of: object, container: container, store: store)
        let target = root + "/" + relative
        _ = try await downloader.download(info, to: target, overwrite: true, progress: progress)
        progress?.finishItem()
        // The file takes the object's time, as other sync tools do: a later change shows.
        if let modified = info.lastModified { try? FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: target) }
        if let etag = Self.plainMD5(info), let digests = judge.destinationDigests,
            let file = try LocalFileStat.of(root: root, relative: relative)
        {
            // The download was verified against this MD5 as it came: nothing to read again.
            digests.remember(file, FileDigest(md5: etag))
            return .verified
        }
        return try await check(relative, root: root, against: info, local: .destination)
    }

    enum Side { case source, destination }

    /// The file at `relative` against the object `info`, as the next comparison will
    /// judge them: different content is an error (the file changed meanwhile, or bytes
    /// were lost); a pair nothing proves is told as unverified.
    func check(_ relative: String, root: String, against info: ObjectInfo, local: Side) async throws -> CopyCheck {
        guard let stat = try LocalFileStat.of(root: root, relative: relative) else {
            throw StorageError.io("\(relative) was removed while it was sent")
        }
        var summary = ObjectSummary(
            name: info.name, bytes: info.bytes, contentType: info.contentType, lastModified: info.lastModified, etag: info.etag)
        summary.largeObject = info.largeObject
        let file = PlaceEntry(name: relative, origin: .file(stat))
        let object = PlaceEntry(name: relative, origin: .object(summary))
        let verdict = local == .source ? try await judge.judge(file, object) : try await judge.judge(object, file)
        switch verdict {
        case .differs(_, _, let basis): throw SyncError.differsAfterTransfer(relative, basis.word)
        case .same(_, _, .sizeAndTime(let reason)): return .unverified(.sizeAndTime(reason))
        default: return .verified
        }
    }
}
