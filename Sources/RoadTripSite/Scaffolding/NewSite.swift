import Foundation
import RoadTripCore
import RoadTripContent

/// `roadtrip new site DIR`: a project that builds at once, as `hugo new site` and `jekyll new`
/// make one — `Destinations/site.yaml` with every key commented out at its default
/// (``SiteConfigDocument``), one example destination with points of interest and prose that says
/// what to change, and a `.gitignore` for what the build generates. The theme is the one built
/// into roadtrip, so the project has no `Themes/`.
public enum NewSite {
    /// Why a site could not be created; the message names the folder and the problem.
    public struct Failure: Error, Sendable {
        /// One line for standard error.
        public let message: String
    }

    /// The folder name of the example destination (its slug).
    public static let exampleSlug = "bergen"

    /// The files of a new site: paths relative to the project root ('/'-separated) and their
    /// UTF-8 text, in the order they are written.
    public static let files: [(path: String, text: String)] = [
        ("Destinations/site.yaml", SiteConfigDocument.text()),
        ("Destinations/\(exampleSlug)/index.md", exampleDestination),
        (".gitignore", gitignore),
    ]

    /// The `.gitignore`: the generated site (`Output/`'s contents: a publishing folder's own
    /// `.git/` or `CNAME` inside it are the user's business), the photo cache, and the lock file and
    /// staging folders a build keeps beside `Output/` while it runs (``OutputStagingArea``).
    public static let gitignore = """
        # What roadtrip generates: rebuilt by `roadtrip build`, so not worth committing.
        /Output/*
        \(ProjectCacheFolder.name)/
        .roadtrip-staging-*/
        .roadtrip-lock-*

        """

    /// The example destination: Bergen, with the sample site's coordinates (WGS 84 degrees) for
    /// the city and four places in it, and prose on what to change and where the reference is.
    public static let exampleDestination = """
        ---
        # This is YAML "front matter": the destination's data, between the two --- lines.
        title: Bergen
        subtitle: Seven mountains and a wooden waterfront
        latitude: 60.3913                  # degrees north (WGS 84); negative is south
        longitude: 5.3221                  # degrees east; negative is west
        span: { latitudeDelta: 0.04, longitudeDelta: 0.10 }   # the map's extent in degrees; or region: fit
        date: 2025-06-14
        order: 1                           # position on the home page
        tags: [norway, city]
        pois:                              # points of interest, pinned on the map and listed
          - { title: Bryggen, subtitle: "Hanseatic wharf, UNESCO World Heritage", latitude: 60.3975, longitude: 5.3244 }
          - { title: Fisketorget, subtitle: The fish market at the head of Vågen, latitude: 60.3950, longitude: 5.3247 }
          - { title: Fløyen, subtitle: "Top station of the Fløibanen funicular, 320 m", latitude: 60.3944, longitude: 5.3432 }
          - { title: Ulriken, subtitle: "Highest of the city mountains, 643 m", latitude: 60.3774, longitude: 5.3644 }
        # draft: true                      # leave it out of the site unless you build with --drafts
        ---

        This is an example destination, written in [CommonMark](https://commonmark.org) below
        the front matter. Make the site yours:

        - **Change this stop**: edit the front matter above (the title, the coordinate, the
          points of interest) and this text. The folder name, `bergen`, is the page's address:
          rename the folder to change it.
        - **Add a stop**: `roadtrip new destination "Grand Canyon" --latitude 36.1069 --longitude -112.1129`
          writes `Destinations/grand-canyon/index.md`.
        - **Add a drive**: put a GPX, NMEA, CSV or phone-logger recording into a `trips/` folder
          beside this file; it gets its own page and its track is drawn on this map. Photos go
          into `photos/`.
        - **Configure the site**: `Destinations/site.yaml` lists every setting with its default.

        `roadtrip serve` shows the site at <http://127.0.0.1:8000/> and rebuilds it as you edit;
        `roadtrip build` writes it into `Output/` for publishing. `roadtrip help` lists the
        commands, and the full reference is roadtrip's README.md ("Writing content", "Site
        configuration", "Command line").

        """

    /// Creates a new site in `folder` (made, with its parents, when missing) and returns the paths
    /// written, relative to it, an existing `.gitignore` marked "(roadtrip's lines added)" or
    /// "(already had roadtrip's lines)". An existing folder may hold only what a publishing folder holds
    /// before roadtrip first writes it (``OutputFolderPolicy/mayPrecedeFirstBuild(_:)``, the rule
    /// a build's output folder follows: dotfiles such as `.git/`, `CNAME`, `README` and `LICENSE`
    /// files, so a freshly made GitHub repository takes a site); an existing `.gitignore` keeps its
    /// lines and gets the missing ones of ``gitignore`` appended.
    /// - Parameter homeDirectory: the user's home folder, for ``OutputFolderPolicy``'s refusals.
    /// - Throws: `Failure` when `folder` is one roadtrip never writes (the file-system root, the
    ///   home folder or one holding it, a folder of the operating system or inside one:
    ///   ``OutputFolderPolicy/refusal(toWrite:as:homeDirectory:)``), is content of a project (a
    ///   `Destinations/` folder or inside one, ``ProjectLocator/isContent(_:)``, where the search
    ///   for a root would pass it by) or named `Destinations`, is a symbolic link to nothing, is a
    ///   file or has one on the way (`notes.txt/trip`), has something in the way of one of the
    ///   files (a folder named `.gitignore`; nothing is written then), is a folder holding
    ///   anything else (nothing is written then: the site would mix with files that are not
    ///   roadtrip's; a site already, said so), holds a `.gitignore` that is a symbolic link or not
    ///   UTF-8 (``existingGitignoreText(in:)``), or cannot be written (saying why in words; the
    ///   files and folders made so far are removed).
    public static func create(at folder: URL, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory) throws(Failure) -> [String] {
        let fileManager = FileManager.default
        if let refusal = OutputFolderPolicy.refusal(toWrite: folder, as: "the folder of a new site", homeDirectory: homeDirectory) {
            throw Failure(message: refusal)
        }
        if folder.standardizedFileURL.lastPathComponent == ProjectLocator.contentFolderName {
            throw Failure(
                message: "\(folder.path) is named Destinations, the name of a project's content folder, so roadtrip would "
                    + "read it as content, never as a site; give the site another name (its content goes into "
                    + "DIR/Destinations/)")
        }
        if ProjectLocator.isContent(folder) {
            throw Failure(
                message: "\(folder.path) is inside a folder named Destinations, which roadtrip reads as a project's content, "
                    + "so no command would find the new site there; give a folder outside it ('roadtrip new destination "
                    + "NAME' adds a destination)")
        }
        if let target = FileBytes.danglingLinkTarget(folder) {
            throw Failure(
                message: "\(folder.path) is a symbolic link to a missing folder ('\(target)'); remove the link, or make the "
                    + "folder it points to, or give another DIR")
        }
        // A file on the way (`new site notes.txt/trip`): said before anything is made.
        let parent = folder.standardizedFileURL.deletingLastPathComponent()
        if let obstacle = FileBytes.obstacle(toWriting: parent, projectRoot: parent, asFolder: true) {
            throw Failure(message: "cannot create the site in \(folder.path): \(obstacle)")
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Failure(message: "\(folder.path) is a file, not a folder; give a new or empty folder for the site")
            }
            let entries: [String]
            do {
                entries = try OutputFolderPolicy.entriesInTheWay(inFolderAtPath: folder.path)
            } catch {
                throw Failure(message: "cannot read the folder \(folder.path): \(FileBytes.systemReason(error))")
            }
            if !entries.isEmpty, ProjectLocator.isProjectRoot(folder) {
                throw Failure(
                    message: "\(folder.path) is a roadtrip site already (it holds Destinations/); build it with 'roadtrip "
                        + "build' or preview it with 'roadtrip serve', or give another DIR for a new site")
            }
            if !entries.isEmpty {
                throw Failure(
                    message: "\(folder.path) is not empty (it holds \(OutputFolderPolicy.listed(entries))); a new site goes "
                        + "into an empty or new folder, so that it never mixes with other files: give another DIR (only "
                        + "\(OutputFolderPolicy.allowedBeforeFirstWrite) may be there already)")
            }
        }
        // Everything in the way of any file, before the first is written (a folder or a link to
        // nothing named .gitignore, which a fresh folder may hold).
        var obstacles: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            let problem = FileBytes.obstacle(toWriting: url, projectRoot: folder)
                ?? (FileManager.default.fileExists(atPath: url.path) ? FileBytes.specialFileProblem(url).map { "\(file.path): \($0)" } : nil)
            if let problem { obstacles.append(problem) }
        }
        let existingGitignore: String?
        switch existingGitignoreText(in: folder) {
        case .success(let text): existingGitignore = text
        case .failure(let problem):
            existingGitignore = nil
            obstacles.append(problem.message)
        }
        if !obstacles.isEmpty {
            throw Failure(message: "cannot create the site in \(folder.path): \(obstacles.joined(separator: "; ")); nothing was written")
        }
        // The folders this call makes (DIR itself, Destinations/, Destinations/bergen/), deepest
        // last, so that a failure can take them away again with the files.
        var madeFolders: [URL] = []
        for file in files {
            var parent = folder.appendingPathComponent(file.path).deletingLastPathComponent()
            var chain: [URL] = []
            while !fileManager.fileExists(atPath: parent.path), parent.path != "/" {
                chain.insert(parent, at: 0)
                parent = parent.deletingLastPathComponent()
            }
            madeFolders += chain.filter { !madeFolders.contains($0) }
        }
        var written: [URL] = []
        var report: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            var text = file.text
            var replacing = false
            if file.path == ".gitignore", let existingGitignore {
                text = mergedGitignore(existingGitignore)
                replacing = true
            }
            do throws(FileWriteError) {
                if !replacing || text != existingGitignore {
                    try FileBytes.write(Data(text.utf8), to: url, replacing: replacing, projectRoot: folder)
                }
            } catch {
                // No half-made site: the files and folders made so far are this call's own, so they go.
                for url in written { try? fileManager.removeItem(at: url) }
                for made in madeFolders.reversed() where (try? fileManager.contentsOfDirectory(atPath: made.path))?.isEmpty == true {
                    try? fileManager.removeItem(at: made)
                }
                throw Failure(message: "\(error.description) (in \(folder.path))")
            }
            if !replacing { written.append(url) }
            report.append(
                !replacing ? file.path
                    : text == existingGitignore ? "\(file.path) (already had roadtrip's lines)" : "\(file.path) (roadtrip's lines added)")
        }
        return report
    }

    /// The text of the `.gitignore` already in `folder`, which gets roadtrip's lines appended;
    /// `nil` when there is none. A `.gitignore` that is a symbolic link is refused (Git 2.32 and
    /// later never follow one in the working tree, so lines added through it would be read by
    /// no one), and so is one that is not UTF-8 text (naming the first bad byte's line and
    /// column), before anything is written.
    static func existingGitignoreText(in folder: URL) -> Result<String?, Failure> {
        let url = folder.appendingPathComponent(".gitignore")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
            return .failure(Failure(
                message: ".gitignore is a symbolic link, which git does not read (Git 2.32 and later ignore a "
                    + "symbolic .gitignore); replace it with a file"))
        }
        guard FileManager.default.fileExists(atPath: url.path), let data = FileManager.default.contents(atPath: url.path) else {
            return .success(nil)
        }
        do throws(FileReadError) {
            return .success(try TextFile.decode(data))
        } catch {
            let position = error.line.map { " (line \($0), column \(error.column ?? 1))" } ?? ""
            return .failure(Failure(
                message: ".gitignore is not valid UTF-8 text\(position), so roadtrip cannot add its lines to it; "
                    + "save it as UTF-8"))
        }
    }

    /// `existing` followed by the lines of ``gitignore`` it does not have yet.
    static func mergedGitignore(_ existing: String) -> String {
        let present = Set(existing.split(separator: "\n", omittingEmptySubsequences: true).map(String.init))
        let missing = gitignore.split(separator: "\n").map(String.init).filter { !present.contains($0) }
        guard !missing.isEmpty else { return existing }
        return existing + (existing.hasSuffix("\n") || existing.isEmpty ? "" : "\n") + missing.joined(separator: "\n") + "\n"
    }
}
