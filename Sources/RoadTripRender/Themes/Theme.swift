import Foundation
import RoadTripCore
import RoadTripFormats

/// A theme: Mustache layouts and partials under `layouts/` (named by their path
/// without `.mustache`, e.g. `base`, `partials/map`), files under `assets/`, copied to
/// `Output/assets/`, and an optional `theme.yaml`. Its files come from the project's
/// `Themes/<name>/` over the built-in theme of the same name, file by file
/// (``ThemeFile/lookup(projectRoot:name:)``).
public struct Theme: Sendable {
    /// The theme's name (`site.yaml`'s `theme`).
    public let name: String
    /// Every layout and partial, parsed.
    public let templates: TemplateLibrary
    /// The files under `assets/`, sorted by path; each one's ``ThemeFile/relativePath``
    /// (`assets/roadtrip.css`) is also its path in the output folder.
    public let assets: [ThemeFile]
    /// Each template's file as diagnostics name it, by template name.
    private let templatePaths: [String: String]

    /// The layouts a theme must have: the home page, a destination page, a trip-log page and the
    /// 404 page.
    public static let requiredLayouts = ["home", "destination", "trip", "404"]

    /// Loads the theme `name` for the project at `projectRoot`, reporting every problem to `log`
    /// at the file it is in (a project file by its path, a built-in one as
    /// `(built-in theme)/…`): a missing theme or required layout, a `theme.yaml` or template that
    /// does not parse (at its line and column), a partial used but not present (at the line that
    /// uses it). Returns `nil` when any of those happened. `referencedAt` is where the site
    /// configuration names the theme (a missing theme is reported there).
    public static func load(
        projectRoot: URL, name: String, referencedAt: SourceLocation? = nil, log: DiagnosticLog
    ) -> Theme? {
        let folderPath = ProjectPath.relative(
            projectRoot.appendingPathComponent("Themes").appendingPathComponent(name), to: projectRoot)
        if let problem = FileBytes.folderProblem(projectRoot.appendingPathComponent("Themes")) {
            log.warning(
                SourceLocation(path: "Themes"),
                "\(problem): a project's themes are folders inside the folder Themes/ (Themes/<name>/layouts/…); it is not read")
        } else if let problem = FileBytes.folderProblem(projectRoot.appendingPathComponent("Themes").appendingPathComponent(name)) {
            // The theme's folder may be a link to a folder elsewhere, but one to nothing (or a
            // file in its place) would leave its overrides out without a word.
            log.warning(
                SourceLocation(path: folderPath),
                "\(problem): a theme is a folder of layouts and assets (\(folderPath)/layouts/…); it is not read")
        }
        guard let files = ThemeFile.lookup(projectRoot: projectRoot, name: name) else {
            log.error(
                referencedAt ?? SourceLocation(path: folderPath),
                "theme '\(name)' not found: expected its templates in \(folderPath)/layouts/")
            return nil
        }
        let errorsBefore = log.errorCount
        // A file of the project's theme that is no file (a broken link): an error at the file.
        var unusable: Set<String> = []
        for file in files.values.sorted(by: { $0.relativePath < $1.relativePath }) {
            guard case .project(let url) = file.origin, let problem = ThemeFile.unreadableProblem(url) else { continue }
            log.error(SourceLocation(path: file.displayPath), problem)
            unusable.insert(file.relativePath)
        }
        // theme.yaml is optional and roadtrip reads nothing from it yet, but a broken one is reported.
        if let manifest = files["theme.yaml"], !unusable.contains("theme.yaml") {
            do {
                _ = YAMLFile.parse(try manifest.text(), path: manifest.displayPath, log: log)
            } catch {
                log.error(error.location(in: manifest.displayPath), error.message)
            }
        }
        var parsed: [MustacheTemplate] = []
        var templatePaths: [String: String] = [:]
        let sortedFiles = files.values.sorted { $0.relativePath < $1.relativePath }
        let templateFiles = sortedFiles.filter {
            $0.relativePath.hasPrefix("layouts/") && $0.relativePath.hasSuffix(".mustache") && !unusable.contains($0.relativePath)
        }
        // Each template read and parsed on both cores (a theme has dozens), its problems then
        // reported in file order; the parsed templates make the library.
        enum Reading: Sendable {
            case parsed(MustacheTemplate)
            case blankLayout
            case failed(Diagnostic)
        }
        let templateNames = templateFiles.map { String($0.relativePath.dropFirst("layouts/".count).dropLast(".mustache".count)) }
        let readings = concurrentMap(count: templateFiles.count) { position -> Reading in
            let file = templateFiles[position], templateName = templateNames[position]
            do {
                let source = try file.text()
                // A page layout of nothing renders blank pages; a partial may be empty (to hide it).
                if case .project = file.origin, !templateName.contains("/"), FileBytes.isBlank(Data(source.utf8)) { return .blankLayout }
                return .parsed(try MustacheTemplate(source: source, name: templateName))
            } catch let error as FileReadError {
                return .failed(.error(error.location(in: file.displayPath), error.message))
            } catch let error as TemplateError {
                return .failed(error.diagnostic(in: file.displayPath))
            } catch {
                return .failed(.error(SourceLocation(path: file.displayPath), "\(error)"))
            }
        }
        for ((file, templateName), reading) in zip(zip(templateFiles, templateNames), readings) {
            templatePaths[templateName] = file.displayPath
            switch reading {
            case .parsed(let template):
                parsed.append(template)
            case .blankLayout:
                log.error(
                    SourceLocation(path: file.displayPath),
                    FileBytes.emptyFileMessage(
                        "the '\(templateName)' layout renders whole pages; write its template, or delete the file to use "
                            + "the built-in one"))
            case .failed(let diagnostic):
                log.report(diagnostic)
            }
        }
        for layout in requiredLayouts where templatePaths[layout] == nil {
            log.error(
                SourceLocation(path: "\(folderPath)/layouts/\(layout).mustache"),
                "theme '\(name)' has no '\(layout)' layout")
        }
        guard log.errorCount == errorsBefore else { return nil }
        let library = TemplateLibrary(parsed)
        for missing in library.missingPartials() {
            log.error(
                SourceLocation(path: templatePaths[missing.templateName] ?? folderPath, line: missing.line, column: 1),
                "partial '\(missing.partialName)' is used here but the theme has no "
                    + "layouts/\(missing.partialName).mustache")
        }
        guard log.errorCount == errorsBefore else { return nil }
        let assets = sortedFiles.filter { $0.relativePath.hasPrefix("assets/") }
        return Theme(name: name, templates: library, assets: assets, templatePaths: templatePaths)
    }

    /// The file of the template `templateName` as diagnostics name it (`Themes/default/layouts/
    /// partials/card.mustache`, `(built-in theme)/layouts/base.mustache`), for errors found when
    /// rendering; the theme's folder when no template has that name.
    public func displayPath(ofTemplate templateName: String) -> String {
        templatePaths[templateName] ?? "Themes/\(name)"
    }
}
