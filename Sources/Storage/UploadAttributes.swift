/// What an upload stores an object with besides its bytes and content type: the user
/// metadata, and the headers a user may set on it (`upload --cache-control`,
/// `--storage-class`). Each store sends what it keeps; `ObjectStore.keepsMetadata` and
/// `takesStorageClass` say beforehand what it would refuse.
public struct UploadAttributes: Sendable, Equatable {
    /// User metadata (`X-Object-Meta-KEY`, `x-amz-meta-KEY`).
    public var metadata: [String: String]
    /// The `Cache-Control` the object is served with; nil: none.
    public var cacheControl: String?
    /// S3's storage class (`STANDARD_IA`, `GLACIER`…); nil: the bucket's default.
    public var storageClass: String?

    public init(metadata: [String: String] = [:], cacheControl: String? = nil, storageClass: String? = nil) {
        self.metadata = metadata
        self.cacheControl = cacheControl
        self.storageClass = storageClass
    }

    /// No metadata and no header: what a plain upload sends.
    public static let none = UploadAttributes()

    /// Whether anything beyond the bytes and the content type is asked for.
    public var isEmpty: Bool { metadata.isEmpty && cacheControl == nil && storageClass == nil }
}
