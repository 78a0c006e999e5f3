import Browser
import Rendering
import Storage

/// How `meta` writes an object's metadata and a change of it: `Label: value` lines as
/// `info` writes them (`Meta-KEY` for user metadata), escaped for a terminal (its JSON
/// record is `JSONRecord.metadata`).
enum MetadataLines {
    /// The content type, the other headers kept with the object, then the metadata.
    static func listing(_ info: ObjectInfo) -> [String] {
        (["Content-Type: \(info.contentType)"]
            + info.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            + info.userMetadata.sorted { $0.key < $1.key }.map { "Meta-\($0.key): \($0.value)" }).map { escaped($0) }
    }

    /// One line for each thing `change` changes of `info`; none when it leaves it as it is.
    static func changes(_ change: MetadataChange, of info: ObjectInfo) -> [String] {
        var lines: [String] = []
        if let type = change.contentType, type != info.contentType {
            lines.append("Content-Type: \(type) (was \(info.contentType))")
        }
        for (key, value) in change.set.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            let old = current(key, in: info.metadata)
            guard old?.value != value else { continue }
            lines.append("Meta-\(key): \(value)" + (old.map { " (was \($0.value))" } ?? ""))
        }
        let setKeys = Set(change.set.keys.map { $0.lowercased() })
        var removed = Set<String>()
        for key in change.remove.sorted() where !setKeys.contains(key.lowercased()) && removed.insert(key.lowercased()).inserted {
            guard let old = current(key, in: info.metadata) else { continue }
            lines.append("Meta-\(old.key): removed (was \(old.value))")
        }
        return lines.map { escaped($0) }
    }

    /// The entry of `metadata` whose key is `key` without regard to case.
    static func current(_ key: String, in metadata: [String: String]) -> (key: String, value: String)? {
        metadata.first { $0.key.lowercased() == key.lowercased() }.map { ($0.key, $0.value) }
    }
}
