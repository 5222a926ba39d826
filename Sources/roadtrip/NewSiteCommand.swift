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
            exists and is not empty is refused (exit 1).
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let path = arguments.argument(0)!
        let folder = ProjectRoot.resolve(path)!
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
        print("  cd \(shellQuoted(path))")
        print("  roadtrip serve    # a preview at http://127.0.0.1:8000/, rebuilt as you edit")
        print("                    # (or roadtrip build: the site into Output/, to publish)")
        return 0
    }

    /// `word` as one word for a POSIX shell: as it is when it holds only safe characters, else in
    /// single quotes (a quote inside as `'\''`).
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_./+,:@%=".unicodeScalars.contains(scalar))
        }
        if safe && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
