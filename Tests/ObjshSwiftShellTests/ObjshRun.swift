import Foundation
import XCTest

/// One run of the real `objsh` binary in batch mode, against the test Swift server.
struct ObjshRun {
    var status: Int32
    var output: String
    var errors: String

    static let environment = ProcessInfo.processInfo.environment

    /// The server's auth v1 settings; skips when the README's test command did not start one.
    static func server() throws -> (auth: String, user: String, key: String) {
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else {
            throw XCTSkip("no Swift server: OBJSH_TEST_SWIFT_AUTH/_USER/_KEY are unset; run the README's test command")
        }
        return (auth, user, key)
    }

    /// `objsh` beside the test bundle (`swift build --product objsh` puts it there).
    static func binary() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("objsh").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(path) is not built; run swift build --product objsh first (the README's test command does)")
        }
        return path
    }

    /// Runs `objsh ARGS` with a private XDG home, `ST_*` set for the `env` cluster and
    /// `config` (if given) as its config file.
    static func run(
        _ arguments: [String], config: String? = nil, key: String? = nil, home: String,
        extraEnvironment: [String: String] = [:], configMode: Int = 0o600, standardInput: String? = nil
    ) throws -> ObjshRun {
        var environment = Self.environment(home: home, server: try server(), key: key)
        environment.merge(extraEnvironment) { $1 }
        return try run(arguments, config: config, home: home, environment: environment, configMode: configMode, standardInput: standardInput)
    }

    /// Runs `objsh ARGS` with exactly `environment`, and `config` (if given) as its config
    /// file under `home`: for servers other than the test Swift server. `standardInput`
    /// names a file objsh reads as its standard input.
    static func run(
        _ arguments: [String], config: String?, home: String, environment: [String: String],
        configMode: Int = 0o600, standardInput: String? = nil
    ) throws -> ObjshRun {
        if let config {
            try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: home + "/config/objsh/config", contents: Data(config.utf8),
                attributes: [.posixPermissions: configMode])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary())
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // A file given as standard input (`upload -`, a script piped in); else nothing.
        process.standardInput = try standardInput.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        try process.run()
        // Both pipes are drained at once so that a chatty run cannot block on a full one.
        nonisolated(unsafe) var errorData = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return ObjshRun(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    static func environment(home: String, server: (auth: String, user: String, key: String), key: String? = nil) -> [String: String] {
        [
            "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state", "PATH": "/usr/bin:/bin", "COLUMNS": "100", "LANG": "C.UTF-8",
            "ST_AUTH": server.auth, "ST_USER": server.user, "ST_KEY": key ?? server.key,
        ]
    }

    /// Starts `objsh ARGS` in the background (output discarded), for tests that stop it midway.
    static func start(
        _ arguments: [String], home: String, extraEnvironment: [String: String],
        server: (auth: String, user: String, key: String)
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary())
        process.arguments = arguments
        process.environment = environment(home: home, server: server).merging(extraEnvironment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
