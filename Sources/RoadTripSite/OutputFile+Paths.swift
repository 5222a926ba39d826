import RoadTripRender

/// Which paths an output file may have inside the output folder, as the write step checks them.
extension OutputFile {
    /// Why `path` cannot name a file inside the output folder, or `nil` when it can.
    ///
    /// A usable path is relative and `/`-separated, has no empty, `.` or `..` component, holds no
    /// NUL, line feed or carriage return (the manifest is one path per line), and does not start
    /// with `.roadtrip-` (``OutputStagingArea/reservedPrefix``): those top-level names are roadtrip's
    /// own — the manifest (``OutputManifest/fileName``), the lock file and the staging folders.
    public static func pathProblem(_ path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("/") { return "the path is absolute; it must be relative to the output folder" }
        if path.contains(where: { $0 == "\0" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            return "the path contains a NUL or line-break character"
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": return "the path has an empty component"
            case ".", "..": return "the path has a '\(component)' component"
            default: continue
            }
        }
        if path == OutputManifest.fileName { return "the path is reserved for roadtrip's manifest" }
        if path.hasPrefix(OutputStagingArea.reservedPrefix) {
            return "names starting with '\(OutputStagingArea.reservedPrefix)' are reserved for roadtrip's manifest, lock file and staging folders"
        }
        return nil
    }

    /// The folders on the way to `path`, outermost first: `"a/b/c"` → `["a", "a/b"]`.
    static func ancestors(of path: String) -> [String] {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count > 1 else { return [] }
        return (1..<components.count).map { components[..<$0].joined(separator: "/") }
    }
}
