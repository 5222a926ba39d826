import Foundation
import RoadTripKit

/// `roadtrip check [--output DIR] [--external] [--base-url URL] [--source DIR]`: checks a built site's links
/// (`LinkCheck`): each broken internal link or asset reference is an error at its file, line and
/// column; external links are listed and, with `--external`, tried (`ExternalLinkProbe`), each
/// failure a warning. Exit status 1 when an internal reference is broken (or the folder cannot be
/// read), 0 otherwise, 2 on bad usage.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        words: ["check"],
        summary: "Check the built site's internal links and assets (and, with --external, its external links)",
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    .source,
                    OptionSpec(name: "--output", valueName: "DIR", help: "the built site to check; default: <source>/Output", completion: .directory),
                    OptionSpec(name: "--external", help: "also request every external link (HEAD, then GET if HEAD gets an error), 10 s to connect and 20 s in all each, 4 at a time"),
                    .baseURL,
                    .verbose,
                ])
        ],
        details: """
            Every page, SVG and stylesheet of the site is read; each href, src, srcset, CSS url()
            and og:image is resolved as a browser would from that file (a folder means its
            index.html, /paths start at the site's baseURL path, #fragments need that id, and
            URLs under the baseURL itself are the site's own files). A broken one is an
            error at its file, line and column, and the exit status is 1. External links are
            listed (external images and map tiles are counted by host, never requested).
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let verbose = arguments.flag("--verbose")
        let baseURLArgument = try OptionSpec.baseURL(in: arguments)
        let outputArgument = arguments.value("--output")
        // The project gives the default folder and the baseURL's path; --output alone needs none.
        let lookup = ProjectRoot.optional(source: arguments.value("--source"), verbose: verbose, report: printOutput)
        guard case .success(let root) = lookup else { return 1 }
        let output: URL
        if let outputArgument {
            guard let resolved = ProjectRoot.resolve(outputArgument) else { return 1 }
            output = resolved
        } else if let root {
            output = root.appendingPathComponent("Output")
        } else {
            if let folder = ProjectRoot.workingFolder() { printError(ProjectRoot.noProjectMessage(folder) + " (or give --output DIR)") }
            return 1
        }
        let shown = outputArgument ?? "Output"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder), isFolder.boolValue else {
            printError("\(shown): error: no built site here (run 'roadtrip build' first, or give --output DIR)")
            return 1
        }
        let diagnostics = DiagnosticLog()
        // The baseURL the site was built with: --base-url (as given to build), else site.yaml's.
        let baseURL = baseURLArgument.map { $0.checked.url }
            ?? root.flatMap { SiteLoader(projectRoot: $0, log: diagnostics).loadConfig().baseURL }
        let links = baseURL.map { SiteLinks(baseURL: $0) }
        let report = LinkCheck.check(outputFolder: output, basePath: links?.basePath, origin: links?.origin)
        for broken in report.broken {
            printError("\(shown)/\(broken.file):\(broken.line):\(broken.column): error: broken reference '\(broken.url)': \(broken.reason)")
        }
        for link in report.externalLinks {
            printOutput("external: \(link.url)  (\(shown)/\(link.file):\(link.line)"
                + (link.count > 1 ? ", \(CountText.counted(link.count, "reference"))" : "") + ")")
        }
        for (host, count) in report.externalResourceHosts {
            printOutput("external resources: \(host): \(CountText.counted(count, "reference")) (images, tiles, scripts; not requested)")
        }
        var warnings = 0
        if arguments.flag("--external") {
            let outcomes: [ExternalLinkProbe.Outcome]
            do throws(ExternalLinkProbe.Unavailable) {
                outcomes = try ExternalLinkProbe.probe(report.externalLinks.map(\.url))
            } catch {
                printError("roadtrip: error: cannot check external links: \(error.reason)")
                return 1
            }
            for (link, outcome) in zip(report.externalLinks, outcomes) {
                switch outcome {
                case .reachable(let status):
                    if verbose { printOutput("ok \(status): \(link.url)") }
                case .failed(let status):
                    warnings += 1
                    printError("\(shown)/\(link.file):\(link.line): warning: external link '\(link.url)' answered \(status)")
                case .unreachable(let reason):
                    warnings += 1
                    printError("\(shown)/\(link.file):\(link.line): warning: external link '\(link.url)' did not answer: \(reason)")
                }
            }
        }
        let summary = "Checked \(CountText.counted(report.filesChecked, "file")) and "
            + "\(CountText.counted(report.internalReferences, "internal reference")): "
            + (report.broken.isEmpty ? "none broken" : "\(CountText.counted(report.broken.count, "broken reference"))")
            + "; \(CountText.counted(report.externalLinks.count, "external link"))"
            + (arguments.flag("--external") ? " (\(CountText.counted(warnings, "failure")))" : " (not requested; --external tries them)")
        if report.broken.isEmpty { printOutput(summary) } else { printError("roadtrip: " + summary) }
        return report.broken.isEmpty ? 0 : 1
    }
}
