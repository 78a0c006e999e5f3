import Browser
import Foundation
import NameIndex
import Storage

/// One query as `search` takes it: a term and bounds on size and date.
struct BenchQuery {
    let term: String
    var filter = SearchFilter()
}

/// The four kinds of query issue 29 names, `count` of each, for one data set.
enum QueryKinds {
    /// A fixed-seed generator, so every run asks the same queries.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    /// For `GeneratedStore`'s names: a name's hash tag, a word, a glob of a word and an
    /// extension, and objects above 2 GiB + 4,000 bytes (about 0.07% of them).
    static func generated(names: Int) -> [(String, (Int) -> BenchQuery)] {
        var random = Seeded(state: 29)
        let tags = (0..<1_000).map { _ in GeneratedStore.tag(random.next(max(1, names / 10))) }
        let words = GeneratedStore.words
        let extensions = GeneratedStore.extensions
        let rare: (Int) -> BenchQuery = { BenchQuery(term: tags[$0 % tags.count]) }
        let common: (Int) -> BenchQuery = { BenchQuery(term: words[$0 * 7 % words.count]) }
        let glob: (Int) -> BenchQuery = { BenchQuery(term: "*\(words[$0 * 3 % words.count])_*.\(extensions[$0 % extensions.count])") }
        let size: (Int) -> BenchQuery = { round in
            BenchQuery(term: "*", filter: SearchFilter(largerThan: (Int64(1) << 31) + 4_000 + Int64(round % 90)))
        }
        return [("rare term", rare), ("common term", common), ("glob", glob), ("size filter", size)]
    }

    /// For scripts/swift-seed's names (`fNNN/oNNNNNN.txt`, `object N` and a newline): one
    /// name, a last digit, a glob over folders and names, and the smallest sizes.
    static func seeded(perContainer: Int) -> [(String, (Int) -> BenchQuery)] {
        var random = Seeded(state: 29)
        let picks = (0..<1_000).map { _ in random.next(perContainer) }
        let folders = max(1, perContainer / 1_000)
        let rare: (Int) -> BenchQuery = { BenchQuery(term: "o" + GeneratedStore.pad(picks[$0 % picks.count], 6)) }
        let common: (Int) -> BenchQuery = { BenchQuery(term: "\($0 % 10).txt") }
        let glob: (Int) -> BenchQuery = { round in
            BenchQuery(term: "f\(GeneratedStore.pad(picks[round % picks.count] % folders, 3))*/o*\(round % 10).txt")
        }
        // `object 0` to `object 9` and a newline: the ten smallest of each container.
        let size: (Int) -> BenchQuery = { _ in BenchQuery(term: "*", filter: SearchFilter(smallerThan: 10)) }
        return [("rare term", rare), ("common term", common), ("glob", glob), ("size filter", size)]
    }
}

/// Times searches from the index in one folder, as `search` runs them (SearchPane).
@MainActor
struct QueryBench {
    let folder: String
    let rounds: Int

    func run(_ kinds: [(String, (Int) -> BenchQuery)]) async throws {
        let index = NameIndex(path: folder)
        guard index.coverage(container: nil, prefix: "") != nil else {
            throw NameIndexError.notIndexed(folder)
        }
        let store = FileStore(root: "/nonexistent")  // never asked: the index answers
        // OBJSH_BENCH_KINDS=common times only the kinds whose label holds a word listed (a focused profile).
        let only = ProcessInfo.processInfo.environment["OBJSH_BENCH_KINDS"]?.split(separator: ",") ?? []
        for (label, make) in kinds where only.isEmpty || only.contains(where: { label.contains($0) }) {
            var (times, firsts, results) = ([Double](), [Double](), [Int]())
            for round in 0..<rounds {
                let (all, first, found) = try await time(make(round), index: index, store: store)
                times.append(all)
                firsts.append(first)
                results.append(found)
            }
            print(Self.line(label, times: times, firsts: firsts, results: results))
        }
    }

    /// One search: milliseconds to its last result and to its first page, and its results.
    func time(_ query: BenchQuery, index: NameIndex, store: any ObjectStore) async throws -> (Double, Double, Int) {
        let started = ContinuousClock.now
        // A new coverage each time, as each `search` reads the manifest and maps the segments.
        let pane = SearchPane(
            store: store, term: query.term, scope: .root, openedFrom: .root, filter: query.filter,
            index: index.coverage(container: nil, prefix: ""))
        var found = 0
        var first: Duration?
        try await pane.eachMatch { _, objects in
            if first == nil { first = ContinuousClock.now - started }
            found += objects.count
        }
        let all = ContinuousClock.now - started
        return (Self.milliseconds(all), Self.milliseconds(first ?? all), found)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// `rare term  p50 1.2 ms  p99 3.4 ms  max 5.0 ms  first page p50 0.9 ms  (median 10 results)`.
    static func line(_ label: String, times: [Double], firsts: [Double], results: [Int]) -> String {
        func rank(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        let median = results.sorted()[results.count / 2]
        let figures = [rank(times, 0.5), rank(times, 0.99), rank(times, 1), rank(firsts, 0.5)].map { String(format: "%7.1f ms", $0) }
        return label.padding(toLength: 12, withPad: " ", startingAt: 0)
            + "  p50 \(figures[0])  p99 \(figures[1])  max \(figures[2])  first page p50 \(figures[3])  (median \(median) results)"
    }
}
