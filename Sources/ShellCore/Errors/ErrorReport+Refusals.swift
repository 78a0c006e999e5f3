import Clusters
import Storage

// The words of the refusals a store or the shell makes before a request goes out, and of
// what a store was found to hold wrong: one switch per type.
extension ErrorReport {
    static func words(_ wrong: StoredWrong) -> String {
        let stored =
            "\(wrong.name) in \(wrong.container) was stored with other bytes than sent (MD5 \(wrong.expected) sent, "
            + "the server has \(wrong.actual))"
        switch wrong.remains {
        case .nothing: return stored + "; objsh deleted it, and nothing is stored under that name now"
        case .wrongCopy: return stored + "; objsh could not delete it: remove it"
        case .unknown: return stored + "; objsh asked the server to delete it but could not check that it is gone"
        }
    }

    static func words(_ refusal: RedirectRefusal) -> String {
        switch refusal.reason {
        case .otherHost: "redirected from \(refusal.from) to \(refusal.to): objsh does not send credentials to another host"
        case .plainHTTP: "redirected from \(refusal.from) to \(refusal.to): objsh does not follow https to plain http"
        case .tooMany(let limit): "redirected more than \(limit) times, last from \(refusal.from) to \(refusal.to): a redirect loop"
        }
    }

    static func words(_ refusal: MetadataRefusal) -> String {
        switch refusal {
        case .notKept(let kind):
            "the \(kind) store keeps no metadata, Cache-Control or storage class (its content types come from the names); nothing changed"
        case .nonASCIIValue(let key): "the value of \(key) is not ASCII, and S3 keeps only ASCII in metadata"
        case .tooLargeToRewrite: "an object over 5 GiB whose part size is unknown cannot take new metadata on the server"
        case .storageClassRefused(let storageClass, let code):
            "the server takes no storage class \(storageClass) (\(code)): give one its buckets offer, or none for the default; nothing stored"
        case .noStorageClass(let kind):
            "the \(kind) store has no storage class per object (Swift's storage policies are per container); nothing was sent"
        }
    }

    static func words(_ refusal: ShareRefusal) -> String {
        switch refusal {
        case .notShareable(let kind): "the \(kind) store makes no share links: it has no server to serve them"
        case .noKey: "the account has no Temp-URL-Key to sign share links with; share --set-key stores a new one"
        case .tooLong(let limit): "a share link lasts at most \(DurationText.format(limit)) here"
        case .notOffered: "this cluster offers no share links (its /info lists no tempurl with SHA-256, SHA-512 or SHA-1)"
        case .methodNotAllowed(let method): "this cluster's tempurl takes no \(method.rawValue) links"
        case .noKeyToSet(let kind): "the \(kind) store signs share links with the cluster's own credentials: there is no key to set"
        }
    }

    static func words(_ refusal: ProxyRefusal) -> String {
        switch refusal.reason {
        case .unusableSetting(let setting):
            "\(setting) is not a proxy objsh can use: http://[USER:PASSWORD@]HOST[:PORT] or socks5://HOST[:PORT]"
        case .unreachable(let detail): "proxy \(refusal.proxy) unreachable (for \(refusal.target)): \(detail)"
        case .authenticationRequired(credentialsGiven: true):
            "proxy \(refusal.proxy) refused the credentials in its URL (407, for \(refusal.target))"
        case .authenticationRequired(credentialsGiven: false):
            "proxy \(refusal.proxy) asks for credentials (407, for \(refusal.target)): write them as http://USER:PASSWORD@HOST:PORT"
        case .tunnelRefused(let status):
            "proxy \(refusal.proxy) refused to open a connection to \(refusal.target)" + (status.map { " (HTTP \($0))" } ?? "")
        }
    }

    static func words(_ refusal: TLSRefusal) -> String {
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
}
