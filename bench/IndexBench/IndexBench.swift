// objsh-index-bench: the index's figures for bench/index.sh (issue 29), through the
// code `index` and `search` run: NameIndex.refresh over the storage protocol (the
// parallel listing and the segment writer), and SearchPane's search from the index.
//
//   objsh-index-bench build INDEX_FOLDER NAMES [CONTAINERS]
//       indexes a generated account of NAMES names in CONTAINERS containers (default 10)
//       into INDEX_FOLDER; prints names, seconds, the index's bytes and the names' bytes
//   objsh-index-bench query INDEX_FOLDER generated|seeded NAMES [QUERIES]
//       QUERIES (default 100) searches of each kind, from the index in INDEX_FOLDER, of
//       names made by `build` (generated) or scripts/swift-seed (seeded, NAMES per
//       container); prints p50, p99 and max in milliseconds and the median results
import Foundation
import NameIndex
import Storage

@main
enum IndexBench {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 3, let names = Int(arguments.count > 3 && arguments[0] == "query" ? arguments[3] : arguments[2]) else {
            return usage()
        }
        switch arguments[0] {
        case "build":
            let containers = arguments.count > 3 ? Int(arguments[3]) ?? 10 : 10
            try await build(folder: arguments[1], names: names, containers: containers)
        case "query":
            let queries = arguments.count > 4 ? Int(arguments[4]) ?? 100 : 100
            let kinds = arguments[2] == "seeded" ? QueryKinds.seeded(perContainer: names) : QueryKinds.generated(names: names)
            try await QueryBench(folder: arguments[1], rounds: queries).run(kinds)
        default:
            usage()
        }
    }

    static func usage() {
        FileHandle.standardError.write(
            Data("usage: objsh-index-bench build FOLDER NAMES [CONTAINERS] | query FOLDER generated|seeded NAMES [QUERIES]\n".utf8))
        exit(2)
    }

    static func build(folder: String, names: Int, containers: Int) async throws {
        let base = NSTemporaryDirectory() + "objsh-index-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let perContainer = names / containers
        let store = GeneratedStore(base: FileStore(root: base), containers: containers, perContainer: perContainer)
        let started = Date()
        let report = try await NameIndex(path: folder).refresh(store: store, container: nil)
        let seconds = Date().timeIntervalSince(started)
        let onDisk = (NameIndex(path: folder).manifest?.containers.values.map(\.diskBytes) ?? []).reduce(0, +)
        var nameBytes = 0
        for i in 0..<perContainer { nameBytes += GeneratedStore.name(i, of: perContainer).utf8.count }
        nameBytes *= containers
        print("built \(report.names) names in \(containers) containers: \(String(format: "%.2f", seconds)) s")
        print("index \(onDisk) bytes, names \(nameBytes) bytes, ratio \(String(format: "%.2f", Double(onDisk) / Double(max(1, nameBytes))))")
    }
}
