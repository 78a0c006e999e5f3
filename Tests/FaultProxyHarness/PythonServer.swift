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

extension PythonServer {
    /// A whole server program: `handler` (its imports and a `Handler` class) served on a
    /// free port of `host`, printed first; it leaves when the test closes its standard
    /// input, and after `lifetime` seconds whatever happens.
    public static func serving(lifetime: Int = 120, host: String = "127.0.0.1", _ handler: String) -> String {
        handler + """

            def leave_when_stdin_closes():
                sys.stdin.read()
                os._exit(0)
            threading.Thread(target=leave_when_stdin_closes, daemon=True).start()
            threading.Timer(\(lifetime), lambda: os._exit(1)).start()
            server = http.server.ThreadingHTTPServer(('\(host)', 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
    }
}
