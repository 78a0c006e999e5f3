import Crypto
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    /// S3's DELETE answers 204 for a key that is not there; a HEAD first tells the user.
    /// In a bucket that keeps versions, the answer says it wrote a delete marker.
    @discardableResult
    public func deleteObject(container: String, name: String) async throws -> DeleteOutcome {
        _ = try await objectInfo(container: container, name: name)
        let response = try await send(.DELETE, S3Target(bucket: container, key: name))
        guard response.status == 204 || response.status == 200 || response.status == 404 else {
            throw failure(response, bucket: container, key: name)
        }
        return response.headers.first(name: "x-amz-delete-marker") == "true" ? .keptAsVersion : .removed
    }

    public func deleteListedObject(_ object: ObjectSummary, container: String) async throws {
        let response = try await send(.DELETE, S3Target(bucket: container, key: object.name))
        guard response.status == 204 || response.status == 200 || response.status == 404 else {
            throw failure(response, bucket: container, key: object.name)
        }
    }

    public func deleteContainer(_ name: String) async throws {
        let response = try await send(.DELETE, S3Target(bucket: name))
        guard response.status == 204 || response.status == 200 else { throw failure(response, bucket: name) }
    }

    /// DeleteObjects takes up to 1,000 keys.
    public func bulkDeleteLimit() async throws -> Int { 1_000 }

    /// One DeleteObjects request (quiet: only failures come back); a key XML cannot
    /// carry (a control character) is deleted on its own.
    public func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError] {
        var failures: [String: StorageError] = [:]
        for name in names where !S3XMLText.isRepresentable(name) {
            do {
                try await deleteListedObject(ObjectSummary(name: name, bytes: 0, contentType: ""), container: container)
            } catch let error as StorageError where error != .cancelled {
                failures[name] = error
            }
        }
        let batch = names.filter(S3XMLText.isRepresentable)
        guard !batch.isEmpty else { return failures }
        let body = Data(
            ("<Delete><Quiet>true</Quiet>"
                + batch.map { "<Object><Key>\(S3XMLText.escaped($0))</Key></Object>" }.joined() + "</Delete>").utf8)
        let md5 = Insecure.MD5.hash(data: body).base64
        let response = try await send(
            .POST, S3Target(bucket: container, query: [("delete", "")]),
            headers: ["Content-Type": "application/xml", "Content-MD5": md5, "Content-Length": String(body.count)],
            payloadHash: SigV4Signer.sha256Hex(body), repeatable: true, body: { .bytes(body) })
        guard response.status == 200 else { throw failure(response, bucket: container) }
        let root = try S3Answers.document(Data(response.body.readableBytesView), expecting: "DeleteResult")
        for problem in root.children("Error") {
            guard let key = problem.text("Key"), let code = problem.text("Code"), code != "NoSuchKey" else { continue }
            failures[key] = S3Failure.error(
                code: code, message: problem.text("Message") ?? "", status: 200,
                bucket: container, key: key, region: region(for: container))
        }
        return failures
    }
}
