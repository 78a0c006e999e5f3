import Foundation
import Storage

/// A file store in a fresh temporary directory, removed by `remove()`.
struct TemporaryStore {
    let root: String
    let store: FileStore

    init() throws {
        root = NSTemporaryDirectory() + "objsh-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        store = FileStore(root: root)
    }

    /// Writes `contents` as the object `name` of `container`, making folders as needed.
    func put(_ container: String, _ name: String, _ contents: String = "x") throws {
        let path = root + "/" + container + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    }

    func makeFolder(_ container: String, _ name: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + container + "/" + name, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
