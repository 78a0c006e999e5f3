import Storage
import StorageHTTP

extension SwiftStore {
    public func accountInfo() async throws -> AccountInfo {
        let response = try await send(.HEAD, path: "")
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        return SwiftHeaders.accountInfo(response.headers)
    }

    public func containerInfo(_ container: String) async throws -> ContainerInfo {
        let response = try await send(.HEAD, path: try Self.containerPath(container))
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        return SwiftHeaders.containerInfo(response.headers, name: container)
    }

    public func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        let response: HTTPExchangeResponse
        do {
            response = try await send(.HEAD, path: try Self.objectPath(container, name), query: Self.versionQuery(version))
        } catch StorageError.invalidResponse(let problem) where version == nil {
            // The headers cannot be parsed (e.g. a non-ASCII metadata key); the
            // listing still knows the size, type, date and MD5.
            return try await listedInfo(container: container, name: name, problem: problem)
        }
        if let failure = try await missing(response.status, container: container, name: name, version: version) { throw failure }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        var info = SwiftHeaders.objectInfo(response.headers, container: container, name: name)
        info.version = version
        return info
    }

    /// What a 404 (or, for a version, Swift's 400 for an ID it cannot read) means:
    /// Swift answers 404 for a missing container, object and version alike, so a
    /// lookup tells which one is missing. Nil for any other status.
    func missing(_ status: Int, container: String, name: String, version: String?) async throws -> StorageError? {
        guard status == 404 || (status == 400 && version != nil) else { return nil }
        if try await containerIsMissing(container) { return .noSuchContainer(container) }
        if let version { return .noSuchVersion(container: container, name: name, version: version) }
        return .noSuchObject(container: container, name: name)
    }

    /// What the container listing says of one object, with `metadataProblem` set.
    func listedInfo(container: String, name: String, problem: String) async throws -> ObjectInfo {
        // The exact name sorts first among the names it prefixes.
        let response = try await send(
            .GET, path: try Self.containerPath(container),
            query: Self.listingQuery(ListingQuery(prefix: name, limit: 1), delimiter: nil))
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        guard let row = try Self.decode([SwiftObjectRow].self, from: response).first, row.name == name else {
            throw StorageError.invalidResponse(problem)
        }
        return ObjectInfo(
            container: container, name: name, bytes: row.bytes ?? 0,
            contentType: row.contentType ?? "application/octet-stream", etag: row.hash ?? "",
            lastModified: row.lastModified.flatMap(ServerDates.iso8601),
            metadataProblem: problem)
    }

    func containerIsMissing(_ container: String) async throws -> Bool {
        try await send(.HEAD, path: try Self.containerPath(container)).status == 404
    }
}
