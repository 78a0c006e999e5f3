import Clusters
import Foundation
import Storage

/// `cluster add`, `cluster test` and `cluster rm`: the config file's sections written
/// from answers, checked by signing in, and taken out again.
@MainActor
struct ClusterSetup {
    let arguments: CommandArguments
    let context: CommandContext
    var shell: Shell { context.shell }
    var console: Console { context.console }

    /// The config file, or why there is none to write.
    var configFile: String {
        get throws {
            guard let path = context.settings.configFile else { throw CommandFailure.clusterSetup(.noConfigFile) }
            return path
        }
    }

    var home: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// `cluster test NAME`: signs in and lists; says what it found.
    func test(_ name: String) async throws {
        let cluster = try shell.cluster(named: name)
        console.write(try await check(cluster) + "\n")
    }

    /// Signs in to `cluster` and lists its containers: the line that says what was found.
    func check(_ cluster: Cluster) async throws -> String {
        let store = try await shell.openStore(cluster)
        let account = try await store.accountInfo()
        let count = account.containerCount == 1 ? "1 container" : "\(account.containerCount) containers"
        var found = "\(escaped(cluster.name)): signed in to \(escaped(cluster.summary)); \(count)"
        switch cluster.endpoint {
        case .s3(let s3): found += ", region \(escaped(s3.effectiveRegion))"
        case .swift(let swift): if let region = swift.keystone?.region { found += ", region \(escaped(region))" }
        case .directory: break
        }
        return found
    }

    /// `cluster rm NAME`: the config file's section of that name goes, the rest stays byte for byte.
    func remove(_ name: String) async throws {
        let path = try configFile
        try refuseOtherSources(name, path: path)
        guard name != shell.clusterName else { throw CommandFailure.clusterSetup(.current(name)) }
        guard let text = ClusterConfigEditor.removing(name, from: try ClusterConfigEditor.read(path)) else {
            throw CommandFailure.clusterSetup(.notInConfigFile(name, path: path))
        }
        if try arguments.flag(CommandTable.dryRunOption) {
            return console.write("would remove [cluster \(escaped(name))] from \(escaped(path))\n")
        }
        if !(try arguments.flag(ClusterCommand.force)), let confirm = context.settings.streams.confirm {
            guard await confirm("remove cluster \(escaped(name)) from \(escaped(path))?") else {
                return console.writeError("cluster: nothing removed\n")
            }
        }
        try ClusterConfigEditor.write(text, to: path)
        shell.forget(name)
        console.write("removed [cluster \(escaped(name))] from \(escaped(path))\n")
    }

    /// A cluster that another source defines cannot be added over or removed here: that source is named.
    func refuseOtherSources(_ name: String, path: String) throws {
        if let problem = shell.catalog.unusable[name] {
            if case .invalidConfig(let file, _, _) = problem, file == path { return }
            if case .invalidConfig(let file, _, _) = problem { throw CommandFailure.clusterSetup(.otherSource(name, origin: file)) }
        }
        guard let cluster = shell.catalog.cluster(named: name) else { return }
        if cluster.origin != "config" { throw CommandFailure.clusterSetup(.otherSource(name, origin: cluster.origin)) }
    }
}

extension Shell {
    /// `cluster add` defined `cluster` anew: it replaces the old definition, and a browser
    /// opened with the old one is dropped.
    func define(_ cluster: Cluster) {
        sessions[cluster.name] = nil
        catalog.add(cluster)
    }

    /// `cluster rm` took `name` out of the config file.
    func forget(_ name: String) {
        sessions[name] = nil
        catalog.remove(name)
    }
}
