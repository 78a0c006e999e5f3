import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

/// Turns S3's XML error answers into one clear `StorageError`, never the XML itself.
enum S3Failure {
    /// The error for `response` to a request about `bucket` (and `key`), in `region`.
    static func error(_ response: HTTPExchangeResponse, bucket: String?, key: String?, region: String) -> StorageError {
        let body = S3Answers.error(Data(response.body.readableBytesView))
        guard let body else { return byStatus(response.status, bucket: bucket, key: key) }
        return error(
            code: body.code, message: body.message, status: response.status, bucket: bucket, key: key,
            region: body.region ?? region)
    }

    static func error(code: String, message: String, status: Int, bucket: String?, key: String?, region: String) -> StorageError {
        // The server's words on one line: no newline of theirs may split the message.
        let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let said = oneLine.isEmpty ? "" : ": " + oneLine
        switch code {
        case "NoSuchBucket": return .noSuchContainer(bucket ?? "")
        case "NoSuchKey": return .noSuchObject(container: bucket ?? "", name: key ?? "")
        case "BucketNotEmpty": return .containerNotEmpty(bucket ?? "")
        case "BucketAlreadyExists", "BucketAlreadyOwnedByYou": return .containerExists(bucket ?? "")
        case "PreconditionFailed": return .changed(container: bucket ?? "", name: key ?? "")
        case "InvalidBucketName": return .invalidName(bucket ?? "", reason: "not a valid bucket name" + said)
        case "AccessDenied": return .unauthorized("AccessDenied: the keys may not do this" + said)
        case "InvalidAccessKeyId": return .unauthorized("InvalidAccessKeyId: the server knows no such access key; check access_key")
        case "SignatureDoesNotMatch":
            return .unauthorized(
                "SignatureDoesNotMatch: the server computed another signature; check the secret key, "
                    + "the region (signed for \(region)) and that this machine's clock is right")
        case "RequestTimeTooSkewed":
            return .unauthorized("RequestTimeTooSkewed: this machine's clock differs too much from the server's; set the clock right")
        case "AuthorizationHeaderMalformed", "PermanentRedirect":
            return .unauthorized("\(code): the bucket is in another region than \(region); set region in the cluster" + said)
        case "ExpiredToken", "InvalidToken":
            return .unauthorized("\(code): the session token is no longer valid; get new temporary keys")
        default:
            return .server(status: status, message: code + said)
        }
    }

    /// What a status without an XML body (a HEAD's answer) means.
    static func byStatus(_ status: Int, bucket: String?, key: String?) -> StorageError {
        switch status {
        case 404 where key != nil: .noSuchObject(container: bucket ?? "", name: key ?? "")
        case 404: .noSuchContainer(bucket ?? "")
        case 403: .unauthorized("access denied (403): the keys may not do this, or the signature is wrong")
        case 412: .changed(container: bucket ?? "", name: key ?? "")
        default: .server(status: status, message: HTTPResponseStatus(statusCode: status).reasonPhrase)
        }
    }
}

extension S3Store {
    /// The error for an answer no caller expects.
    func failure(_ response: HTTPExchangeResponse, bucket: String? = nil, key: String? = nil) -> StorageError {
        S3Failure.error(response, bucket: bucket, key: key, region: region(for: bucket))
    }
}
