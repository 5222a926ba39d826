import Foundation
import Testing

/// The default theme built into the binary (issue 11), through the real `roadtrip` executable on
/// projects that have no `Themes/` folder, or only the files they override. The expected bytes are
/// the repository's `Themes/default/`, which the embedded copy is generated from.
@Suite(.serialized) struct BuiltInThemeTests {
    static let repositoryTheme = CommandRunner.packageRoot.appendingPathComponent("Themes/default")

    /// Every regular, visible file below `folder`, by its '/'-separated path relative to it, with
    /// its bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)
            files[String(relative)] = try Data(contentsOf: url)
        }
        return files
    }

    /// A project with only `Destinations/bergen/index.md`.
    static func projectWithoutTheme() throws -> TemporaryProject {
        let project = try TemporaryProject(copyingTheme: false)
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        return project
    }

    @Test func aProjectWithOnlyDestinationsBuildsWithTheBuiltInTheme() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        #expect(!project.exists("Themes"))
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.isEmpty, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("load-theme: default (3 assets)"))
        // The assets are the repository's, byte for byte, and nothing else (beside the offline
        // basemap's tiles, which the build draws: BasemapBuildTests).
        let expected = try Self.files(in: Self.repositoryTheme.appendingPathComponent("assets"))
        #expect(expected.count == 3)
        #expect(try Self.files(in: project.output.appendingPathComponent("assets")).filter { !$0.key.hasPrefix("basemap/") } == expected)
        // The pages come from the built-in layouts: the destination page (destination.mustache
        // inheriting base.mustache) with its map partial.
        let page = try project.read("Output/bergen/index.html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<article class=\"destination\">"))
        #expect(page.contains("data-roadtrip-map"))
        #expect(project.exists("Output/index.html") && project.exists("Output/404.html"))
    }

    /// The site built with the repository's theme copied into the project is the site built with
    /// the built-in theme: same paths, same bytes.
    @Test func theBuiltInThemeBuildsTheSameSiteAsTheRepositorysCopy() throws {
        let bare = try Self.projectWithoutTheme()
        defer { bare.remove() }
        let copied = try TemporaryProject()
        defer { copied.remove() }
        try copied.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        #expect(try bare.build().status == 0)
        #expect(try copied.build().status == 0)
        #expect(try Self.files(in: bare.output) == Self.files(in: copied.output))
    }

    @Test func anOverriddenPartialIsUsedAndEverythingElseInherited() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        #expect(try project.build().status == 0)
        let builtIn = try Self.files(in: project.output)

        try project.write("Themes/default/layouts/partials/card.mustache", "<li class=\"my-card\">{{title}}</li>\n")
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let home = try project.read("Output/index.html")
        #expect(home.contains("<li class=\"my-card\">Bergen</li>"))
        #expect(!home.contains("class=\"card-link\""))
        // The rest of the home page is the built-in home and base layouts and map partial.
        #expect(home.contains("<ul class=\"card-list\">"))
        #expect(home.contains("<a class=\"skip-link\" href=\"#content\">"))
        #expect(home.contains("data-roadtrip-map"))
        // Only the home page includes the card: every other file is as before.
        let overridden = try Self.files(in: project.output)
        #expect(overridden.keys.sorted() == builtIn.keys.sorted())
        #expect(overridden.keys.filter { overridden[$0] != builtIn[$0] }.sorted() == ["index.html"])
    }

    @Test func anOverriddenAssetReplacesTheBuiltInOneAndOwnAssetsAreAdded() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        try project.write("Themes/default/assets/roadtrip.css", "body { color: rebeccapurple }\n")
        try project.write("Themes/default/assets/icons/pin.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("load-theme: default (4 assets)"))
        #expect(try project.read("Output/assets/roadtrip.css") == "body { color: rebeccapurple }\n")
        #expect(try project.read("Output/assets/icons/pin.svg") == "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
        let repository = try Self.files(in: Self.repositoryTheme.appendingPathComponent("assets"))
        let written = try Self.files(in: project.output.appendingPathComponent("assets"))
        #expect(written["roadtrip.js"] == repository["roadtrip.js"])
        #expect(written["nearby.js"] == repository["nearby.js"])
        #expect(written.keys.filter { !$0.hasPrefix("basemap/") }.sorted() == ["icons/pin.svg", "nearby.js", "roadtrip.css", "roadtrip.js"])
    }

    @Test func aBrokenOverrideIsReportedAtItsFileLineAndColumn() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        // The section opens on line 2, column 3 of the partial.
        try project.write("Themes/default/layouts/partials/card.mustache", "<li>\n  {{#subtitle}}{{subtitle}}\n</li>\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Themes/default/layouts/partials/card.mustache:2:3: error: section 'subtitle' opened at line 2 is never closed"),
            "stderr: \(result.standardError)")
        #expect(!project.exists("Output/index.html"))

        // An override that fails only when rendered (it includes itself without end) is reported
        // at the override too, never at a built-in file.
        try project.write("Themes/default/layouts/partials/card.mustache", "<li>{{>partials/card}}</li>\n")
        let rendered = try project.build()
        #expect(rendered.status == 1)
        #expect(rendered.standardError.contains("Themes/default/layouts/partials/card.mustache:"), "stderr: \(rendered.standardError)")
        #expect(!rendered.standardError.contains("built-in"), "stderr: \(rendered.standardError)")
        #expect(!project.exists("Output/index.html"))
    }

    /// An override that uses a partial neither the project nor the built-in theme has is reported
    /// at the override's line.
    @Test func anOverrideUsingAMissingPartialNamesItsLine() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        try project.write("Themes/default/layouts/partials/card.mustache", "<li>{{title}}</li>\n{{>partials/badge}}\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Themes/default/layouts/partials/card.mustache:2:1: error: partial 'partials/badge' is used here"),
            "stderr: \(result.standardError)")
        try project.write("Themes/default/layouts/partials/badge.mustache", "<b>new</b>\n")
        #expect(try project.build().status == 0)
        #expect(try project.read("Output/index.html").contains("<b>new</b>"))
    }

    @Test func aThemeWithNoFolderAndNoBuiltInIsAnErrorAtSiteYAML() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Trip\ntheme: fancy\n")
        let result = try project.build()
        #expect(result.status == 1)
        // Line 2, the value at column 8.
        #expect(result.standardError.contains(
            "Destinations/site.yaml:2:8: error: theme 'fancy' not found: expected its templates in Themes/fancy/layouts/"),
            "stderr: \(result.standardError)")
    }

    // MARK: roadtrip theme eject

    @Test func ejectWritesTheRepositorysThemeRefusesToOverwriteAndForceOverwrites() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        let repository = try Self.files(in: Self.repositoryTheme)
        let eject = try CommandRunner.run(["theme", "eject", "--source", project.root.path])
        #expect(eject.status == 0, "stderr: \(eject.standardError)")
        #expect(eject.standardOutput.contains("(\(repository.count) files)"))
        let ejected = project.root.appendingPathComponent("Themes/default")
        #expect(try Self.files(in: ejected) == repository)

        // A second eject refuses, names every file that exists, and changes nothing.
        try project.write("Themes/default/assets/roadtrip.css", "/* mine */\n")
        try project.write("Themes/default/layouts/partials/extra.mustache", "mine\n")
        let again = try CommandRunner.run(["theme", "eject"], in: project.root)
        #expect(again.status == 1)
        for path in repository.keys {
            #expect(again.standardError.contains("Themes/default/\(path): error: already exists; not overwritten"), "\(path)")
        }
        #expect(!again.standardError.contains("extra.mustache"))
        #expect(again.standardError.contains("--force"))
        #expect(try project.read("Themes/default/assets/roadtrip.css") == "/* mine */\n")

        // --force writes the built-in files again and keeps the user's own.
        let forced = try CommandRunner.run(["theme", "eject", "--force"], in: project.root)
        #expect(forced.status == 0, "stderr: \(forced.standardError)")
        var expected = repository
        expected["layouts/partials/extra.mustache"] = Data("mine\n".utf8)
        #expect(try Self.files(in: ejected) == expected)
    }

    @Test func anEjectedThemeBuildsTheSameSite() throws {
        let project = try Self.projectWithoutTheme()
        defer { project.remove() }
        #expect(try project.build().status == 0)
        let builtIn = try Self.files(in: project.output)
        #expect(try CommandRunner.run(["theme", "eject", "--source", project.root.path]).status == 0)
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(try Self.files(in: project.output) == builtIn)
    }

    @Test func ejectUsage() throws {
        let missing = try CommandRunner.run(["theme"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "roadtrip: theme needs a subcommand: eject; try 'roadtrip theme --help'\n")
        let unknown = try CommandRunner.run(["theme", "eject", "--overwrite"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("roadtrip: unknown option '--overwrite'"))
        let nowhere = try CommandRunner.run(["theme", "eject", "--source", "/nonexistent/roadtrip-project"])
        #expect(nowhere.status == 1)
        #expect(nowhere.standardError.contains("the project folder /nonexistent/roadtrip-project does not exist"))
    }
}
