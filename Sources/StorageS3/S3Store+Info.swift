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
    public func containerInfo(_ container: String) async throws -> ContainerInfo {
        let response = try await send(.HEAD, S3Target(bucket: container))
        guard response.status == 200 else { throw failure(response, bucket: container) }
        return ContainerInfo(
            name: container, objectCount: nil, bytes: nil,
            region: response.headers.first(name: "x-amz-bucket-region") ?? region(for: container))
    }

    public func objectInfo(container: String, name: String) async throws -> ObjectInfo {
        // Checksum mode asks for the object's `x-amz-checksum-*`, a proof where the ETag is none.
        let response = try await send(.HEAD, S3Target(bucket: container, key: name), headers: ["x-amz-checksum-mode": "ENABLED"])
        if response.status == 404 {
            if try await bucketIsMissing(container) { throw StorageError.noSuchContainer(container) }
            throw StorageError.noSuchObject(container: container, name: name)
        }
        guard response.status == 200 else { throw failure(response, bucket: container, key: name) }
        return S3Headers.objectInfo(response.headers, container: container, name: name, opacity: etagOpacity)
    }

    /// Whether a 404 about an object was about its bucket (a HEAD has no body to say which).
    func bucketIsMissing(_ container: String) async throws -> Bool {
        let response = try await send(.HEAD, S3Target(bucket: container))
        return response.status == 404
    }
}
