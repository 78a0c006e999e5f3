import AsyncHTTPClient
import Endpoints
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP
import Synchronization

/// The `s3` backend: an S3-compatible object store (AWS, Ceph RGW, MinIO, IBM COS, R2,
/// Swift's s3api…), buckets as containers, requests signed with SigV4.
///
/// One store keeps one `HTTPClient` for its whole life; call `shutdown()` before the
/// process ends.
public final class S3Store: ObjectStore, Sendable {
    public var kind: String { "s3" }
    /// Each page says whether more follow; a short one is the last.
    public var shortPageEndsListing: Bool { true }
    /// A listing shows an SSE-KMS object's ETag as if it were an MD5; its HEAD says it is not.
    public var listedETagsMayBeOpaque: Bool { true }
    /// S3 lists at most 1,000 keys a page.
    public var maximumPageSize: Int { 1_000 }
    /// An object may be stored in a class of its own (`x-amz-storage-class`).
    public var takesStorageClass: Bool { true }

    /// Things the user should hear about before the first command, e.g. TLS checks turned off.
    public let warnings: [String]
    public var load: ServerLoad? { exchange.load }

    let endpoint: S3Endpoint
    let name: String
    let clients: StoreHTTPClient
    let exchange: HTTPExchange
    let options: HTTPStoreOptions
    private let credentials = Mutex<SigV4Credentials?>(nil)
    /// Regions learnt from a bucket's redirect, by bucket.
    let bucketRegions = Mutex<[String: String]>([:])
    /// The listing API in use: the cluster's, or 1 once a server refused ListObjectsV2.
    let listVersion: Mutex<Int>

    /// A store for `endpoint` (its profile, if any, already resolved). `name` is the
    /// cluster's, for messages; `log` receives one line per request, secrets redacted.
    public init(
        endpoint: S3Endpoint, name: String = "s3", options: HTTPStoreOptions = HTTPStoreOptions(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws {
        guard endpoint.accessKey != nil, endpoint.secretKey != nil || endpoint.secretCommand != nil else {
            throw StorageError.unauthorized("cluster \(name) needs access_key and secret_key (or secret_command), or a profile")
        }
        // A 301 that names the bucket's region (without a Location) is answered by signing again.
        let made = try StoreHTTPClient(
            cluster: name, options: options, insecure: endpoint.insecure, tls: endpoint.tls, proxy: endpoint.proxy,
            caVariable: "AWS_CA_BUNDLE")
        clients = made
        exchange = HTTPExchange(clients: made, options: options, log: log)
        self.endpoint = endpoint
        self.name = name
        self.options = options
        listVersion = Mutex(endpoint.effectiveListVersion)
        warnings = made.warnings
    }

    /// Closes the connections; the store cannot be used afterwards.
    public func shutdown() async {
        await clients.shutdown()
    }

    /// The keys, running `secret_command` the first time they are needed.
    func signingCredentials() throws -> SigV4Credentials {
        if let known = credentials.withLock({ $0 }) { return known }
        let secret = try endpoint.secretKey ?? KeyCommand.run(endpoint.secretCommand ?? "", setting: "secret_command")
        let fresh = SigV4Credentials(accessKey: endpoint.accessKey ?? "", secretKey: secret, sessionToken: endpoint.sessionToken)
        credentials.withLock { $0 = fresh }
        return fresh
    }

    /// The region requests about `bucket` are signed for.
    func region(for bucket: String?) -> String {
        bucket.flatMap { bucket in bucketRegions.withLock { $0[bucket] } } ?? endpoint.effectiveRegion
    }
}
