extension ClusterCatalog {
    /// The `aws` cluster from the variables the AWS CLI reads: `AWS_ACCESS_KEY_ID` and
    /// `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`), or `AWS_PROFILE`; the region
    /// from `AWS_REGION` or `AWS_DEFAULT_REGION`, the endpoint from `AWS_ENDPOINT_URL_S3`
    /// or `AWS_ENDPOINT_URL`. Nil when no keys or profile are set.
    public static func awsEnvironmentCluster(_ environment: [String: String]) -> (Cluster?, warnings: [String]) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var endpoint = S3Endpoint(
            endpoint: value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL"),
            region: value("AWS_REGION") ?? value("AWS_DEFAULT_REGION"))
        let keys = (value("AWS_ACCESS_KEY_ID"), value("AWS_SECRET_ACCESS_KEY"))
        if let access = keys.0, let secret = keys.1 {
            endpoint.accessKey = access
            endpoint.secretKey = secret
            endpoint.sessionToken = value("AWS_SESSION_TOKEN")
        } else if keys.0 != nil || keys.1 != nil {
            return (nil, ["objsh: warning: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must both be set for the aws cluster; ignoring them"])
        } else if let profile = value("AWS_PROFILE") {
            endpoint.profile = profile
        } else {
            return (nil, [])
        }
        return (Cluster(name: "aws", endpoint: .s3(endpoint), origin: "env"), [])
    }
}
