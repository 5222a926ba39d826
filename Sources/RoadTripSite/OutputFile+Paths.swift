import RoadTripRender

/// Which paths an output file may have inside the output folder, as the write step checks them.
extension OutputFile {
    /// Why `path` cannot name a file inside the output folder, or `nil` when it can.
    ///
    /// A usable path is relative and `/`-separated, has no empty, `.` or `..` component, holds no
    /// NUL, line feed or carriage return (the manifest is one path per line), and does not start
    /// with `.roadtrip-` (``OutputStagingArea/reservedPrefix``): those top-level names are roadtrip's
    /// own — the manifest (``OutputManifest/fileName``), the lock file and the staging folders.
    ///
    /// Checked on the UTF-8 bytes (every build checks each of its files): the characters looked
    /// for are ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII.
    public static func pathProblem(_ path: String) -> String? {
        // One pass over the contiguous UTF-8 (`withUTF8`): through the UTF-8 view's iterator the
        // two passes cost ~2,300 instructions a path, and every file is checked twice a build
        // (when staged, and on one core before the output is written).
        var bytes = path
        let problem = bytes.withUTF8 { utf8 -> String? in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard let first = utf8.first else { return "the path is empty" }
            if first == slash { return "the path is absolute; it must be relative to the output folder" }
            // Each component, by its length and how many of its bytes are dots; the first
            // component problem is kept while the rest is searched for a NUL or line break,
            // which is reported first.
            var componentProblem: String?
            var length = 0, dots = 0
            func endComponent() {
                guard componentProblem == nil else { return }
                if length == 0 {
                    componentProblem = "the path has an empty component"
                } else if dots == length && dots <= 2 {
                    componentProblem = "the path has a '\(dots == 1 ? "." : "..")' component"
                }
            }
            for byte in utf8 {
                switch byte {
                case 0, UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    return "the path contains a NUL or line-break character"
                case slash:
                    endComponent()
                    length = 0
                    dots = 0
                case dot:
                    length += 1
                    dots += 1
                default:
                    length += 1
                }
            }
            endComponent()
            return componentProblem
        }
        if let problem { return problem }
        if path == OutputManifest.fileName { return "the path is reserved for roadtrip's manifest" }
        if path.hasPrefix(OutputStagingArea.reservedPrefix) {
            return "names starting with '\(OutputStagingArea.reservedPrefix)' are reserved for roadtrip's manifest, lock file and staging folders"
        }
        return nil
    }

    /// Every folder on the way to any of `paths` (`ancestors(of:)` of each, together): each file's
    /// folder is found once per distinct folder, not once per file (a site's 10,000 basemap tiles
    /// sit in a few hundred folders).
    static func folders(of paths: some Sequence<String>) -> Set<String> {
        var parents = Set<Substring>()
        for path in paths {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            parents.insert(path[..<slash])
        }
        var folders = Set<String>()
        for parent in parents {
            let folder = String(parent)
            guard folders.insert(folder).inserted else { continue }
            folders.formUnion(ancestors(of: folder))
        }
        return folders
    }

    /// The folders on the way to `path`, outermost first: `"a/b/c"` → `["a", "a/b"]`.
    static func ancestors(of path: String) -> [String] {
        let utf8 = path.utf8
        return utf8.indices.filter { utf8[$0] == UInt8(ascii: "/") }.map { String(path[..<$0]) }
    }

    /// Whether the file is already in the build's staging folder (`.staged`, ``OutputStaging``).
    var isStaged: Bool {
        if case .staged = contents { return true }
        return false
    }

    /// `path`'s folder and last component: `"a/b/c.svg"` → (`"a/b"`, `"c.svg"`); a path without a
    /// `/` is in the output folder itself (`""`).
    static func folderAndName(of path: String) -> (folder: Substring, name: Substring) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path[...]) }
        return (path[..<slash], path[path.index(after: slash)...])
    }
}
