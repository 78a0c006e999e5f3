import Endpoints
import Foundation
import NIOCore
import NIOSSL
import Storage

/// The TLS configuration of a store: the system's trust store with the user's CA
/// files added (never replacing it), and a client certificate when one is set.
enum TLSTrust {
    static func configuration(_ tls: TLSSettings, caVariable: String, environment: [String: String]) throws -> TLSConfiguration {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var configuration = TLSConfiguration.makeClientConfiguration()
        // A client closes when it has what it wants, or wants no more of an answer: it
        // sends its close_notify and need not hear the server's. NIOSSL waits 5 s for it,
        // which a server still sending an answer objsh gave up on never sends in time:
        // every such run ended 5 s after its error line.
        configuration.shutdownTimeout = .milliseconds(100)
        var files: [(path: String, setting: String)] = []
        if let file = tls.caFile { files.append((file, "cacert")) } else if let file = value(caVariable) { files.append((file, caVariable)) }
        if let file = value("SSL_CERT_FILE") { files.append((file, "SSL_CERT_FILE")) }
        var certificates = try files.filter { !isSystemStore($0.path) }.flatMap { try load($0.path, setting: $0.setting) }
        // OpenSSL's form: directories separated by colons; files that are not PEM certificates are passed over.
        for directory in value("SSL_CERT_DIR")?.split(separator: ":") ?? [] where !isSystemStore(String(directory)) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: String(directory))) ?? []
            for name in names.sorted() {
                certificates += (try? NIOSSLCertificate.fromPEMFile(String(directory) + "/" + name)) ?? []
            }
        }
        if !certificates.isEmpty { configuration.additionalTrustRoots = [.certificates(certificates)] }
        if let certificate = tls.clientCertificate {
            configuration.certificateChain = try load(certificate, setting: "client_cert").map { .certificate($0) }
            let keyFile = tls.clientKey ?? certificate
            do {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))
            } catch {
                throw StorageError.unreadableFile(path: keyFile, problem: .notPEMPrivateKey(setting: "client_key"))
            }
        }
        return configuration
    }

    /// Where the system's own store is, which the client trusts already (NIOSSL's default
    /// roots). Many machines point SSL_CERT_FILE, SSL_CERT_DIR or AWS_CA_BUNDLE at it;
    /// reading its hundreds of certificates again added nothing but ~45 ms to every start.
    static let systemStore: Set<String> = Set(
        ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/certs"]
            .compactMap(resolved))

    static func isSystemStore(_ path: String) -> Bool {
        resolved(path).map(systemStore.contains) ?? false
    }

    /// The path with its links followed, or nil when it is not there.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The certificates of a PEM file, read now so that a wrong path is said at once.
    private static func load(_ path: String, setting: String) throws -> [NIOSSLCertificate] {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StorageError.unreadableFile(path: path, problem: .unreadableSettingFile(setting: setting))
        }
        guard let certificates = try? NIOSSLCertificate.fromPEMFile(path), !certificates.isEmpty else {
            throw StorageError.unreadableFile(path: path, problem: .notPEMCertificate(setting: setting))
        }
        return certificates
    }
}
