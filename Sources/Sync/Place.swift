import Foundation
import Places
import Storage

/// One side of a comparison: a local folder, or a container or folder of a store.
public enum SyncPlace: Sendable {
    /// The folder at this absolute path.
    case local(root: String)
    /// The objects of a container or folder of `store`, named below it.
    case remote(store: any ObjectStore, folder: Location)

    /// Whether the other side is a store too: remote ↔ remote rules apply.
    public var isRemote: Bool {
        if case .remote = self { true } else { false }
    }
}

/// One name of a place, relative to its root, with what its side knows of it.
public struct PlaceEntry: Sendable, Equatable {
    /// Where the facts come from.
    public enum Origin: Sendable, Equatable {
        case file(LocalFileStat)
        case object(ObjectSummary)
    }

    /// The name below the place's root (without the folder's prefix).
    public var name: String
    public var origin: Origin

    public init(name: String, origin: Origin) {
        self.name = name
        self.origin = origin
    }

    public var bytes: Int64 {
        switch origin {
        case .file(let file): file.bytes
        case .object(let object): object.bytes
        }
    }

    /// When it was last changed, to the second (floored), where its side tells.
    public var modifiedSeconds: Int64? {
        switch origin {
        case .file(let file): file.mtimeNs >= 0 ? file.mtimeNs / 1_000_000_000 : (file.mtimeNs + 1) / 1_000_000_000 - 1
        case .object(let object): object.lastModified.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        }
    }

    /// The listed object, for a remote entry.
    public var object: ObjectSummary? {
        if case .object(let object) = origin { object } else { nil }
    }

    /// The walked file, for a local entry.
    public var file: LocalFileStat? {
        if case .file(let file) = origin { file } else { nil }
    }
}

/// Why a comparison cannot go on.
public enum SyncError: Error, Sendable, Equatable {
    /// A side's names did not come in byte order (the name out of place): merging them
    /// would report names as missing that are there.
    case unordered(String)
    /// A name sent whose two sides still differ once it was sent (the name, and what
    /// told): the file changed meanwhile, or bytes were lost.
    case differsAfterTransfer(String, String)
}
