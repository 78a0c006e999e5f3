import Synchronization

/// A value that workers share, behind a lock: a class, so escaping closures can hold it.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    @discardableResult
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock { (value: inout Value) throws(Failure) -> Result in try body(&value) }
    }
}
