import Foundation
import RoadTripCore
import RoadTripFormats

/// The `site.yaml` that `roadtrip new site` writes: every key roadtrip understands, commented out and
/// showing its value, with a note on what it does.
///
/// The values come from a ``SiteConfig`` (a new site shows `SiteConfig()`, the defaults), so the
/// file cannot drift from the defaults the loader uses. Removing the `# ` in front of every key
/// line gives a `site.yaml` that ``SiteConfig/load(from:path:log:)`` reads back as that same
/// configuration with no warnings (`SiteConfigDocumentTests` proves it for the defaults and for a
/// configuration that differs from them in every setting).
public enum SiteConfigDocument {
    /// The commented-out `site.yaml` showing `config`'s values (UTF-8 text, `\n` line endings).
    ///
    /// Key lines are `# ` followed by the YAML line (`#   fitPadding: 40   # note`); every other
    /// line is a comment of prose that never starts with a `key:`. `config.baseURL == nil` is
    /// shown as `baseURL: ""`, which the loader reads as no baseURL; a tile layer without an
    /// overlay has no `overlay` key.
    public static func text(showing config: SiteConfig = SiteConfig()) -> String {
        var document = [
            "# roadtrip's site configuration: Destinations/site.yaml.",
            "#",
            "# Every key is optional. Each one is shown below commented out, with its default",
            "# value. To change a setting, remove the \"# \" in front of its line (and in front",
            "# of the section it belongs to, such as \"map:\"), then edit the value.",
            "# The reference is the \"Site configuration\" section of roadtrip's README.md.",
        ]
        func add(_ prose: [String], _ entries: [(yaml: String, note: String?)]) {
            document.append("")
            document += prose.map { "# " + $0 }
            document += aligned(entries)
        }
        add(["The site's title: the home page's heading, and part of every page's <title>."],
            [("title: \(YAMLText.quoted(config.title))", nil)])
        add(["Where the site is published, e.g. \"https://example.org/trips/\" (a sub-path is fine).",
             "Left empty, every link is relative, so Output/ also works opened straight from disk."],
            [("baseURL: \(YAMLText.quoted(config.baseURL ?? ""))", nil)])
        add(["The pages' language, a BCP 47 tag such as \"en\", \"de\" or \"nb-NO\"."],
            [("language: \(YAMLText.quoted(config.language))", nil)])
        add(["The IANA time zone (\"America/Los_Angeles\", \"Europe/Oslo\") in which dates and times",
             "written without a zone are read, and in which pages show times."],
            [("timeZone: \(YAMLText.quoted(config.timeZone))", nil)])
        add(["The theme. A folder Themes/<theme>/ in this project overrides the built-in default",
             "theme file by file (`roadtrip theme eject` copies all of it there to edit)."],
            [("theme: \(YAMLText.quoted(config.theme))", nil)])
        add(["How the Markdown of each index.md is read."],
            [("markdown:", nil),
             ("  unsafe: \(YAMLText.bool(config.markdownUnsafe))", "true keeps raw HTML (left out otherwise)"),
             ("  smart: \(YAMLText.bool(config.markdownSmart))", "\"quotes\" become curly ones, -- an en dash")])
        add(["The maps on every page."], mapEntries(config))
        add(["The filter preset trip logs get when their sidecar names none: \(FilterSettings.presetNames.joined(separator: " or ")),",
             "and any filter by name on top of it (distanceFilter: 25, maximumSpeed: off)."],
            [("trips:", nil),
             ("  preset: \(YAMLText.quoted(config.tripsPreset))", nil)] + tripFilterEntries(config))
        add(["Photos in each destination's photos/ folder."],
            [("photos:", nil),
             ("  keepMetadata: \(YAMLText.bool(config.photosKeepMetadata))", "true keeps EXIF and XMP (camera, GPS) in published photos"),
             ("  cameraClockOffset: \(YAMLText.number(config.photosCameraClockOffset))", "seconds added to photo times (a camera 2 minutes slow: 120)"),
             ("  maximumGap: \(YAMLText.number(config.photosMaximumGap))", "seconds before or after a trip log (or into a gap) within which a photo is placed at its end")])
        let fields = ContactPrivacy.Field.allCases.map(\.rawValue).joined(separator: ", ")
        let published = config.contactPrivacy.published.sorted().map(\.rawValue).joined(separator: ", ")
        add(["People in contacts.vcf: pages show a first name and a city unless you publish more."],
            [("contacts:", nil),
             ("  publish: [\(published)]", "any of \(fields)")])
        add(["The share actions of destination and trip pages."], shareEntries(config))
        return document.joined(separator: "\n") + "\n"
    }

    /// A `trips:` line for each filter whose value differs from the preset's: its number, or `off`.
    private static func tripFilterEntries(_ config: SiteConfig) -> [(yaml: String, note: String?)] {
        let preset = FilterSettings.preset(named: config.tripsPreset) ?? .roadTrip
        return FilterSettings.names.compactMap { name in
            let value = config.tripsFilters.value(named: name)
            guard value != preset.value(named: name) else { return nil }
            return ("  \(name): \(value.map(YAMLText.number) ?? "off")", nil)
        }
    }

    /// `map:` and its keys; the tile layers in the map-type control's order.
    private static func mapEntries(_ config: SiteConfig) -> [(yaml: String, note: String?)] {
        let span = config.defaultSpan
        var entries: [(yaml: String, note: String?)] = [
            ("map:", nil),
            ("  defaultSpan: { latitudeDelta: \(YAMLText.number(span.latitudeDelta)), longitudeDelta: \(YAMLText.number(span.longitudeDelta)) }",
             "degrees around a destination that gives no span"),
            ("  viewport: { width: \(YAMLText.number(config.viewportWidth)), height: \(YAMLText.number(config.viewportHeight)) }",
             "CSS pixels of a page's map"),
            ("  fitPadding: \(YAMLText.number(config.fitPadding))", "pixels kept free on every side by region: fit"),
            ("  offlineBasemap: \(config.offlineBasemap)", "GSHHG coastlines, lakes, rivers and borders under every map"),
            ("  tileLayers:", "XYZ tile URLs with {z}, {x} and {y}, one per map type"),
        ]
        for name in SiteConfig.mapTypeNames {
            guard let layer = config.tileLayers[name] else { continue }
            var fields = ["url: \(YAMLText.quoted(layer.url))"]
            if let overlay = layer.overlay { fields.append("overlay: \(YAMLText.quoted(overlay))") }
            fields.append("attribution: \(YAMLText.quoted(layer.attribution))")
            fields.append("maxZoom: \(YAMLText.number(layer.maxZoom))")
            entries.append(("    \(name): { \(fields.joined(separator: ", ")) }", nil))
        }
        return entries
    }

    /// `share:` and its keys.
    private static func shareEntries(_ config: SiteConfig) -> [(yaml: String, note: String?)] {
        let links = config.shareLinks.map { "{ name: \(YAMLText.quoted($0.name)), url: \(YAMLText.quoted($0.url)) }" }
        return [
            ("share:", nil),
            ("  email: \(YAMLText.bool(config.shareEmail))", "an e-mail link (mailto:)"),
            ("  webShare: \(YAMLText.bool(config.shareWebShare))", "a Share button where the browser has one"),
            ("  links: [\(links.joined(separator: ", "))]",
             "e.g. [{ name: Mastodon, url: \"https://mastodon.social/share?text={text}%20{url}\" }]"),
            ("  destinationText: \(YAMLText.quoted(config.shareDestinationText))", "{destination}: the destination's title"),
            ("  tripText: \(YAMLText.quoted(config.shareTripText))", "{locality}: the town nearest the trip's end"),
            ("  nearbyPlaces: \(YAMLText.bool(config.shareNearbyPlaces))", "true: \"You are near …\" after Locate"),
        ]
    }

    /// The entries as commented-out lines, their notes aligned in one column after the longest
    /// line that has a note.
    private static func aligned(_ entries: [(yaml: String, note: String?)]) -> [String] {
        let width = entries.filter { $0.note != nil }.map(\.yaml.count).max() ?? 0
        return entries.map { entry in
            guard let note = entry.note else { return "# " + entry.yaml }
            return "# " + entry.yaml.padding(toLength: width, withPad: " ", startingAt: 0) + "   # " + note
        }
    }
}
