import Foundation
import XCTest

/// `meta` with the real binary on every store: another client (python-swiftclient,
/// boto3) gives an object Cache-Control, Content-Disposition and two keys; objsh sets
/// two keys, removes one and changes the content type, and the other client then reads
/// back every header objsh was not asked to change. The file store refuses a change.
final class MetaShellTests: XCTestCase {
    private var home = ""
    private let container = "meta" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-meta-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try Data("some text\n".utf8).write(to: URL(fileURLWithPath: home + "/doc.txt"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], json: Bool = false) throws -> ObjshRun {
        try EveryStore.run(cluster, lines, json: json, home: home)
    }

    func testMetaKeepsWhatItWasNotAskedToChangeOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/doc.txt"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            guard let other = OtherClient(cluster: cluster.name) else {
                let refused = try objsh(cluster, ["meta /\(c)/doc.txt color=red"])
                XCTAssertEqual(refused.status, 1, "\(cluster.name): \(refused.errors)")
                XCTAssertTrue(refused.errors.contains("keeps no metadata"), "\(cluster.name): \(refused.errors)")
                continue
            }
            try other.seed(c, "doc.txt")
            try checkChanges(cluster, c)
            let stat = try other.read(c, "doc.txt")
            XCTAssertEqual(stat["cache-control"], "max-age=60", "\(cluster.name): \(stat)")
            XCTAssertEqual(stat["content-disposition"], "attachment; filename=\"d.txt\"", "\(cluster.name): \(stat)")
            XCTAssertEqual(stat["content-type"], "text/x-objsh", "\(cluster.name): \(stat)")
            XCTAssertEqual(stat["meta-keep"], "kept", "\(cluster.name): \(stat)")
            XCTAssertEqual(stat["meta-color"], "red", "\(cluster.name): \(stat)")
            XCTAssertNil(stat["meta-drop"], "\(cluster.name): \(stat)")
            XCTAssertNil(stat["meta-size"], "\(cluster.name): \(stat)")
        }
    }

    /// `meta PATTERN`: every object it matches changes (a folder is left), one line
    /// counts them, an object already so is not sent again; -n changes nothing; a script
    /// does not ask. The file store refuses before anything is asked or sent.
    func testMetaOfAPatternChangesEveryObjectItMatches() throws {
        for cluster in EveryStore.clusters(home: home) where ["env", "moto", "files"].contains(cluster.name) {
            let c = container + "p" + cluster.name.lowercased()
            let seeded = try objsh(
                cluster,
                [
                    "cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/doc.txt a.txt", "upload \(home)/doc.txt b.txt",
                    "upload \(home)/doc.txt c.log", "upload \(home)/doc.txt sub.txt/inner.txt", "meta b.txt color=red",
                ])
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            guard cluster.name != "files" else {
                let refused = try objsh(cluster, ["meta /\(c)/*.txt color=red"])
                XCTAssertEqual(refused.status, 1, "\(cluster.name): \(refused.errors)")
                XCTAssertTrue(refused.errors.contains("keeps no metadata"), "\(cluster.name): \(refused.errors)")
                continue
            }
            XCTAssertEqual(seeded.status, 0, "\(cluster.name): \(seeded.errors)")
            let dry = try objsh(cluster, ["meta -n /\(c)/*.txt color=red"])
            XCTAssertEqual(
                dry.output,
                "would change /\(c)/a.txt:\n  Meta-color: red\nwould change 1 object matching /\(c)/*.txt; 1 already so; "
                    + "1 folder left (meta changes objects)\n", "\(cluster.name): \(dry.errors)")
            let run = try objsh(cluster, ["cd /\(c)", "meta *.txt color=red -d size", "meta /\(c)/*.* owner=ann", "meta *.txt"])
            XCTAssertEqual(run.status, 0, "\(cluster.name): \(run.errors)")
            let lines = run.output.lowercased().split(separator: "\n").map(String.init)
            XCTAssertEqual(lines[0], "changed 1 object matching *.txt; 1 already so; 1 folder left (meta changes objects)", run.output)
            XCTAssertEqual(lines[1], "changed 3 objects matching /\(c)/*.*; 1 folder left (meta changes objects)", run.output)
            XCTAssertEqual(lines.filter { $0.hasPrefix("  meta-owner: ann") }.count, 2, run.output)
            XCTAssertEqual(lines.filter { $0.hasPrefix("  meta-color: red") }.count, 2, run.output)
            XCTAssertTrue(lines.contains("/\(c)/a.txt:") && lines.contains("/\(c)/b.txt:"), run.output)
            let log = try objsh(cluster, ["meta /\(c)/c.log"])
            XCTAssertFalse(log.output.lowercased().contains("meta-color"), "c.log did not match *.txt: \(log.output)")
        }
    }

    /// A dry run changes nothing; the change itself; a second change; the listing and
    /// the JSON record; a bad key is a usage error.
    func checkChanges(_ cluster: (name: String, config: String?), _ c: String) throws {
        let dry = try objsh(cluster, ["meta -n /\(c)/doc.txt color=red"])
        XCTAssertEqual(dry.output, "would change /\(c)/doc.txt:\n  Meta-color: red\n", "\(cluster.name): \(dry.errors)")
        let change = try objsh(
            cluster, ["cd /\(c)", "meta doc.txt color=red size=large -d DROP --content-type text/x-objsh", "meta doc.txt -d size"])
        XCTAssertEqual(change.status, 0, "\(cluster.name): \(change.errors)")
        XCTAssertTrue(change.output.hasPrefix("changed /\(c)/doc.txt:\n"), "\(cluster.name): \(change.output)")
        XCTAssertTrue(change.output.lowercased().contains("  meta-drop: removed (was gone)\n"), "\(cluster.name): \(change.output)")
        let shown = try objsh(cluster, ["meta /\(c)/doc.txt"])
        XCTAssertEqual(
            Set(shown.output.lowercased().split(separator: "\n")),
            [
                "content-type: text/x-objsh", "cache-control: max-age=60", "content-disposition: attachment; filename=\"d.txt\"",
                "meta-keep: kept", "meta-color: red",
            ], "\(cluster.name): \(shown.output)")
        let json = try objsh(cluster, ["meta /\(c)/doc.txt"], json: true)
        let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], json.output)
        XCTAssertEqual(record["content_type"] as? String, "text/x-objsh")
        let metadata = (record["metadata"] as? [String: String] ?? [:]).map { ($0.key.lowercased(), $0.value) }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: metadata), ["keep": "kept", "color": "red"], "\(cluster.name): \(json.output)")
        XCTAssertEqual((record["headers"] as? [String: String])?["Cache-Control"], "max-age=60", "\(cluster.name): \(json.output)")
        let bad = try objsh(cluster, ["meta /\(c)/doc.txt 'bad key=1'"])
        XCTAssertEqual(bad.status, 64, "\(cluster.name): \(bad.errors)")
        XCTAssertTrue(bad.errors.contains("bad key is not a metadata key"), "\(cluster.name): \(bad.errors)")
    }
}

/// The other client of a cluster: python-swiftclient for the Swift server, boto3 for
/// the S3 ones; none for the file store.
struct OtherClient {
    let cluster: String

    init?(cluster: String) {
        guard ["env", "s3api", "moto"].contains(cluster) else { return nil }
        self.cluster = cluster
    }

    /// Boto3 for the s3api or moto cluster, with the endpoint and keys its cluster has.
    func boto3(_ code: String, _ arguments: [String]) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let prefix = cluster == "moto" ? "OBJSH_TEST_MOTO_" : "OBJSH_TEST_S3_"
        let run = try Boto3Run.run(
            endpoint: environment[prefix + "ENDPOINT"] ?? "", accessKey: environment[prefix + "ACCESS_KEY"] ?? "",
            secretKey: environment[prefix + "SECRET_KEY"] ?? "", code, arguments)
        XCTAssertEqual(run.status, 0, "\(cluster): boto3 failed")
        return run.output
    }

    /// Cache-Control, Content-Disposition and the keys `keep` and `drop`, as this client sets them.
    func seed(_ container: String, _ name: String) throws {
        if cluster == "env" {
            let run = try SwiftServerTools.swiftclient([
                "post", container, name, "-H", "Cache-Control: max-age=60", "-H", "Content-Disposition: attachment; filename=\"d.txt\"",
                "-m", "keep:kept", "-m", "drop:gone",
            ])
            return XCTAssertEqual(run.status, 0, "swift post failed: \(run.errors)")
        }
        _ = try boto3(
            """
            b, k = sys.argv[1], sys.argv[2]
            s3.copy_object(Bucket=b, Key=k, CopySource={'Bucket': b, 'Key': k}, MetadataDirective='REPLACE',
                           ContentType='text/plain', CacheControl='max-age=60',
                           ContentDisposition='attachment; filename="d.txt"', Metadata={'keep': 'kept', 'drop': 'gone'})
            """, [container, name])
    }

    /// The object's headers as this client reads them, names lower-cased, user
    /// metadata as `meta-KEY`.
    func read(_ container: String, _ name: String) throws -> [String: String] {
        if cluster == "env" {
            let run = try SwiftServerTools.swiftclient(["stat", container, name])
            XCTAssertEqual(run.status, 0, "swift stat failed: \(run.errors)")
            var headers: [String: String] = [:]
            for line in run.output.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
                headers[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return headers
        }
        let output = try boto3(
            """
            import json
            h = s3.head_object(Bucket=sys.argv[1], Key=sys.argv[2])
            out = {'cache-control': h.get('CacheControl'), 'content-disposition': h.get('ContentDisposition'),
                   'content-type': h.get('ContentType')}
            out.update({'meta-' + k.lower(): v for k, v in h['Metadata'].items()})
            print(json.dumps({k: v for k, v in out.items() if v is not None}))
            """, [container, name])
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: String] ?? [:]
    }
}
