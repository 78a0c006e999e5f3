import Foundation
import Glibc

/// The sample store that ships with objsh, made from this description on first use.
///
/// Several containers, pseudo-folders three levels deep, names with spaces and
/// UTF-8 (accents, CJK, emoji), and a folder of 1,500 log objects. Contents and
/// dates are fixed, so listings and transcripts are the same on every machine.
public enum SampleData {
    /// 2024-06-01T12:00:00Z, the date every sample object carries.
    public static let modificationTime: time_t = 1_717_243_200

    /// Every object of the sample store: container, name, size in bytes.
    public static var objects: [(container: String, name: String, size: Int)] {
        var objects: [(String, String, Int)] = []
        func add(_ container: String, _ names: [String], size: (Int) -> Int = { 100 + $0 * 37 }) {
            for (index, name) in names.enumerated() { objects.append((container, name, size(index))) }
        }
        add(
            "photos",
            [
                "2023/winter/ski trip 01.jpg", "2023/winter/ski trip 02.jpg", "2023/summer/lake.png",
                "2024/summer/beach/IMG_0001 beach.jpg", "2024/summer/beach/IMG_0002 beach at sunset.jpg",
                "2024/summer/beach/IMG_0003.jpg", "2024/summer/city.jpg", "2024/spring/blossom 桜.jpg",
                "2024/spring/garden.heic", "2024/autumn/leaves.png", "2024/README.txt",
                "holiday snaps/paris/eiffel.jpg", "holiday snaps/paris/louvre.jpg", "holiday snaps/roma/colosseo.jpg",
                "東京タワー.jpg", "🎉 party.gif", "cover.png",
            ], size: { 20_000 + $0 * 7_919 })
        add(
            "My Photos", ["Family/mom & dad.jpg", "Family/kids/first day.jpg", "Pets/rex.jpg", "Pets/🐱 cat.png", "avatar.png"],
            size: { 15_000 + $0 * 5_003 })
        add(
            "documents",
            [
                "My Reports/2024/Q1 report.pdf", "My Reports/2024/Q2 report.pdf", "My Reports/2023/annual.pdf",
                "café menu.txt", "naïve résumé.md", "日本語/メモ.txt", "日本語/議事録/2024-05.txt", "한국어/노트.txt",
                "emoji 🎉/party plan.txt", "notes.md", "todo list.txt", "Ünïcödé/Ångström.txt",
            ])
        add(
            "music",
            [
                "Bach/Goldberg Variations/aria.flac", "Bach/Goldberg Variations/var 1.flac", "Björk/Homogenic/Jóga.mp3",
                "playlist.m3u",
            ], size: { 400_000 + $0 * 65_537 })
        let logs = (1...1_500).map { String(format: "logs/2024/app-%04d.log", $0) }
        add("backups", logs + ["db/2024-06-01.sql.gz", "db/2024-06-02.sql.gz", "README"], size: { 200 + ($0 * 97) % 4_000 })
        return objects
    }

    /// Containers with no objects.
    public static let emptyContainers = ["empty"]

    /// Creates the sample store at `path` unless it exists. It is built in a
    /// temporary folder beside `path` and renamed into place, so a half-made
    /// store is never seen.
    public static func materialize(at path: String) throws {
        if FileManager.default.fileExists(atPath: path) { return }
        let parent = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = parent + "/.sample-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: staging) }
        for (container, name, size) in objects {
            let file = staging + "/" + container + "/" + name
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let line = Array("objsh sample object \(container)/\(name)\n".utf8)
            var bytes = [UInt8]()
            bytes.reserveCapacity(size)
            while bytes.count < size { bytes += line.prefix(size - bytes.count) }
            // Plain writes: Foundation's createFile syncs each file, which takes seconds for 1,500.
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0, bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
                if fd >= 0 { close(fd) }
                throw StorageError.system("cannot write sample object \(file)")
            }
            close(fd)
            setTime(file)
        }
        for container in emptyContainers {
            try FileManager.default.createDirectory(atPath: staging + "/" + container, withIntermediateDirectories: true)
        }
        // Folders get the fixed date too, so container info is the same everywhere.
        if let walker = FileManager.default.enumerator(atPath: staging) {
            while let relative = walker.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: staging + "/" + relative, isDirectory: &isDirectory), isDirectory.boolValue {
                    setTime(staging + "/" + relative)
                }
            }
        }
        if rename(staging, path) != 0 && errno != ENOTEMPTY && errno != EEXIST {
            throw StorageError.system("cannot create the sample store at \(path)")
        }
    }

    private static func setTime(_ path: String) {
        let time = timeval(tv_sec: modificationTime, tv_usec: 0)
        _ = [time, time].withUnsafeBufferPointer { utimes(path, $0.baseAddress) }
    }
}
