/// One cloud of `clouds.yaml` (secure.yaml merged in) as a Keystone endpoint.
struct CloudsEntry {
    let cloud: [String: Any]
    let auth: [String: Any]

    init(_ cloud: [String: Any]) {
        self.cloud = cloud
        auth = cloud["auth"] as? [String: Any] ?? [:]
    }

    /// A value as text; YAML may have read a number (a project ID of digits, a version).
    private func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string.isEmpty ? nil : string
        case let number as Int: String(number)
        case let number as Double: String(number)
        default: nil
        }
    }

    private func auth(_ key: String) -> String? { text(auth[key]) }

    var endpoint: SwiftEndpoint {
        var endpoint = SwiftEndpoint(
            authURL: auth("auth_url"), user: auth("username"), key: auth("password"),
            storageURL: text(cloud["object_store_endpoint_override"]), token: auth("token"))
        var settings = KeystoneSettings()
        settings.userID = auth("user_id")
        settings.userDomainName = auth("user_domain_name") ?? auth("domain_name")
        settings.userDomainID = auth("user_domain_id") ?? auth("domain_id")
        settings.projectName = auth("project_name") ?? auth("tenant_name")
        settings.projectID = auth("project_id") ?? auth("tenant_id")
        settings.projectDomainName = auth("project_domain_name") ?? auth("domain_name")
        settings.projectDomainID = auth("project_domain_id") ?? auth("domain_id")
        settings.applicationCredentialID = auth("application_credential_id")
        settings.applicationCredentialName = auth("application_credential_name")
        settings.applicationCredentialSecret = auth("application_credential_secret")
        // regions: a list of names, or of mappings with a name.
        let firstRegion = (cloud["regions"] as? [Any])?.first
        settings.region = text(cloud["region_name"]) ?? text(firstRegion) ?? text((firstRegion as? [String: Any])?["name"])
        if let interface = text(cloud["interface"]).flatMap(KeystoneSettings.interfaceName) { settings.interface = interface }
        if text(cloud["auth_type"])?.contains("applicationcredential") == true { endpoint.key = nil }
        endpoint.keystone = settings
        // The TLS files sit beside auth, at the cloud's level, as the openstack client reads them.
        endpoint.tls = TLSSettings(caFile: text(cloud["cacert"]), clientCertificate: text(cloud["cert"]), clientKey: text(cloud["key"]))
        return endpoint
    }
}
