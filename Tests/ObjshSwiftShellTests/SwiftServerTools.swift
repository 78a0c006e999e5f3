import Foundation
import XCTest

/// The test server seen through python-swiftclient (`swift`, run as
/// `python3 -m swiftclient.shell` so the Swift toolchain's `swift` is never taken for it);
/// plain HTTP requests are ServerByHand's.
enum SwiftServerTools {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs python-swiftclient's `swift ARGS` as the test user.
    static func swiftclient(_ arguments: [String], in directory: String? = nil) throws -> Result {
        let server = try ObjshRun.server()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "swiftclient.shell", "-A", server.auth, "-U", server.user, "-K", server.key] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// `swift download CONTAINER NAME -o FILE`, then the file's bytes.
    static func download(_ container: String, _ name: String, to file: String) throws -> Data {
        let run = try swiftclient(["download", container, name, "-o", file])
        XCTAssertEqual(run.status, 0, "swift download failed: \(run.errors)")
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }
}
