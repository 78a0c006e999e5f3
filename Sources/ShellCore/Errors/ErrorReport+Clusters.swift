/// Why `cluster add` or `cluster rm` left the config file as it was, in words.
extension ErrorReport {
    static func report(_ problem: ClusterSetupProblem) -> (String, FailureClass) {
        switch problem {
        case .secretInCommandLine:
            (
                "a secret in a command line stays in the shell's history; give --secret-command 'COMMAND', --secret-stdin, or answer at a terminal",
                .usage
            )
        case .noConfigFile: ("objsh has no config file here to write", .failed)
        case .current(let name): ("\(name) is the current cluster; switch to another first", .usage)
        case .notInConfigFile(let name, let path): ("\(name): no [cluster \(name)] section in \(path)", .notFound)
        case .otherSource(let name, let origin):
            ("\(name) comes from \(origin), which objsh does not write; change it there, or choose another name", .usage)
        case .badName(let name): ("\(name.isEmpty ? "''" : name) cannot name a cluster: no spaces, / or :, no leading -, and not file", .usage)
        case .exists(let name, let path): ("\(name) is already a cluster of \(path); give --replace to replace it", .usage)
        case .unwritableValue: ("an answer holds a line break or a control character, which the config file cannot hold", .usage)
        case .emptySecret: ("--secret-stdin read an empty line", .usage)
        }
    }
}
