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
        return context
    }
}
