import Foundation
import Glibc
import Places
import Storage
import Synchronization
import Transfers

extension Synchronizer {
    /// Removes what the spool holds from DEST, counted into `counts`: objects in bulk
    /// where the store can, files one by one (a folder left empty goes with its last file).
    public func delete(_ spool: DeletionSpool, into counts: inout SyncTotals, event: @escaping @Sendable (SyncEvent) -> Void) async throws {
        let totals = Locked(counts)
        defer { counts = totals.withLock { $0 } }
        progress?.addTotal(bytes: 0, items: spool.count)
        switch comparison.destination {
        case .remote(let store, let folder):
            let deleter = Deleter(store: store)
            try await spool.pages(1_000) { page in
                let objects = page.map { record in
                    var object = ObjectSummary(
                        name: folder.objectName(for: record.name), bytes: record.bytes, contentType: "", isLargeObject: record.kind == "s")
                    object.mayBeLargeObject = record.kind == "m"
                    return object
                }
                try await deleteObjects(objects, in: folder, deleter, totals, event)
            }
        case .local(let root):
            try await spool.pages(1_000) { page in
                for record in page { deleteFile(record.name, bytes: record.bytes, root: root, totals, event) }
            }
        }
    }

    func deleteObjects(
        _ objects: [ObjectSummary], in folder: Location, _ deleter: Deleter, _ totals: Locked<SyncTotals>,
        _ event: @escaping @Sendable (SyncEvent) -> Void
    ) async throws {
        let failures = Locked(Set<[UInt8]>())  // bytes: `é` and `e\u{301}` are two names
        do {
            _ = try await deleter.delete(objects, container: folder.container!, progress: nil) { failure in
                failures.withLock { _ = $0.insert(Array(failure.name.utf8)) }
                event(.failed(ObjectFailure(name: folder.relativeName(of: failure.name), error: failure.error)))
            }
        } catch TransferError.someFailed {}
        let failed = failures.withLock { $0 }
        for object in objects {
            let name = folder.relativeName(of: object.name)
            progress?.finishItem()
            if failed.contains(Array(object.name.utf8)) {
                totals.withLock { $0.failed += 1 }
            } else {
                totals.withLock {
                    $0.deleted += 1
                    $0.deletedBytes += object.bytes
                }
                event(.deleted(name: name, bytes: object.bytes))
            }
        }
    }

    /// Removes one file, then the folders it leaves empty up to the root.
    func deleteFile(_ name: String, bytes: Int64, root: String, _ totals: Locked<SyncTotals>, _ event: @Sendable (SyncEvent) -> Void) {
        progress?.finishItem()
        guard unlink(root + "/" + name) == 0 || errno == ENOENT else {
            let problem = StorageError.system("cannot remove \(name)")
            totals.withLock { $0.failed += 1 }
            return event(.failed(ObjectFailure(name: name, error: problem)))
        }
        var folder = name
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            guard rmdir(root + "/" + folder) == 0 else { break }
        }
        totals.withLock {
            $0.deleted += 1
            $0.deletedBytes += bytes
        }
        event(.deleted(name: name, bytes: bytes))
    }
}
