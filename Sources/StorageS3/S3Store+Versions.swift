import Crypto
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

/// Bucket versioning: PutBucketVersioning turns it on (or suspends it),
/// ListObjectVersions lists, `versionId=` reads, copies and deletes one version.
extension S3Store {
    public func setVersioning(_ isOn: Bool, container: String) async throws {
        let body = Data(
            ("<VersioningConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Status>"
                + (isOn ? "Enabled" : "Suspended") + "</Status></VersioningConfiguration>").utf8)
        let response = try await send(
            .PUT, S3Target(bucket: container, query: [("versioning", "")]),
            headers: ["Content-Type": "application/xml", "Content-MD5": Insecure.MD5.hash(data: body).base64, "Content-Length": String(body.count)],
            payloadHash: SigV4Signer.sha256Hex(body), body: { .bytes(body) })
        guard response.status == 200 else { throw failure(response, bucket: container) }
    }

    /// GetBucketVersioning: no `Status` until versioning was first turned on.
    func versioning(of container: String) async throws -> VersioningState {
        let response = try await send(.GET, S3Target(bucket: container, query: [("versioning", "")]))
        guard response.status == 200 else { throw failure(response, bucket: container) }
        // moto answers <GetBucketVersioningResponse>.
        let root = try S3Answers.document(
            Data(response.body.readableBytesView), expecting: "VersioningConfiguration", or: "GetBucketVersioningResponse")
        switch root.text("Status") {
        case "Enabled": return .on
        case "Suspended": return .suspended
        default: return .off
        }
    }

    public func listVersions(in container: String, prefix: String, after marker: VersionMarker?, limit: Int) async throws -> VersionPage {
        var query: [(name: String, value: String)] = [("versions", ""), ("max-keys", String(min(limit, maximumPageSize)))]
        if !prefix.isEmpty { query.append(("prefix", prefix)) }
        if let marker { query += [("key-marker", marker.name), ("version-id-marker", marker.id)] }
        query.append(("encoding-type", "url"))  // as for listObjects
        let response = try await send(.GET, S3Target(bucket: container, query: query))
        guard response.status == 200 else { throw failure(response, bucket: container) }
        return try S3Answers.versionPage(Data(response.body.readableBytesView))
    }

    public func deleteVersion(container: String, name: String, version: String) async throws {
        let response = try await send(.DELETE, S3Target(bucket: container, key: name, query: Self.versionQuery(version)))
        if let failure = try await missing(response, container: container, name: name, version: version) { throw failure }
        guard response.status == 204 || response.status == 200 else {
            if S3Answers.error(Data(response.body.readableBytesView))?.code == "NoSuchVersion" {
                throw StorageError.noSuchVersion(container: container, name: name, version: version)
            }
            throw failure(response, bucket: container, key: name)
        }
    }

    /// The query that names one version; none for the current one.
    static func versionQuery(_ version: String?) -> [(name: String, value: String)] {
        version.map { [("versionId", $0)] } ?? []
    }
}

extension S3Answers {
    /// One page of ListObjectVersions: versions and delete markers in the server's
    /// order (by key, each key's newest first), and where the next page starts.
    static func versionPage(_ data: Data) throws -> VersionPage {
        let root = try document(data, expecting: "ListVersionsResult")
        let key = keyDecoder(root)
        let listed = root.children.filter { $0.name == "Version" || $0.name == "DeleteMarker" }.map { item in
            let etag = unquoted(item.text("ETag") ?? "")
            return ObjectVersion(
                name: key(item.text("Key") ?? ""), id: item.text("VersionId") ?? "null", bytes: Int64(item.text("Size") ?? "") ?? 0,
                etag: etag.isEmpty ? nil : etag, lastModified: item.text("LastModified").flatMap(ServerDates.iso8601),
                isCurrent: item.text("IsLatest") == "true", isDeleteMarker: item.name == "DeleteMarker")
        }
        let versions = latestFirst(listed)
        guard root.text("IsTruncated") == "true", let next = root.text("NextKeyMarker").map(key) ?? versions.last?.name else {
            return VersionPage(versions: versions, next: nil)
        }
        var id = root.text("NextVersionIdMarker") ?? listed.last?.id ?? ""
        // Swift's s3api answers "null" inside one key's versions, which would end the
        // listing there: the last entry listed is the marker by S3's own rule.
        if id == "null", let last = listed.last, last.name == next { id = last.id }
        return VersionPage(versions: versions, next: VersionMarker(name: next, id: id))
    }

    /// Keys in byte order, each key's latest version (`IsLatest`) first, the rest in the
    /// server's order: AWS and s3api list a key's versions and delete markers together,
    /// newest first, but moto lists every version of the page before every delete
    /// marker, and its dates are whole seconds.
    static func latestFirst(_ versions: [ObjectVersion]) -> [ObjectVersion] {
        versions.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.name != b.name { return a.name.precedesInByteOrder(b.name) }
            if a.isCurrent != b.isCurrent { return a.isCurrent }
            return first.offset < second.offset
        }.map(\.element)
    }
}
