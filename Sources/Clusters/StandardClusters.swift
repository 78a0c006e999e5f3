import Foundation

/// The places objsh keeps its files, from the XDG base directory variables.
public struct ObjshDirectories: Sendable, Equatable {
    /// `$XDG_DATA_HOME/objsh` (default `~/.local/share/objsh`): the `local` and `sample` stores.
    public var data: String
    /// `$XDG_CONFIG_HOME/objsh` (default `~/.config/objsh`): the config file.
    public var config: String
    /// `$XDG_STATE_HOME/objsh` (default `~/.local/state/objsh`): history.
    public var state: String
    /// `$XDG_CACHE_HOME/objsh` (default `~/.cache/objsh`): names the OS shell's TAB listed.
    public var cache: String

    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            // The XDG spec says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        data = base("XDG_DATA_HOME", ".local/share") + "/objsh"
        config = base("XDG_CONFIG_HOME", ".config") + "/objsh"
        state = base("XDG_STATE_HOME", ".local/state") + "/objsh"
        cache = base("XDG_CACHE_HOME", ".cache") + "/objsh"
    }

    /// The local store's directory.
    public var localStore: String { data + "/local" }
    /// The sample store's directory, made from the built-in sample data on first use.
    public var sampleStore: String { data + "/sample" }
    /// The config file.
    public var configFile: String { config + "/config" }
    /// The history file.
    public var historyFile: String { state + "/history" }
    /// Where a folder `mv` keeps its journal while it runs.
    public var journalFolder: String { state + "/journal" }
    /// Where `objsh --complete` keeps its short-lived listings.
    public var completionCache: String { cache + "/completion" }
}

extension ClusterCatalog {
    /// The built-in clusters: `local` (the default store) and `sample` (the sample data).
    public static func builtIn(_ directories: ObjshDirectories) -> ClusterCatalog {
        ClusterCatalog(clusters: [
            Cluster(name: "local", endpoint: .directory(path: directories.localStore), origin: "built-in"),
            Cluster(name: "sample", endpoint: .directory(path: directories.sampleStore), origin: "built-in"),
        ])
    }

    /// Resolves `--cluster VALUE`: a known name, or else a directory path, which
    /// becomes a cluster named after its last path component.
    public mutating func resolve(commandLineValue value: String) throws -> Cluster {
        if let problem = unusable[value] { throw problem }
        if let known = cluster(named: value) { return known }
        guard value.contains("/") || value == "." || value == ".." || value.hasPrefix("~") else {
            throw ClusterError.unknown(value, known: names)
        }
        let path = (value as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ClusterError.notADirectory(value)
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var name = (absolute as NSString).lastPathComponent
        if name.isEmpty || name == "/" { name = "root" }
        if let existing = clusters.first(where: { $0.endpoint == .directory(path: absolute) }) { return existing }
        while cluster(named: name) != nil || name == Self.reservedName { name += "+" }
        let cluster = Cluster(name: name, endpoint: .directory(path: absolute), origin: "command line")
        add(cluster)
        return cluster
    }
}

/// Why a cluster could not be chosen or defined.
public enum ClusterError: Error, Equatable, Sendable {
    case unknown(String, known: [String])
    case notADirectory(String)
    case invalidConfig(path: String, line: Int, message: String)
}
