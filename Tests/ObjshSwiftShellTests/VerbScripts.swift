import Foundation
import ShellCore

/// A script that runs every command of the shell's command table with the options that
/// print, in an order that leaves nothing behind (`rm -r` of the container, then `exit`).
/// The commands come from `CommandTable` itself: a command added to the table without
/// lines here is reported, so a sweep cannot miss it.
struct VerbScripts {
    /// The container the script makes, uploads into and removes (without the leading `/`).
    var container: String
    /// The local folder the script works in (`lcd`); `get` and `sync` write below it.
    var local: String
    /// A local folder of files whose names the script uploads, diffs and syncs.
    var seed: String
    /// One file's name in `seed`.
    var object: String
    /// The cluster's name: `cluster` switches to another and back.
    var cluster: String
    /// Whether the cluster is Swift (`share --set-key` then signs links).
    var isSwift: Bool
    /// `CLUSTER:` before every remote path, to run each command against another cluster
    /// than the one the script started on (one that fails to open: each verb's error path).
    var remote = ""

    /// The commands of the table that have no lines here (goal: none).
    static func unscripted(_ script: VerbScripts) -> [String] {
        let scripted = Set(script.steps.map(\.command))
        return CommandTable.commands.map(\.name).filter { !scripted.contains($0) }
    }

    /// The whole script, one command a line.
    var lines: [String] { steps.flatMap(\.lines) }

    /// `text` as one literal word of the shell: single quotes take every byte as it is.
    static func q(_ text: String) -> String { "'" + text + "'" }

    // Every remote path is absolute: `info` and `cd` move the panes the script runs in.
    private var root: String { remote + "/" + container }
    private var folder: String { root + "/" + (seed as NSString).lastPathComponent }
    private var file: String { folder + "/" + object }
    private func at(_ name: String) -> String { Self.q(root + "/" + name) }

    /// Each command's lines, in the order they run.
    var steps: [(command: String, lines: [String])] {
        let q = Self.q
        return [
            ("lcd", ["lcd \(q(local))"]), ("lpwd", ["lpwd"]), ("lls", ["lls \(q(seed))", "lls -l \(q(seed))"]),
            ("mkdir", ["mkdir \(q(container))", "cd \(q(root))", "mkdir \(q("made\u{1B}[31m"))"]),
            ("cd", ["cd \(at("nope\u{1B}[31m"))", "cd \(q(root))"]),
            ("upload", ["upload -v --progress \(q(seed))", "upload \(q(seed + "/" + object)) \(q("one\u{9B}.txt"))"]),
            ("pwd", ["pwd"]),
            // Paths even where the current folder would do: after a failed `cd` it is the account.
            (
                "ls",
                [
                    "ls \(q(root))", "ls -l -h \(q(root))", "ls -R \(q(root))", "ls --json -R \(q(root))", "ls -l \(q(folder))", "ls \(q(folder))/c*",
                    "ls --versions \(q(file))",
                ]
            ),
            ("info", ["info", "info \(q(file))", "info --json \(q(file))", "info \(q(folder))", "info /", "info \(q(folder))/*"]),
            ("cat", ["cat \(q(file))", "cat \(q(file + "\u{07}gone"))"]), ("head", ["head -n 1 \(q(file))"]),
            ("tail", ["tail -c 3 \(q(file))"]),
            ("meta", ["meta \(q(file))", "meta --json \(q(file))", "meta -n \(q(file)) color=red", "meta \(q(file)) color=red"]),
            ("share", (isSwift ? ["share --set-key"] : []) + ["share \(q(file))", "share --json --put \(q(folder + "/up\u{9B}.bin"))"]),
            ("du", ["du \(q(root))", "du -h -d 3 \(q(root))"]),
            ("search", ["search --live --in \(q(root)) red", "search --json --live --in \(q(root)) txt", "search"]),
            ("index", ["index \(q(root))", "index --status", "search --in \(q(root)) red", "search", "index --drop \(q(root))"]),
            (
                "diff",
                ["diff \(q("file:" + seed)) \(q(folder))", "diff --json \(q("file:" + seed)) \(at("copy"))", "diff \(q(folder)) \(at("copy"))"]
            ),
            ("sync", sync), ("get", get), ("cp", copy), ("mv", move),
            // Versions left on would keep the container from going at the end.
            ("versions", ["versions -n on \(q(root))", "versions off \(q(root))"]),
            ("restore", ["restore -n \(q(file))", "restore --version nope\u{1B}[31m \(q(file))"]),
            ("refresh", ["refresh"]), ("back", ["cd \(q(folder))", "back"]),
            ("cluster", ["cluster", "cluster --json", "cluster \(cluster == "files" ? "env" : "files")", "cluster \(cluster)"]),
            ("help", ["help", "help sync"]),
            // An alias's line and a job's command line hold hostile names: `alias`, `jobs` and
            // the job's notice print them.
            ("alias", ["alias \(q("l\u{1B}[31m")) 'ls'", "alias l \(q("ls -l " + root))", "alias", "l"]),
            ("unalias", ["unalias l", "unalias \(q("nope\u{1B}[31m"))"]),
            ("jobs", ["ls -R \(q(root)) &", "jobs", "jobs --json"]),
            ("wait", ["wait %1", "wait \(q("%9\u{1B}[31m"))"]),
            ("kill", ["get -r -f \(q(folder)) \(q(local + "/bg")) &", "kill %2", "wait %2", "kill \(q("%9\u{07}"))"]),
            ("fg", ["ls -R \(q(root)) &", "fg", "fg \(q("%9\u{1B}[31m"))"]),
            ("rm", remove), ("exit", ["exit 0"]),
        ]
    }

    private var sync: [String] {
        let q = Self.q
        return [
            "sync -n \(q("file:" + seed)) \(at("copy"))", "sync \(q("file:" + seed)) \(at("copy"))",
            "sync --json \(q("file:" + seed)) \(at("copy2"))", "sync --delete -n \(q(folder)) \(at("copy"))",
            "sync \(at("copy")) \(q("file:" + local + "/down"))",
        ]
    }

    private var get: [String] {
        let q = Self.q
        return [
            "get \(q(file)) \(q(local + "/got.txt"))", "get -n -r \(q(folder)) \(q(local + "/gotdir"))",
            "get -r \(q(folder)) \(q(local + "/gotdir"))", "get -r -f \(q(folder)) \(q(local + "/gotdir"))",
            "get \(q(folder))/c* \(q(local))",
        ]
    }

    private var copy: [String] {
        let q = Self.q
        return ["cp -n \(q(file)) \(at("cp\u{1B}[31m.txt"))", "cp \(q(file)) \(at("cp\u{1B}[31m.txt"))", "cp -r \(q(folder)) \(at("cpdir"))"]
    }

    private var move: [String] {
        let (from, to) = (at("cp\u{1B}[31m.txt"), at("mv\u{202E}.txt"))
        return ["mv -n \(from) \(to)", "mv \(from) \(to)", "mv -r \(at("cpdir")) \(at("mvdir"))"]
    }

    private var remove: [String] {
        let q = Self.q
        return [
            "rm -n \(q(file))", "rm -n \(q(folder))/*", "rm \(q(folder))/b*", "rm -f \(q(folder))/c*", "rm -r -n \(q(root))",
            "cd /", "rm -r -f \(q(root))", "rm \(q(root))",
        ]
    }
}
