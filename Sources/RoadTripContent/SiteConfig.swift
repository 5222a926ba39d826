import Foundation
import Synchronization
import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// The site configuration of `Destinations/site.yaml`. Every key is optional; the
/// defaults below are the documented defaults. Unknown keys are warnings naming the file and line.
public struct SiteConfig: Sendable, Hashable {
    /// Site title (`title`), default "Road Trip".
    public var title = "Road Trip"
    /// `baseURL` as `BaseURL.check` leaves it (may carry a sub-path, e.g. `https://example.org/trips/`;
    /// an ASCII host, no query); `nil` makes every internal link relative, so the site also works
    /// opened from disk.
    public var baseURL: String?
    /// `language`: the pages' `lang` (BCP 47), default "en".
    public var language = "en"
    /// `timeZone`: IANA name in which zone-less dates and times are read, default "UTC".
    public var timeZone = "UTC"
    /// `theme`: folder name under `Themes/`, default "default".
    public var theme = "default"
    /// Where `site.yaml` names the theme, so a missing theme is reported there.
    public var themeLocation: SourceLocation?
    /// `markdown.unsafe`: keep raw HTML in Markdown (default false: raw HTML is omitted).
    public var markdownUnsafe = false
    /// `markdown.smart`: smart punctuation (default true).
    public var markdownSmart = true
    /// `map.defaultSpan` (degrees), default 0.05° × 0.05°.
    public var defaultSpan = CoordinateSpan.defaultSpan
    /// `map.viewport.width`: CSS pixels of a page's map, default 800.
    public var viewportWidth = 800.0
    /// `map.viewport.height`: CSS pixels of a page's map, default 500.
    public var viewportHeight = 500.0
    /// The largest `map.viewport` side accepted, in CSS pixels: a 4K screen's width. Larger values
    /// are a warning and the default is kept (a width of 200,000 took 24 s and wrote a 100 MB page).
    public static let maxViewportSide = 4096.0
    /// The smallest `map.viewport` side accepted, in CSS pixels: a thumbnail's. Smaller values are
    /// a warning and the default is kept (a width of 0.001 wrote a map 0 pixels wide).
    public static let minViewportSide = 64.0
    /// `map.fitPadding`: pixels kept free on every side by `region: fit`, default 40.
    public var fitPadding = 40.0
    /// `map.offlineBasemap`: draw GSHHG's coastlines, lakes, rivers and borders under every map
    /// and write their tiles to `assets/basemap/` (default true; false leaves the plain background).
    public var offlineBasemap = true
    /// `map.tileLayers`: the standard, satellite and hybrid XYZ layers (`defaultTileLayers` by default).
    public var tileLayers = SiteConfig.defaultTileLayers
    /// `trips.preset`: the default trip-log filter preset name, default "default".
    public var tripsPreset = "default"
    /// The site's trip-log filters: `trips.preset`'s, with the filters `trips` gives by name
    /// (`trips: { preset: default, distanceFilter: 25 }`) on top; a sidecar starts from these.
    public var tripsFilters = FilterSettings.roadTrip
    /// `photos.keepMetadata`: keep EXIF/XMP in published photos (default false).
    public var photosKeepMetadata = false
    /// `photos.cameraClockOffset`: seconds added to a photo's time before it is placed on a
    /// trip log (a camera clock 2 minutes slow: 120); default 0.
    public var photosCameraClockOffset = 0.0
    /// `photos.maximumGap`: a photo taken before a trip log starts, after it ends or in a gap
    /// between its segments is placed at the nearer end only within this many seconds of it;
    /// default 300 (`Photo.defaultMaximumGap`).
    public var photosMaximumGap = Photo.defaultMaximumGap
    /// `share.email`: offer the e-mail share action, an RFC 6068 `mailto:` link (default true).
    public var shareEmail = true
    /// `share.webShare`: offer the Web Share API button where the browser has `navigator.share`
    /// (default true).
    public var shareWebShare = true
    /// `share.links`: share link templates `{name, url}` with `{url}`, `{text}` and `{title}`
    /// placeholders (default none); see `ShareLinkTemplate`.
    public var shareLinks: [ShareLinkTemplate] = []
    /// `share.destinationText`: the share text of destination pages; `{destination}` is the
    /// destination's title. Default "Next stop: {destination}".
    public var shareDestinationText = "Next stop: {destination}"
    /// `share.tripText`: the share text of trip pages; `{locality}` is where the trip was recorded
    /// (the destination's title until placemarks are known), `{destination}` the destination's
    /// title. Default "I'm currently in {locality}!".
    public var shareTripText = "I'm currently in {locality}!"
    /// `share.nearbyPlaces`: write the gazetteer extract that lets a page say "You are near
    /// <locality>" after Locate (default false).
    public var shareNearbyPlaces = false
    /// `contacts.publish`: the personal fields of `contacts.vcf` a page may show (`email`, `phone`,
    /// `address`, `photo`; default none: first name and city only). See `ContactPrivacy`.
    public var contactPrivacy = ContactPrivacy()

    /// Creates the default configuration.
    public init() {}

    /// The default tile layers: OpenStreetMap standard tiles and Esri imagery (+ labels overlay).
    public static let defaultTileLayers: [String: TileLayer] = [
        "standard": .openStreetMap, "satellite": .esriWorldImagery, "hybrid": .esriHybrid,
    ]

    /// `true` for a baseURL links can be built on (`BaseURL.check` finds no error in it): an
    /// absolute http(s) URL, or a path from the site root (`/trips/`).
    public static func isUsableBaseURL(_ url: String) -> Bool {
        (try? BaseURL.check(url, name: "baseURL")) != nil
    }

    /// The keys of `site.yaml`'s top level, as `load(from:path:log:)` reads them.
    static let keys = [
        "title", "baseURL", "language", "timeZone", "theme", "markdown", "map", "trips", "photos", "share", "contacts",
    ]

    /// The error for a `timeZone` that names no zone, with the IANA name the author probably meant
    /// when one matches ignoring case, or by its last part ("oslo", "Oslo" → "Europe/Oslo").
    static func unknownTimeZoneMessage(_ name: String) -> String {
        let wanted = name.lowercased()
        let known = TimeZone.knownTimeZoneIdentifiers
        let suggestion = known.first { $0.lowercased() == wanted }
            ?? known.first { $0.split(separator: "/").last.map { $0.lowercased() == wanted.replacingOccurrences(of: " ", with: "_") } ?? false }
        return "timeZone '\(name)' is not an IANA time zone name"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? " (e.g. Europe/Oslo, America/Los_Angeles, UTC)")
    }

    /// The locale pages are worded and ordered in for `language` (a BCP 47 tag), never the
    /// machine's: the tag itself when Foundation (ICU) has data for its language, plain `en` as
    /// international English `en-001` (day–month–year dates), anything unknown (`zz`) as `en-001`;
    /// and where the language's clock is 12-hour (CLDR's preferred hour `j` is `h` or `K`, as for
    /// `en-US`), the 24-hour cycle `h23` (Unicode TR 35's `hc` keyword). See `ReadableDate`,
    /// `HomePageOrder`.
    ///
    /// The keyword is written in ICU's own form, `en_001@hours=h23`, for a tag of language,
    /// script, region and variants only: ICU reads the BCP 47 form `en-001-u-hc-h23` by loading its
    /// table of every extension keyword first (`ulocimp_toLegacyKey`), 7–9 ms of a build measured
    /// (0.4–0.9 ms for the ICU form), and both give the same date and time patterns (checked for
    /// en-001, en-US, de, fi, zh, ar). A tag with an extension of its own (`-u-nu-latn`, `-x-…`)
    /// keeps the BCP 47 form.
    /// Made once per language (ICU's list of locales and a date-format template: ~5 ms) for the
    /// loader and every renderer that asks.
    public static func readerLocale(for language: String) -> Locale {
        if let known = readerLocales.withLock({ $0[language] }) { return known }
        let locale = makeReaderLocale(for: language)
        readerLocales.withLock { $0[language] = locale }
        return locale
    }

    private static let readerLocales = Mutex([String: Locale]())

    private static func makeReaderLocale(for language: String) -> Locale {
        let tag = language.replacingOccurrences(of: "_", with: "-")
        let code = Locale(identifier: tag).language.languageCode?.identifier.lowercased() ?? ""
        let known = !code.isEmpty && Locale.availableIdentifiers.contains(code)
        var base = known ? tag : "en-001"
        if base.lowercased() == "en" { base = "en-001" }
        let preferredClock = DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: Locale(identifier: base)) ?? ""
        guard preferredClock.contains(where: { $0 == "h" || $0 == "K" }) else { return Locale(identifier: base) }
        let subtags = base.split(separator: "-")
        guard subtags.contains(where: { $0.count == 1 }) else {
            return Locale(identifier: subtags.joined(separator: "_") + "@hours=h23")
        }
        return Locale(identifier: base + (base.lowercased().contains("-u-") ? "-hc-h23" : "-u-hc-h23"))
    }

    /// The names of the map types, in the order the map-type control shows them.
    public static let mapTypeNames = ["standard", "satellite", "hybrid"]

    /// The standard layer (the SVG basemap), falling back to OpenStreetMap.
    public var standardTileLayer: TileLayer { tileLayers["standard"] ?? .openStreetMap }

    /// Reads the configuration from a parsed `site.yaml` (`nil` or an empty document gives the
    /// defaults). Wrong types and unknown keys are reported to `log` as warnings at their line (an
    /// unknown key with the known key it may misspell, `KeySuggestion`), and the default is kept.
    /// Three mistakes are errors at their line and column, which stop the build: a `baseURL`
    /// that `BaseURL.check` rejects (every link would be wrong), a `timeZone` that names no IANA
    /// zone (every time on the site would be off), and a tile layer's `url` or `overlay` that is
    /// neither an http(s) template nor a path from the site root (`ConfigReader.tileLayer`).
    public static func load(from root: YAMLNode?, path: String, log: DiagnosticLog) -> SiteConfig {
        var config = SiteConfig()
        guard let root else { return config }
        let reader = ConfigReader(path: path, log: log)
        guard let pairs = reader.mapping(root, name: "site.yaml") else { return config }
        for pair in pairs {
            let key = pair.key.stringValue ?? ""
            let value = pair.value
            switch key {
            case "title": reader.string(value, key) { config.title = $0 }
            case "baseURL":
                reader.string(value, key) { url in
                    do throws(BaseURL.Problem) {
                        let checked = try BaseURL.check(url, name: "baseURL")
                        for warning in checked.warnings { reader.warn(value, warning) }
                        config.baseURL = checked.url
                    } catch {
                        // An error, not a warning: links built on it would all be wrong.
                        log.error(reader.location(value), error.message)
                    }
                }
            case "language":
                reader.string(value, key) { language in
                    if language.wholeMatch(of: #/[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*/#) != nil {
                        config.language = language
                    } else {
                        reader.warn(value, "language '\(language)' is not a BCP 47 language tag (e.g. en, nb-NO); using en")
                    }
                }
            case "timeZone":
                reader.string(value, key) { name in
                    if TimeZone(identifier: name) != nil {
                        config.timeZone = name
                    } else {
                        // An error, not UTC with a warning: every time on the site would be off.
                        log.error(reader.location(value), Self.unknownTimeZoneMessage(name))
                    }
                }
            case "theme":
                reader.string(value, key) { name in
                    if name.isEmpty || name.contains("/") || name.hasPrefix(".") {
                        reader.warn(value, "theme '\(name)' must be a folder name under Themes/; using default")
                    } else {
                        config.theme = name
                        config.themeLocation = reader.location(value)
                    }
                }
            case "markdown":
                reader.forEachKey(value, key, known: ["unsafe", "smart"]) { sub, subValue in
                    switch sub {
                    case "unsafe": reader.bool(subValue, "markdown.unsafe") { config.markdownUnsafe = $0 }
                    case "smart": reader.bool(subValue, "markdown.smart") { config.markdownSmart = $0 }
                    default: break
                    }
                }
            case "map": config.readMap(value, reader)
            case "trips":
                config.readTrips(value, reader)
            case "photos":
                reader.forEachKey(value, key, known: ["keepMetadata", "cameraClockOffset", "maximumGap"]) { subKey, subValue in
                    switch subKey {
                    case "keepMetadata": reader.bool(subValue, "photos.keepMetadata") { config.photosKeepMetadata = $0 }
                    case "cameraClockOffset":
                        reader.number(subValue, "photos.cameraClockOffset") { value in
                            // A camera whose clock was never set is off by decades, not by centuries.
                            if abs(value) <= 100 * 365.25 * 86_400 {
                                config.photosCameraClockOffset = value
                            } else {
                                reader.warn(subValue, "photos.cameraClockOffset must be within ±100 years (±3,155,760,000 seconds); 0 is used")
                            }
                        }
                    default:
                        reader.number(subValue, "photos.maximumGap") { value in
                            if value >= 0 { config.photosMaximumGap = value } else { reader.warn(subValue, "photos.maximumGap must be ≥ 0 seconds") }
                        }
                    }
                }
            case "share": config.readShare(value, reader)
            case "contacts": config.readContacts(value, reader)
            default: reader.unknown(pair.key, key, known: keys)
            }
        }
        return config
    }

    /// `contacts: { publish: [email, phone, address, photo] }`: a list (or one name); an unknown
    /// field name is a warning at its own line and is left out.
    private mutating func readContacts(_ node: YAMLNode, _ reader: ConfigReader) {
        reader.forEachKey(node, "contacts", known: ["publish"]) { _, value in
            var items = [value]
            if case .sequence(let list) = value.content { items = list } else if value.isNull { items = [] }
            var published: Set<ContactPrivacy.Field> = []
            for item in items {
                reader.string(item, "each item of contacts.publish") { name in
                    if let field = ContactPrivacy.Field(rawValue: name) {
                        published.insert(field)
                    } else {
                        let names = ContactPrivacy.Field.allCases.map(\.rawValue).joined(separator: ", ")
                        reader.warn(item, "contacts.publish: unknown field '\(name)' is ignored; use \(names)")
                    }
                }
            }
            // The location is only for the publishing warning, so an empty list leaves the defaults.
            contactPrivacy = ContactPrivacy(published: published, location: published.isEmpty ? nil : reader.location(value))
        }
    }

    private mutating func readShare(_ node: YAMLNode, _ reader: ConfigReader) {
        let known: Set = ["email", "webShare", "links", "destinationText", "tripText", "nearbyPlaces"]
        reader.forEachKey(node, "share", known: known) { key, value in
            switch key {
            case "email": reader.bool(value, "share.email") { shareEmail = $0 }
            case "webShare": reader.bool(value, "share.webShare") { shareWebShare = $0 }
            case "nearbyPlaces": reader.bool(value, "share.nearbyPlaces") { shareNearbyPlaces = $0 }
            case "destinationText":
                Self.readShareText(value, "share.destinationText", ShareTemplate.destinationTextPlaceholders, reader) {
                    shareDestinationText = $0
                }
            case "tripText":
                Self.readShareText(value, "share.tripText", ShareTemplate.tripTextPlaceholders, reader) {
                    shareTripText = $0
                }
            case "links":
                // A list of entries; a single entry on its own is read as a list of one.
                var items = [value]
                if case .sequence(let list) = value.content { items = list } else if value.isNull { items = [] }
                shareLinks = items.enumerated().compactMap { index, item in
                    Self.readShareLink(item, "share.links item \(index + 1)", reader)
                }
            default: break
            }
        }
    }

    /// A share text (`share.destinationText`, `share.tripText`) that uses only `placeholders`.
    private static func readShareText(
        _ node: YAMLNode, _ key: String, _ placeholders: Set<String>, _ reader: ConfigReader, _ assign: (String) -> Void
    ) {
        reader.string(node, key) { text in
            if let unknown = ShareTemplate.placeholders(in: text).first(where: { !placeholders.contains($0) }) {
                let allowed = placeholders.sorted().map { "{\($0)}" }.joined(separator: " or ")
                reader.warn(node, "\(key) has an unknown placeholder {\(unknown)}; use \(allowed)")
            } else {
                assign(text)
            }
        }
    }

    /// One `share.links` entry: `{name, url}`, or a plain URL template named after its host.
    /// A bad entry is a warning at its line (at the url's own line for a bad template) and is left
    /// out (`nil`).
    private static func readShareLink(_ node: YAMLNode, _ key: String, _ reader: ConfigReader) -> ShareLinkTemplate? {
        var name: String?
        var url: (text: String, node: YAMLNode)?
        if node.isNull {
            reader.warn(node, "\(key) is empty; it is left out")
            return nil
        }
        if case .scalar(let text, _) = node.content {
            url = (text, node)
        } else {
            reader.forEachKey(node, key, known: ["name", "url"]) { sub, value in
                switch sub {
                case "name": reader.string(value, "\(key).name") { name = $0 }
                default: reader.string(value, "\(key).url") { url = ($0, value) }
                }
            }
        }
        guard let url else {
            if case .mapping = node.content {
                reader.warn(node, "\(key) needs a url, e.g. { name: Mastodon, url: \"https://mastodon.social/share?text={text}%20{url}\" }")
            }
            return nil
        }
        if let problem = ShareLinkTemplate.problem(url: url.text) {
            reader.warn(url.node, "\(key): \(problem); it is left out")
            return nil
        }
        let givenName = name?.trimmingCharacters(in: .whitespaces) ?? ""
        return ShareLinkTemplate(
            name: givenName.isEmpty ? ShareLinkTemplate.defaultName(url: url.text) : givenName, url: url.text)
    }

    /// `trips`: a preset and filters by name, read as a sidecar's are (`FilterSettingsReader`).
    private mutating func readTrips(_ node: YAMLNode, _ reader: ConfigReader) {
        var filters = FilterSettingsReader()
        reader.forEachKey(node, "trips", known: Set(["preset"] + FilterSettings.names)) { key, value in
            if key == "preset" {
                if let preset = FilterSettingsReader.preset(value, "trips.preset", reader) {
                    (tripsPreset, tripsFilters) = preset
                }
            } else {
                filters.read(key, value, reader)
            }
        }
        filters.apply(to: &tripsFilters, reader)
    }

    private mutating func readMap(_ node: YAMLNode, _ reader: ConfigReader) {
        reader.forEachKey(node, "map", known: ["defaultSpan", "viewport", "fitPadding", "offlineBasemap", "tileLayers"]) { key, value in
            switch key {
            case "defaultSpan":
                if let span = reader.span(value, "map.defaultSpan") { defaultSpan = span }
            case "viewport":
                reader.forEachKey(value, "map.viewport", known: ["width", "height"]) { sub, subValue in
                    let side: WritableKeyPath<SiteConfig, Double> = sub == "width" ? \.viewportWidth : \.viewportHeight
                    reader.positiveNumber(subValue, "map.viewport.\(sub)") { pixels in
                        let written = "map.viewport.\(sub) \(DecimalText.quoted(pixels))"
                        if pixels > Self.maxViewportSide {
                            reader.warn(subValue, "\(written) is more than \(Int(Self.maxViewportSide)) pixels (a map that large "
                                + "takes long to draw and makes a page of megabytes); using \(Int(self[keyPath: side]))")
                        } else if pixels < Self.minViewportSide {
                            reader.warn(subValue, "\(written) is less than \(Int(Self.minViewportSide)) pixels (no map can be "
                                + "read that small); using \(Int(self[keyPath: side]))")
                        } else {
                            self[keyPath: side] = pixels
                        }
                    }
                }
            case "fitPadding":
                reader.number(value, "map.fitPadding") { padding in
                    if padding >= 0 && padding <= 1000 { fitPadding = padding } else {
                        reader.warn(value, "map.fitPadding \(padding) is outside 0…1000 pixels; using \(Int(fitPadding))")
                    }
                }
            case "offlineBasemap":
                reader.bool(value, "map.offlineBasemap") { offlineBasemap = $0 }
            case "tileLayers":
                reader.forEachKey(value, "map.tileLayers", known: Set(SiteConfig.mapTypeNames)) { name, layerNode in
                    if let layer = reader.tileLayer(layerNode, "map.tileLayers.\(name)", base: tileLayers[name]) {
                        tileLayers[name] = layer
                    }
                }
            default: break
            }
        }
    }
}
