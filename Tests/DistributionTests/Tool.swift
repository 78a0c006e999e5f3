import Foundation

/// What a finished process printed and how it ended.
struct ProcessResult {
    let status: Int32
    let output: String
    let errorOutput: String

    /// Both streams and the status, for failure messages.
    var transcript: String { "exit status \(status)\n--- stdout:\n\(output)\n--- stderr:\n\(errorOutput)" }
}

/// A program the tests need is not installed.
struct MissingTool: Error, CustomStringConvertible {
    let tool: String
    let package: String

    var description: String { "\(tool) not found: install \(package) (scripts/test does)" }
}

/// A process that did not finish in time, or could not start.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}

/// Finds and runs the real programs the tests drive (mandoc, man, bash, zsh, fish, objsh).
enum Tool {
    /// The absolute path of a program on `PATH` (or in the usual bin directories).
    static func path(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        for directory in directories where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        throw MissingTool(tool: name, package: package)
    }

    /// Runs a program to its end with standard input from /dev/null; kills it after `timeout` seconds.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: URL = PackageLayout.root, timeout: TimeInterval = 120
    ) throws -> ProcessResult {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        // Files, not pipes: a child that fills one pipe while we read the other would hang.
        let outputURL = capture.appendingPathComponent("stdout")
        let errorURL = capture.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ToolFailure(description: "\(executable) \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s")
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            output: try String(contentsOf: outputURL, encoding: .utf8),
            errorOutput: try String(contentsOf: errorURL, encoding: .utf8))
    }
}
