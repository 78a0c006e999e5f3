import Listing
import Storage

extension Deleter {
    /// The objects of one `rm -r` as they are listed, deleted in rounds: plain objects
    /// are gathered until they fill `bulkParallel` requests of the store's limit (or the
    /// listing ends), then sent together (`batches`), and the large objects gathered
    /// meanwhile (and those that may be) go one by one after them, their segments with
    /// them. Where the store has no bulk delete, every object goes one by one as listed.
    struct BulkRounds {
        let deleter: Deleter
        let container: String
        let tally: Tally
        let progress: TransferProgress?
        /// Names one bulk request takes (`bulkDeleteLimit`); 0 or 1: no bulk delete.
        let limit: Int
        private var plain: [String] = []
        private var large: [ObjectSummary] = []

        init(deleter: Deleter, container: String, tally: Tally, progress: TransferProgress?) async throws {
            self.deleter = deleter
            self.container = container
            self.tally = tally
            self.progress = progress
            limit = try await deleter.store.bulkDeleteLimit()
        }

        mutating func add(_ objects: [ObjectSummary]) async throws {
            progress?.addTotal(bytes: 0, items: objects.count)
            guard limit > 1 else {
                return try await deleter.deleteOneByOne(objects, container: container, tally: tally, progress: progress)
            }
            // Only the objects the listing cannot tell are looked up; those found plain go in bulk.
            for object in await LargeObjectLookup.resolving(objects, container: container, store: deleter.store) {
                if object.manifestKind != nil || object.mayBeLargeObject { large.append(object) } else { plain.append(object.name) }
            }
            if plain.count >= limit * deleter.bulkParallel { try await send() }
        }

        /// Sends what is gathered.
        mutating func finish() async throws { try await send() }

        private mutating func send() async throws {
            try await deleter.bulkDelete(plain[...], limit: limit, container: container, tally: tally, progress: progress)
            plain.removeAll(keepingCapacity: true)
            try await deleter.deleteOneByOne(large, container: container, tally: tally, progress: progress)
            large.removeAll()
        }
    }
}
