import Clusters
import Foundation

/// What `cluster add` needs to know, from its options and, at a terminal, from questions
/// for what they leave out; and the `[cluster NAME]` section it makes of them.
struct ClusterAnswers {
    enum Kind: String, CaseIterable {
        case s3, swift, keystone
    }

    var kind: Kind = .s3
    /// S3's endpoint, or the Swift or Keystone auth URL.
    var url: String?
    var region: String?
    /// S3's access key ID, or the user name.
    var user: String?
    var project: String?
    var domain: String?
    var secret: String?
    var secretCommand: String?

    /// The section's lines, in the order a person would write them.
    var pairs: [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
        func add(_ key: String, _ value: String?) { if let value, !value.isEmpty { pairs.append((key, value)) } }
        switch kind {
        case .s3:
            add("type", "s3")
            add("endpoint", url)
            add("region", region)
            add("access_key", user)
            add("secret_key", secret)
            add("secret_command", secretCommand)
        case .swift:
            add("type", "swift")
            add("auth_url", url)
            add("user", user)
            add("key", secret)
            add("key_command", secretCommand)
        case .keystone:
            add("type", "swift")
            add("auth_url", url)
            add("auth_version", "3")
            add("username", user)
            add("password", secret)
            add("password_command", secretCommand)
            add("project_name", project)
            add("user_domain_name", domain ?? "Default")
            add("project_domain_name", domain ?? "Default")
            add("region", region)
        }
        return pairs
    }

    /// What is still missing, as the option that gives it; nil when the answers are whole.
    var missingOption: String? {
        if kind != .s3, url == nil { return "--auth-url" }
        if user == nil { return kind == .s3 ? "--access-key" : "--user" }
        if kind == .keystone, project == nil { return "--project" }
        if secret == nil, secretCommand == nil { return "--secret-command" }
        return nil
    }

    /// A value that would break the file's lines: a line break or a control character.
    var unwritable: String? {
        let values = [url, region, user, project, domain, secret, secretCommand].compactMap { $0 }
        return values.contains { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } } ? "a control character" : nil
    }
}

extension ClusterAnswers {
    /// Asks at the terminal for each answer the options left out; nil when the person
    /// stops (Ctrl-C, end of input).
    static func asking(_ given: ClusterAnswers, kindGiven: Bool, ask: (String, Bool) async -> String?) async -> ClusterAnswers? {
        var answers = given
        func question(_ prompt: String, _ current: String?, default value: String? = nil) async -> String?? {
            if let current { return .some(current) }
            guard let line = await ask(prompt + (value.map { " [\($0)]" } ?? "") + ": ", false) else { return nil }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return .some(trimmed.isEmpty ? value : trimmed)
        }
        if !kindGiven {
            guard let typed = await question("type (s3, swift or keystone)", nil, default: "s3") else { return nil }
            guard let kind = typed.flatMap(Kind.init(rawValue:)) else { return nil }
            answers.kind = kind
        }
        let urlPrompt = answers.kind == .s3 ? "endpoint URL (empty for AWS)" : "auth URL"
        guard let url = await question(urlPrompt, answers.url) else { return nil }
        answers.url = url
        if answers.kind != .swift {
            guard let region = await question("region (empty for the default)", answers.region) else { return nil }
            answers.region = region
        }
        guard let user = await question(answers.kind == .s3 ? "access key ID" : "user name", answers.user) else { return nil }
        answers.user = user
        if answers.kind == .keystone {
            guard let project = await question("project name", answers.project) else { return nil }
            guard let domain = await question("domain", answers.domain, default: "Default") else { return nil }
            (answers.project, answers.domain) = (project, domain)
        }
        return await askingSecret(answers, ask: ask)
    }

    /// The secret, not shown as it is typed; an empty answer asks for a command that prints it instead.
    private static func askingSecret(_ given: ClusterAnswers, ask: (String, Bool) async -> String?) async -> ClusterAnswers? {
        var answers = given
        guard answers.secret == nil, answers.secretCommand == nil else { return answers }
        let what = answers.kind == .s3 ? "secret key" : answers.kind == .swift ? "key" : "password"
        guard let typed = await ask("\(what) (not shown; empty to give a command that prints it instead): ", true) else { return nil }
        if !typed.isEmpty {
            answers.secret = typed
            return answers
        }
        guard let command = await ask("command that prints the \(what): ", false) else { return nil }
        answers.secretCommand = command.isEmpty ? nil : command
        return answers
    }
}
