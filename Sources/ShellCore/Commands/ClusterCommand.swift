import Browser
import Clusters
import Rendering

/// `cluster [--json] [NAME]`: list clusters, or switch; `cluster add|test|rm NAME`.
struct ClusterCommand: ShellCommand {
    nonisolated static let type = OptionSpec(
        "--type", value: .text, valueName: "TYPE", help: "cluster add: s3, swift (auth v1) or keystone (Swift behind Keystone v3)")
    nonisolated static let endpoint = OptionSpec(
        "--endpoint", value: .text, valueName: "URL", help: "cluster add, s3: the endpoint URL (none for AWS)")
    nonisolated static let authURL = OptionSpec("--auth-url", value: .text, valueName: "URL", help: "cluster add, swift and keystone: the auth URL")
    nonisolated static let region = OptionSpec("--region", value: .text, valueName: "REGION", help: "cluster add, s3 and keystone: the region")
    nonisolated static let accessKey = OptionSpec("--access-key", value: .text, valueName: "KEY", help: "cluster add, s3: the access key ID")
    nonisolated static let user = OptionSpec("--user", value: .text, valueName: "USER", help: "cluster add, swift and keystone: the user name")
    nonisolated static let project = OptionSpec("--project", value: .text, valueName: "PROJECT", help: "cluster add, keystone: the project name")
    nonisolated static let domain = OptionSpec(
        "--domain", value: .text, valueName: "DOMAIN", help: "cluster add, keystone: the user's and project's domain (default Default)")
    nonisolated static let secretCommand = OptionSpec(
        "--secret-command", value: .text, valueName: "COMMAND",
        help: "cluster add: a command that prints the secret key, key or password, run at each sign-in")
    nonisolated static let secretStdin = OptionSpec("--secret-stdin", help: "cluster add: read the secret from the first line of standard input")
    nonisolated static let secret = OptionSpec(
        "--secret", value: .text, valueName: "SECRET",
        help: "refused: a secret in a command line stays in the shell's history; give --secret-command or --secret-stdin")
    nonisolated static let replace = OptionSpec("--replace", help: "cluster add: replace the config file's section of that name")
    nonisolated static let noCheck = OptionSpec("--no-check", help: "cluster add: write the section without signing in first")
    nonisolated static let force = OptionSpec("-f", help: "cluster rm: do not ask")
    nonisolated static let subcommands = ["add", "test", "rm"]

    nonisolated static let spec = CommandSpec(
        name: "cluster", aliases: [],
        summary: "list clusters, switch to one, or add, test and remove one",
        details: """
            Without a name, lists the clusters with the current one marked * and where each comes from. With a name, \
            switches to it; switching back later shows that cluster's panes where they were, with the same sign-in.
            cluster add NAME asks at a terminal for the type, the endpoint or auth URL, the region and the credentials \
            (the secret is not shown as it is typed, or give a command that prints it), signs in and lists to check them, \
            and writes a [cluster NAME] section into the config file (mode 0600), leaving the rest of it as it was. \
            Scripts give the answers as options: cluster add NAME --type s3 --endpoint URL --access-key KEY \
            --secret-command 'pass show s3'. cluster test NAME signs in and says what it found; cluster rm NAME \
            removes the config file's section.
            Clusters come from the config file (type swift, s3 or file), from each cloud of clouds.yaml, rclone's \
            swift and s3 remotes (rclone-NAME), mc's aliases (mc-ALIAS) and s3cmd's ~/.s3cfg (s3cmd), env from ST_*, \
            an openrc's OS_* or OS_CLOUD, and aws (S3) from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or AWS_PROFILE.
            Example: cluster local
            """,
        options: [
            CommandTable.jsonOption, type, endpoint, authURL, region, accessKey, user, project, domain, secretCommand, secretStdin, secret,
            replace, noCheck, force, CommandTable.dryRunOption,
        ],
        operands: [OperandSpec("add|test|rm", .cluster, optional: true), OperandSpec("NAME", .text, optional: true)])

    let arguments: CommandArguments
    let json: Bool

    init(_ arguments: CommandArguments) throws {
        self.arguments = arguments
        json = try arguments.flag(CommandTable.jsonOption)
        if try arguments.value(Self.secret) != nil { throw CommandFailure.clusterSetup(.secretInCommandLine) }
        guard arguments.operands.count <= 2 else { throw ShellError.usage(Self.spec, .tooManyArguments) }
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let shell = context.shell
        let operands = arguments.operands
        if operands.count == 2 {
            guard Self.subcommands.contains(operands[0]) else { throw ShellError.usage(Self.spec, .badOperand(operands[0], .subcommand)) }
            let setup = ClusterSetup(arguments: arguments, context: context)
            switch operands[0] {
            case "add": try await setup.add(operands[1])
            case "test": try await setup.test(operands[1])
            default: try await setup.remove(operands[1])
            }
            return .answered
        }
        guard let name = operands.first else {
            list(shell.catalog.clusters, current: shell.clusterName, json: context.wantsJSON(json), on: context.console)
            return .answered
        }
        if Self.subcommands.contains(name), shell.catalog.cluster(named: name) == nil {
            throw ShellError.usage(Self.spec, .missingOperand("NAME"))
        }
        try await shell.switchTo(try shell.cluster(named: name))
        return .showPanes
    }

    func list(_ clusters: [Cluster], current: String, json: Bool, on console: Console) {
        if json { return console.writeJSON(clusters.map { JSONRecord.cluster($0, isCurrent: $0.name == current) }) }
        let width = clusters.map { DisplayWidth.width(of: $0.name) }.max() ?? 0
        for cluster in clusters {
            let mark = cluster.name == current ? "*" : " "
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.width(of: cluster.name)))
            console.write("\(mark) \(escaped(cluster.name))\(padding)  \(escaped(cluster.summary)) (\(escaped(cluster.origin)))\n")
        }
    }
}
