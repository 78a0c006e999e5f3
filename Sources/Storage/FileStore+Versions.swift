/// Files keep one version each: every version operation is refused, with words that say so.
extension FileStore {
    public func setVersioning(_ isOn: Bool, container: String) async throws {
        throw StorageError.versionsUnsupported(kind: kind)
    }

    public func listVersions(in container: String, prefix: String, after marker: VersionMarker?, limit: Int) async throws -> VersionPage {
        throw StorageError.versionsUnsupported(kind: kind)
    }

    public func deleteVersion(container: String, name: String, version: String) async throws {
        throw StorageError.versionsUnsupported(kind: kind)
    }
}
