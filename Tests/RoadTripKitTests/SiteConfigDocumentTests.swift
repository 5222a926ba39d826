import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// The commented-out `site.yaml` of `roadtrip new site` shows exactly the configuration it is made
/// from: as written it is all comments (the defaults, no warnings); with every key line
/// uncommented it reads back as the same configuration.
@Suite struct SiteConfigDocumentTests {
    static let path = "Destinations/site.yaml"

    func load(_ yaml: String) throws -> (config: SiteConfig, diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        let root = try YAMLParser.parse(yaml, path: Self.path)
        return (SiteConfig.load(from: root, path: Self.path, log: log), log.diagnostics)
    }

    /// What a user does to every setting: removes the `# ` before each key line (`# key:` or
    /// `#   key:` at any indentation), leaving the prose comments. Also gives how many lines that was.
    static func uncommented(_ text: String) -> (text: String, keyLines: Int) {
        var count = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.wholeMatch(of: #/# *[A-Za-z][A-Za-z0-9]*:( .*)?/#) != nil else { return String(line) }
            count += 1
            return String(line.dropFirst(2))
        }
        return (lines.joined(separator: "\n"), count)
    }

    /// The loader records where `theme` and a non-empty `contacts.publish` are written (for its
    /// messages); the rest is the configuration proper.
    static func withoutLocations(_ config: SiteConfig) -> SiteConfig {
        var config = config
        config.themeLocation = nil
        config.contactPrivacy.location = nil
        return config
    }

    @Test func asWrittenItIsAllCommentsAndGivesTheDefaults() throws {
        let text = SiteConfigDocument.text()
        let (config, diagnostics) = try load(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config == SiteConfig())
        // Every line is a comment or blank: the file sets nothing until a key is uncommented.
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("#") })
    }

    @Test func uncommentedItIsExactlyTheDefaults() throws {
        let (text, keyLines) = Self.uncommented(SiteConfigDocument.text())
        // title, baseURL, language, timeZone, theme (5); markdown + unsafe, smart (3); map +
        // defaultSpan, viewport, fitPadding, offlineBasemap, tileLayers + standard, satellite, hybrid
        // (9); trips + preset (2); photos + keepMetadata, cameraClockOffset, maximumGap (4); contacts
        // + publish (2); share + email, webShare, links, destinationText, tripText, nearbyPlaces (7): 32.
        #expect(keyLines == 32)
        let (config, diagnostics) = try load(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(Self.withoutLocations(config) == SiteConfig())
        #expect(text.contains("\nbaseURL: \"\"\n"))
        #expect(text.contains("\n  fitPadding: 40 "))
        #expect(text.contains("\"https://tile.openstreetmap.org/{z}/{x}/{y}.png\""))
    }

    /// A configuration that differs from the defaults in every stored setting (checked with
    /// Mirror, so a setting added to SiteConfig later fails here until the document writes it)
    /// is written and read back unchanged: the document leaves no setting out.
    @Test func everySettingIsWritten() throws {
        var changed = SiteConfig()
        changed.title = "Norway: \"fjords\" & #1\\"
        changed.baseURL = "https://example.org/trips/"
        changed.language = "nb-NO"
        changed.timeZone = "Europe/Oslo"
        changed.theme = "coast"
        changed.markdownUnsafe = true
        changed.markdownSmart = false
        changed.defaultSpan = CoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.35)
        changed.viewportWidth = 640
        changed.viewportHeight = 480.5
        changed.fitPadding = 12.5
        changed.offlineBasemap = false
        changed.tileLayers = [
            "standard": TileLayer(
                url: "https://tiles.example.org/{z}/{x}/{y}.png", overlay: "https://labels.example.org/{z}/{x}/{y}.png",
                attribution: "© Example", maxZoom: 17),
            "satellite": TileLayer(url: "https://sat.example.org/{z}/{y}/{x}", attribution: "Sat", maxZoom: 18),
            "hybrid": TileLayer(
                url: "https://sat.example.org/{z}/{y}/{x}", overlay: "https://names.example.org/{z}/{y}/{x}",
                attribution: "Sat + names", maxZoom: 16),
        ]
        changed.tripsPreset = "corelocation-sample"
        // The preset's values, one changed, one switched off and one switched on.
        changed.tripsFilters = .coreLocationSample
        changed.tripsFilters.distanceFilter = 25
        changed.tripsFilters.desiredAccuracy = nil
        changed.tripsFilters.gapTime = 600
        changed.photosKeepMetadata = true
        changed.photosCameraClockOffset = -90
        changed.photosMaximumGap = 600
        changed.shareEmail = false
        changed.shareWebShare = false
        changed.shareLinks = [.init(name: "Mastodon", url: "https://mastodon.social/share?text={text}%20{url}")]
        changed.shareDestinationText = "Now at {destination}"
        changed.shareTripText = "Driving through {locality}"
        changed.shareNearbyPlaces = true
        changed.contactPrivacy = ContactPrivacy(published: [.email, .photo])

        let defaults = Mirror(reflecting: SiteConfig()).children
        let changes = Mirror(reflecting: changed).children
        for (original, new) in zip(defaults, changes) where original.label != "themeLocation" {
            #expect(
                String(reflecting: original.value) != String(reflecting: new.value),
                "the test leaves \(original.label ?? "?") at its default")
        }

        let (text, _) = Self.uncommented(SiteConfigDocument.text(showing: changed))
        let (config, diagnostics) = try load(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(Self.withoutLocations(config) == changed)
    }
}
