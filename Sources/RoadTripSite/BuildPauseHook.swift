import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A test hook, not a feature: lets a test stop a build at one exact moment, so that races
/// between builds (two builds into one output folder, `serve` and `build`, a
/// build killed in its apply phase) are tested deterministically instead of by timing.
///
/// With the environment variable ``variable`` set to a path `P`, a build that has staged its
/// files and holds the output folder's lock, just before its apply phase changes anything in the
/// output folder, creates the file `P.paused` (holding its pid) and waits until a file `P.resume`
/// exists, checking every 10 ms; then it goes on. Without the variable (every real use) it does
/// nothing and costs one environment lookup per build. Nothing else reads the variable.
enum BuildPauseHook {
    /// `ROADTRIP_TEST_PAUSE_BEFORE_APPLY`.
    static let variable = "ROADTRIP_TEST_PAUSE_BEFORE_APPLY"

    /// Pauses as the type's description says when ``variable`` is set and not empty.
    static func pauseBeforeApply() {
        // getenv: Foundation's `environment` parses every variable into a dictionary at each call.
        guard let value = getenv(variable), value.pointee != 0 else { return }
        let path = String(cString: value)
        _ = FileManager.default.createFile(atPath: path + ".paused", contents: Data("\(getpid())\n".utf8))
        while !FileManager.default.fileExists(atPath: path + ".resume") {
            usleep(10_000)
        }
    }
}
