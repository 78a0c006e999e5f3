import Foundation
import NIOHTTP1
import Storage

/// The one rule for a server's redirects; the HTTP client follows none by itself. A
/// request's headers carry credentials made for its origin (scheme, host and port):
/// `X-Auth-Token`, `Authorization`, `X-Amz-Security-Token`, SSE-C keys, a Temp-URL
/// key being set, a password in a sign-in body, and the proxy's credentials ride
/// along. So a redirect is followed only within that origin, and at most `limit`
/// times in a row; one to another origin, or from https to http, is refused.
package enum RedirectPolicy {
    /// Redirects followed in a row before the chain is called a loop.
    package static let limit = 5

    /// The request to send after an answer of `status` with `location`, `followed`
    /// redirects into the chain; nil when the answer is no redirect to follow (another
    /// status, or no `Location`: S3's region redirect names the region in a header,
    /// and the store signs again for it). Throws the refusal of any other redirect.
    package static func next(
        after request: HTTPExchangeRequest, status: Int, location: String?, followed: Int
    ) throws -> HTTPExchangeRequest? {
        guard [301, 302, 303, 307, 308].contains(status), let location, !location.isEmpty else { return nil }
        let from = HTTPExchange.target(of: request.url)
        guard let base = URL(string: request.url), let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else {
            throw StorageError.invalidResponse("\(from) redirected to a Location that is not an http or https URL")
        }
        let to = HTTPExchange.target(of: target.absoluteString)
        if origin(of: request.url).hasPrefix("https:"), scheme == "http" {
            throw StorageError.redirectRefused(RedirectRefusal(from: "https://" + from, to: "http://" + to, reason: .plainHTTP))
        }
        guard origin(of: request.url) == origin(of: target.absoluteString) else {
            throw StorageError.redirectRefused(RedirectRefusal(from: from, to: to, reason: .otherHost))
        }
        guard followed < limit else {
            throw StorageError.redirectRefused(RedirectRefusal(from: from, to: to, reason: .tooMany(limit: limit)))
        }
        return status == 303 ? fetching(target.absoluteString, after: request) : moved(request, to: target.absoluteString)
    }

    /// `scheme://host:port` of a URL, lower-cased, the port given even where it is the scheme's own.
    static func origin(of url: String) -> String {
        let scheme = url.range(of: "://").map { url[..<$0.lowerBound].lowercased() } ?? "http"
        return scheme + "://" + HTTPExchange.target(of: url).lowercased()
    }

    /// The same request at `url`: 301, 302, 307 and 308 keep the method and the body.
    private static func moved(_ request: HTTPExchangeRequest, to url: String) -> HTTPExchangeRequest {
        var next = request
        next.url = url
        return next
    }

    /// A 303 ("see other"): a GET of `url` without the request's body.
    private static func fetching(_ url: String, after request: HTTPExchangeRequest) -> HTTPExchangeRequest {
        var headers = request.headers
        for name in ["Content-Length", "Content-Type", "Content-MD5", "Transfer-Encoding"] { headers.remove(name: name) }
        return HTTPExchangeRequest(method: request.method == .HEAD ? .HEAD : .GET, url: url, headers: headers)
    }
}
