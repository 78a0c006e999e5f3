import Clusters
import XCTest

/// Keystone v3 clusters from the config file and from an openrc's `OS_*` variables.
final class KeystoneConfigTests: XCTestCase {
    private let parser = ClusterConfigParser(path: "/cfg", home: "/home/ann")

    func testPasswordByNamesInferredFromTheV3URL() throws {
        let clusters = try parser.parse(
            """
            [cluster ovh]
            type = swift
            auth_url = https://auth.cloud.example/v3/
            username = ann
            password_command = pass show ovh
            user_domain_name = Default
            project_name = demo
            project_domain_id = default
            region = GRA
            interface = internalURL
            """)
        guard case .swift(let endpoint) = clusters[0].endpoint, let keystone = endpoint.keystone else {
            return XCTFail("not a Keystone cluster: \(clusters)")
        }
        XCTAssertEqual(endpoint.user, "ann")
        XCTAssertEqual(endpoint.keyCommand, "pass show ovh")
        XCTAssertEqual(keystone.userDomainName, "Default")
        XCTAssertEqual(keystone.projectName, "demo")
        XCTAssertEqual(keystone.projectDomainID, "default")
        XCTAssertEqual(keystone.region, "GRA")
        XCTAssertEqual(keystone.interface, "internal")
        XCTAssertTrue(endpoint.canSignIn)
    }

    func testApplicationCredentialAndExplicitVersion() throws {
        let clusters = try parser.parse(
            """
            [cluster cred]
            type = swift
            auth_version = 3
            auth_url = https://keystone.example:5000
            application_credential_id = abc
            application_credential_secret = s3cret
            """)
        guard case .swift(let endpoint) = clusters[0].endpoint else { return XCTFail() }
        XCTAssertEqual(endpoint.keystone?.applicationCredentialID, "abc")
        XCTAssertTrue(endpoint.canSignIn)
        XCTAssertTrue(ClusterConfigParser.holdsSecrets(clusters), "an application credential secret is a secret")
    }

    func testErrorsNameTheirLine() {
        let cases: [(String, Int, String)] = [
            ("[cluster a]\ntype = swift\nauth_url = http://k/v2.0\nauth_version = 2\nuser = u\nkey = k", 4, "Keystone v2.0 is gone"),
            ("[cluster a]\ntype = swift\nauth_url = http://k/auth/v1.0\nuser = u\nkey = k\nproject_name = p", 6, "is for Keystone"),
            ("[cluster a]\ntype = swift\nauth_url = http://k/v3\nuser = u\nusername = v\nkey = k", 5, "set user or username"),
            ("[cluster a]\ntype = swift\nauth_url = http://k/v3\nuser = u\nkey = k\ninterface = private", 6, "public, internal or admin"),
            ("[cluster a]\ntype = swift\nauth_url = http://k/v3\nproject_name = p", 1, "(Keystone) needs auth_url"),
            ("[cluster a]\ntype = swift\nauth_version = 4\nauth_url = http://k", 3, "auth_version is 1 or 3"),
        ]
        for (text, line, words) in cases {
            XCTAssertThrowsError(try parser.parse(text), text) { error in
                guard case ClusterError.invalidConfig(_, let got, let message) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(got, line, message)
                XCTAssertTrue(message.contains(words), message)
            }
        }
    }

    func testOpenrcVariables() throws {
        let openrc = [
            "OS_AUTH_URL": "https://keystone.example:5000/v3", "OS_USERNAME": "ann", "OS_PASSWORD": "pw",
            "OS_TENANT_NAME": "demo", "OS_USER_DOMAIN_NAME": "Default", "OS_PROJECT_DOMAIN_ID": "default",
            "OS_REGION_NAME": "RegionTwo", "OS_INTERFACE": "public", "OS_IDENTITY_API_VERSION": "3",
        ]
        let (cluster, warnings) = ClusterCatalog.environmentCluster(openrc)
        XCTAssertEqual(warnings, [])
        guard case .swift(let endpoint)? = cluster?.endpoint, let keystone = endpoint.keystone else {
            return XCTFail("\(String(describing: cluster))")
        }
        XCTAssertEqual(endpoint.authURL, "https://keystone.example:5000/v3")
        XCTAssertEqual(endpoint.user, "ann")
        XCTAssertEqual(endpoint.key, "pw")
        XCTAssertEqual(keystone.projectName, "demo", "OS_TENANT_NAME is an alias of OS_PROJECT_NAME")
        XCTAssertEqual(keystone.region, "RegionTwo")
        XCTAssertEqual(keystone.userDomainName, "Default")
        XCTAssertEqual(keystone.projectDomainID, "default")
    }

    func testOpenrcApplicationCredentialAndEndpointType() throws {
        let variables = [
            "OS_AUTH_URL": "https://k/v3", "OS_AUTH_TYPE": "v3applicationcredential",
            "OS_APPLICATION_CREDENTIAL_ID": "id1", "OS_APPLICATION_CREDENTIAL_SECRET": "sec",
            "OS_PASSWORD": "ignored", "OS_ENDPOINT_TYPE": "internalURL",
        ]
        let (cluster, warnings) = ClusterCatalog.environmentCluster(variables)
        XCTAssertEqual(warnings, [])
        guard case .swift(let endpoint)? = cluster?.endpoint, let keystone = endpoint.keystone else { return XCTFail() }
        XCTAssertEqual(keystone.applicationCredentialID, "id1")
        XCTAssertEqual(keystone.applicationCredentialSecret, "sec")
        XCTAssertNil(endpoint.key, "the password is not used beside an application credential")
        XCTAssertEqual(keystone.interface, "internal")
    }

    func testSTVariablesStayAuthV1UnlessVersion3() throws {
        let v1 = ["ST_AUTH": "http://s/auth/v1.0", "ST_USER": "a:b", "ST_KEY": "k"]
        guard case .swift(let plain)? = ClusterCatalog.environmentCluster(v1).0?.endpoint else { return XCTFail() }
        XCTAssertNil(plain.keystone)
        let v3 = ["ST_AUTH": "http://k/v3", "ST_USER": "ann", "ST_KEY": "pw", "ST_AUTH_VERSION": "3", "OS_PROJECT_NAME": "demo"]
        guard case .swift(let keystone)? = ClusterCatalog.environmentCluster(v3).0?.endpoint else { return XCTFail() }
        XCTAssertEqual(keystone.keystone?.projectName, "demo")
        XCTAssertEqual(keystone.user, "ann")
    }

    func testHalfAnOpenrcIsAWarningAndNoCluster() {
        let (cluster, warnings) = ClusterCatalog.environmentCluster(["OS_AUTH_URL": "https://k/v3", "OS_USERNAME": "ann"])
        XCTAssertNil(cluster)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("OS_PASSWORD"), warnings[0])
    }
}
