import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The test server seen without objsh: python-swiftclient (`swift`, run as
/// `python3 -m swiftclient.shell` so the Swift toolchain's `swift` is never taken for it)
/// and plain HTTP requests.
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
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData, as: UTF8.self))
    }

    /// `swift download CONTAINER NAME -o FILE`, then the file's bytes.
    static func download(_ container: String, _ name: String, to file: String) throws -> Data {
        let run = try swiftclient(["download", container, name, "-o", file])
        XCTAssertEqual(run.status, 0, "swift download failed: \(run.errors)")
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// The object names of a container under `prefix`, by plain HTTP (fast enough to poll);
    /// an empty list when the container does not exist.
    static func names(in container: String, prefix: String = "") throws -> [String] {
        let session = try login()
        var components = URLComponents(string: session.storageURL + "/" + escape(container))!
        components.queryItems = [URLQueryItem(name: "prefix", value: prefix), URLQueryItem(name: "format", value: "json")]
        var request = URLRequest(url: components.url!)
        request.setValue(session.token, forHTTPHeaderField: "X-Auth-Token")
        let (data, response) = try fetch(request)
        if response.statusCode == 404 { return [] }
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return rows.compactMap { $0["name"] as? String }
    }

    /// The HTTP status of a HEAD of `container/name`.
    static func headStatus(_ container: String, _ name: String) throws -> Int {
        let session = try login()
        var request = URLRequest(url: URL(string: session.storageURL + "/" + escape(container) + "/" + escape(name))!)
        request.httpMethod = "HEAD"
        request.setValue(session.token, forHTTPHeaderField: "X-Auth-Token")
        return try fetch(request).1.statusCode
    }

    nonisolated(unsafe) private static var cachedSession: (storageURL: String, token: String)?

    static func login() throws -> (storageURL: String, token: String) {
        if let cachedSession { return cachedSession }
        let server = try ObjshRun.server()
        var request = URLRequest(url: URL(string: server.auth)!)
        request.setValue(server.user, forHTTPHeaderField: "X-Auth-User")
        request.setValue(server.key, forHTTPHeaderField: "X-Auth-Key")
        let (_, response) = try fetch(request)
        let session = (response.value(forHTTPHeaderField: "X-Storage-Url")!, response.value(forHTTPHeaderField: "X-Auth-Token")!)
        cachedSession = session
        return session
    }

    static func escape(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#")))!
    }

    static func fetch(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Swift.Result<(Data, HTTPURLResponse), Error>?
        URLSession.shared.dataTask(with: request) { data, response, error in
            result = error.map { .failure($0) } ?? .success((data ?? Data(), response as! HTTPURLResponse))
            done.signal()
        }.resume()
        done.wait()
        return try result!.get()
    }
}
