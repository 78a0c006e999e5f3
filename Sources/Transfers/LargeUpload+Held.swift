import Storage

extension LargeUpload {
    /// How many of the first `total` segments the server holds, asked once the workers
    /// have stopped: what an interruption says is left must be what is there, and a
    /// segment in flight at Ctrl-C may land after a count kept while sending. Asked in a
    /// task of its own, since the command's was cancelled; nil when the server cannot
    /// be asked.
    func segmentsHeld(of total: Int) async -> Int? {
        await Task { try? await self.storedSegments().keys.filter { $0 < total }.count }.value
    }
}
