import Storage
import Workers

/// A store whose requests that move an object's bytes each hold a connection of the
/// session's `ConnectionBudget` while they run; listings and lookups pass straight through.
public struct BudgetedStore: ForwardingStore {
    public let base: any ObjectStore
    public let budget: ConnectionBudget

    public init(base: any ObjectStore, budget: ConnectionBudget) {
        self.base = base
        self.budget = budget
    }

    public func putObject(
        container: String, name: String, fileAt path: String, contentType: String?, attributes: UploadAttributes
    ) async throws -> ObjectInfo {
        try await budget.withConnection {
            try await base.putObject(container: container, name: name, fileAt: path, contentType: contentType, attributes: attributes)
        }
    }

    public func putObject(container: String, name: String, bytes: [UInt8], contentType: String?) async throws -> ObjectInfo {
        try await budget.withConnection { try await base.putObject(container: container, name: name, bytes: bytes, contentType: contentType) }
    }

    public func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        try await budget.withConnection {
            try await base.readObject(container: container, name: name, version: version, range: range, ifMatch: ifMatch, receive: receive)
        }
    }

    public func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo {
        try await budget.withConnection { try await base.copyObject(source, toContainer: container, name: name) }
    }

    public func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64, contentType: String?, attributes: UploadAttributes
    ) async throws -> any LargeUpload {
        let upload = try await base.beginLargeUpload(
            container: container, name: name, version: version, segmentBytes: segmentBytes, contentType: contentType, attributes: attributes)
        return BudgetedLargeUpload(base: upload, budget: budget)
    }

    public func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
        let upload = try await base.beginStreamUpload(container: container, name: name, segmentBytes: segmentBytes, contentType: contentType)
        return BudgetedLargeUpload(base: upload, budget: budget)
    }
}

/// A large upload whose segments each hold a connection of the budget while they go up.
struct BudgetedLargeUpload: LargeUpload {
    let base: any LargeUpload
    let budget: ConnectionBudget

    var heldAt: String { base.heldAt }
    func storedSegments() async throws -> [Int: SegmentRecord] { try await base.storedSegments() }
    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord {
        try await budget.withConnection { try await base.putSegment(index: index, from: slice) }
    }
    func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord {
        try await budget.withConnection { try await base.putSegment(index: index, bytes: bytes) }
    }
    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
        try await base.complete(segments, removingReplaced: removingReplaced)
    }
    func abort() async throws { try await base.abort() }
    func removeEarlierStreamLeftovers() async throws -> Int { try await base.removeEarlierStreamLeftovers() }
}
