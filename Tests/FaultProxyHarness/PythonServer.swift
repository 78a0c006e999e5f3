import Foundation

/// A test server written in Python: started with `arguments`, it prints its port on its
/// first line and leaves when its standard input closes (signals may be ignored in
/// tests), which happens when this object goes.
public final class PythonServer {
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Runs `python3 ARGUMENTS` with `environment` (the test's own when nil).
    public init(arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let line = output.fileHandleForReading.availableData
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(arguments.first ?? "python3") printed no port"])
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
