import Foundation

/// One map as a page shows it (DESIGN §5.1): the fitted view, the inline SVG, the JSON configuration
/// the theme's script reads, the `data-region` value and the annotation list beside the map.
struct MapPresentation: Sendable {
    /// The annotations, in list order (the destination first).
    let annotations: [Annotation]
    /// The region asked for at build time (degrees); the script restores exactly this one.
    let initialRegion: CoordinateRegion
    /// The region fitted to the site's viewport.
    let view: MapView
    /// The SVG element, without an XML declaration (ready to inline in HTML).
    let svg: String
    /// The map's text alternative.
    let title: String

    /// Fits `initialRegion` to the site's viewport and draws the map with the standard tile layer.
    init(title: String, annotations: [Annotation], initialRegion: CoordinateRegion, config: SiteConfig) {
        self.title = title
        self.annotations = annotations
        self.initialRegion = initialRegion
        let tileLayer = config.standardTileLayer
        view = MapView(
            region: initialRegion, width: config.viewportWidth, height: config.viewportHeight,
            maximumZoom: tileLayer.maxZoom)
        svg = SVGMap.render(
            SVGMapInput(
                view: view, annotations: annotations, title: title, tileLayer: tileLayer,
                includeXMLDeclaration: false, idPrefix: "roadtrip-"))
    }

    /// The standalone `map.svg` file: the same drawing with an XML declaration.
    var svgFile: String { "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg }

    /// The displayed region as `"lat,lon,latitudeDelta,longitudeDelta"` (degrees, 7 decimals) —
    /// the page contract's `data-region` (DESIGN §5.1).
    var dataRegion: String {
        let span = view.displayedSpan
        return [view.center.latitude, view.center.longitude, span.latitudeDelta, span.longitudeDelta]
            .map { String(format: "%.7f", $0) }
            .joined(separator: ",")
    }

    /// The `roadtrip-map-config` JSON of DESIGN §5.1. Safe to place inside `<script>`.
    func configJSON(tileLayers: [String: TileLayer]) -> String {
        let region = JSONValue.object([
            ("center", .object([
                ("latitude", .number(initialRegion.center.latitude)),
                ("longitude", .number(initialRegion.center.longitude)),
            ])),
            ("span", .object([
                ("latitudeDelta", .number(initialRegion.span.latitudeDelta)),
                ("longitudeDelta", .number(initialRegion.span.longitudeDelta)),
            ])),
        ])
        let layers = JSONValue.object(
            SiteConfig.mapTypeNames.compactMap { name in
                guard let layer = tileLayers[name] else { return nil }
                var fields: [(String, JSONValue)] = [
                    ("url", .string(layer.url)), ("attribution", .string(layer.attribution)),
                    ("maxZoom", .number(layer.maxZoom)),
                ]
                if let overlay = layer.overlay { fields.append(("overlay", .string(overlay))) }
                return (name, .object(fields))
            })
        let pins = JSONValue.array(
            annotations.map { annotation in
                var fields: [(String, JSONValue)] = [
                    ("id", .string(annotation.id)), ("kind", .string(annotation.kind.rawValue)),
                    ("title", .string(annotation.title)), ("subtitle", .string(annotation.subtitle)),
                    ("latitude", .number(annotation.coordinate.latitude)),
                    ("longitude", .number(annotation.coordinate.longitude)),
                ]
                if let url = annotation.url { fields.append(("url", .string(url))) }
                return .object(fields)
            })
        return JSONValue.object([
            ("initialRegion", region),
            ("viewport", .object([("width", .number(view.width)), ("height", .number(view.height))])),
            ("zoom", .number(view.zoom)),
            ("tileLayers", layers),
            ("annotations", pins),
        ]).text
    }

    /// The template context of the map and its list (keys used by the theme's `partials/map` and
    /// `partials/poi-list`). `links` maps annotation ids to page links (home page cards).
    func templateValue(tileLayers: [String: TileLayer], listLabel: String) -> TemplateValue {
        var poiNumber = 0
        let items: [TemplateValue] = annotations.map { annotation in
            let marker: String
            if annotation.kind == .pointOfInterest {
                poiNumber += 1
                marker = String(poiNumber)
            } else {
                marker = annotation.kind == .destination ? "★" : "•"
            }
            return .object([
                "id": .string(annotation.id),
                "kind": .string(annotation.kind.rawValue),
                "kindLabel": .string(Self.kindLabel(annotation.kind)),
                "title": .string(annotation.title),
                "subtitle": annotation.subtitle.isEmpty ? .null : .string(annotation.subtitle),
                "url": annotation.url.map { .string($0) } ?? .null,
                "markerColor": .string(annotation.markerColor),
                "marker": .string(marker),
            ])
        }
        let caption =
            "Map of \(title): \(annotations.count) pin\(annotations.count == 1 ? "" : "s"), zoom "
            + String(format: "%.1f", view.zoom)
        return .object([
            "svg": .string(svg),
            "configJSON": .string(configJSON(tileLayers: tileLayers)),
            "dataRegion": .string(dataRegion),
            "zoom": .string(String(format: "%.3f", view.zoom)),
            "caption": .string(caption),
            "listLabel": .string(listLabel),
            "annotations": .list(items),
        ])
    }

    /// The label a list item gives its kind in words (colour is never the only cue).
    static func kindLabel(_ kind: Annotation.Kind) -> String {
        switch kind {
        case .destination: return "Destination"
        case .pointOfInterest: return "Point of interest"
        case .waypoint: return "Waypoint"
        case .photo: return "Photo"
        case .contact: return "Contact"
        case .event: return "Event"
        }
    }
}
