import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    /// S3 counts buckets, not objects or bytes: those would take a walk of every bucket.
    public func accountInfo() async throws -> AccountInfo {
        AccountInfo(containerCount: try await bucketNames().count, objectCount: nil, bytes: nil)
    }

    /// A bucket's HEAD says it exists and, on AWS, its region; S3 keeps no counts.
    /// GetBucketVersioning says whether it keeps versions.
    public func containerInfo(_ container: String) async throws -> ContainerInfo {
        let response = try await send(.HEAD, S3Target(bucket: container))
        guard response.status == 200 else { throw failure(response, bucket: container) }
        var info = ContainerInfo(
            name: container, objectCount: nil, bytes: nil,
            region: response.headers.first(name: "x-amz-bucket-region") ?? region(for: container))
        // A server without bucket versioning (or keys that may not ask) leaves it unknown.
        do {
            info.versioning = try await versioning(of: container)
        } catch let error as StorageError where error != .cancelled {
            info.versioning = nil
        }
        return info
    }

    public func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        // Checksum mode asks for the object's `x-amz-checksum-*`, a proof where the ETag is none.
        let response = try await send(
            .HEAD, S3Target(bucket: container, key: name, query: Self.versionQuery(version)),
            headers: ["x-amz-checksum-mode": "ENABLED"])
        if let failure = try await missing(response, container: container, name: name, version: version) { throw failure }
        guard response.status == 200 else { throw failure(response, bucket: container, key: name) }
        var info = S3Headers.objectInfo(response.headers, container: container, name: name, opacity: etagOpacity)
        info.version = version
        return info
    }

    /// What a 404 (or for a version, a 400: an ID the server cannot read) means: a HEAD
    /// has no body to say whether the bucket, the key or the version is missing.
    func missing(_ response: HTTPExchangeResponse, container: String, name: String, version: String?) async throws -> StorageError? {
        guard response.status == 404 || (response.status == 400 && version != nil) else { return nil }
        if try await bucketIsMissing(container) { return .noSuchContainer(container) }
        if let version { return .noSuchVersion(container: container, name: name, version: version) }
        return .noSuchObject(container: container, name: name)
    }

    /// Whether a 404 about an object was about its bucket (a HEAD has no body to say which).
    func bucketIsMissing(_ container: String) async throws -> Bool {
        let response = try await send(.HEAD, S3Target(bucket: container))
        return response.status == 404
    }
}
