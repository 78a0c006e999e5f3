import Foundation
import Storage
import StorageHTTP
import Synchronization

/// What a cluster's `GET /info` says about its limits and middleware; fetched once a store.
struct SwiftClusterInfo: Sendable, Equatable {
    var maxFileSize: Int64
    var minSegmentSize: Int64
    var maxManifestSegments: Int
    /// Names one bulk-delete request takes; 0 when the middleware is not there.
    var maxDeletesPerRequest: Int
    /// The tempurl middleware, for share links; nil when `/info` does not list it.
    var tempURL: TempURLOffer?

    /// Names a bulk delete is given when `/info` lists the middleware but not its limit:
    /// Ceph RGW deletes the first 1,024 of a request, answers 200 and skips the rest.
    static let unstatedDeletes = 1_000

    /// A stock Swift's limits, for a cluster that hides `/info`.
    static let stock = SwiftClusterInfo(
        maxFileSize: 5 << 30 + 2, minSegmentSize: 1 << 20, maxManifestSegments: 1_000,
        maxDeletesPerRequest: 0, tempURL: .stock)

    init(maxFileSize: Int64, minSegmentSize: Int64, maxManifestSegments: Int, maxDeletesPerRequest: Int, tempURL: TempURLOffer?) {
        self.maxFileSize = maxFileSize
        self.minSegmentSize = minSegmentSize
        self.maxManifestSegments = maxManifestSegments
        self.maxDeletesPerRequest = maxDeletesPerRequest
        self.tempURL = tempURL
    }

    /// Reads the JSON of `/info`; what it leaves out keeps the stock value (no SLO
    /// section means no segments at all: one segment only; no bulk delete section, one
    /// DELETE a name).
    init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw StorageError.server(status: 200, message: "/info is not a JSON object")
        }
        let swift = root["swift"] as? [String: Any] ?? [:]
        let slo = root["slo"] as? [String: Any]
        let bulk = root["bulk_delete"] as? [String: Any]
        let tempURL = root["tempurl"] as? [String: Any]
        let stock = Self.stock
        self.init(
            maxFileSize: (swift["max_file_size"] as? NSNumber)?.int64Value ?? stock.maxFileSize,
            minSegmentSize: (slo?["min_segment_size"] as? NSNumber)?.int64Value ?? stock.minSegmentSize,
            maxManifestSegments: slo == nil ? 1 : (slo?["max_manifest_segments"] as? NSNumber)?.intValue ?? stock.maxManifestSegments,
            maxDeletesPerRequest: bulk == nil ? 0 : (bulk?["max_deletes_per_request"] as? NSNumber)?.intValue ?? Self.unstatedDeletes,
            tempURL: tempURL.map { section in
                TempURLOffer(
                    digests: section["allowed_digests"] as? [String] ?? ["sha1"],
                    methods: section["methods"] as? [String] ?? TempURLOffer.stock.methods)
            })
    }
}

/// What `/info` says of the tempurl middleware.
struct TempURLOffer: Sendable, Equatable {
    /// `allowed_digests`; a cluster that lists none predates them and takes SHA-1 only.
    var digests: [String]
    /// The methods a link may be signed for.
    var methods: [String]

    /// A stock Swift's, assumed for a cluster that hides `/info`.
    static let stock = TempURLOffer(digests: ["sha256", "sha512"], methods: ["GET", "HEAD", "PUT", "POST", "DELETE"])
}

/// The one `/info` answer of a store, asked for when first needed.
final class SwiftClusterInfoCache: Sendable {
    private let fetched = Mutex<Task<SwiftClusterInfo, Error>?>(nil)

    func value(_ fetch: @escaping @Sendable () async throws -> SwiftClusterInfo) async throws -> SwiftClusterInfo {
        let task = fetched.withLock { current in
            if let current { return current }
            let task = Task { try await fetch() }
            current = task
            return task
        }
        do {
            return try await task.value
        } catch {
            // A failed fetch (a network error) is tried again next time.
            fetched.withLock { $0 = nil }
            throw error
        }
    }
}

extension SwiftStore {
    /// The cluster's `/info`, beside the storage URL's `/v1/…` on the same server.
    func clusterInfo() async throws -> SwiftClusterInfo {
        try await infoCache.value { [self] in
            let storageURL = try await session.credentials().storageURL
            guard let range = storageURL.range(of: "/v1/") ?? storageURL.range(of: "/v1", options: .backwards) else {
                return .stock
            }
            let response = try await exchange.send(HTTPExchangeRequest(method: .GET, url: storageURL[..<range.lowerBound] + "/info"))
            guard response.status == 200 else { return .stock }
            return try SwiftClusterInfo(json: Data(response.body.readableBytesView))
        }
    }

    public func uploadLimits() async throws -> UploadLimits {
        let info = try await clusterInfo()
        return UploadLimits(
            maxObjectBytes: info.maxFileSize, minSegmentBytes: info.minSegmentSize,
            maxSegments: info.maxManifestSegments)
    }
}
