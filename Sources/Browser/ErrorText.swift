import Navigation
import Storage

/// The one place that turns storage and browser failures into the words users see.
public enum ErrorText {
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as StorageError: describe(error)
        case let error as BrowserError: describe(error)
        case let error as ContainerError: describe(error)
        case is CancellationError: "interrupted"
        default: String(describing: error)
        }
    }

    static func describe(_ error: StorageError) -> String {
        switch error {
        case .noSuchContainer(let name): "\(name): no such container"
        case .noSuchObject(let container, let name): "\(name): no such object in \(container)"
        case .containerExists(let name): "\(name): container exists"
        case .invalidName(let name, let reason): "\(name.isEmpty ? "''" : name): invalid name: \(reason)"
        case .unreadableFile(let path, let reason): "\(path): \(reason)"
        case .unauthorized(let message): "not authorized: \(message)"
        case .server(let status, let message): "server error \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .unreachable(let message): "server unreachable: \(message)"
        case .tls(let refusal): describe(refusal)
        case .timedOut(let message): "timed out: \(message)"
        case .invalidResponse(let message): "invalid answer from the server: \(message)"
        case .checksumMismatch(let expected, let actual):
            "upload corrupted in transit (sent MD5 \(expected), server has \(actual)); nothing was stored"
        case .changed(let container, let name): "\(name) in \(container) changed while it was read; run the command again"
        case .containerNotEmpty(let name): "\(name): container not empty"
        case .unsupported(let message): message
        case .io(let message): message
        case .cancelled: "interrupted"
        }
    }

    static func describe(_ refusal: TLSRefusal) -> String {
        let host = refusal.host
        return switch refusal.reason {
        case .unknownAuthority:
            "\(host): TLS certificate signed by an unknown authority; set cacert = FILE for the cluster, or \(refusal.caVariable)"
        case .expired: "\(host): TLS certificate has expired"
        case .notYetValid: "\(host): TLS certificate is not valid yet (is the clock right?)"
        case .wrongHost: "\(host): TLS certificate is for another host name"
        case .clientCertificateRefused:
            "\(host): the server refused the connection without a client certificate it accepts; set client_cert and client_key for the cluster"
        case .notTLS: "\(host): the server does not speak TLS (an http:// URL?)"
        case .handshake(let detail): "\(host): TLS handshake failed: \(detail)"
        }
    }

    static func describe(_ error: BrowserError) -> String {
        switch error {
        case .notFound(let message): message
        case .notAFolder(let path): "\(path): not a folder"
        case .atRoot: "already at the root"
        case .invalidPath(let path, let reason): "\(path.isEmpty ? "''" : path): \(reason)"
        case .needsContainer(let message): message
        case .notAResult(let name): "\(name): not among the search results (back leaves search mode)"
        case .notSearching: "not in search mode"
        case .storage(let error): describe(error)
        }
    }

    static func describe(_ error: ContainerError) -> String {
        switch error {
        case .paneAlreadyInContainer: "internal error: a pane is in a container already"
        case .sourceNotVisible: "internal error: pushed from a hidden pane"
        case .atRoot: "already at the root"
        case .alreadySearching: "already in search mode"
        case .notSearching: "not in search mode"
        }
    }
}
