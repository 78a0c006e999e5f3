// bench/json-encoders.swift — compiled and run by bench/ls-json.sh (swiftc -O, with
// Sources/Rendering/JSONLine.swift): the cost of writing 100,000 `ls --json` records
// with Foundation's JSONEncoder and with objsh's JSONLine, beside writing the same
// names as plain `ls` lines. Also whether each output is safe on a terminal: a name
// holding U+202E (right-to-left override) or U+009B (CSI) must come out escaped.
import Foundation

struct Record: Encodable {
    var kind = "object"
    var name: String
    var path: String
    var container = "big-flat"
    var bytes: Int64
    var etag = "0cc175b9c0f1b6a831c399e269772661"
    var content_type = "application/octet-stream"
    var last_modified = "2026-11-23T10:00:00Z"
}

@main
enum JSONEncoders {
    static func main() throws {
        let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
        let records = (0..<count).map { Record(name: "o\($0).txt", path: "/big-flat/o\($0).txt", bytes: Int64($0 % 97)) }
        var sink = 0
        let plain = time(runs: 5) {
            var page: [UInt8] = []
            for record in records { page.append(contentsOf: record.name.utf8); page.append(10) }
            sink &+= page.count
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let foundation = try time(runs: 5) {
            var page: [UInt8] = []
            for record in records { page.append(contentsOf: try encoder.encode(record)); page.append(10) }
            sink &+= page.count
        }
        let hand = time(runs: 5) {
            var page: [UInt8] = []
            for record in records { line(record).append(to: &page) }
            sink &+= page.count
        }
        print(row("plain names (as ls writes them)", plain))
        print(row("Foundation JSONEncoder", foundation) + String(format: "  x%.2f of JSONLine", foundation / hand))
        print(row("objsh JSONLine", hand))
        let hostile = Record(name: "a\u{202E}b\u{9B}c", path: "/x", bytes: 1)
        let fromFoundation = String(decoding: try encoder.encode(hostile), as: UTF8.self)
        print("  terminal-safe (U+202E, U+009B escaped): Foundation \(isSafe(fromFoundation)), JSONLine \(isSafe(line(hostile).line))")
        if sink == 42 { print("") }
    }

    static func line(_ record: Record) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, record.kind)
        line.add(.name, record.name)
        line.add(.path, record.path)
        line.add(.container, record.container)
        line.add(.bytes, record.bytes)
        line.add(.etag, record.etag)
        line.add(.contentType, record.content_type)
        line.add(.lastModified, record.last_modified)
        return line
    }

    static func row(_ label: String, _ seconds: Double) -> String {
        "  " + label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "median %7.1f ms", seconds * 1000)
    }

    static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" }
    }

    /// The median wall time of `runs` runs of `body`, in seconds.
    static func time(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[runs / 2]
    }
}
