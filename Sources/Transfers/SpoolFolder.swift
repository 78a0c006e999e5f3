import Foundation
import Glibc

/// Where a copy between clusters holds the parts in flight: a folder of this process
/// under the temporary directory, so a part's bytes are in the page cache, not in
/// objsh's memory. Folders of processes that are gone (a killed copy) are removed when
/// the next one starts; nothing else is kept.
public struct SpoolFolder: Sendable {
    public let path: String

    /// This process's folder under `temporary`, made now.
    public init(under temporary: String = NSTemporaryDirectory()) throws {
        let base = temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
        Self.removeAbandoned(in: base)
        path = "\(base)/objsh-spool-\(getpid())"
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw LocalFile.failure(path) }
    }

    /// Removes the folder, once the copies that used it are over.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// A new file name in the folder, for one part.
    func partPath() -> String { "\(path)/part-\(UUID().uuidString)" }

    /// Removes the folder of each objsh process that no longer runs.
    static func removeAbandoned(in base: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        for name in names where name.hasPrefix("objsh-spool-") {
            guard let pid = Int32(name.dropFirst("objsh-spool-".count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: "\(base)/\(name)") }
        }
    }

    /// Writes bytes to a part file as they arrive; the file is removed by `remove`.
    struct PartFile {
        let path: String
        let descriptor: Int32

        init(_ path: String) throws {
            descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw LocalFile.failure(path) }
            self.path = path
        }

        func append(_ bytes: UnsafeRawBufferPointer) throws { try LocalFile.write(descriptor, bytes, path: path) }

        func read(_ count: Int64, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
            try LocalFile.read(descriptor, 0..<count, path: path, body)
        }

        func remove() {
            close(descriptor)
            unlink(path)
        }
    }
}
