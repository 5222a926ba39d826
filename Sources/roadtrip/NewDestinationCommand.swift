import Foundation
import RoadTripKit

/// `roadtrip new destination NAME --latitude L --longitude L`: a new destination's `index.md`
/// (``NewDestination``) in the project found from the working folder, or `--source`'s.
enum NewDestinationCommand: Command {
    static let spec = CommandSpec(
        words: ["new", "destination"],
        summary: "Write Destinations/<slug>/index.md from a template",
        arguments: [ArgumentSpec(name: "NAME", help: "the destination's name, e.g. \"Grand Canyon\"")],
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    OptionSpec(name: "--latitude", valueName: "L", help: "degrees north (−90…90)", isRequired: true),
                    OptionSpec(name: "--longitude", valueName: "L", help: "degrees east (−180…180)", isRequired: true),
                    .source,
                    .verbose,
                ])
        ],
        details: """
            The folder name (the slug) comes from NAME: "Grand Canyon" -> grand-canyon. A NAME that
            starts with '-' goes after --: roadtrip new destination --latitude 1 --longitude 2 -- -North-.
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let latitude = try arguments.number("--latitude", in: CoordinateAxis.latitude.range)!
        let longitude = try arguments.number("--longitude", in: CoordinateAxis.longitude.range)!
        let name = arguments.argument(0)!
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw UsageError(message: "new destination needs a NAME that is not blank")
        }
        guard let root = ProjectRoot.required(source: arguments.value("--source"), verbose: arguments.flag("--verbose"))
        else { return 1 }
        do {
            let file = try NewDestination.create(
                name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), projectRoot: root)
            print("Created \(file.path)")
            return 0
        } catch {
            printError("roadtrip: error: \(error.message)")
            return 1
        }
    }
}
