import Foundation

/// Why a local file or folder could not be used, as data; the shell's error reporter
/// words it and decides its exit class from the case (a missing file is "not found").
public enum LocalProblem: Sendable, Equatable {
    /// A system call failed with this `errno`.
    case system(Int32)
    /// Not a regular file (a device, a socket, a folder where a file is needed).
    case notARegularFile
    /// A folder where a file is needed.
    case isADirectory
    /// A folder whose entries cannot be read.
    case unreadableFolder
    /// A folder that could not be made.
    case cannotMakeFolder
    /// The folder a file is to be written into is not there.
    case noSuchFolder
    /// The file changed size while it was read (hashed).
    case changedWhileRead
    /// The file changed size while its bytes were being sent.
    case changedWhileUploaded
    /// A file a setting names (`cacert`, `client_cert`) that cannot be read.
    case unreadableSettingFile(setting: String)
    /// A file a setting names that holds no PEM certificate.
    case notPEMCertificate(setting: String)
    /// A file a setting names that holds no PEM private key.
    case notPEMPrivateKey(setting: String)

    /// The failure of the system call that just returned an error.
    public static var lastSystemError: LocalProblem { .system(errno) }

    /// Whether the file or folder is simply not there.
    public var isMissing: Bool { self == .system(ENOENT) || self == .noSuchFolder }
}

extension LocalProblem {
    /// The system's words for the error `code` (strerror's, "No such file or directory"):
    /// the one place objsh asks for them.
    public static func systemReason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

extension StorageError {
    /// A local system call's failure where no `LocalProblem` case fits, in the one shape
    /// `WHAT: the system's reason` ("cannot read photos: Permission denied"), from `errno`
    /// as the call left it.
    public static func system(_ what: String, code: Int32 = errno) -> StorageError {
        .io("\(what): \(LocalProblem.systemReason(code))")
    }
}
