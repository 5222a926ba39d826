import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripContent

/// `roadtrip new destination NAME --latitude L --longitude L`: writes
/// `Destinations/<slug>/index.md` from a template, never overwriting an existing destination.
public enum NewDestination {
    /// Why a destination could not be created; the message names the problem.
    public struct Failure: Error, Sendable {
        /// One line for standard error.
        public let message: String
    }

    /// The Markdown file for a new destination named `name` at `coordinate` (degrees): front matter
    /// with title, latitude, longitude and the default span, and a short prompt for the prose.
    public static func indexMarkdown(name: String, coordinate: Coordinate) -> String {
        """
        ---
        title: \(YAMLText.quoted(name))
        subtitle: ""
        latitude: \(coordinate.latitude)
        longitude: \(coordinate.longitude)
        span: { latitudeDelta: 0.05, longitudeDelta: 0.05 }
        # region: fit            # instead of span: fit the map to the destination and its POIs
        # pois:
        #   - { title: "A place", subtitle: "Why go", latitude: 0.0, longitude: 0.0 }
        ---

        Write about \(name) here, in [CommonMark](https://commonmark.org).

        """
    }

    /// Creates `<projectRoot>/Destinations/<slug>/index.md` and returns its URL. The slug is
    /// ``Slug/make(from:)`` of the trimmed name, as a build derives it from the folder's name.
    /// - Parameter homeDirectory: the user's home folder, for ``OutputFolderPolicy``'s refusals.
    /// - Throws: `Failure` when the name gives no slug or a reserved one, the coordinate is out of
    ///   range, `projectRoot` is not a project (it has no `Destinations/`, which only `new site`
    ///   makes), the folder is one roadtrip never writes, or `Destinations/` leads out of the project through
    ///   a symbolic link (``OutputFolderPolicy/refusal(toWriteInside:projectRoot:as:homeDirectory:)``:
    ///   inside `/etc`, …), another destination has the same slug (a folder of `Destinations/`
    ///   whose name gives it, such as `Tromsø/` for "Tromsø", or an entry of `Destinations.plist`:
    ///   the build would refuse the pair), the destination folder already holds an `index.md`
    ///   (nothing is overwritten), or the file cannot be written (saying why in words).
    public static func create(
        name: String, coordinate: Coordinate, projectRoot: URL,
        homeDirectory: URL? = ProjectLocator.defaultHomeDirectory
    ) throws(Failure) -> URL {
        let trimmed = name.trimmingWhitespacesAndNewlines
        guard !trimmed.isEmpty else { throw Failure(message: "the destination needs a name") }
        guard coordinate.isValid else {
            throw Failure(
                message: "latitude must be within \(CoordinateAxis.latitude.rangeText) and longitude within "
                    + "\(CoordinateAxis.longitude.rangeText) "
                    + "(got \(coordinate.latitude), \(coordinate.longitude))")
        }
        if let problem = ProjectLocator.problem(withGivenRoot: projectRoot) { throw Failure(message: problem) }
        let slug = Slug.make(from: trimmed)
        if let use = SiteLoader.reservedSlugs[slug] {
            throw Failure(message: "'\(slug)' is reserved for \(use); choose another name")
        }
        let destinations = projectRoot.appendingPathComponent(ProjectLocator.contentFolderName)
        let folder = destinations.appendingPathComponent(slug)
        if let refusal = OutputFolderPolicy.refusal(
            toWriteInside: folder, projectRoot: projectRoot, as: "the new destination's folder", homeDirectory: homeDirectory)
        {
            throw Failure(message: refusal)
        }
        if let conflict = slugConflict(slug, name: trimmed, in: destinations, projectRoot: projectRoot) {
            throw Failure(message: conflict)
        }
        let file = folder.appendingPathComponent("index.md")
        if FileManager.default.fileExists(atPath: file.path) {
            throw Failure(message: "\(ProjectPath.relative(file, to: projectRoot)) already exists; it is left as it is")
        }
        do throws(FileWriteError) {
            try FileBytes.write(
                Data(indexMarkdown(name: trimmed, coordinate: coordinate).utf8), to: file, replacing: false,
                projectRoot: projectRoot)
        } catch {
            throw Failure(message: error.description)
        }
        return file
    }

    /// Why a new destination `name` with `slug` would clash with one the project has (the build
    /// reports two destinations with one slug, ignoring case, as an error): a folder of
    /// `destinations` other than `slug/` itself whose name gives the same slug, or an entry of
    /// `Destinations.plist` with it. `nil` when there is none.
    static func slugConflict(_ slug: String, name: String, in destinations: URL, projectRoot: URL) -> String? {
        let fileManager = FileManager.default
        let key = slug.lowercased()
        let names = ((try? fileManager.contentsOfDirectory(atPath: destinations.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        for folderName in names where !folderName.utf8.elementsEqual(slug.utf8) {
            var isDirectory: ObjCBool = false
            let entry = destinations.appendingPathComponent(folderName)
            guard fileManager.fileExists(atPath: entry.path, isDirectory: &isDirectory), isDirectory.boolValue,
                Slug.make(from: folderName).lowercased() == key
            else { continue }
            let shown = ProjectPath.relative(entry, to: projectRoot)
            if fileManager.fileExists(atPath: entry.path + "/index.md") {
                return "'\(name)' would have the slug \(slug), which \(shown)/index.md already has, and a build refuses "
                    + "two destinations with one slug; edit that destination, or choose another name"
            }
            return "'\(name)' would have the slug \(slug), which the folder \(shown)/ already has; write its index.md "
                + "there yourself, or choose another name"
        }
        let plist = destinations.appendingPathComponent("Destinations.plist")
        guard fileManager.fileExists(atPath: plist.path) else { return nil }
        let path = ProjectPath.relative(plist, to: projectRoot)
        // Its own problems are the build's to report; here only its slugs matter.
        let imported = PropertyListImport.destinations(from: plist, displayPath: path, log: DiagnosticLog())
        guard let entry = imported.first(where: { $0.slug.lowercased() == key }) else { return nil }
        return "'\(name)' would have the slug \(slug), which \(path) already gives '\(entry.title)', and a build "
            + "refuses two destinations with one slug; choose another name"
    }
}
