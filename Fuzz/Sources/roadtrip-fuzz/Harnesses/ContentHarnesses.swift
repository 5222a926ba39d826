import Foundation
import RoadTripKit

// The project's content files (DESIGN §2): index.md, site.yaml, sidecars, POI files, the classic
// plist, contacts.

extension Harness {
    /// A destination's `index.md` (YAML front matter + CommonMark), read the way a build reads it:
    /// `SiteLoader` over a project whose one destination folder holds the input. Then
    /// `FrontMatter.split` alone, whose YAML nodes must lie between the fences.
    static let frontMatter = Harness(
        name: "front-matter", summary: "a destination's index.md: SiteLoader (FrontMatter, YAMLParser, fields, Markdown)",
        prepare: { _ = Gazetteer.shared.forward("Tromsø") }  // loads the gazetteer and its name index for `location:`
    ) { data in
        let path = "Destinations/fuzz/index.md"
        ScratchFolder.write(data, to: "project/" + path)
        let log = DiagnosticLog()
        let loader = SiteLoader(
            projectRoot: ScratchFolder.url.appendingPathComponent("project"), includeDrafts: true, log: log)
        let destinations = loader.load(config: SiteConfig(), geocoder: Gazetteer.shared)?.destinations ?? []
        DiagnosticChecks.check(log.diagnostics, inputs: [path: data])
        for destination in destinations { DestinationChecks.check(destination) }
        // A destination with an error is left out; one without is in.
        require(
            destinations.count == (log.errorCount == 0 ? 1 : 0),
            "\(destinations.count) destinations after \(log.errorCount) errors: \(log.diagnostics)")

        guard let text = String(validating: data, as: UTF8.self) else { return }
        do throws(Diagnostic) {
            let split = try FrontMatter.split(text, path: path)
            if let yaml = split.yaml {
                // The YAML is on file lines 2…(bodyFirstLine − 2): after the opening fence, before the closing one.
                let lastYAMLLine = split.bodyFirstLine - 2
                checkLines(yaml, within: 2...max(2, lastYAMLLine))
            }
            require(split.bodyFirstLine >= 1, "body starts at line \(split.bodyFirstLine)")
            // A U+FEFF in the body is the author's text (a zero-width no-break space) unless it is
            // the file's byte-order mark, which FrontMatterTests check; a CR never stays.
            require(!split.body.contains("\r"), "the body keeps a CR")
        } catch {
            DiagnosticChecks.check([error], inputs: [path: data])
        }
    }

    /// Every node of `node` starts on a line in `lines`.
    private static func checkLines(_ node: YAMLNode, within lines: ClosedRange<Int>) {
        require(lines.contains(node.line) && node.column >= 1, "a YAML node at \(node.line):\(node.column), outside lines \(lines)")
        switch node.content {
        case .scalar: break
        case .sequence(let items): for item in items { checkLines(item, within: lines) }
        case .mapping(let pairs):
            for pair in pairs {
                checkLines(pair.key, within: lines)
                checkLines(pair.value, within: lines)
            }
        }
    }

    /// `Destinations/site.yaml`, read as a build reads it (`SiteLoader.loadConfig`). A configuration
    /// read without errors must survive `SiteConfigDocument` (what `roadtrip new site` writes): its
    /// text with every key line uncommented reads back as the same configuration, without a warning.
    static let siteYAML = Harness(name: "site-yaml", summary: "Destinations/site.yaml: SiteLoader.loadConfig, SiteConfigDocument round trip") { data in
        let path = "Destinations/site.yaml"
        ScratchFolder.write(data, to: "site/" + path)
        let log = DiagnosticLog()
        let config = SiteLoader(projectRoot: ScratchFolder.url.appendingPathComponent("site"), log: log).loadConfig()
        DiagnosticChecks.check(log.diagnostics, inputs: [path: data])
        guard log.errorCount == 0 else { return }
        require(config.defaultSpan.latitudeDelta > 0 && config.defaultSpan.latitudeDelta <= 180
            && config.defaultSpan.longitudeDelta > 0 && config.defaultSpan.longitudeDelta <= 360,
            "defaultSpan \(config.defaultSpan)")
        for value in [config.viewportWidth, config.viewportHeight, config.fitPadding, config.photosCameraClockOffset, config.photosMaximumGap] {
            require(value.isFinite, "a map or photo setting is \(value)")
        }
        require(TimeZone(identifier: config.timeZone) != nil, "timeZone \(config.timeZone) names no zone")

        let document = SiteConfigDocument.text(showing: config)
        let uncommented = uncommentedKeyLines(document)
        let againLog = DiagnosticLog()
        let againPath = "written/site.yaml"
        let again: SiteConfig
        do throws(Diagnostic) {
            again = SiteConfig.load(from: try YAMLParser.parse(uncommented, path: againPath), path: againPath, log: againLog)
        } catch {
            require(false, "the written site.yaml does not parse: \(error)\n\(uncommented)")
            return
        }
        require(againLog.diagnostics.isEmpty, "the written site.yaml reads with \(againLog.diagnostics)\n\(uncommented)")
        require(withoutLocations(again) == withoutLocations(config), "the written site.yaml reads back as another configuration:\n\(uncommented)")
    }

    /// What a user does to every setting of the written `site.yaml`: removes the `# ` before each
    /// key line (`# key:` or `#   key:`), leaving the prose comments (as `SiteConfigDocumentTests`).
    private static func uncommentedKeyLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.wholeMatch(of: #/# *[A-Za-z][A-Za-z0-9]*:( .*)?/#) != nil ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
    }

    /// The configuration without where `site.yaml` wrote `theme` and `contacts.publish` (kept for messages).
    private static func withoutLocations(_ config: SiteConfig) -> SiteConfig {
        var config = config
        config.themeLocation = nil
        config.contactPrivacy.location = nil
        return config
    }

    /// A trip log's sidecar, `trips/<slug>.yaml` (`TripLogSettings.load`): filter values it
    /// accepts are the ones `FilterSettings.set` allows.
    static let sidecar = Harness(name: "sidecar", summary: "a trip-log sidecar trips/<slug>.yaml: TripLogSettings.load") { data in
        let path = "trips/trip.yaml"
        let url = ScratchFolder.write(data, to: path)
        let log = DiagnosticLog()
        let settings = TripLogSettings.load(sidecar: url, path: path, siteFilters: .roadTrip, log: log)
        DiagnosticChecks.check(log, path: path, input: data)
        DiagnosticChecks.checkFailureExplained(log, returnedNothing: settings == nil)
        guard let filters = settings?.filters else { return }
        let positive = [filters.desiredAccuracy, filters.maximumSpeed, filters.gapTime, filters.gapDistance, filters.cutoffFrequency]
        for value in positive.compactMap({ $0 }) { require(value.isFinite && value > 0, "a filter is \(value)") }
        for value in [filters.distanceFilter, filters.maximumAge].compactMap({ $0 }) {
            require(value.isFinite && value >= 0, "a filter is \(value)")
        }
        if let heading = filters.headingFilter { require((0...180).contains(heading), "headingFilter \(heading)") }
        if let factor = filters.filteringFactor { require(factor > 0 && factor <= 1, "filteringFactor \(factor)") }
        require(filters.filteringFactor == nil || filters.cutoffFrequency == nil, "both filteringFactor and cutoffFrequency")
    }

    /// A destination's `pois.json` (`PointOfInterestFile`, strict RFC 8259 JSON via `JSONDocument`).
    static let poisJSON = Harness(name: "pois-json", summary: "a destination's pois.json: PointOfInterestFile (JSONDocument)") { data in
        checkPointOfInterestFile(data, pathExtension: "json")
    }

    /// Reads `data` as a destination's `pois.<pathExtension>` and checks the result.
    private static func checkPointOfInterestFile(_ data: Data, pathExtension: String) {
        let path = "Destinations/fuzz/pois." + pathExtension
        let log = DiagnosticLog()
        let pois = PointOfInterestFile.read(data, pathExtension: pathExtension, displayPath: path, log: log)
        DiagnosticChecks.check(log, path: path, input: data)
        DiagnosticChecks.checkFailureExplained(log, returnedNothing: pois == nil)
        for poi in pois ?? [] { DestinationChecks.check(poi) }
    }

    /// A property list, XML or binary, read both ways roadtrip reads one: as the classic
    /// `Destinations.plist` (`PropertyListImport`) and as a destination's `pois.plist`
    /// (`PointOfInterestFile`); both parse with `PropertyListDocument`.
    static let propertyList = Harness(
        name: "plist", summary: "Destinations.plist and pois.plist, XML or binary: PropertyListImport, PointOfInterestFile"
    ) { data in
        let path = "Destinations/Destinations.plist"
        let log = DiagnosticLog()
        let destinations = PropertyListImport.destinations(from: data, displayPath: path, log: log)
        DiagnosticChecks.check(log, path: path, input: data)
        if destinations.isEmpty { require(log.diagnostics.count > 0, "no destination and no diagnostic") }
        for destination in destinations { DestinationChecks.check(destination) }
        require(Set(destinations.map(\.slug)).count == destinations.count, "two destinations share a slug")
        checkPointOfInterestFile(data, pathExtension: "plist")
    }

    /// A destination's `contacts.vcf` (`VCardReader`): vCard 2.1/3.0/4.0, UTF-8 or ISO-8859-1.
    static let vCard = Harness(name: "vcard", summary: "a destination's contacts.vcf: VCardReader") { data in
        let path = "Destinations/fuzz/contacts.vcf"
        let log = DiagnosticLog()
        let contents = VCardReader.read(data, displayPath: path, log: log)
        DiagnosticChecks.check(log, path: path, input: data)
        DiagnosticChecks.checkFailureExplained(log, returnedNothing: contents == nil)
        guard let contents else { return }
        for contact in contents.contacts {
            if let coordinate = contact.coordinate { require(coordinate.isValid, "contact GEO \(coordinate)") }
            require(
                !contact.formattedName.trimmingCharacters(in: .whitespaces).isEmpty
                    || !contact.givenName.isEmpty || !contact.familyName.isEmpty,
                "a contact without a name: \(contact)")
        }
        require(contents.skippedCount <= log.warningCount, "\(contents.skippedCount) cards skipped, \(log.warningCount) warnings")
    }
}
