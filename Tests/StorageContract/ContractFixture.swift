import Crypto
import Foundation
import Storage

/// What the storage contract needs from a backend's test besides the store itself.
public struct ContractFixture: Sendable {
    /// Makes every container name of one run unique, so runs on a shared server never meet.
    public var containerPrefix: String
    /// Puts `count` small objects named `f000/o000000.txt` … (1,000 per folder) into
    /// a new container, fast, and returns its name; may reuse one seeded before.
    public var seedManyObjects: @Sendable (_ count: Int) async throws -> String
    /// Whether the store counts a container's objects and bytes (an S3 bucket does not:
    /// its counts must then be nil, never a guess).
    public var keepsCounts = true
    /// Whether the store keeps metadata and a content type of an object's own (the file
    /// store does not: a change must be refused).
    public var keepsMetadata = true
    /// Whether the store makes share links (the file store does not: it must refuse).
    public var makesShareLinks = true
    /// Whether the server refuses a share link once it has expired (moto never checks).
    public var checksShareExpiry = true
    /// The longest share link the store makes, in seconds; nil for no limit of its own.
    public var longestShareLink: Int?
    /// Whether the store keeps older versions of objects where a container asks for it
    /// (the file store does not: every version operation must be refused).
    public var keepsVersions = true
    /// Container names after the run prefix, in no order, whose byte order differs from
    /// a naive one. S3 bucket names allow only lower-case letters, digits, `-` and `.`.
    public var containerNames = ["b", "a", "a b", "é", "Z"]

    public init(containerPrefix: String, seedManyObjects: @escaping @Sendable (_ count: Int) async throws -> String) {
        self.containerPrefix = containerPrefix
        self.seedManyObjects = seedManyObjects
    }

    /// A container name unique to this run.
    public func container(_ base: String) -> String { containerPrefix + base }

    /// The name `seedManyObjects` gives to object number `index`.
    public static func seededName(_ index: Int) -> String {
        String(format: "f%03d/o%06d.txt", index / 1000, index)
    }

    /// A run prefix from the clock and a random number, e.g. `ct1a2b3c-`.
    public static func uniquePrefix() -> String {
        "ct" + String(UInt32.random(in: 0...UInt32.max), radix: 36) + "-"
    }
}

/// Local files for uploads, removed with the scratch directory.
public struct ScratchFiles {
    public let directory: String

    public init() throws {
        directory = NSTemporaryDirectory() + "objsh-contract-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to a new file and returns its path.
    public func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    public func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// The MD5 of `bytes` in lower-case hex, as ETags are.
    public static func md5(_ bytes: [UInt8]) -> String {
        Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Bytes that differ from position to position, so a shifted chunk changes the MD5.
    public static func pattern(count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    }
}
