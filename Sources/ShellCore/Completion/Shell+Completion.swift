import Browser
import Foundation

extension Shell {
    /// What TAB completes against now: the current folder, the visible panes' listings,
    /// the cluster names, the store and the local folder. Take a new one at each prompt.
    public func completionContext(homeDirectory: String = LocalHome.path) -> SessionCompletionContext {
        var listings: [Location: [PaneEntry]] = [:]
        for pane in [session.left, session.right].compactMap({ $0 }) where pane is FolderPane || pane is AccountPane {
            if case .listing(let listing) = pane.content, listing.total <= listing.entries.count {
                listings[pane.folder] = listing.entries
            }
        }
        var context = SessionCompletionContext(
            currentFolder: session.currentFolder, homeDirectory: homeDirectory, localFolder: localFolder,
            clusterNames: catalog.names, names: session.folderNames, visibleListings: listings)
        context.aliases = aliases
        context.runningJobs = jobs.jobs.filter { !$0.hasEnded }.map(\.number)
        context.otherCluster = { [weak self] name in await self?.completionContext(ofCluster: name, homeDirectory: homeDirectory) }
        return context
    }

    /// The context of the cluster `name` from its root: its session, opened the first time
    /// (as `cp` between clusters opens it); nil when there is no such cluster or it fails.
    func completionContext(ofCluster name: String, homeDirectory: String) async -> SessionCompletionContext? {
        guard let cluster = catalog.cluster(named: name), let other = try? await session(of: cluster) else { return nil }
        return SessionCompletionContext(
            currentFolder: .root, homeDirectory: homeDirectory, localFolder: localFolder, clusterNames: catalog.names,
            names: other.folderNames, visibleListings: [:])
    }
}
