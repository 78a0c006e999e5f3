import Browser
import Clusters
import Foundation
import Navigation
import Rendering
import Storage

// The words and class of each case, one switch per error type.
extension ErrorReport {
    static func words(_ error: StorageError) -> String {
        switch error {
        case .noSuchContainer(let name): "\(name): no such container"
        case .noSuchObject(let container, let name): "\(name): no such object in \(container)"
        case .noSuchVersion(let container, let name, let version):
            "\(name): no version \(version) in \(container) (ls --versions lists them)"
        case .versionsUnsupported(let kind): "the \(kind) store keeps no versions of objects"
        case .containerExists(let name): "\(name): container exists"
        case .invalidName(let name, let reason): "\(name.isEmpty ? "''" : name): invalid name: \(reason)"
        case .unreadableFile(let path, let problem): "\(path): \(words(problem))"
        case .unauthorized(let message): "not authorized: \(message)"
        case .server(let status, let message): "server error \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .unreachable(let message): "server unreachable: \(message)"
        case .timedOut(let message): "timed out: \(message)"
        case .invalidResponse(let message): "invalid answer from the server: \(message)"
        case .waitTooLong(let status, let retryAfter, let limit):
            "server error \(status): the server asks to be tried again in \(DurationText.format(Int(min(retryAfter, 1e12)))) "
                + (limit > 0
                    ? "(Retry-After), more than the \(DurationText.format(Int(limit))) objsh waits; not waited for"
                    : "(Retry-After); not tried again")
        case .listingStuck(let container, let after):
            "invalid answer from the server: the listing of \(container) does not advance past "
                + (after.isEmpty ? "its first page" : after) + "; it is not followed round again"
        case .checksumMismatch(let expected, let actual):
            "upload corrupted in transit (sent MD5 \(expected), server has \(actual)); nothing was stored"
        case .storedWrong(let wrong): words(wrong)
        case .changed(let container, let name): "\(name) in \(container) changed while it was read; run the command again"
        case .containerNotEmpty(let name): "\(name): container not empty"
        case .unsupported(let message): message
        case .metadataRefused(let refusal): words(refusal)
        case .shareRefused(let refusal): words(refusal)
        case .io(let message): message
        case .cancelled: "interrupted"
        case .tls(let refusal): words(refusal)
        case .proxy(let refusal): words(refusal)
        case .redirectRefused(let refusal): words(refusal)
        }
    }

    static func kind(_ error: StorageError) -> FailureClass {
        switch error {
        case .noSuchContainer, .noSuchObject, .noSuchVersion: .notFound
        case .unauthorized: .permission
        case .server(let status, _) where status == 401 || status == 403: .permission
        case .server(404, _): .notFound
        case .server, .unreachable, .timedOut, .invalidResponse, .redirectRefused, .listingStuck,
            .waitTooLong:
            .unavailable
        case .cancelled: .interrupted
        // A refusal to trust is fixed by a trust setting (77); a server that does not
        // speak TLS, or another handshake failure, is unavailable (69).
        case .tls(let refusal): refusal.isTrustRefusal ? .permission : .unavailable
        case .proxy(let refusal):
            switch refusal.reason {
            case .unusableSetting: .usage
            case .authenticationRequired: .permission
            case .unreachable, .tunnelRefused: .unavailable
            }
        case .unreadableFile(_, let problem) where problem.isMissing: .notFound
        case .shareRefused(.tooLong): .usage
        case .containerExists, .invalidName, .unreadableFile, .checksumMismatch, .storedWrong, .changed, .containerNotEmpty,
            .unsupported, .metadataRefused, .shareRefused, .io, .versionsUnsupported:
            .failed
        }
    }

    static func words(_ problem: LocalProblem) -> String {
        switch problem {
        // The system's words, lower-cased as the shell's own words are ("no such file or directory").
        case .system(let code): LocalProblem.systemReason(code).prefix(1).lowercased() + LocalProblem.systemReason(code).dropFirst()
        case .notARegularFile: "is not a regular file"
        case .isADirectory: "is a directory"
        case .unreadableFolder: "cannot read the folder"
        case .cannotMakeFolder: "cannot make the folder"
        case .noSuchFolder: "no such folder to write into"
        case .changedWhileRead: "the file changed size while it was read"
        case .changedWhileUploaded: "the file changed size while it was uploaded"
        case .unreadableSettingFile(let setting): "cannot read this file (\(setting))"
        case .notPEMCertificate(let setting): "no PEM certificate in this file (\(setting))"
        case .notPEMPrivateKey(let setting): "not a PEM private key (\(setting))"
        }
    }

    static func report(_ error: BrowserError) -> (String, FailureClass) {
        switch error {
        case .notFound(let missing): (words(missing), .notFound)
        case .notAFolder(let path): ("\(path): not a folder", .failed)
        case .atRoot: ("already at the root", .failed)
        case .invalidPath(let path, let problem): ("\(path.isEmpty ? "''" : path): \(words(problem))", .usage)
        case .needsContainer: ("choose a container first (cd CONTAINER)", .failed)
        case .notAResult(let name): ("\(name): not among the search results (back leaves search mode)", .notFound)
        case .notSearching: ("not in search mode", .failed)
        case .noMatch(let pattern): ("\(pattern): no match", .notFound)
        case .storage(let error): (words(error), kind(error))
        }
    }

    /// `NAME: no such container`, or `PATH: no such WHAT in CONTAINER` below one.
    static func words(_ missing: NotFound) -> String {
        let location = missing.location
        guard let container = location.container else { return "/: no such container" }
        guard location.segments.count > 1, missing.expected != .container else { return "\(container): no such container" }
        let path = location.segments.dropFirst().joined(separator: "/")
        let what =
            switch missing.expected {
            case .container, .containerOrFolder, .folder: "folder"
            case .object: "object"
            case .objectOrFolder: "file or folder"
            }
        return "\(path): no such \(what) in \(container)"
    }

    static func words(_ problem: PathProblem) -> String {
        switch problem {
        case .containsNUL: "a name cannot contain NUL"
        case .exactWithoutContainer: "an exact path is //CONTAINER/NAME"
        case .emptyName: "a name cannot be empty"
        case .absoluteName: "give a name inside the current folder, not an absolute path"
        case .dotSegments: "a name cannot contain . or .. segments"
        case .slashInContainerName: "a container name cannot contain /"
        case .upAfterWildcard: "a pattern cannot have . or .. after a wildcard"
        }
    }

    static func report(_ error: ClusterError) -> (String, FailureClass) {
        switch error {
        case .unknown(let name, let known): ("\(name): no such cluster (known: \(known.joined(separator: ", ")))", .notFound)
        case .notADirectory(let path): ("\(path): not a directory", .notFound)
        case .invalidConfig(let path, let line, let problem): ("\(path):\(line): \(problem)", .usage)
        }
    }

    static func report(_ error: CommandFailure) -> (String, FailureClass) {
        switch error {
        case .accountNotAllowed(.download): ("name a container, folder or object (the account is not one)", .usage)
        case .accountNotAllowed(.delete): ("the account itself cannot be deleted; name its containers", .usage)
        case .accountNotAllowed(.copyTarget): ("copy into a container or folder (the account holds only containers)", .usage)
        case .accountNotAllowed(.compare): ("name a container or folder to compare (the account is not one)", .usage)
        case .placeIsObject(let location):
            ("\(location.objectPath) is an object; diff compares folders and containers (file:PATH for a local folder)", .usage)
        case .accountNotAllowed(.version): ("--version names a version of an object; name the object", .usage)
        case .nothingToRestore(let container, let name):
            ("\(name): no older version in \(container) to restore (ls --versions lists them)", .notFound)
        case .restoreOfDeleteMarker(let name, let version):
            ("\(name): version \(version) is a delete marker and holds no bytes; restore another version", .usage)
        case .sameObject(let location): ("\(location.objectPath): source and target are the same object", .usage)
        case .copyIntoItself(let source, let target): ("\(source.description) cannot go into itself (\(target.description))", .usage)
        case .syncOverlaps(let source, let destination):
            ("\(source) and \(destination) overlap (one is within the other): sync would write into what it reads", .usage)
        case .sourcesOnSeveralClusters(let names):
            ("the sources are on several clusters (\(names.joined(separator: ", "))); copy from one at a time", .usage)
        case .needsRecursive(let location, let isContainer, let command):
            ("\(location.description) is a \(isContainer ? "container" : "folder"); use \(command) -r", .usage)
        case .notAnObject(let location, let isContainer):
            ("\(location.description) is a \(isContainer ? "container" : "folder"), not an object", .usage)
        case .noSuchCommand(let name): ("\(name): no such command", .notFound)
        case .localFolder(let path, let problem): ("\(path): \(words(problem))", problem.isMissing ? .notFound : .failed)
        case .standardOutput(let problem): ("standard output: \(words(problem))", .failed)
        case .outputFile(let path, let problem): ("\(path): \(words(problem))", problem.isMissing ? .notFound : .failed)
        case .outputFileKept(let path): ("\(path): left as it was, since the command failed", .failed)
        case .localProgram(let path, let problem): ("\(path): cannot start: \(words(problem))", .failed)
        case .noSuchAlias(let name): ("\(name): no such alias", .notFound)
        case .noSuchJob(let spec): ("\(spec): no such job", .notFound)
        case .jobWouldAsk: ("a job asks nothing, so nothing was done: add -f, or run it without &", .usage)
        case .outputTwice: ("a command's output goes to one place: one > or >> file, or a | pipeline", .usage)
        case .standardInputHoldsCommands:
            ("standard input holds the shell's own commands here; pipe the data in: objsh -c 'upload - NAME' < FILE", .usage)
        case .noLocalMatch(let pattern): ("\(pattern): no local file matches", .notFound)
        case .severalUploadsIntoObject(let destination):
            ("\(destination) is no folder, and several files cannot all be stored as one name; end it with / to make a folder", .usage)
        case .uploadNameIsLocal(let destination):
            (
                "\(destination) is a local file too: nothing sent rather than guess; to send both, end with a folder "
                    + "(./ for the current one); to store under that name, give it from its container (/CONTAINER/…)", .usage
            )
        case .sameUploadName(let name, let first, let second):
            ("\(first) and \(second) would both be stored as \(name); nothing sent", .usage)
        case .oldVersionsNeedForce(let name):
            ("rm --versions deletes the old versions of \(name) for good: a script must give -f (-n lists them); nothing deleted", .usage)
        case .keepsNoVersions(let container):
            ("\(container) keeps no versions, so it has no old ones to delete (versions on /\(container) starts keeping them)", .usage)
        case .versionsWouldGo(let container):
            (
                "\(container) keeps versions, which rm -r of the container would delete for good; nothing deleted "
                    + "(rm -r -f \(container) deletes them; rm -r /\(container)/* only its objects, whose bytes stay as versions)", .usage
            )
        case .containersUnordered(let option, let store):
            (
                "\(option): the \(store) store lists containers without their \(option == "-S" ? "sizes" : "dates") to sort by; "
                    + "ls \(option) CONTAINER sorts its objects", .failed
            )
        case .namesNotUTF8(let count):
            ("\(count) file\(count == 1 ? "" : "s") left out: a name that is not UTF-8 cannot be an object's name", .failed)
        case .syncOfTwoFolders: ("sync needs a remote side: SRC and DEST are both local folders", .usage)
        case .clusterSetup(let problem): report(problem)
        case .binaryAtTerminal(let name, let type, let bytes):
            (
                "\(name) holds binary data (\(type), \(ByteCountText.format(bytes))), not written to the terminal: "
                    + "get it, or send it to a file or pipe (--raw writes it here as it is)", .failed
            )
        case .remoteMissingLocalFolder(let missing, let operand):
            (ErrorReport(BrowserError.notFound(missing)).message + "; for the local folder \(operand), write file:\(operand)", .notFound)
        case .deletionsRefused(let refusal): (words(refusal), .failed)
        }
    }

    static func words(_ refusal: DeletionRefusal) -> String {
        switch refusal {
        case .failures(let count):
            "nothing deleted: \(count) name\(count == 1 ? "" : "s") failed (deletions need a run without errors)"
        case .emptySource(let source):
            "nothing deleted: \(source) holds no names, and --delete never empties DEST (rm -r does)"
        case .overLimit(let count, let limit):
            "nothing deleted: \(count) names would be deleted, more than --max-delete \(limit)"
        }
    }

    static func words(_ error: ContainerError) -> String {
        switch error {
        case .paneAlreadyInContainer: "internal error: a pane is in a container already"
        case .sourceNotVisible: "internal error: pushed from a hidden pane"
        case .atRoot: "already at the root"
        case .alreadySearching: "already in search mode"
        case .notSearching: "not in search mode"
        }
    }

    /// An error of a type no case above knows, without a Swift type's name: Foundation's
    /// own description for its file and system errors, else a plain line.
    static func typeFree(_ error: any Error) -> String {
        let bridged = error as NSError
        guard [NSCocoaErrorDomain, NSPOSIXErrorDomain].contains(bridged.domain) else {
            return "an unexpected failure (code \(bridged.code)); run again with --debug and report it"
        }
        return bridged.localizedDescription
    }
}
