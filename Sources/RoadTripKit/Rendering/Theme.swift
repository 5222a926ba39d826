import Foundation

/// A theme folder, `Themes/<name>/` (DESIGN §2): Mustache layouts and partials under `layouts/`
/// (named by their path without `.mustache`, e.g. `base`, `partials/map`) and files under `assets/`,
/// copied to `Output/assets/`.
public struct Theme: Sendable {
    /// One file to copy from the theme's `assets/`.
    public struct Asset: Sendable, Hashable {
        /// Path below `assets/`, '/'-separated.
        public var relativePath: String
        /// The source file.
        public var url: URL
    }

    /// The theme's folder name.
    public let name: String
    /// Every layout and partial, parsed.
    public let templates: TemplateLibrary
    /// The files under `assets/`, sorted by path.
    public let assets: [Asset]

    /// The layouts a theme must have: the home page, a destination page, a trip-log page and the
    /// 404 page.
    public static let requiredLayouts = ["home", "destination", "trip", "404"]

    /// Loads `<projectRoot>/Themes/<name>/`, reporting every problem to `log`: a missing theme or
    /// required layout, a template that does not parse (at its line and column), a partial used but
    /// not present (at the line that uses it). Returns `nil` when any of those happened.
    /// `referencedAt` is where the site configuration names the theme (a missing theme is reported
    /// there).
    public static func load(
        projectRoot: URL, name: String, referencedAt: SourceLocation? = nil, log: DiagnosticLog
    ) -> Theme? {
        let folder = projectRoot.appendingPathComponent("Themes").appendingPathComponent(name)
        let layoutsFolder = folder.appendingPathComponent("layouts")
        let folderPath = ProjectPath.relative(folder, to: projectRoot)
        guard FileManager.default.fileExists(atPath: layoutsFolder.path) else {
            log.error(
                referencedAt ?? SourceLocation(path: folderPath),
                "theme '\(name)' not found: expected its templates in \(folderPath)/layouts/")
            return nil
        }
        let errorsBefore = log.errorCount
        // theme.yaml is optional and roadtrip reads nothing from it yet, but a broken one is reported.
        let manifest = folder.appendingPathComponent("theme.yaml")
        if FileManager.default.fileExists(atPath: manifest.path) {
            _ = YAMLFile.read(manifest, path: ProjectPath.relative(manifest, to: projectRoot), log: log)
        }
        var sources: [String: String] = [:]
        var paths: [String: String] = [:]
        for file in files(under: layoutsFolder) where file.relativePath.hasSuffix(".mustache") {
            let templateName = String(file.relativePath.dropLast(".mustache".count))
            let path = ProjectPath.relative(file.url, to: projectRoot)
            paths[templateName] = path
            do {
                let source = try TextFile.read(file.url)
                _ = try MustacheTemplate(source: source, name: templateName)
                sources[templateName] = source
            } catch let error as FileReadError {
                log.error(error.location(in: path), error.message)
            } catch let error as TemplateError {
                log.error(SourceLocation(path: path, line: error.line, column: error.column), error.message)
            } catch {
                log.error(SourceLocation(path: path), "\(error)")
            }
        }
        for layout in requiredLayouts where paths[layout] == nil {
            log.error(
                SourceLocation(path: "\(folderPath)/layouts/\(layout).mustache"),
                "theme '\(name)' has no '\(layout)' layout")
        }
        guard log.errorCount == errorsBefore, let library = try? TemplateLibrary(templates: sources) else {
            return nil
        }
        for missing in library.missingPartials() {
            log.error(
                SourceLocation(path: paths[missing.templateName] ?? folderPath, line: missing.line, column: 1),
                "partial '\(missing.partialName)' is used here but the theme has no "
                    + "layouts/\(missing.partialName).mustache")
        }
        guard log.errorCount == errorsBefore else { return nil }
        let assets = files(under: folder.appendingPathComponent("assets"))
            .map { Asset(relativePath: $0.relativePath, url: $0.url) }
        return Theme(name: name, templates: library, assets: assets)
    }

    /// Regular, visible files below `folder`, with their '/'-separated paths relative to it, sorted.
    static func files(under folder: URL) -> [(relativePath: String, url: URL)] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [(relativePath: String, url: URL)] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append((ProjectPath.relative(url, to: folder), url))
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }
}
