import Foundation

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

    /// Creates `<projectRoot>/Destinations/<slug>/index.md` and returns its URL.
    /// - Throws: `Failure` when the name gives no slug, the coordinate is out of range, or the
    ///   destination folder already holds an `index.md` (nothing is overwritten).
    public static func create(name: String, coordinate: Coordinate, projectRoot: URL) throws(Failure) -> URL {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Failure(message: "the destination needs a name") }
        guard coordinate.isValid else {
            throw Failure(
                message: "latitude must be within −90…90 and longitude within −180…180 degrees "
                    + "(got \(coordinate.latitude), \(coordinate.longitude))")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: projectRoot.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw Failure(message: "the project folder \(projectRoot.path) does not exist")
        }
        let slug = Slug.make(from: trimmed)
        if SiteLoader.reservedSlugs.contains(slug) {
            throw Failure(message: "'\(slug)' is reserved for the theme's files; choose another name")
        }
        let folder = projectRoot.appendingPathComponent("Destinations").appendingPathComponent(slug)
        let file = folder.appendingPathComponent("index.md")
        if FileManager.default.fileExists(atPath: file.path) {
            throw Failure(message: "\(ProjectPath.relative(file, to: projectRoot)) already exists; it is left as it is")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(indexMarkdown(name: trimmed, coordinate: coordinate).utf8).write(to: file, options: .withoutOverwriting)
        } catch {
            throw Failure(message: "cannot write \(file.path): \(error.localizedDescription)")
        }
        return file
    }
}
