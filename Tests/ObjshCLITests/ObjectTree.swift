import Foundation
import Glibc

/// Many empty files as a `file` store's objects, made with open(2) so that 100,000 of
/// them take seconds: the listing and search code they go through is the code every
/// store's listing goes through (`ParallelListing`, `SearchPane`, the shell's `ls`).
enum ObjectTree {
    /// How many objects share a folder in the nested layout.
    static let perFolder = 1_000

    /// The object names, in byte order: `o000000.txt`… (flat) or, 1,000 to a folder,
    /// `f000/o000000.txt`, `f000/o000001.txt`… `f001/o001000.txt`… (nested).
    static func names(count: Int, nested: Bool) -> [String] {
        (0..<count).map { nested ? String(format: "f%03d/o%06d.txt", $0 / perFolder, $0) : String(format: "o%06d.txt", $0) }
    }

    /// Creates `container` (a folder) holding `names` as empty files.
    static func create(_ names: [String], in container: String) throws {
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)
        var folders: Set<Substring> = []
        for name in names {
            if let slash = name.lastIndex(of: "/"), folders.insert(name[..<slash]).inserted {
                try FileManager.default.createDirectory(atPath: container + "/" + name[..<slash], withIntermediateDirectories: true)
            }
            let descriptor = open(container + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: container + "/" + name]) }
            close(descriptor)
        }
    }
}
