extension ClusterCatalog {
    /// The `env` cluster from the variables python-swiftclient and the openstack client
    /// read: auth v1 from `ST_AUTH`/`ST_USER`/`ST_KEY`; Keystone v3 from `OS_AUTH_URL`
    /// and the other `OS_*` of a dashboard's openrc (`ST_AUTH_VERSION`, `OS_AUTH_VERSION`
    /// or `OS_IDENTITY_API_VERSION` = 3 makes `ST_*` Keystone too); a pre-issued
    /// `OS_STORAGE_URL` with `OS_AUTH_TOKEN`. Warnings for sets left half done.
    public static func environmentCluster(_ environment: [String: String]) -> (Cluster?, warnings: [String]) {
        let variables = EnvironmentVariables(environment)
        var endpoint = SwiftEndpoint()
        var warnings: [String] = []
        let version = variables["ST_AUTH_VERSION"] ?? variables["OS_AUTH_VERSION"] ?? variables["OS_IDENTITY_API_VERSION"]
        let login = [variables["ST_AUTH"], variables["ST_USER"], variables["ST_KEY"]]
        let wantsKeystone =
            version.map { $0.hasPrefix("3") || $0.hasPrefix("v3") || $0.hasPrefix("2") }
            ?? (variables["OS_AUTH_URL"] != nil && !login.allSatisfy { $0 != nil })
        if wantsKeystone {
            endpoint = keystoneEndpoint(variables, warnings: &warnings)
            if version?.hasPrefix("2") == true {
                warnings.append("objsh: warning: Keystone v2.0 is gone from current OpenStack; signing in with v3")
            }
        } else if login.allSatisfy({ $0 != nil }) {
            endpoint.authURL = login[0]
            endpoint.user = login[1]
            endpoint.key = login[2]
        } else if login.contains(where: { $0 != nil }) {
            warnings.append("objsh: warning: ST_AUTH, ST_USER and ST_KEY must all be set for the env cluster; ignoring them")
        }
        let preIssued = [variables["OS_STORAGE_URL"], variables["OS_AUTH_TOKEN"]]
        if preIssued.allSatisfy({ $0 != nil }) {
            endpoint.storageURL = preIssued[0]
            endpoint.token = preIssued[1]
        } else if endpoint.keystone == nil, preIssued.contains(where: { $0 != nil }) {
            warnings.append("objsh: warning: OS_STORAGE_URL and OS_AUTH_TOKEN must both be set for the env cluster; ignoring them")
        }
        guard endpoint.canSignIn || (endpoint.storageURL != nil && endpoint.token != nil) else { return (nil, warnings) }
        // OS_CACERT needs no copy here: every Swift store falls back to it (see StoreHTTPClient).
        endpoint.tls = TLSSettings(clientCertificate: variables["OS_CERT"], clientKey: variables["OS_KEY"])
        return (Cluster(name: "env", endpoint: .swift(endpoint), origin: "env"), warnings)
    }

    /// The Keystone v3 endpoint of the `OS_*` variables (`ST_*` filling gaps, as swiftclient does).
    private static func keystoneEndpoint(_ variables: EnvironmentVariables, warnings: inout [String]) -> SwiftEndpoint {
        var endpoint = SwiftEndpoint(authURL: variables["OS_AUTH_URL"] ?? variables["ST_AUTH"])
        var settings = KeystoneSettings()
        let authType = variables["OS_AUTH_TYPE"]?.lowercased() ?? ""
        settings.applicationCredentialID = variables["OS_APPLICATION_CREDENTIAL_ID"]
        settings.applicationCredentialName = variables["OS_APPLICATION_CREDENTIAL_NAME"]
        settings.applicationCredentialSecret = variables["OS_APPLICATION_CREDENTIAL_SECRET"]
        endpoint.user = variables["OS_USERNAME"] ?? variables["ST_USER"]
        settings.userID = variables["OS_USER_ID"]
        let usesCredential =
            authType.contains("applicationcredential")
            || (authType.isEmpty && settings.hasApplicationCredential && variables["OS_PASSWORD"] == nil)
        if usesCredential {
            // The application credential carries its own project; a password would be ignored anyway.
            if !settings.hasApplicationCredential {
                warnings.append(
                    "objsh: warning: OS_AUTH_TYPE is \(authType) but OS_APPLICATION_CREDENTIAL_SECRET "
                        + "and its _ID (or _NAME) are not both set")
            }
        } else {
            endpoint.key = variables["OS_PASSWORD"] ?? variables["ST_KEY"]
            settings.applicationCredentialSecret = nil
        }
        if authType.contains("token") { endpoint.token = variables["OS_AUTH_TOKEN"] }
        settings.userDomainName = variables["OS_USER_DOMAIN_NAME"]
        settings.userDomainID = variables["OS_USER_DOMAIN_ID"]
        settings.projectName = variables["OS_PROJECT_NAME"] ?? variables["OS_TENANT_NAME"]
        settings.projectID = variables["OS_PROJECT_ID"] ?? variables["OS_TENANT_ID"]
        settings.projectDomainName = variables["OS_PROJECT_DOMAIN_NAME"]
        settings.projectDomainID = variables["OS_PROJECT_DOMAIN_ID"]
        settings.region = variables["OS_REGION_NAME"]
        if let value = variables["OS_INTERFACE"] ?? variables["OS_ENDPOINT_TYPE"] {
            if let name = KeystoneSettings.interfaceName(value) {
                settings.interface = name
            } else {
                warnings.append("objsh: warning: interface \"\(value)\" is not public, internal or admin; using public")
            }
        }
        endpoint.keystone = settings
        if endpoint.authURL != nil, !endpoint.canSignIn, variables["OS_AUTH_TOKEN"] == nil {
            warnings.append(
                "objsh: warning: OS_AUTH_URL is set, but not OS_USERNAME (or OS_USER_ID) with OS_PASSWORD, "
                    + "nor an application credential; no env cluster")
        }
        if endpoint.token == nil, variables["OS_STORAGE_URL"] == nil, let token = variables["OS_AUTH_TOKEN"], !endpoint.canSignIn {
            endpoint.token = token
        }
        return endpoint
    }
}

/// The environment with empty values treated as unset, as the OpenStack clients do.
struct EnvironmentVariables {
    let environment: [String: String]

    init(_ environment: [String: String]) {
        self.environment = environment
    }

    subscript(name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
