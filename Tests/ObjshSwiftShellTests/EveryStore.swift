import Foundation

/// The clusters a shell test of every store runs on: the file store (under `home`) and
/// the test Swift server always, the s3api and moto S3 clusters when their servers run.
enum EveryStore {
    static func clusters(home: String) -> [(name: String, config: String?)] {
        let environment = ProcessInfo.processInfo.environment
        try? FileManager.default.createDirectory(atPath: home + "/store", withIntermediateDirectories: true)
        var clusters: [(String, String?)] = [("env", nil), ("files", "[cluster files]\ntype = file\npath = \(home)/store\n")]
        for (name, prefix) in [("s3api", "OBJSH_TEST_S3_"), ("moto", "OBJSH_TEST_MOTO_")] {
            guard let endpoint = environment[prefix + "ENDPOINT"], let access = environment[prefix + "ACCESS_KEY"],
                let secret = environment[prefix + "SECRET_KEY"]
            else { continue }
            clusters.append((name, "[cluster \(name)]\ntype = s3\nendpoint = \(endpoint)\naccess_key = \(access)\nsecret_key = \(secret)\n"))
        }
        return clusters
    }

    /// Runs `objsh -q` on one of `clusters` with `lines` as its `-c` script.
    static func run(_ cluster: (name: String, config: String?), _ lines: [String], json: Bool = false, home: String) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", cluster.name] + (json ? ["--json"] : []) + ["-c", lines.joined(separator: "\n")], config: cluster.config,
            home: home)
    }
}
