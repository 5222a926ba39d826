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
    /// `<image>` tiles of explicit width and height — or, with the offline basemap, that basemap
    /// alone and its credit, as its UTF-8 bytes; empty unless asked for.
    let svgFile: Data
    /// The map's text alternative.
    let title: String
    /// The offline basemap drawn under the tiles, with its tiles' URL from the page; `nil` without one.
    let offlineBasemap: OfflineBasemapLayer?
    /// What `SVGMap` draws: the view, pins, tracks and route, the standard tile layer (the page's
    /// and `map.svg`'s forms and the share preview each change the basemap and declaration).
    private let input: SVGMapInput

    /// Draws `map` (laid out by the compute stage) with `config`'s standard tile layer (the site's,
    /// its links resolved from the page). `idPrefix` keeps SVG ids unique when a page has several
    /// maps; `withStandaloneFile` also writes `map.svg`'s text; `drawsSVG` false draws nothing
    /// (the home-page cards place HTML markers instead); `offlineBasemap` is drawn under the raster
    /// tiles (embedded in `map.svg`, as tile images behind the inline map and the cards);
    /// `standaloneBasemap`, the body (`BasemapTileSVG.body`) of a drawing of this map's own view,
    /// replaces the tiles in `map.svg` (the overview: a world map's partly shown tiles would double
    /// its size).
    init(
        title: String, annotations: [Annotation], map: FittedMap, config: SiteConfig, idPrefix: String = "roadtrip-",
        withStandaloneFile: Bool = true, drawsSVG: Bool = true, offlineBasemap: OfflineBasemapLayer? = nil,
        standaloneBasemap: String? = nil
    ) {
        self.title = title
        self.offlineBasemap = offlineBasemap
        self.annotations = annotations
        initialRegion = map.initialRegion
        tileLayer = config.standardTileLayer
        view = map.view
        let input = SVGMapInput(
            view: view, annotations: annotations, title: title, tileLayer: tileLayer, idPrefix: idPrefix,
            tracks: map.tracks, route: map.route, offlineBasemap: offlineBasemap.map { _ in [] })
        self.input = input
        var inlineInput = input
        inlineInput.includeXMLDeclaration = false
        inlineInput.drawsTiles = false
        if !drawsSVG {
            svg = ""
            svgFile = Data()
        } else if !withStandaloneFile {
            svg = SVGMap.render(inlineInput)
            svgFile = Data()
        } else {
            // map.svg on the offline basemap alone: a browser draws a broken-image icon for every
            // raster tile it cannot load, over the coastlines; the page's map draws them instead.
            let standalone = offlineBasemap.map { offlineBasemap in
                var standalone = input
                standalone.tileLayer = nil
                standalone.offlineBasemap = standaloneBasemap.map { [OfflineBasemapTile(body: $0)] }
                    ?? offlineBasemap.tiles.placed(in: map.view)
                return standalone
            }
            let rendered = SVGMap.renderInlineAndStandalone(input, standalone: standalone)
            (svg, svgFile) = (rendered.inline, Data(rendered.standalone))
        }
    }

    /// The share preview of this map on the page in `folder` (`bergen/`, `""` for the home page):
    /// the same drawing on the offline basemap in the preview's view (``SharePreview``).
    func sharePreview(folder: String) -> SharePreview {
        SharePreview(folder: folder, input: input, basemap: offlineBasemap?.tiles)
    }

    /// The tiles as the page draws them behind the inline SVG: the offline basemap's first (those of
    /// its native zoom the build drew, `BasemapTileSet.covering(_:)`; a solid tile as its fill's
    /// shared file, `OfflineBasemapLayer.tileURL`), then the raster layer's; each
    /// tile's box in percent of the viewport (so the grid scales with the responsive SVG) and its
    /// URL made safe for a CSS `url('…')` inside an HTML attribute (quotes, parentheses and
    /// backslashes percent-encoded).
    func tiles() -> [MapContext.Tile] {
        func percent(_ value: Double, of total: Double) -> String {
            DecimalText.string(value / total * 100, maximumFractionDigits: 4) + "%"
        }
        func placed(_ tile: MapTile, url: String, isOfflineBasemap: Bool) -> MapContext.Tile {
            // A basemap tile reaches one screen pixel into its neighbours (CSS `calc`, whatever
            // size the map is shown at), so that tiles at fractional positions leave no hairline
            // of the background between them.
            func size(_ value: Double, of total: Double) -> String {
                isOfflineBasemap ? "calc(" + percent(value, of: total) + " + 1px)" : percent(value, of: total)
            }
            return MapContext.Tile(
                left: percent(tile.left, of: view.width), top: percent(tile.top, of: view.height),
                width: size(tile.width, of: view.width), height: size(tile.height, of: view.height),
                url: Self.cssURLSafe(url),
                isOfflineBasemap: isOfflineBasemap)
        }
        let basemap = offlineBasemap.map { layer in
            layer.tiles.covering(view).map {
                placed($0, url: layer.tileURL(zoom: $0.zoom, x: $0.x, y: $0.y), isOfflineBasemap: true)
            }
        } ?? []
        return basemap + MapTile.covering(view, maximumZoom: tileLayer.maxZoom).map {
            placed($0, url: TileLayer.tileURL(tileLayer.url, zoom: $0.zoom, x: $0.x, y: $0.y), isOfflineBasemap: false)
        }
    }

    /// Each pin's tip in percent of the viewport (`left`, `top`) with its kind, in list order: the
    /// card maps draw these as HTML markers.
    func pinPositions() -> [CardMapContext.Pin] {
        annotations.filter(\.coordinate.isValid).map { annotation in
            let point = view.point(for: annotation.coordinate)
            return CardMapContext.Pin(
                left: DecimalText.string(point.x / view.width * 100, maximumFractionDigits: 2) + "%",
                top: DecimalText.string(point.y / view.height * 100, maximumFractionDigits: 2) + "%",
                kind: annotation.kind.rawValue)
        }
    }

    /// `url` with the characters that would end a CSS `url('…')` (quotes, parentheses, backslash)
    /// percent-encoded (RFC 3986 §2.1), so it can sit inside one.
    static func cssURLSafe(_ url: String) -> String {
        // On the URL's contiguous UTF-8 (the UTF-8 view's generic iterator cost ~10 instructions
        // a byte, over ~4,900 URLs at 250 destinations).
        var url = url
        let isSafe = url.withUTF8 { bytes in
            !bytes.contains { byte in
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: ")"): true
                default: false
                }
            }
        }
        guard !isSafe else { return url }
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
        // Written member by member (the same text as the values' JSONValue trees, without making
        // them: a page's configuration was ~230,000 instructions for ~3 KB, most of it building
        // and freeing the trees of its solid tiles' keys).
        var json = JSONWriter(capacity: 1024 + 192 * annotations.count)
        json.beginObject()
        json.key("initialRegion")
        json.beginObject()
        json.key("center")
        json.beginObject()
        json.key("latitude"); json.number(initialRegion.center.latitude)
        json.key("longitude"); json.number(initialRegion.center.longitude)
        json.endObject()
        json.key("span")
        json.beginObject()
        json.key("latitudeDelta"); json.number(initialRegion.span.latitudeDelta)
        json.key("longitudeDelta"); json.number(initialRegion.span.longitudeDelta)
        json.endObject()
        json.endObject()
        json.key("viewport")
        json.beginObject()
        json.key("width"); json.number(view.width)
        json.key("height"); json.number(view.height)
        json.endObject()
        json.key("zoom"); json.number(view.zoom)
        json.key("tileLayers")
        json.beginObject()
        for name in SiteConfig.mapTypeNames {
            guard let layer = tileLayers[name] else { continue }
            json.key(name)
            json.beginObject()
            json.key("url"); json.string(layer.url)
            json.key("attribution"); json.string(layer.attribution)
            json.key("maxZoom"); json.number(layer.maxZoom)
            if let overlay = layer.overlay { json.key("overlay"); json.string(overlay) }
            json.endObject()
        }
        json.endObject()
        // Written pin by pin: the home page's overview lists every destination (4,000 on the benchmark).
        json.key("annotations")
        json.beginArray()
        for annotation in annotations {
            json.beginObject()
            json.key("id"); json.string(annotation.id)
            json.key("kind"); json.string(annotation.kind.rawValue)
            json.key("title"); json.string(annotation.title)
            json.key("subtitle"); json.string(annotation.subtitle)
            json.key("latitude"); json.number(annotation.coordinate.latitude)
            json.key("longitude"); json.number(annotation.coordinate.longitude)
            if let url = annotation.url { json.key("url"); json.string(url) }
            json.endObject()
        }
        json.endArray()
        if let basemap = offlineBasemap {
            // The pyramid's levels for this map: the script scales the nearest level beyond them.
            let levels = BasemapPyramid.levels(of: view)
            json.key("offlineBasemap")
            json.beginObject()
            json.key("url"); json.string(basemap.url)
            json.key("minZoom"); json.number(Double(levels.lowerBound))
            json.key("maxZoom"); json.number(Double(levels.upperBound))
            json.key("attribution"); json.string(Basemap.credit)
            // The pyramid's solid tiles, which have no file of their own: the script shows the fill's.
            let solid = basemap.solidTileKeys(for: view)
            if !solid.isEmpty {
                json.key("solidTiles")
                json.beginObject()
                json.key("url"); json.string(basemap.solidURL)
                for (fill, keys) in solid {
                    json.key(fill.rawValue)
                    json.beginArray()
                    for key in keys { json.string(key) }
                    json.endArray()
                }
                json.endObject()
            }
            json.endObject()
        }
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The map and its list as the theme's `partials/map` and `partials/poi-list` see them.
    /// `tileLayers` are the page's (links resolved from the page); `listLabel` names the list.
    func context(tileLayers: [String: TileLayer], listLabel: String) -> MapContext {
        var poiNumber = 0
        let items = annotations.map { annotation in
            let marker: String
            if annotation.kind == .pointOfInterest {
                poiNumber += 1
                marker = annotation.label ?? String(poiNumber)
            } else if let label = annotation.label {
                marker = label
            } else {
                marker = annotation.kind == .destination ? "★" : "•"
            }
            return MapContext.Item(
                id: annotation.id, kind: annotation.kind.rawValue, kindLabel: Self.kindLabel(annotation.kind),
                title: annotation.title, subtitle: nonEmpty(annotation.subtitle), url: annotation.url,
                markerColor: annotation.markerColor, marker: marker)
        }
        let caption =
            "Map of \(title): " + CountText.counted(annotations.count, "pin") + ", zoom "
            + DecimalText.fixed(view.zoom, fractionDigits: 1)
        return MapContext(
            svg: svg, configJSON: configJSON(tileLayers: tileLayers), dataRegion: dataRegion,
            zoom: DecimalText.fixed(view.zoom, fractionDigits: 3), caption: caption, listLabel: listLabel,
            tiles: tiles(),
            aspectRatio: "\(DecimalText.string(view.width, maximumFractionDigits: 2)) / \(DecimalText.string(view.height, maximumFractionDigits: 2))",
            annotations: items)
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
