import Navigation

/// A pane that logs what it is told and checks the lifecycle contract as it goes,
/// the seed's "view controller logging lifecycle events".
final class RecordingPane: Pane {
    let label: String
    var log: [String] = []
    var loaded = false
    var violations: [String] = []
    private var appearance = "hidden"  // hidden → appearing → shown → disappearing → hidden

    init(_ label: String, loaded: Bool = false) {
        self.label = label
        self.loaded = loaded
        super.init()
    }

    override var traceName: String { label }
    override var isContentLoaded: Bool { loaded }
    override func unloadContent() { loaded = false }

    private func step(_ name: String, from expected: String, to next: String) {
        log.append(name)
        if appearance != expected { violations.append("\(label): \(name) while \(appearance)") }
        appearance = next
    }
    override func willAppear() { step("willAppear", from: "hidden", to: "appearing") }
    override func didAppear() { step("didAppear", from: "appearing", to: "shown") }
    override func willDisappear() { step("willDisappear", from: "shown", to: "disappearing") }
    override func didDisappear() { step("didDisappear", from: "disappearing", to: "hidden") }
    override func willMove(to side: PaneSide) { log.append("willMove(\(side))") }
    override func didMove(to side: PaneSide) { log.append("didMove(\(side))") }
    override func willMove(toParent container: PaneContainer?) { log.append(container == nil ? "willLeave" : "willJoin") }
    override func didMove(toParent container: PaneContainer?) { log.append(container == nil ? "didLeave" : "didJoin") }
}
