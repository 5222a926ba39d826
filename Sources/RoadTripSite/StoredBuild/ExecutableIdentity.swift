import Foundation
import RoadTripCore

/// Which roadtrip executable is running, as `stat(2)` sees its file (`/proc/self/exe` on Linux,
/// the path the process was started with elsewhere): device, inode, size in bytes, modification
/// and status-change times (nanoseconds since 1970). A new build of the binary, or another
/// version installed over it, is a new file (or the same file written again: new times), so what
/// ``StoredBuild`` kept from another binary is never reused — without reading the 19 MB executable.
/// When the file cannot be found, a value of this process's own (its pid and a random number):
/// nothing stored is then ever reused.
enum ExecutableIdentity {
    /// `dev:inode:size:mtime:ctime` of the running executable, computed once per process.
    static let current: String = {
        let path = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        return FileIdentity.of(path: path) ?? "unknown-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    }()
}
