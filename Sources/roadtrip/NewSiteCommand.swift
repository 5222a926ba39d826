import Foundation
import RoadTripKit

/// `roadtrip new site DIR`: a new project that builds at once (``NewSite``), and the two commands
/// to run next.
enum NewSiteCommand: Command {
    static let spec = CommandSpec(
        words: ["new", "site"],
        summary: "Create a new site in DIR (a new or empty folder), ready to build",
        arguments: [ArgumentSpec(name: "DIR", help: "the folder for the new site; made when missing", completion: .directory)],
        optionGroups: [OptionGroup(title: "Options", options: [])],
        details: """
            Writes Destinations/site.yaml (every setting commented out, with its default), an
            example destination Destinations/\(NewSite.exampleSlug)/index.md and a .gitignore. A DIR that
            exists may hold only dotfiles and dot-folders (.git/, .gitignore, ...), CNAME, _redirects,
            _headers, and README and LICENSE files, as a new repository does (an existing .gitignore
            gets roadtrip's lines added); anything else in it is refused (exit 1), and so are your
            home folder and the operating system's folders (/etc, /usr, ...).
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let path = arguments.argument(0)!
        guard let folder = ProjectRoot.resolve(path) else { return 1 }
        let written: [String]
        do {
            written = try NewSite.create(at: folder)
        } catch {
            printError("roadtrip: error: \(error.message)")
            return 1
        }
        print("Created a new site in \(folder.path):")
        for file in written { print("  \(file)") }
        print("")
        print("Next:")
        if folder.path != URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path { print("  cd \(ShellWord.path(path))") }
        print("  roadtrip serve    # a preview at http://127.0.0.1:8000/, rebuilt as you edit")
        print("                    # (or roadtrip build: the site into Output/, to publish)")
        return 0
    }
}
