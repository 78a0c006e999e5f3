import Clusters
import Foundation
import Storage
import StorageHTTP
import StorageOpenStack
import StorageS3
import Synchronization

/// The one place that turns a cluster's endpoint into a store. It keeps the Swift
/// stores it opened, so that their connections are closed once, at exit.
public final class StoreFactory: Sendable {
    /// `--debug`: one line per HTTP request on standard error, secrets redacted.
    public let debug: Bool
    /// `--insecure`: no TLS certificate checks for any Swift cluster.
    public let insecure: Bool
    private let swiftStores = Mutex<[SwiftStore]>([])
    private let s3Stores = Mutex<[S3Store]>([])
    /// Where `--debug` lines and warnings go: standard error until a shell takes them
    /// (`sendDiagnostics(to:)`), so they pass its status line instead of cutting into it.
    private let diagnostics = Mutex<@Sendable (String) -> Void>({ line in FileHandle.standardError.write(Data((line + "\n").utf8)) })

    /// A factory whose stores log requests with `debug` and skip TLS checks with `insecure`.
    public init(debug: Bool, insecure: Bool) {
        self.debug = debug
        self.insecure = insecure
    }

    /// Sends `--debug` lines and warnings to `sink` (one line each, without its newline).
    public func sendDiagnostics(to sink: @escaping @Sendable (String) -> Void) {
        diagnostics.withLock { $0 = sink }
    }

    /// A store for `cluster`: a folder, Swift or S3 (a built-in folder made first).
    public func open(_ cluster: Cluster) async throws -> any ObjectStore {
        switch cluster.endpoint {
        case .directory(let path):
            if cluster.origin == "built-in" {
                if cluster.name == "sample" {
                    try SampleData.materialize(at: path)
                } else {
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                }
            }
            return FileStore(root: path)
        case .swift(var endpoint):
            endpoint.insecure = endpoint.insecure || insecure
            var options = SwiftStoreOptions()
            if let seconds = endpoint.connectTimeout { options.connectTimeout = seconds }
            if let seconds = endpoint.readTimeout { options.readTimeout = seconds }
            let store = try SwiftStore(endpoint: endpoint, name: cluster.name, options: options, log: debugLog)
            swiftStores.withLock { $0.append(store) }
            for warning in store.warnings { writeError(warning) }
            return store
        case .s3(let given):
            return try openS3(given, name: cluster.name)
        }
    }

    /// An S3 store, its profile (if any) read from the AWS CLI's files now.
    private func openS3(_ given: S3Endpoint, name: String) throws -> S3Store {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var endpoint = try AWSSharedFiles(environment: environment, home: home).resolve(given)
        endpoint.insecure = endpoint.insecure || insecure
        var options = SwiftStoreOptions()
        if let seconds = endpoint.connectTimeout { options.connectTimeout = seconds }
        if let seconds = endpoint.readTimeout { options.readTimeout = seconds }
        let store = try S3Store(endpoint: endpoint, name: name, options: options, log: debugLog)
        s3Stores.withLock { $0.append(store) }
        for warning in store.warnings { writeError(warning) }
        return store
    }

    private var debugLog: (@Sendable (String) -> Void)? {
        debug ? { @Sendable [self] line in writeError("debug: " + line) } : nil
    }

    /// Closes every Swift store's connections; call before the process exits.
    public func shutdown() async {
        let stores = swiftStores.withLock { stores in
            defer { stores = [] }
            return stores
        }
        for store in stores { await store.shutdown() }
        let s3 = s3Stores.withLock { stores in
            defer { stores = [] }
            return stores
        }
        for store in s3 { await store.shutdown() }
    }

    /// What the shared upload buffers gave uploads, one line for `--debug` and
    /// `OBJSH_STATS=1` at the exit: a buffer from malloc means one of the set did not come
    /// back from NIO within the reader's patience (the soak test asserts none does).
    public static var uploadBufferStatistics: String {
        let buffers = UploadBuffers.shared
        let counts = buffers.counts
        return "upload buffers: \(counts.fromSet) from the set of \(buffers.count), \(counts.fromMalloc) from malloc "
            + "after waiting \(buffers.patience) for the set, \(buffers.freeBuffers) of \(buffers.count) free at the exit"
    }

    private func writeError(_ line: String) {
        let sink = diagnostics.withLock { $0 }
        sink(line)
    }
}
