import Clusters
import Foundation

extension ClusterSetup {
    /// `cluster add NAME`: the answers (options, then questions at a terminal), the section
    /// checked by signing in, and written into the config file.
    func add(_ name: String) async throws {
        let path = try configFile
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "/" || $0 == ":" }), !name.hasPrefix("-"),
            name != ClusterCatalog.reservedName
        else { throw CommandFailure.clusterSetup(.badName(name)) }
        try refuseOtherSources(name, path: path)
        if shell.catalog.cluster(named: name) != nil || shell.catalog.unusable[name] != nil, !(try arguments.flag(ClusterCommand.replace)) {
            throw CommandFailure.clusterSetup(.exists(name, path: path))
        }
        guard let answers = try await answers() else { return console.writeError("cluster: nothing added\n") }
        if let missing = answers.missingOption { throw ShellError.usage(ClusterCommand.spec, .missingValue(option: missing, valueName: "value")) }
        if answers.unwritable != nil { throw CommandFailure.clusterSetup(.unwritableValue) }
        let section = ClusterConfigEditor.section(name, answers.pairs)
        guard let parsed = try ClusterConfigParser(path: path, home: home).parseEach(section).first else { return }
        let cluster = try parsed.cluster.get()
        guard try await checked(cluster) else { return console.writeError("cluster: nothing added\n") }
        if try arguments.flag(CommandTable.dryRunOption) {
            return console.write("would write [cluster \(escaped(name))] to \(escaped(path))\n")
        }
        try ClusterConfigEditor.write(ClusterConfigEditor.setting(name, to: section, in: try ClusterConfigEditor.read(path)), to: path)
        shell.define(cluster)
        console.write("wrote [cluster \(escaped(name))] to \(escaped(path)) (mode 0600); cluster \(escaped(name)) opens it\n")
    }

    /// The options' answers, with the rest asked at a terminal; nil when the person stopped.
    func answers() async throws -> ClusterAnswers? {
        var given = ClusterAnswers()
        let typed = try arguments.value(ClusterCommand.type)
        if let typed {
            guard let kind = ClusterAnswers.Kind(rawValue: typed.lowercased()) else {
                throw ShellError.usage(ClusterCommand.spec, .badOptionValue(option: "--type", .clusterType))
            }
            given.kind = kind
        }
        given.url = try arguments.value(given.kind == .s3 ? ClusterCommand.endpoint : ClusterCommand.authURL)
        given.region = try arguments.value(ClusterCommand.region)
        given.user = try arguments.value(given.kind == .s3 ? ClusterCommand.accessKey : ClusterCommand.user)
        given.project = try arguments.value(ClusterCommand.project)
        given.domain = try arguments.value(ClusterCommand.domain)
        given.secretCommand = try arguments.value(ClusterCommand.secretCommand)
        if try arguments.flag(ClusterCommand.secretStdin) { given.secret = try secretFromStandardInput() }
        guard let ask = context.settings.streams.ask, given.missingOption != nil || typed == nil else { return given }
        return await ClusterAnswers.asking(given, kindGiven: typed != nil) { prompt, hidden in await ask(prompt, hidden) }
    }

    /// The first line of standard input: where it holds data (`-c`, `-f`), not the shell's commands.
    func secretFromStandardInput() throws -> String {
        guard let input = context.settings.streams.dataInput else { throw CommandFailure.standardInputHoldsCommands }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(input.descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else { throw CommandFailure.clusterSetup(.emptySecret) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Signs in and lists unless `--no-check`, saying what was found. A failure is thrown,
    /// but at a terminal the person may keep the section anyway.
    func checked(_ cluster: Cluster) async throws -> Bool {
        if try arguments.flag(ClusterCommand.noCheck) { return true }
        do {
            console.write(try await check(cluster) + "\n")
            return true
        } catch {
            guard let confirm = context.settings.streams.confirm else { throw error }
            console.writeError("cluster: \(ErrorReport(error).message)\n")
            return await confirm("write it anyway?")
        }
    }
}
