/// An object the server took but holds with other bytes than objsh sent (its ETag is
/// not the MD5 sent, and nothing proved the bytes another way), and what objsh left
/// under its name afterwards, as the server told it: the words say what is true.
public struct StoredWrong: Sendable, Equatable {
    /// What is under the name once objsh tried to delete the wrong copy.
    public enum Remains: Sendable, Equatable {
        /// The server has no object under the name any more.
        case nothing
        /// The wrong copy is still there (the delete failed).
        case wrongCopy
        /// The server could not be asked.
        case unknown
    }

    public var container: String
    public var name: String
    /// The MD5 (or large-object ETag) objsh sent or predicted.
    public var expected: String
    /// The ETag the server answered.
    public var actual: String
    public var remains: Remains

    public init(container: String, name: String, expected: String, actual: String, remains: Remains) {
        self.container = container
        self.name = name
        self.expected = expected
        self.actual = actual
        self.remains = remains
    }
}

extension ObjectStore {
    /// Deletes `container/name` (`version` of it, when the write made one; with its
    /// segments when `isLargeObject`), which the server stored with the ETag `actual`
    /// where `expected` was sent, then asks the server what is left there: the error to
    /// report, which claims only what it saw. The delete goes without a HEAD first: a
    /// server that does not show the object yet must not keep it from going.
    public func removeStoredWrong(
        container: String, name: String, version: String? = nil, isLargeObject: Bool = false, expected: String, actual: String
    ) async -> StorageError {
        if let version {
            try? await deleteVersion(container: container, name: name, version: version)
        } else {
            let written = ObjectSummary(name: name, bytes: 0, contentType: "", etag: actual, isLargeObject: isLargeObject)
            try? await deleteListedObject(written, container: container)
        }
        let remains: StoredWrong.Remains
        do {
            let left = try await objectInfo(container: container, name: name)
            remains = left.etag.lowercased() == actual.lowercased() ? .wrongCopy : .nothing
        } catch StorageError.noSuchObject, StorageError.noSuchContainer {
            remains = .nothing
        } catch {
            remains = .unknown
        }
        return .storedWrong(StoredWrong(container: container, name: name, expected: expected, actual: actual, remains: remains))
    }
}
