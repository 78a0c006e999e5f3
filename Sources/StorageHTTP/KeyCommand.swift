import Foundation
import Storage

/// Runs a cluster's `key_command` (or an S3 cluster's `secret_command`) with `/bin/sh -c`;
/// its standard output, trimmed, is the key.
package enum KeyCommand {
    package static func run(_ command: String, setting: String = "key_command") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StorageError.unauthorized("cannot run \(setting): \(error.localizedDescription)")
        }
        // Read before waiting, so a command that prints much cannot block on a full pipe.
        let key = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = String(decoding: problem, as: UTF8.self).trimmingSpaces().split(separator: "\n").first.map(String.init)
            throw StorageError.unauthorized(
                "\(setting) failed with status \(process.terminationStatus)"
                    + (said.map { ": \($0)" } ?? ""))
        }
        let trimmed = String(decoding: key, as: UTF8.self).trimmingSpaces()
        guard !trimmed.isEmpty else { throw StorageError.unauthorized("\(setting) printed no key") }
        return trimmed
    }
}
