import AsyncHTTPClient
import Glibc
import NIOHTTP1
import Storage
import StorageHTTP

extension SwiftStore {
    public func createContainer(_ name: String) async throws {
        let path = try Self.containerPath(name)
        // PUT answers 202 for an existing container; HEAD first tells the user it was there.
        let head = try await send(.HEAD, path: path)
        if (200...299).contains(head.status) { throw StorageError.containerExists(name) }
        guard head.status == 404 else { throw Self.unexpected(head) }
        let response = try await send(.PUT, path: path, headers: ["Content-Length": "0"])
        guard response.status == 201 || response.status == 202 else { throw Self.unexpected(response) }
    }

    public func createFolderMarker(container: String, name: String) async throws {
        guard name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "a folder name ends with /") }
        let response = try await send(
            .PUT, path: try Self.objectPath(container, name),
            headers: ["Content-Type": "application/directory", "Content-Length": "0"],
            body: { .bytes([]) })
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard response.status == 201 else { throw Self.unexpected(response) }
    }

    public func putObject(
        container: String, name: String, fileAt source: String, contentType: String?, attributes: UploadAttributes
    ) async throws -> ObjectInfo {
        let size = try Self.regularFileSize(source)
        return try await put(container: container, name: name, size: size, contentType: contentType, attributes: attributes) { digest in
            .stream(FileUploadBody(path: source, expectedBytes: size, digest: digest), length: size)
        }
    }

    public func putObject(container: String, name: String, bytes: [UInt8], contentType: String?) async throws -> ObjectInfo {
        try await put(container: container, name: name, size: Int64(bytes.count), contentType: contentType) { digest in
            .stream(MemoryUploadBody(bytes, digest: digest), length: Int64(bytes.count))
        }
    }

    /// One PUT of `size` bytes that `body` sends (hashing them into its digest); the
    /// ETag Swift computed must be their MD5.
    func put(
        container: String, name: String, size: Int64, contentType: String?, attributes: UploadAttributes = .none,
        body: @escaping @Sendable (UploadDigest) -> OutgoingBody
    ) async throws -> ObjectInfo {
        guard !name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "an object name cannot end with /") }
        let path = try Self.objectPath(container, name)
        let digest = UploadDigest()
        let type = contentType ?? ContentType.guess(forName: name)
        let headers = try attributeHeaders(attributes, adding: ["Content-Type": type])
        let response: HTTPExchangeResponse
        do {
            response = try await send(.PUT, path: path, headers: headers) { body(digest) }
            if response.status == 404 { throw StorageError.noSuchContainer(container) }
            guard response.status == 201 else { throw Self.unexpected(response) }
        } catch let failure as StorageError {
            // Ceph RGW answers a PUT into a missing container before it reads the body, which
            // the transport may see as a body cut short: the container then says what happened.
            if case .io = failure, (try? await containerExists(container)) == false { throw StorageError.noSuchContainer(container) }
            if let stored = await storedAfterFailure(failure, path: path, digest: digest, size: size) {
                return ObjectInfo(
                    container: container, name: name, bytes: size, contentType: type, etag: stored.etag,
                    lastModified: stored.lastModified)
            }
            throw failure
        }
        let sent = digest.hex
        let stored = SwiftHeaders.etag(response.headers) ?? ""
        guard stored == sent else {
            // Nothing half-right is kept: the object goes, the local file stays.
            throw await removeStoredWrong(container: container, name: name, expected: sent, actual: stored)
        }
        var info = ObjectInfo(
            container: container, name: name, bytes: size, contentType: type, etag: stored,
            lastModified: SwiftHeaders.lastModified(response.headers), metadata: attributes.metadata)
        info.headers = Self.keptHeaders(attributes)
        return info
    }

    /// `headers` with each of the metadata as `X-Object-Meta-KEY` (one given there
    /// already, as a large upload's `Mtime`, takes the metadata's value) and the
    /// Cache-Control given (the object server keeps it: it is among its default
    /// `allowed_headers`). A storage class is refused: Swift's policies are per container.
    func attributeHeaders(_ attributes: UploadAttributes, adding headers: HTTPHeaders) throws -> HTTPHeaders {
        if attributes.storageClass != nil { throw StorageError.metadataRefused(.noStorageClass(store: kind)) }
        var headers = headers
        for (key, value) in attributes.metadata.sorted(by: { $0.key < $1.key }) {
            headers.replaceOrAdd(name: "X-Object-Meta-" + key, value: value)
        }
        if let cacheControl = attributes.cacheControl { headers.replaceOrAdd(name: "Cache-Control", value: cacheControl) }
        return headers
    }

    /// The headers an object stored with `attributes` is served with, as its HEAD names them.
    static func keptHeaders(_ attributes: UploadAttributes) -> [String: String] {
        attributes.cacheControl.map { ["Cache-Control": $0] } ?? [:]
    }

    /// The object's info when an upload whose answer was lost (reset, cut, timed out)
    /// did store the whole file: Swift keeps an object only when all its bytes came,
    /// so the same size and MD5 prove it is ours. Nil when it is not there.
    func storedAfterFailure(_ failure: StorageError, path: String, digest: UploadDigest, size: Int64) async -> ObjectInfo? {
        switch failure {
        case .unreachable, .timedOut: break
        case .server(let status, _) where status >= 500: break
        default: return nil
        }
        guard let sent = digest.wholeFileHex,
            let head = try? await send(.HEAD, path: path), head.status == 200
        else { return nil }
        let info = SwiftHeaders.objectInfo(head.headers, container: "", name: "")
        return info.etag == sent && info.bytes == size ? info : nil
    }

    /// The size of a local file to upload; `unreadableFile` when it is missing, unreadable or a folder.
    static func regularFileSize(_ path: String) throws -> Int64 {
        try FileDigest.regularFileSize(path)
    }
}
