/// Reads objsh's config file: `[cluster NAME]` sections of `key = value` lines.
///
///     # comments start with # or ;
///     [cluster dal05]
///     type = swift
///     auth_url = https://dal05.objectstorage.example/auth/v1.0
///     user = SLOS123:me
///     key_command = pass show objsh/dal05
///
///     [cluster backup]
///     type = file
///     path = ~/backup
///
/// Swift clusters take `auth_url`, `user`, `key` or `key_command`, `storage_url`,
/// `token`, `insecure = true|false`, `connect_timeout`/`read_timeout` (seconds) and
/// the TLS keys `cacert`, `client_cert`, `client_key` and `proxy` (as S3 clusters do);
/// with `auth_version = 3` (or an `auth_url` ending in `/v3`) they sign in to
/// Keystone and also take `username`/`user_id`, `password`/`password_command`, the
/// domain and project keys, `region`, `interface` and `application_credential_*`
/// (see `keystoneKeys`). File clusters take `path`; S3 clusters (`type = s3`) take
/// the keys of `s3Keys`. Every type takes `index_refresh` (see `commonKeys`).
public struct ClusterConfigParser {
    /// The file's path, for messages.
    public let path: String
    /// `$HOME`, for `~` in paths.
    public let home: String

    public init(path: String, home: String) {
        self.path = path
        self.home = home
    }

    /// Keys each type accepts; `type` is accepted by both.
    static let swiftKeys: Set<String> = Set<String>([
        "type", "auth_url", "user", "key", "key_command", "storage_url", "token", "insecure",
        "connect_timeout", "read_timeout", "auth_version", "username", "password",
        "password_command",
    ]).union(keystoneKeys).union(tlsKeys).union(["proxy"])
    /// TLS keys every HTTP cluster takes: a CA file to trust, a client certificate and its key.
    static let tlsKeys: Set<String> = ["cacert", "client_cert", "client_key"]
    static let fileKeys: Set<String> = ["type", "path"]
    /// Keys every type takes: `index_refresh = 1h`, how old the account's index may grow
    /// before an interactive session refreshes it in the background.
    static let commonKeys: Set<String> = ["index_refresh"]

    /// The clusters the text defines, in order; `ClusterError.invalidConfig` names the first bad line.
    public func parse(_ text: String) throws -> [Cluster] {
        try parseEach(text).map { try $0.cluster.get() }
    }

    /// Each section's cluster, or the problem that stops that cluster alone (an unknown
    /// key, a missing value: `ClusterError.invalidConfig` with its line), in order. Only
    /// a problem of the file's shape (a bad section header, a line outside any section,
    /// a name defined twice) is thrown for the whole file.
    public func parseEach(_ text: String) throws -> [(name: String, cluster: Result<Cluster, ClusterError>)] {
        try sections(text).map { section in
            if let problem = section.problem { return (section.name, .failure(problem)) }
            do {
                var parsed = try cluster(section)
                parsed.indexRefresh = try indexRefresh(section)
                return (section.name, .success(parsed))
            } catch let error as ClusterError {
                return (section.name, .failure(error))
            }
        }
    }

    /// The sections as read, each with the first problem of its own lines.
    func sections(_ text: String) throws -> [ClusterConfigSection] {
        var sections: [ClusterConfigSection] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                let section = try header(line, number: number)
                if sections.contains(where: { $0.name == section.name }) {
                    throw invalid(number, "cluster \(section.name) is defined twice")
                }
                sections.append(section)
                continue
            }
            guard !sections.isEmpty else { throw invalid(number, "\"\(line)\" is outside a [cluster NAME] section") }
            do {
                try add(line, number: number, to: &sections[sections.count - 1])
            } catch let error as ClusterError {
                if sections[sections.count - 1].problem == nil { sections[sections.count - 1].problem = error }
            }
        }
        return sections
    }

    /// A `key = value` line into its section.
    func add(_ line: String, number: Int, to section: inout ClusterConfigSection) throws {
        guard let equals = line.firstIndex(of: "=") else { throw invalid(number, "expected key = value, found \"\(line)\"") }
        let key = String(line[..<equals]).trimmingCharacters(in: " \t")
        let value = String(line[line.index(after: equals)...]).trimmingCharacters(in: " \t")
        guard !key.isEmpty else { throw invalid(number, "a line starts with =") }
        guard section.values[key] == nil else { throw invalid(number, "\(key) is set twice") }
        section.values[key] = (value, number)
    }

    /// `index_refresh`: a whole number and a unit (`30m`, `1h`, `1d`).
    func indexRefresh(_ section: ClusterConfigSection) throws -> Int? {
        guard let entry = section.values["index_refresh"] else { return nil }
        guard let seconds = DurationText.seconds(entry.value) else {
            throw invalid(entry.line, "index_refresh is a whole number and a unit (s, m, h or d), such as 1h, not \"\(entry.value)\"")
        }
        return seconds
    }

    /// Whether the text sets a secret (`key` or `token`), which makes loose permissions a risk.
    public static func holdsSecrets(_ clusters: [Cluster]) -> Bool {
        clusters.contains { cluster in
            switch cluster.endpoint {
            case .swift(let swift):
                return swift.key != nil || swift.token != nil || swift.keystone?.applicationCredentialSecret != nil
            case .s3(let s3): return s3.secretKey != nil || s3.sessionToken != nil
            case .directory: return false
            }
        }
    }

    private func header(_ line: String, number: Int) throws -> ClusterConfigSection {
        guard line.hasSuffix("]") else { throw invalid(number, "a section header ends with ]") }
        let inside = line.dropFirst().dropLast().trimmingCharacters(in: " \t")
        let words = inside.split(separator: " ", maxSplits: 1).map { String($0).trimmingCharacters(in: " \t") }
        guard words.first == "cluster" else { throw invalid(number, "unknown section [\(inside)]; expected [cluster NAME]") }
        guard words.count == 2, !words[1].isEmpty else { throw invalid(number, "[cluster] needs a name") }
        guard !words[1].contains(where: { $0 == " " || $0 == "\t" || $0 == "/" }) else {
            throw invalid(number, "a cluster name cannot contain spaces or /")
        }
        guard words[1] != ClusterCatalog.reservedName else {
            throw invalid(number, "\(ClusterCatalog.reservedName) is reserved for local folders (file:PATH); name the cluster otherwise")
        }
        return ClusterConfigSection(name: words[1], line: number)
    }

    private func cluster(_ section: ClusterConfigSection) throws -> Cluster {
        let type = section.values["type"]?.value ?? ""
        switch type {
        case "swift":
            try checkKeys(section, allowed: Self.swiftKeys, type: type)
            return Cluster(name: section.name, endpoint: .swift(try swiftEndpoint(section)), origin: "config")
        case "s3":
            try checkKeys(section, allowed: Self.s3Keys, type: type)
            return Cluster(name: section.name, endpoint: .s3(try s3Endpoint(section)), origin: "config")
        case "file":
            try checkKeys(section, allowed: Self.fileKeys, type: type)
            guard let path = section.values["path"]?.value, !path.isEmpty else {
                throw invalid(section.line, "cluster \(section.name) (file) needs a path")
            }
            return Cluster(name: section.name, endpoint: .directory(path: expandingTilde(path)), origin: "config")
        case "":
            throw invalid(section.line, "cluster \(section.name) needs a type (swift, s3 or file)")
        default:
            throw invalid(section.values["type"]!.line, "unknown type \"\(type)\"; expected swift, s3 or file")
        }
    }

    private func swiftEndpoint(_ section: ClusterConfigSection) throws -> SwiftEndpoint {
        func value(_ key: String) -> String? { section.values[key]?.value }
        var insecure = false
        if let flag = section.values["insecure"] {
            switch flag.value.lowercased() {
            case "true", "yes", "1": insecure = true
            case "false", "no", "0": insecure = false
            default: throw invalid(flag.line, "insecure is true or false, not \"\(flag.value)\"")
            }
        }
        let version = try authVersion(section)
        var endpoint = SwiftEndpoint(
            authURL: value("auth_url"), user: try aliased(section, "user"), key: try aliased(section, "key"),
            keyCommand: try aliased(section, "key_command"), storageURL: value("storage_url"),
            token: value("token"), insecure: insecure,
            connectTimeout: try seconds(section, "connect_timeout"),
            readTimeout: try seconds(section, "read_timeout"),
            keystone: try keystoneSettings(section, version: version))
        endpoint.tls = tlsSettings(section)
        endpoint.proxy = try proxySetting(section)
        if endpoint.key != nil && endpoint.keyCommand != nil {
            let command = section.values["key_command"] != nil ? "key_command" : "password_command"
            let key = section.values["key"] != nil ? "key" : "password"
            throw invalid(section.values[command]!.line, "set \(key) or \(command), not both")
        }
        guard endpoint.canSignIn || (endpoint.storageURL != nil && endpoint.token != nil) else {
            throw invalid(
                section.line,
                version == 3
                    ? "cluster \(section.name) (Keystone) needs auth_url and a username or user_id with a password (or password_command), "
                        + "an application credential with its secret, or a token"
                    : "cluster \(section.name) (swift) needs auth_url, user and key (or key_command), or storage_url and token")
        }
        return endpoint
    }

    /// `cacert`, `client_cert` and `client_key`, with `~` expanded.
    func tlsSettings(_ section: ClusterConfigSection) -> TLSSettings {
        func path(_ key: String) -> String? { section.values[key].map { expandingTilde($0.value) } }
        return TLSSettings(caFile: path("cacert"), clientCertificate: path("client_cert"), clientKey: path("client_key"))
    }

    /// `proxy = URL`, or `none` (or nothing) for no proxy whatever the variables say.
    /// A URL objsh cannot use is refused here; the message never repeats it, as it may hold a password.
    func proxySetting(_ section: ClusterConfigSection) throws -> String? {
        guard let entry = section.values["proxy"] else { return nil }
        if case .invalid = ProxyChoice.choose(for: "https://host", setting: entry.value, environment: [:]) {
            throw invalid(entry.line, "proxy is http://[USER:PASSWORD@]HOST[:PORT], socks5://HOST[:PORT] or none")
        }
        return entry.value
    }

    /// A timeout key's value: seconds, more than 0 and at most a day.
    func seconds(_ section: ClusterConfigSection, _ key: String) throws -> Double? {
        guard let entry = section.values[key] else { return nil }
        guard let value = Double(entry.value), value.isFinite, value > 0, value <= 86_400 else {
            throw invalid(entry.line, "\(key) is a number of seconds (more than 0, at most 86400), not \"\(entry.value)\"")
        }
        return value
    }

    func checkKeys(_ section: ClusterConfigSection, allowed: Set<String>, type: String) throws {
        if let (key, entry) = section.values.filter({ !allowed.contains($0.key) && !Self.commonKeys.contains($0.key) }).min(by: {
            $0.value.line < $1.value.line
        }) {
            let known = allowed.union(Self.commonKeys)
            let suggestion = EditDistance.closest(to: key, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw invalid(entry.line, "unknown key \(key) for a \(type) cluster\(suggestion)")
        }
    }

    private func expandingTilde(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }

    func invalid(_ line: Int, _ message: String) -> ClusterError {
        .invalidConfig(path: path, line: line, message: message)
    }
}

/// One `[cluster NAME]` section as read, each value with its line number.
struct ClusterConfigSection {
    var name: String
    var line: Int
    var values: [String: (value: String, line: Int)] = [:]
    /// The first bad line of the section's own, which stops this cluster alone.
    var problem: ClusterError?
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view.removeFirst() }
        while let last = view.last, set.contains(last) { view.removeLast() }
        return String(view)
    }
}
