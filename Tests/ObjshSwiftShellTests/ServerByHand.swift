import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test Swift server reached without objsh, to set up and to check what objsh did.
enum ServerByHand {
    nonisolated(unsafe) private static var cachedSession: (storageURL: String, token: String)?

    /// The test user's storage URL and token (tempauth's tokens outlive a test run).
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

    /// The object names of a container under `prefix` (fast enough to poll); an empty
    /// list when the container does not exist.
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
        try request("HEAD", container + "/" + name).status
    }

    static func escape(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#")))!
    }

    /// The bytes of `container/name`; fails the test unless the server answers 200.
    static func download(_ path: String) throws -> Data {
        let (status, data) = try request("GET", path)
        XCTAssertEqual(status, 200)
        return data
    }

    /// The status of `method path` (path as `container/name`, not encoded) and the body.
    static func request(_ method: String, _ path: String) throws -> (status: Int, body: Data) {
        let session = try login()
        var request = URLRequest(url: URL(string: session.storageURL + "/" + escape(path))!)
        request.httpMethod = method
        request.setValue(session.token, forHTTPHeaderField: "X-Auth-Token")
        let (data, response) = try fetch(request)
        return (response.statusCode, data)
    }

    /// Fills `container` through `scripts/swift-seed` (bulk extract, reused when seeded before);
    /// `flat` names the objects `o000000.txt`… with no pseudo-folders. `user`, when given,
    /// seeds that user's account (the second test account) instead of the first.
    static func seed(_ container: String, count: Int, flat: Bool = false, user: (name: String, key: String)? = nil) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/swift-seed")
        process.arguments = ["/nonexistent", container, String(count)]
        var changes: [String: String] = flat ? ["SEED_LAYOUT": "flat"] : [:]
        if let user { changes.merge(["OBJSH_TEST_SWIFT_USER": user.name, "OBJSH_TEST_SWIFT_KEY": user.key]) { $1 } }
        if !changes.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(changes) { $1 } }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "scripts/swift-seed failed")
    }

    static func fetch(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(Data, HTTPURLResponse), Error>?
        URLSession.shared.dataTask(with: request) { data, response, error in
            result = error.map { .failure($0) } ?? .success((data ?? Data(), response as! HTTPURLResponse))
            done.signal()
        }.resume()
        done.wait()
        return try result!.get()
    }
}
