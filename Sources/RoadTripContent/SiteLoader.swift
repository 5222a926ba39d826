import Dispatch
import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// Everything a build reads from `Destinations/`: the configuration and the destinations.
public struct SiteContent: Sendable {
    /// `site.yaml`, with defaults for what it leaves out.
    public var config: SiteConfig
    /// Every published destination, in home-page order (`HomePageOrder`: `order`, then `date`,
    /// then title, then slug).
    public var destinations: [Destination]
    /// The sources (`sourcePath`s) whose destinations a ``BuildCache`` gave unchanged.
    public var reusedSourcePaths: Set<String> = []

    /// How many of `destinations` a ``BuildCache`` gave unchanged.
    public var reusedDestinationCount: Int {
        destinations.count(where: { reusedSourcePaths.contains($0.sourcePath) })
    }
}

/// The "load" stage of the pipeline: reads `<projectRoot>/Destinations/` — `site.yaml`,
/// the classic `Destinations.plist`, and one folder per destination — into plain values.
///
/// Every problem is logged so that one build reports all of them; destinations with
/// errors are left out of the result.
///
/// With a ``BuildCache``, each source — a destination folder, or `Destinations.plist` — whose
/// files are unchanged since the last build is taken from the cache instead of being read again.
public struct SiteLoader: Sendable {
    /// The folder holding `Destinations/` and `Themes/`.
    public let projectRoot: URL
    /// Include destinations with `draft: true` (`--drafts`).
    public let includeDrafts: Bool
    /// Where diagnostics go.
    public let log: DiagnosticLog
    /// Destinations kept from earlier builds (`roadtrip serve`), or `nil` to read every source.
    public let cache: (any DestinationSourceCache)?

    /// Creates a loader for the project at `projectRoot`.
    public init(
        projectRoot: URL, includeDrafts: Bool = false, log: DiagnosticLog, cache: (any DestinationSourceCache)? = nil
    ) {
        self.projectRoot = projectRoot
        self.includeDrafts = includeDrafts
        self.log = log
        self.cache = cache
    }

    /// `<projectRoot>/Destinations`.
    public var destinationsFolder: URL { projectRoot.appendingPathComponent("Destinations") }

    /// The files of `Destinations/` itself that roadtrip reads; a folder of that name is not a
    /// destination.
    static let reservedFileNames: Set<String> = ["site.yaml", "Destinations.plist"]

    /// Output folder names that destinations may not take, and what lives there: the theme's assets,
    /// the named trips' pages and exports, the tag pages, the trip book.
    package static let reservedSlugs: [String: String] = [
        "assets": "the theme's files", "itineraries": "the named trips' pages (itineraries/<trip>/)",
        "tags": "the tag pages (tags/<tag>/)", "book": "the trip book (book/index.html)",
    ]

    /// Reads the site configuration alone (`Destinations/site.yaml`; defaults when absent or
    /// empty). A `site.yaml` that is a folder or a symbolic link to nothing is an error, and so is
    /// one behind a `Destinations/` that may not be searched (it may be there: not the defaults).
    public func loadConfig() -> SiteConfig {
        let url = destinationsFolder.appendingPathComponent("site.yaml")
        guard FileBytes.isPresent(url) || FileBytes.isBehindUnsearchableFolder(url) else { return SiteConfig() }
        let path = ProjectPath.relative(url, to: projectRoot)
        guard case .success(let root) = YAMLFile.read(url, path: path, log: log) else { return SiteConfig() }
        return SiteConfig.load(from: root, path: path, log: log)
    }

    /// Reads the whole content folder; `geocoder` places `location:` names and contacts' towns.
    /// Returns `nil` (after logging an error) when there is no `Destinations/` folder.
    public func load(config: SiteConfig, geocoder: any Geocoder) -> SiteContent? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destinationsFolder.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            log.error(
                SourceLocation(path: "Destinations"),
                "no Destinations/ folder in \(projectRoot.path) (give the project root with --source)")
            return nil
        }

        // The reader's locale (ICU's list of locales, ~5 ms of one core) is made meanwhile, for
        // the home-page order at the end.
        let localeMade = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: localeMade) { _ = SiteConfig.readerLocale(for: config.language) }
        var sources: [SourceLoad] = []
        let plistURL = destinationsFolder.appendingPathComponent("Destinations.plist")
        if FileBytes.isPresent(plistURL) {
            let path = ProjectPath.relative(plistURL, to: projectRoot)
            sources.append(
                loadSource(path: path, files: plistURL) { log in
                    PropertyListImport.destinations(from: plistURL, displayPath: path, log: log)
                })
        }
        let destinationsPath = ProjectPath.relative(destinationsFolder, to: projectRoot)
        guard let listed = ProjectFolderNames.names(
            in: destinationsFolder, displayPath: destinationsPath, skippingControlCharacters: false, log: log)
        else {
            // A folder that cannot be listed (no read permission: chmod 000, 100, 300) is an error:
            // going on would build a site without its destinations, and remove their pages.
            log.error(
                SourceLocation(path: destinationsPath),
                ProjectFolderNames.listingFailure(of: destinationsFolder, holding: "destinations")
                    ?? "cannot list the destinations in this folder: cannot be read")
            return nil
        }
        let entries = listed.filter { !$0.hasPrefix(".") }
        let folders = destinationFolders(among: entries)
        sources += loadFolders(folders, config: config, geocoder: geocoder)
        // Each source loaded with a log of its own (folders load in parallel: a shared log would
        // let one folder's errors end another's load early); merged here in source order, so
        // the build's diagnostics are the same, in the same order, every time.
        for source in sources {
            for diagnostic in source.diagnostics { log.report(diagnostic) }
        }
        cache?.keepOnlySources(Set(sources.map(\.path)))
        let reusedSourcePaths = Set(sources.filter(\.reused).map(\.path))
        // Moved out of the sources, filtered and resolved in place, sorted by moves: a copy of a
        // destination retains each of its ~20 references (for 4,000 destinations, ~25 ms of the
        // one core this part runs on went to copying and releasing them).
        var destinations = Self.movingDestinations(outOf: &sources)
        if !includeDrafts { destinations.removeAll(where: \.isDraft) }
        for index in destinations.indices where destinations[index].image?.isEmpty == false {
            destinations[index] = resolvingImage(destinations[index])
        }
        // What the classic plist's destinations show (DestinationImage) lies in Destinations/ itself.
        let plistPath = ProjectPath.relative(plistURL, to: projectRoot)
        let plistFiles = destinations.filter { $0.sourcePath == plistPath }.flatMap(\.assetFiles)
        reportEntriesNotRead(
            entries, destinationFolders: Set(folders.map(\.lastPathComponent)),
            usedByPlist: Set(plistFiles.compactMap { $0.split(separator: "/").first.map(String.init) }))
        reportSlugConflicts(destinations)
        localeMade.wait()
        HomePageOrder(config: config).sort(&destinations)
        return SiteContent(config: config, destinations: destinations, reusedSourcePaths: reusedSourcePaths)
    }

    /// Every destination of `sources`, in order, moved out of them (their lists are left empty).
    private static func movingDestinations(outOf sources: inout [SourceLoad]) -> [Destination] {
        var destinations: [Destination] = []
        destinations.reserveCapacity(sources.reduce(0) { $0 + $1.destinations.count })
        for index in sources.indices {
            var taken: [Destination] = []
            swap(&taken, &sources[index].destinations)
            taken.reverse()
            while let destination = taken.popLast() { destinations.append(destination) }
        }
        return destinations
    }

    /// The destinations of one source, and whether the cache gave them.
    private struct SourceLoad {
        /// The source file, relative to the project root (its destinations' `sourcePath`).
        var path: String
        var destinations: [Destination]
        var reused: Bool
        /// What loading it reported, from its own log.
        var diagnostics: [Diagnostic]
    }

    /// Loads the source whose destinations' `sourcePath` is `path` and which is read from `files`
    /// (a file, or a destination folder), with a log of its own: through the cache when there is
    /// one (unchanged `files` give the kept destinations), else by calling `load`.
    private func loadSource(path: String, files: URL, load: (DiagnosticLog) -> [Destination]) -> SourceLoad {
        let sourceLog = DiagnosticLog()
        let result = cache?.destinations(ofSource: path, files: files, log: sourceLog, load: load)
            ?? (destinations: load(sourceLog), reused: false)
        return SourceLoad(
            path: path, destinations: result.destinations, reused: result.reused, diagnostics: sourceLog.diagnostics)
    }

    /// Loads every destination folder of `folders` in parallel; results keep their order.
    private func loadFolders(_ folders: [URL], config: SiteConfig, geocoder: any Geocoder) -> [SourceLoad] {
        // A folder's name has no '/' and is not '.' or '..': its index.md's relative path is
        // spelled here rather than by ProjectPath on URLs (~2 % of a 4,000-destination rebuild).
        let destinationsPath = ProjectPath.relative(destinationsFolder, to: projectRoot)
        return concurrentMap(count: folders.count) { index in
            let folder = folders[index]
            let path = destinationsPath + "/" + folder.lastPathComponent + "/index.md"
            return loadSource(path: path, files: folder) { log in
                Self.destinations(inFolder: folder, projectRoot: projectRoot, config: config, geocoder: geocoder, log: log)
            }
        }
    }

    /// The destination of the folder `folder` of the project at `projectRoot`, read as a build
    /// reads it (before `image:` is resolved, drafts included), its problems reported to `log`;
    /// none when it has an error.
    package static func destinations(
        inFolder folder: URL, projectRoot: URL, config: SiteConfig, geocoder: any Geocoder, log: DiagnosticLog
    ) -> [Destination] {
        let loader = DestinationLoader(projectRoot: projectRoot, config: config, log: log, geocoder: geocoder)
        return loader.load(folder: folder).map { [$0] } ?? []
    }

    /// The destination folders among `entries` (the names in `Destinations/`, sorted, no
    /// dotfiles): folders holding an `index.md` — also one that is a symbolic link to nothing, so
    /// that reading it reports so. A folder named like a file roadtrip reads is not one (it is
    /// reported as that file: "this is a directory").
    private func destinationFolders(among entries: [String]) -> [URL] {
        // Sort names, then make URLs: sorting URLs by lastPathComponent was 5% of a large build.
        // stat(2) and lstat(2) on paths, not FileManager on URLs: 4,000 folders took ~50 ms that way,
        // on one core, a quarter of a rebuild's load-destinations.
        // In parallel, in chunks of 64 names: two stat(2) calls per folder were ~27 ms of one core
        // for 4,000 folders (one now).
        let folderPath = destinationsFolder.path
        let chunkSize = 64
        return concurrentMap(count: (entries.count + chunkSize - 1) / chunkSize) { chunk in
            entries[chunk * chunkSize..<min(entries.count, (chunk + 1) * chunkSize)].compactMap { name -> URL? in
                guard !Self.reservedFileNames.contains(name) else { return nil }
                // index.md present, or a symbolic link to nothing (FileBytes.isPresent), so that
                // reading it reports so. One stat(2) tells both that: a path through `name` reaches
                // `index.md` only when `name` is a folder (or a link to one; else ENOTDIR), and lstat(2)
                // then tells a link that leads nowhere (to nothing, in a loop). A folder that may not
                // be searched (EACCES) is one too: reading its index.md says "permission denied",
                // where leaving it out would call it a folder without index.md.
                let index = folderPath + "/" + name + "/index.md"
                var status = stat()
                if stat(index, &status) != 0 {
                    let failure = errno
                    guard failure == EACCES || (failure != ENOTDIR && lstat(index, &status) == 0) else { return nil }
                }
                // From the path (`URL(filePath:)`): the same URL as `appendingPathComponent`, which
                // cost ~14,000 instructions a call against ~3,000.
                return URL(filePath: folderPath + "/" + name, directoryHint: .isDirectory)
            }
        }.flatMap { $0 }
    }

    /// Warns about each of `entries` (the names in `Destinations/`) that the build does not read,
    /// so nothing is left out without a word: a folder without `index.md` (naming an `Index.md` or
    /// `index.markdown` it holds instead), a Markdown file at the top (a destination is a folder
    /// holding `index.md`), a symbolic link to nothing, and any other file — with the name
    /// roadtrip reads when it is close (`site.yml` → `site.yaml`). Silent for the files roadtrip
    /// reads there (`site.yaml`, `Destinations.plist`), `README*` and `LICENSE*` files
    /// (``OutputFolderPolicy/isRepositoryFile(_:)``), `destinationFolders` and `usedByPlist` (the
    /// top-level names of the files the classic plist's destinations show, e.g. `NewYorkCity.svg`).
    private func reportEntriesNotRead(_ entries: [String], destinationFolders: Set<String>, usedByPlist: Set<String>) {
        for name in entries
        where !Self.reservedFileNames.contains(name) && !destinationFolders.contains(name) && !usedByPlist.contains(name) {
            let entry = destinationsFolder.appendingPathComponent(name)
            let location = SourceLocation(path: ProjectPath.relative(entry, to: projectRoot))
            var isDirectory: ObjCBool = false
            if let target = FileBytes.danglingLinkTarget(entry) {
                var status = stat()
                // stat(2) says ELOOP for links that lead back to themselves (`ln -s oslo oslo`).
                let leadsNowhere = stat(entry.path, &status) != 0 && errno == ELOOP
                    ? "a symbolic link in a loop ('\(target)'), which leads to no file or folder"
                    : "a symbolic link to a missing file or folder ('\(target)')"
                log.warning(location, "this is \(leadsNowhere); it is skipped")
            } else if FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory), isDirectory.boolValue {
                log.warning(location, "folder has no index.md, so it is not a destination; it is skipped" + Self.indexFileHint(in: entry))
            } else if OutputFolderPolicy.isRepositoryFile(name) {
                continue  // README.md, LICENSE: the content folder kept as a repository of its own.
            } else if Self.markdownExtensions.contains((name as NSString).pathExtension.lowercased()) {
                let stem = (name as NSString).deletingPathExtension
                let folder = stem.lowercased() == "index" ? "<slug>" : Slug.make(from: stem)
                log.warning(
                    location,
                    "a destination is a folder holding index.md; this file is not read: move it to "
                        + "Destinations/\(folder)/index.md (the folder name is the destination's slug)")
            } else {
                let suggestion = KeySuggestion.suggestion(for: name, among: Self.reservedFileNames)
                log.warning(
                    location,
                    suggestion.map { "roadtrip does not read this file; did you mean '\($0)'?" }
                        ?? "roadtrip does not read this file (Destinations/ holds site.yaml, Destinations.plist and the "
                        + "images it names, and one folder per destination); it is skipped")
            }
        }
    }

    /// File extensions of Markdown files (CommonMark's and Hugo's usual ones).
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn"]

    /// For a destination folder without `index.md`: "; found Index.md: rename it to index.md" when
    /// it holds a file that is plainly meant to be it — `index.md` in another case, or `index`
    /// with another Markdown extension (`index.markdown`, `INDEX.MD`) — else "".
    static func indexFileHint(in folder: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        guard let meant = names.first(where: { name in
            let stem = (name as NSString).deletingPathExtension.lowercased()
            return stem == "index" && markdownExtensions.contains((name as NSString).pathExtension.lowercased())
        }) else { return "" }
        return "; found \(meant): rename it to index.md"
    }

    /// Two destinations that would write the same output folder — the same slug, or slugs that differ
    /// only in case (which collide on case-insensitive file systems) — are an error naming both files;
    /// two folders whose names differ only in Unicode normalisation get `normalisationConflict`'s
    /// message instead.
    private func reportSlugConflicts(_ destinations: [Destination]) {
        // By position, not a copy of each destination (each copy retains ~20 references).
        var seen: [String: Int] = Dictionary(minimumCapacity: destinations.count)
        for (position, destination) in destinations.enumerated() {
            let key = destination.slug.lowercased()
            if let use = Self.reservedSlugs[key] {
                log.error(
                    SourceLocation(path: destination.sourcePath),
                    "the slug '\(destination.slug)' is reserved for \(use); rename the destination")
            }
            guard let firstPosition = seen[key] else {
                seen[key] = position
                continue
            }
            let first = destinations[firstPosition]
            if let message = Self.normalisationConflict(first.sourcePath, destination.sourcePath, slug: destination.slug) {
                log.error(SourceLocation(path: destination.sourcePath), message)
            } else {
                log.error(
                    SourceLocation(path: destination.sourcePath),
                    "destination '\(destination.title)' would be written to \(destination.slug)/, "
                        + "which \(first.sourcePath) ('\(first.title)') already uses as \(first.slug)/")
            }
        }
    }

    /// For two destination files (`Destinations/<folder>/index.md`) whose folder names are the
    /// same text in different Unicode normalisation forms (UAX #15) — "Ålesund" typed on Linux
    /// (NFC: Å is U+00C5) and copied from macOS (NFD: A + U+030A COMBINING RING ABOVE) — the
    /// message naming both folders, the character written two ways and their `slug`; `nil` for any
    /// other pair. Swift's `==` calls such names equal, so the bytes are compared.
    static func normalisationConflict(_ firstPath: String, _ secondPath: String, slug: String) -> String? {
        func folder(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
        let first = folder(firstPath), second = folder(secondPath)
        guard first == second, !first.utf8.elementsEqual(second.utf8) else { return nil }
        func form(_ name: String) -> String {
            if name.utf8.elementsEqual(name.precomposedStringWithCanonicalMapping.utf8) { return "NFC" }
            if name.utf8.elementsEqual(name.decomposedStringWithCanonicalMapping.utf8) { return "NFD" }
            return "mixed"
        }
        func scalars(_ character: Character) -> String {
            character.unicodeScalars.map { "U+" + String(format: "%04X", $0.value) }.joined(separator: " ")
        }
        var detail = ""
        if let (a, b) = zip(first, second).first(where: { !$0.0.unicodeScalars.elementsEqual($0.1.unicodeScalars) }) {
            detail = " ('\(a)' is \(scalars(a)) in the first, \(scalars(b)) in the second)"
        }
        return "folders \(first)/ (\(form(first))) and \(second)/ (\(form(second))) have the same name in different "
            + "Unicode normalisation forms\(detail), so both would be \(slug)/; merge them into one folder "
            + "(a name copied from macOS is often NFD)"
    }

    /// Checks a destination's `image` (front matter `image`, plist `DestinationImage`): an http(s)
    /// URL is kept; a relative path must name a file beside the destination's source (its folder,
    /// or `Destinations/` for the classic plist), which is then copied with the page; anything else
    /// is a warning and the image is left out.
    func resolvingImage(_ destination: Destination) -> Destination {
        guard let image = destination.image, !image.isEmpty else { return destination }
        var resolved = destination
        if WebLink.isHTTP(image) { return destination }
        let folder = projectRoot.appendingPathComponent(destination.sourcePath).deletingLastPathComponent()
        let file = folder.appendingPathComponent(image).standardizedFileURL
        var isDirectory: ObjCBool = false
        let inside = file.path.hasPrefix(folder.standardizedFileURL.path + "/")
        if inside, FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            let relative = ProjectPath.relative(file, to: folder)
            if !resolved.assetFiles.contains(relative) { resolved.assetFiles.append(relative) }
            resolved.image = relative
        } else {
            log.warning(
                SourceLocation(path: destination.sourcePath),
                "\(destination.title): image '\(image)' is neither an http(s) URL nor a file in "
                    + "\(ProjectPath.relative(folder, to: projectRoot))/; it is left out")
            resolved.image = nil
        }
        return resolved
    }
}
