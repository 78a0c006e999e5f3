import Foundation
import Storage
import XCTest

/// Share links: what `share` relies on. Every link is used by curl, which holds no
/// credentials and knows nothing of objsh.
extension StorageContract {
    /// Names a link must carry exactly: spaces, `+`, `%`, `&`, `?`, `#` and UTF-8.
    public static let sharedNames = ["a b+c%d é日本.txt", "dir/sub dir/x+y%20z", "plus+and&amp", "q?mark#hash"]

    /// A GET link reads each awkward name byte for byte; a PUT link takes `curl -T`
    /// and the object then reads back; a link that expired is refused by the server
    /// (where it checks expiry); a link past the store's limit is refused before it is
    /// made. A store that makes no links says so.
    public func checkShareLinks() async throws {
        guard fixture.makesShareLinks else {
            await assertFails(with: .shareRefused(.notShareable(store: store.kind))) {
                _ = try await store.shareLink(ShareRequest(container: "c", name: "n", method: .get, lifetime: 60))
            }
            return await assertFails(with: .shareRefused(.notShareable(store: store.kind))) { try await store.setShareKey() }
        }
        let container = try await containerWith(Self.sharedNames, base: "share")
        try await giveShareKey()
        for name in Self.sharedNames {
            let link = try await store.shareLink(ShareRequest(container: container, name: name, method: .get, lifetime: 600))
            XCTAssertEqual(link.method, .get)
            let (status, body) = try Curl.get(link.url)
            XCTAssertEqual(status, 200, "\(name): \(link.url)")
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "content of \(name)\n", name)
        }
        try await checkSharePut(container)
        try await checkShareExpiry(container)
    }

    /// A PUT link takes a file from `curl -T`; the object then reads back exactly.
    func checkSharePut(_ container: String) async throws {
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let content = ScratchFiles.pattern(count: 70_001)
        let name = "up load+%é.bin"
        let link = try await store.shareLink(ShareRequest(container: container, name: name, method: .put, lifetime: 600))
        // Swift answers 201, S3 200.
        XCTAssertTrue([200, 201].contains(try Curl.put(link.url, file: try scratch.file("up", content))), link.url)
        let stored = try await read(container, name)
        XCTAssertTrue(stored == content, "the uploaded bytes differ")
        let getLink = try await store.shareLink(ShareRequest(container: container, name: name, method: .get, lifetime: 600))
        XCTAssertTrue(try Curl.get(getLink.url).body == content)
    }

    /// A link signed two hours ago for one hour is refused; one past the limit is never made.
    func checkShareExpiry(_ container: String) async throws {
        let name = Self.sharedNames[0]
        let old = ShareRequest(container: container, name: name, method: .get, lifetime: 3600, signedAt: Date() - 7200)
        let link = try await store.shareLink(old)
        XCTAssertEqual(link.expires.timeIntervalSince1970, (old.signedAt.timeIntervalSince1970 + 3600).rounded(.down))
        if fixture.checksShareExpiry {
            let (status, _) = try Curl.get(link.url)
            XCTAssertTrue([401, 403].contains(status), "an expired link gave \(status)")
        }
        if let limit = fixture.longestShareLink {
            await assertFails(with: .shareRefused(.tooLong(limit: limit))) {
                _ = try await store.shareLink(ShareRequest(container: container, name: name, method: .get, lifetime: limit + 1))
            }
        }
    }

    /// Stores a new key where the store keeps one (Swift); S3 has none to set.
    func giveShareKey() async throws {
        do {
            try await store.setShareKey()
        } catch StorageError.shareRefused(.noKeyToSet) {
            return
        }
    }
}

/// curl, run with no credentials of any kind: what a person the link was given to does.
public enum Curl {
    /// A GET of `url`: the status and the body.
    public static func get(_ url: String) throws -> (status: Int, body: [UInt8]) {
        let file = NSTemporaryDirectory() + "objsh-curl-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: file) }
        let status = try run(["-o", file, url])
        return (status, Array((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()))
    }

    /// A PUT of the file at `path` to `url` (`curl -T`): the status.
    public static func put(_ url: String, file path: String) throws -> Int {
        try run(["-T", path, "-o", "/dev/null", url])
    }

    static func run(_ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-g", "-q", "-w", "%{http_code}"] + arguments
        process.environment = ["PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self)) ?? 0
    }
}
