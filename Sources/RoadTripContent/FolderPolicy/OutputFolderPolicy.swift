import Foundation
import RoadTripCore

/// The rules on which folders roadtrip may write into that do not depend on the project (README
/// "Command line"): the file-system root, the home folder and the operating system's own folders
/// are never written, and a folder that already holds files is written only when roadtrip wrote it
/// before (it has an ``OutputManifest``) or when all it holds is what a publishing folder carries
/// before its first build.
///
/// They judge every folder roadtrip writes, not only a build's output: ``OutputWriter/validate()``
/// applies them together with the project's own refusals, and `new site` (``NewSite``), `new
/// destination` (``NewDestination``) and `theme eject` (``ThemeEjection``) apply
/// ``refusal(toWrite:as:homeDirectory:)`` to the folder they write, `new site` also
/// ``entriesInTheWay(inFolderAtPath:)``.
///
/// Folders are judged as canonical components (absolute, `..` and symbolic links resolved, `[]` for
/// `/`, ``canonicalComponents(_:)``), so that `--output /tmp/link-to-etc` is judged as `/etc`.
package enum OutputFolderPolicy {
    /// Why roadtrip may never write into `folder`, whatever it holds and whichever command writes
    /// it: it is the file-system root, the home folder or a folder holding it, or a folder of the
    /// operating system or inside one (``systemFolderProblem(_:)``). `..` and symbolic links are
    /// resolved first, so a link is judged by the folder it leads to.
    ///
    /// - Parameters:
    ///   - folder: the folder to be written (a file URL; it need not exist).
    ///   - role: what the folder is for, as the message names it: "the output folder", "the
    ///     folder of a new site".
    ///   - homeDirectory: the user's home folder (``ProjectLocator/defaultHomeDirectory``); `nil`
    ///     skips its two checks.
    /// - Returns: one line, "refusing to use … as <role>…", saying why and what to do; `nil` when
    ///   the folder may be written.
    package static func refusal(toWrite folder: URL, as role: String, homeDirectory: URL?) -> String? {
        let components = canonicalComponents(folder)
        if components.isEmpty { return "refusing to use the file system root '/' as \(role)" }
        if let homeDirectory {
            let home = canonicalComponents(homeDirectory)
            if components == home {
                return "refusing to use the home folder as \(role): it holds all your files; use a new folder inside it"
            }
            if home.starts(with: components) {
                return "refusing to use a folder that contains the home folder as \(role)"
            }
        }
        guard let problem = systemFolderProblem(components) else { return nil }
        let resolved = url(components).path
        let name = resolved == folder.standardizedFileURL.path ? resolved : "\(resolved) (where this path leads)"
        return "refusing to use \(name) as \(role): \(problem)"
    }

    /// Why roadtrip may not write `folder`, a folder inside the project at `projectRoot` that a
    /// command fills for the project's own use (a new destination's folder, each folder of an
    /// ejected theme, the photo cache): ``refusal(toWrite:as:homeDirectory:)`` of where it leads,
    /// else a symbolic link on the way from the project root to `folder` that leads out of the
    /// project, so that `Themes/default/assets` linked to `/home/me/elsewhere` is never written
    /// through. `nil` when the folder may be written.
    ///
    /// - Parameters:
    ///   - folder: a folder at or below `projectRoot` (a file URL; it need not exist).
    ///   - projectRoot: the project root.
    ///   - role: what the folder is for, as the message names it ("a folder of the theme").
    ///   - homeDirectory: as in ``refusal(toWrite:as:homeDirectory:)``.
    /// - Returns: one line saying why and what to do.
    package static func refusal(toWriteInside folder: URL, projectRoot: URL, as role: String, homeDirectory: URL?) -> String? {
        if let refusal = refusal(toWrite: folder, as: role, homeDirectory: homeDirectory) { return refusal }
        let root = canonicalComponents(projectRoot)
        guard !canonicalComponents(folder).starts(with: root) else { return nil }
        // The first link on the way that leads out (the one the user made).
        let relative = ProjectPath.relative(folder, to: projectRoot).split(separator: "/").map(String.init)
        var candidate = projectRoot.standardizedFileURL
        for component in relative {
            candidate.appendPathComponent(component)
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate.path) else { continue }
            guard !canonicalComponents(candidate).starts(with: root) else { continue }
            let shown = ProjectPath.relative(candidate, to: projectRoot)
            return "refusing to write \(role) through \(shown): it is a symbolic link to \(target), outside the "
                + "project, and roadtrip writes only inside the project; replace the link with a folder"
        }
        return "refusing to use \(url(canonicalComponents(folder)).path) as \(role): it is outside the project "
            + "\(projectRoot.standardizedFileURL.path)"
    }

    /// The absolute path of `url` as components, with `.`/`..` removed and symbolic links
    /// resolved in the longest prefix that exists. `[]` is `/`.
    package static func canonicalComponents(_ url: URL) -> [String] {
        let path = url.standardizedFileURL.path
        let components = path.split(separator: "/").map(String.init)
        guard path.hasPrefix("/") else { return canonicalComponents(ofRelative: url, components) }
        // The longest prefix that exists, nearest first, ending with `/` (the prefixes
        // ``ProjectLocator/ancestors(of:)`` lists), resolved by realpath(3): for a path that
        // exists it is what Foundation's `resolvingSymlinksInPath()` gives (tested against it),
        // at a quarter of its cost, and without making a URL of every ancestor (26 calls a build,
        // ~300,000 instructions each, on one core at the start; callgrind).
        for count in stride(from: components.count, through: 0, by: -1) {
            let prefix = "/" + components.prefix(count).joined(separator: "/")
            guard FileManager.default.fileExists(atPath: prefix) else { continue }
            let resolved: String
            if let real = realpath(prefix, nil) {
                resolved = String(cString: real)
                free(real)
            } else {
                resolved = URL(fileURLWithPath: prefix, isDirectory: true).resolvingSymlinksInPath().standardizedFileURL.path
            }
            return resolved.split(separator: "/").map(String.init) + components.suffix(components.count - count)
        }
        return components
    }

    /// ``canonicalComponents(_:)`` of a URL whose standardized path is relative (as Foundation
    /// makes `.` of a working folder that was deleted): its own prefixes, through Foundation.
    private static func canonicalComponents(ofRelative url: URL, _ components: [String]) -> [String] {
        let ancestors = ProjectLocator.ancestors(of: url)
        guard let index = ancestors.firstIndex(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            return components
        }
        let resolved = ancestors[index].resolvingSymlinksInPath().standardizedFileURL.path
        return resolved.split(separator: "/").map(String.init) + components.suffix(index)
    }

    /// What `folder` is when it holds the folders of many people or many unrelated projects, so
    /// that no project may be it: "the file-system root", "your home folder", "a folder holding
    /// your home folder", or "a folder shared by the whole system" (``sharedFolders``: `/tmp`,
    /// `/home`, `/mnt`, `/media`, `/srv`, `/root`, `/var/tmp`, …; on macOS also under
    /// `/private`); `nil` for any other folder. Judged by where symbolic links lead. The search
    /// for a project root stops at these (``ProjectLocator/root(searchingUpwardFrom:homeDirectory:)``)
    /// and `--source` refuses them (``ProjectLocator/problem(withGivenRoot:homeDirectory:)``).
    /// - Parameter homeDirectory: the user's home folder; `nil` skips its checks.
    package static func holderOfUnrelatedFolders(_ folder: URL, homeDirectory: URL?) -> String? {
        let components = canonicalComponents(folder)
        if components.isEmpty { return "the file-system root" }
        if let homeDirectory {
            let home = canonicalComponents(homeDirectory)
            if home == components { return "your home folder" }
            if home.starts(with: components) { return "a folder holding your home folder" }
        }
        let privatePrefix = components.count >= 2 && components[0] == "private" && ["tmp", "var"].contains(components[1]) ? 1 : 0
        return sharedFolders.contains(Array(components.dropFirst(privatePrefix))) ? "a folder shared by the whole system" : nil
    }

    /// The folder URL for canonical `components`.
    package static func url(_ components: [String]) -> URL {
        URL(fileURLWithPath: "/" + components.joined(separator: "/"), isDirectory: true)
    }

    /// Top-level folders that belong to the operating system, refused with everything inside them:
    /// the Filesystem Hierarchy Standard 3.0's `/bin`, `/boot`, `/dev`, `/etc`, `/lib`, `/opt`,
    /// `/sbin`, `/usr`, Linux's `/proc`, `/run` and `/sys`, and macOS's `/System` and `/private`
    /// (but see ``systemFolderProblem(_:)`` for `/private/tmp` and `/private/var`). Every top-level
    /// `lib…` folder (`/lib32`, `/lib64`, `/libx32`) is refused too (``isSystemTree(_:)``).
    package static let systemTrees: Set<String> = [
        "bin", "boot", "dev", "etc", "opt", "private", "proc", "run", "sbin", "sys", "usr", "System",
    ]

    /// Folders refused themselves but whose subfolders are the user's to use: the shared roots of
    /// users' data (`/home`, `/root`, `/srv`, `/mnt`, `/media`) and of temporary files (`/tmp`,
    /// `/var/tmp`, where tests and users build throw-away sites, `/tmp/x/Output` among them), and
    /// `/var/www`, a web server's document root on Debian (and macOS's `/var/folders`).
    package static let sharedFolders: Set<[String]> = [
        ["home"], ["media"], ["mnt"], ["root"], ["srv"], ["tmp"], ["var"],
        ["var", "folders"], ["var", "tmp"], ["var", "www"],
    ]

    /// The folders inside `/var` that may hold a site: temporary files, web roots, and macOS's
    /// per-user temporary folders (`/var/folders/…`, `FileManager.temporaryDirectory` there).
    /// The rest of `/var` (`lib`, `log`, `cache`, `spool`, `mail`, `backups`, …) is the system's.
    package static let openFoldersInVar: Set<String> = ["folders", "tmp", "www"]

    /// Why `folder` (canonical components) may never be the output folder because it is, or is
    /// inside, a folder of the operating system, as a clause that also says what to do ("it is
    /// inside /usr, a folder of the operating system; pick a folder of your own"); `nil` when it
    /// may be. `/` itself is left to ``OutputWriter/validate()``.
    ///
    /// macOS's `/private/etc`, `/private/tmp` and `/private/var` (where `/etc`, `/tmp` and `/var`
    /// lead there) are judged as `/etc`, `/tmp` and `/var`.
    package static func systemFolderProblem(_ folder: [String]) -> String? {
        let privatePrefix = folder.count >= 2 && folder[0] == "private" && ["etc", "tmp", "var"].contains(folder[1]) ? 1 : 0
        let components = Array(folder.dropFirst(privatePrefix))
        guard let top = components.first else { return nil }
        if sharedFolders.contains(components) {
            // Most of /var is the system's own (``openFoldersInVar``).
            let example = components == ["var"] ? "/var/www/site" : "/" + folder.joined(separator: "/") + "/site"
            return "it is shared by the whole system; use a new folder inside it, such as \(example)"
        }
        // How many components name the operating system's folder: `/usr` or `/var/lib`.
        let systemDepth: Int
        if isSystemTree(top) {
            systemDepth = 1
        } else if top == "var" && components.count >= 2 && !openFoldersInVar.contains(components[1]) {
            systemDepth = 2
        } else {
            return nil
        }
        let advice = "pick a folder of your own"
        if components.count == systemDepth { return "it is a folder of the operating system; \(advice)" }
        let systemFolder = "/" + folder.prefix(privatePrefix + systemDepth).joined(separator: "/")
        return "it is inside \(systemFolder), a folder of the operating system; \(advice)"
    }

    /// Whether the top-level folder `name` belongs to the operating system with all it holds
    /// (``systemTrees``, or any `lib…` folder).
    package static func isSystemTree(_ name: String) -> Bool {
        systemTrees.contains(name) || name.hasPrefix("lib")
    }

    /// Files a publishing folder legitimately holds before roadtrip first writes it, matched by
    /// exact name: GitHub Pages' custom-domain file `CNAME`, and Netlify's and Cloudflare Pages'
    /// `_redirects` and `_headers`.
    package static let publishingFiles: Set<String> = ["CNAME", "_headers", "_redirects"]

    /// How the names of files that a repository's root carries and GitHub shows start, ignoring
    /// case: `README`, `README.md`, `README-ja.md`, `LICENSE`, `LICENCE.txt`, `COPYING`, …
    package static let repositoryFiles: Set<String> = ["readme", "license", "licence", "copying"]

    /// The folder `mkfs.ext4` (and other Unix file systems) creates at the root of every file
    /// system for `fsck`'s recovered files: an output folder that is a partition's mount point
    /// holds it before anything is written.
    package static let fileSystemFolder = "lost+found"

    /// Whether an entry named `name`, found in an output folder roadtrip has not written yet, may
    /// stay there: dotfiles and dot-folders (`.git/`, `.gitignore`, `.gitkeep`, `.nojekyll`,
    /// `.DS_Store`, …), ``publishingFiles``, ``repositoryFiles`` and ``fileSystemFolder``. Among the
    /// dotfiles are roadtrip's own `.roadtrip-…` entries (``OutputStagingArea/reservedPrefix``): the
    /// lock file and staging folders a build keeps inside an output folder that is its own mount
    /// point. Apart from its own `.roadtrip-manifest`, roadtrip writes no file under any of these
    /// names at the top of the output folder (its files there are `index.html`, `404.html`,
    /// `sitemap.xml`, …, and each destination is a folder), so they survive every build.
    package static func mayPrecedeFirstBuild(_ name: String) -> Bool {
        name.hasPrefix(".") || publishingFiles.contains(name) || name == fileSystemFolder || isRepositoryFile(name)
    }

    /// Whether `name` is one of ``repositoryFiles`` (`README.md`, `README-ja.md`, `LICENSE`,
    /// `LICENSE-MIT`, `licence.txt`, `COPYING`, …): one of them, ignoring case, alone or followed
    /// by `.`, `-` or `_` and more (`READMEfirst.txt` and `LICENSES` are not). Such files may
    /// precede a first build in an output folder, and `Destinations/` holds them without a
    /// warning (a content folder kept as its own repository).
    package static func isRepositoryFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return repositoryFiles.contains { stem in
            lowered == stem || (lowered.hasPrefix(stem) && [".", "-", "_"].contains(lowered.dropFirst(stem.count).first))
        }
    }

    /// What ``mayPrecedeFirstBuild(_:)`` allows, in the words messages use.
    package static let allowedBeforeFirstWrite =
        "dotfiles such as .git/ and .gitignore, CNAME, _redirects, _headers, README and LICENSE files, and lost+found/"

    /// Every entry of the folder at `path` but those ``mayPrecedeFirstBuild(_:)`` allows: what makes
    /// the folder "not empty" to a command that fills it for the first time (a build's output
    /// folder, `new site`'s DIR). Sorted by UTF-8 bytes; folders end with `/`.
    ///
    /// - Throws: the file system's error when the folder cannot be listed.
    package static func entriesInTheWay(inFolderAtPath path: String) throws -> [String] {
        let fileManager = FileManager.default
        return try fileManager.contentsOfDirectory(atPath: path).filter { !mayPrecedeFirstBuild($0) }
            .map { name in
                var isDirectory: ObjCBool = false
                let folder = fileManager.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
                return folder ? name + "/" : name
            }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `entries` as a message lists them: "a", "a and b", up to four in full, else the first three
    /// "and N more".
    package static func listed(_ entries: [String]) -> String {
        if entries.count > 4 { return entries.prefix(3).joined(separator: ", ") + " and \(entries.count - 3) more" }
        return entries.count <= 1 ? entries.joined() : entries.dropLast().joined(separator: ", ") + " and " + entries.last!
    }
}
