import Foundation
import XCTest

/// boto3 (Debian's python3-boto3) as the other S3 client of the shell tests.
enum Boto3Run {
    /// The test server's s3api, as the README's test command exports it; skips without it.
    static func s3api() throws -> (endpoint: String, access: String, secret: String) {
        let environment = ProcessInfo.processInfo.environment
        guard let endpoint = environment["OBJSH_TEST_S3_ENDPOINT"], let access = environment["OBJSH_TEST_S3_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_S3_SECRET_KEY"]
        else { throw XCTSkip("no s3api: OBJSH_TEST_S3_* are unset; run the README's test command") }
        return (endpoint, access, secret)
    }

    /// Runs a snippet with `s3` (a path-style client for `endpoint` with these keys,
    /// region us-east-1) and `sys.argv`; its status and standard output.
    static func run(
        endpoint: String, accessKey: String, secretKey: String, _ code: String, _ arguments: [String]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let client = """
            import sys, boto3
            s3 = boto3.client('s3', endpoint_url='\(endpoint)', aws_access_key_id='\(accessKey)',
                              aws_secret_access_key='\(secretKey)', region_name='us-east-1')
            """
        process.arguments = ["-c", client + "\n" + code] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["AWS_CA_BUNDLE"] = nil  // a plain-HTTP endpoint; some clients stumble on the bundle
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
