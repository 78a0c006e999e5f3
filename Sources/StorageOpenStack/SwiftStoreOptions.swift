import StorageHTTP

/// How a `SwiftStore` talks to its server: the timeouts and retries every HTTP store shares.
public typealias SwiftStoreOptions = HTTPStoreOptions
