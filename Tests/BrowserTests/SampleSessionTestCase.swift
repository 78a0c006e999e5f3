import Browser
import XCTest

/// A test on a browser session opened on the sample store, whose requests are counted.
@MainActor
class SampleSessionTestCase: XCTestCase {
    var store: CountingStore!
    var session: BrowserSession!

    override func setUp() async throws {
        store = CountingStore(root: BrowserSessionTests.sample)
        session = BrowserSession(clusterName: "sample", store: store, cacheLimit: 1)
        try await session.open()
    }

    /// The title of every pane on the stack, the account's first.
    var titles: [String] { session.container.panes.map { ($0 as! StoragePane).title } }
}
