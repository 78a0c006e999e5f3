import Foundation

/// A temporary home with its own XDG directories, an empty store and a bin directory
/// holding `objsh`, so the tests read and write nothing of the user's.
struct Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-sandbox-\(UUID().uuidString)")
        for directory in ["home", "bin", "store"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: bin + "/objsh", withDestinationPath: try PackageLayout.objshBinary())
    }

    var home: String { root.appendingPathComponent("home").path }
    /// A directory that comes first on `PATH` and holds `objsh`.
    var bin: String { root.appendingPathComponent("bin").path }
    /// An empty directory to open as a cluster.
    var store: String { root.appendingPathComponent("store").path }

    /// A clean environment: no variables of the user's (no `ST_AUTH`, no `NO_COLOR`), `objsh` first on `PATH`.
    var environment: [String: String] {
        [
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_DATA_HOME": home + "/.local/share",
            "XDG_STATE_HOME": home + "/.local/state",
            "PATH": bin + ":/usr/local/bin:/usr/bin:/bin",
            "TERM": "dumb",
            "LANG": "C.UTF-8",
        ]
    }

    /// Runs the sandbox's `objsh` with these arguments.
    func objsh(_ arguments: [String]) throws -> ProcessResult {
        try Tool.run(bin + "/objsh", arguments, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

extension Sandbox {
    /// Runs `body` in a new sandbox and removes the sandbox afterwards.
    static func run<Result>(_ body: (Sandbox) throws -> Result) throws -> Result {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        return try body(sandbox)
    }
}
