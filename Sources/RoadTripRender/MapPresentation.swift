import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripGeo
import RoadTripContent
import RoadTripCompute

/// One map as a page shows it: the fitted view, the inline SVG, the JSON configuration
/// the theme's script reads, the `data-region` value and the annotation list beside the map.
struct MapPresentation: Sendable {
    /// The annotations, in list order (the destination first).
    let annotations: [Annotation]
    /// The region asked for at build time (degrees); the script restores exactly this one.
    let initialRegion: CoordinateRegion
    /// The region fitted to the site's viewport.
    let view: MapView
    /// The SVG element for inlining in HTML: no XML declaration and no tile images (the page draws
    /// the tiles behind it, see `tiles`), transparent where there are no pins.
    let svg: String
    /// The tile layer drawn under the map (the site's standard layer).
    let tileLayer: TileLayer
    /// The standalone `map.svg` file (SVG 1.1 with an XML declaration), with the raster basemap as
    /// `<image>` tiles of explicit width and height; empty unless asked for.
    let svgFile: String
    /// The map's text alternative.
    let title: String

    /// Fits `initialRegion` to the site's viewport and draws the map with the standard tile layer.
    /// `width`/`height` default to the site's `map.viewport`; `idPrefix` keeps SVG ids unique when a
    /// page has several maps.
    init(
        title: String, annotations: [Annotation], initialRegion: CoordinateRegion, config: SiteConfig,
        width: Double? = nil, height: Double? = nil, idPrefix: String = "roadtrip-", withStandaloneFile: Bool = true,
        drawsSVG: Bool = true, tracks: [[[Coordinate]]] = []
    ) {
        self.title = title
        self.annotations = annotations
        self.initialRegion = initialRegion
        tileLayer = config.standardTileLayer
        view = MapView(
            region: initialRegion, width: width ?? config.viewportWidth, height: height ?? config.viewportHeight,
            maximumZoom: tileLayer.maxZoom)
        // Tracks are simplified to half a pixel at this zoom (Douglas–Peucker in ground metres), so
        // the SVG stays small however long the recording is.
        let tolerance = TrackSimplification.toleranceForMap(metresPerPixel: view.metresPerPixel)
        let lines = tracks.flatMap { $0 }.map { line in
            TrackSimplification.simplify(line, tolerance: tolerance).map { line[$0] }
        }
        let input = SVGMapInput(
            view: view, annotations: annotations, title: title, tileLayer: tileLayer, idPrefix: idPrefix,
            tracks: lines)
        if !drawsSVG {
            svg = ""
            svgFile = ""
        } else if withStandaloneFile {
            (svg, svgFile) = SVGMap.renderInlineAndStandalone(input)
        } else {
            var inlineInput = input
            inlineInput.includeXMLDeclaration = false
            inlineInput.drawsTiles = false
            svg = SVGMap.render(inlineInput)
            svgFile = ""
        }
    }

    /// The raster tiles as the page draws them behind the inline SVG: each tile's box in percent of
    /// the viewport (so the grid scales with the responsive SVG) and its URL made safe for a CSS
    /// `url('…')` inside an HTML attribute (quotes, parentheses and backslashes percent-encoded).
    func tiles() -> [TemplateValue] {
        func percent(_ value: Double, of total: Double) -> TemplateValue {
            .string(DecimalText.string(value / total * 100, maximumFractionDigits: 4) + "%")
        }
        return MapTile.covering(view, maximumZoom: tileLayer.maxZoom).map { tile in
            let url = Self.cssURLSafe(TileLayer.tileURL(tileLayer.url, zoom: tile.zoom, x: tile.x, y: tile.y))
            return .object([
                "left": percent(tile.left, of: view.width), "top": percent(tile.top, of: view.height),
                "width": percent(tile.width, of: view.width), "height": percent(tile.height, of: view.height),
                "url": .string(url),
            ])
        }
    }

    /// Each pin's tip in percent of the viewport (`left`, `top`) with its kind, in list order: the
    /// card maps draw these as HTML markers.
    func pinPositions() -> [TemplateValue] {
        annotations.filter(\.coordinate.isValid).map { annotation in
            let point = view.point(for: annotation.coordinate)
            return .object([
                "left": .string(DecimalText.string(point.x / view.width * 100, maximumFractionDigits: 2) + "%"),
                "top": .string(DecimalText.string(point.y / view.height * 100, maximumFractionDigits: 2) + "%"),
                "kind": .string(annotation.kind.rawValue),
            ])
        }
    }

    /// `url` with the characters that would end a CSS `url('…')` (quotes, parentheses, backslash)
    /// percent-encoded (RFC 3986 §2.1), so it can sit inside one.
    static func cssURLSafe(_ url: String) -> String {
        var safe = ""
        safe.reserveCapacity(url.utf8.count)
        for scalar in url.unicodeScalars {
            switch scalar {
            case "\\": safe += "%5C"
            case "'": safe += "%27"
            case "\"": safe += "%22"
            case "(": safe += "%28"
            case ")": safe += "%29"
            default: safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// The region shown, as the map element's `data-region` attribute:
    /// `"lat,lon,latitudeDelta,longitudeDelta"` in degrees with 7 decimals. It is the region set on
    /// the map — at build time the initial region — which the viewport shows fitted (`view`); the
    /// page script keeps it current as the reader locates, zooms and pans.
    var dataRegion: String {
        [initialRegion.center.latitude, initialRegion.center.longitude,
         initialRegion.span.latitudeDelta, initialRegion.span.longitudeDelta]
            .map { DecimalText.fixed($0, fractionDigits: 7) }
            .joined(separator: ",")
    }

    /// The `roadtrip-map-config` JSON the theme's script reads. Safe to place inside `<script>`.
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
            "Map of \(title): " + CountText.counted(annotations.count, "pin") + ", zoom "
            + DecimalText.fixed(view.zoom, fractionDigits: 1)
        return .object([
            "svg": .string(svg),
            "configJSON": .string(configJSON(tileLayers: tileLayers)),
            "dataRegion": .string(dataRegion),
            "zoom": .string(DecimalText.fixed(view.zoom, fractionDigits: 3)),
            "caption": .string(caption),
            "listLabel": .string(listLabel),
            "tiles": .list(tiles()),
            "aspectRatio": .string("\(DecimalText.string(view.width, maximumFractionDigits: 2)) / \(DecimalText.string(view.height, maximumFractionDigits: 2))"),
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
