import Storage

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

    public func objectInfo(container: String, name: String) async throws -> ObjectInfo {
        let response = try await send(.HEAD, path: try Self.objectPath(container, name))
        if response.status == 404 {
            // Swift answers 404 for both; tell which one is missing.
            if try await containerIsMissing(container) { throw StorageError.noSuchContainer(container) }
            throw StorageError.noSuchObject(container: container, name: name)
        }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        return SwiftHeaders.objectInfo(response.headers, container: container, name: name)
    }

    func containerIsMissing(_ container: String) async throws -> Bool {
        try await send(.HEAD, path: try Self.containerPath(container)).status == 404
    }
}
