import Foundation
import Rendering

extension Shell {
    /// `lcd [DIR]`: the local working folder, as in sftp (the process's own, so every
    /// relative local path and TAB on one follow it).
    func lcd(_ path: String?) throws {
        let target = LocalPaths.expanded(path ?? "~")
        guard chdir(target) == 0 else {
            throw CommandFailure.localFolder(target, .lastSystemError)
        }
    }

    func lpwd() {
        output.write(escaped(FileManager.default.currentDirectoryPath) + "\n")
    }

    /// `lls [-l] [DIR]`: the local folder's entries in name order, folders with `/`.
    func lls(_ path: String?, long: Bool) throws {
        let folder = LocalPaths.expanded(path ?? ".")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw CommandFailure.localFolder(folder, FileManager.default.fileExists(atPath: folder) ? .unreadableFolder : .system(ENOENT))
        }
        let lines = names.map { name -> EntryLine in
            var info = stat()
            let found = lstat(folder + "/" + name, &info) == 0
            let isFolder = found && info.st_mode & S_IFMT == S_IFDIR
            return EntryLine(name: name, isFolder: isFolder, bytes: found && !isFolder ? Int64(info.st_size) : nil,
                             date: found ? Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)) : nil)
        }
        write(lines, long: long)
    }
}
