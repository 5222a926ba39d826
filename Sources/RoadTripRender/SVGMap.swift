import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// What `SVGMap.render` draws: a fitted view, its pins and an optional raster basemap.
public struct SVGMapInput: Sendable {
    /// The fitted view: center, fractional zoom and viewport size in CSS pixels.
    public var view: MapView
    /// The pins, in list order (destination first, then POIs, as `Trip.annotations()` gives them).
    public var annotations: [Annotation]
    /// The map's text alternative (its `<title>`), e.g. "Map of New York City".
    public var title: String
    /// The raster basemap, or `nil` for a plain background (the map stays usable either way).
    public var tileLayer: TileLayer?
    /// Lines to draw under the pins (tracks), each a list of coordinates in degrees, already
    /// simplified to the map's resolution; drawn as one `<path class="track">` per line.
    public var tracks: [[Coordinate]]
    /// An itinerary's route, drawn with the tracks under the pins: recorded drives solid, planned
    /// legs dashed (`<path class="track route route-recorded|route-planned">`).
    public var route: [RouteLine]
    /// `false` leaves the tile `<image>`s out but keeps the layer's attribution: for inline maps
    /// whose page draws the tiles itself (behind the SVG, where a tile that cannot load leaves no
    /// broken-image mark).
    public var drawsTiles: Bool
    /// `true` for a standalone `map.svg` (`<?xml …?>` first), `false` for SVG inlined in HTML.
    public var includeXMLDeclaration: Bool
    /// The offline vector basemap's tiles under the view (`BasemapTileSet.placed(in:)`), drawn
    /// under the raster tiles of a standalone map (land and lakes over the sea), with GSHHG's credit
    /// on every form of the map; `nil` for the plain background.
    public var offlineBasemap: [OfflineBasemapTile]?
    /// Prepended to every `id` in the SVG so several inline maps on one page do not clash; use
    /// letters, digits, `-` or `_` (e.g. `"new-york-"`).
    public var idPrefix: String

    /// Creates the input; see the properties for units and meaning.
    public init(
        view: MapView, annotations: [Annotation], title: String, tileLayer: TileLayer? = nil,
        includeXMLDeclaration: Bool = true, idPrefix: String = "", drawsTiles: Bool = true,
        tracks: [[Coordinate]] = [], route: [RouteLine] = [], offlineBasemap: [OfflineBasemapTile]? = nil
    ) {
        self.route = route
        self.offlineBasemap = offlineBasemap
        self.drawsTiles = drawsTiles
        self.tracks = tracks
        self.view = view
        self.annotations = annotations
        self.title = title
        self.tileLayer = tileLayer
        self.includeXMLDeclaration = includeXMLDeclaration
        self.idPrefix = idPrefix
    }
}

/// The static SVG map of a page: works without JavaScript, and the page
/// script enhances it.
///
/// Output (SVG 1.1, well-formed; pixel values with at most 2 decimals):
/// ```
/// <svg xmlns=… xmlns:xlink=… version="1.1" width=W height=H viewBox="0 0 W H" class="roadtrip-map"
///      role="img" data-zoom="12.3456">
///   <title id="{p}map-title">…</title> <desc id="{p}map-desc">…</desc>
///   <rect class="map-background" …/>                    plain background under the tiles
///   <g class="tiles" data-tile-zoom="z"> <image x y width height href xlink:href/> … </g>
///   <g class="tiles tiles-overlay" …> … </g>           only for a layer with an overlay
///   <g class="pins">
///     <g class="pin-legs" pointer-events="none"> <path class="pin-leg-halo"/> <path class="pin-leg"/>
///       <path class="pin-origin"/> </g>                     only when a pin is spread (see below)
///     <g class="pin pin-<kind>" data-annotation-id=… transform="translate(x,y)">
///       <title>…</title> <desc>…</desc> <path class="pin-shape" …/> <path/text/circle class="pin-mark" …/>
///     </g> …
///   </g>
///   <g class="scale-bar" …> <g class="scale-metric">…</g> <g class="scale-imperial">…</g> </g>
///   <text class="attribution" …>© OpenStreetMap contributors</text>
/// </svg>
/// ```
/// - Pins are teardrops whose tip is exactly at `MapView.point(for:)`, filled with
///   `Annotation.markerColor`. The shape tells kinds apart, not only the colour: the destination's
///   pin is larger and carries a star; a point of interest carries its 1-based number among the
///   POIs (matching the page's list and GeoJSON `marker-symbol`); other kinds carry a dot. Pins
///   outside the view are still drawn (the viewBox clips them). Invalid coordinates are skipped.
/// - Pins never hide each other: pins whose tips are closer than their size (`PinShape.size`) are
///   spread around their group's centre (`PinSpread`; the destination's pin keeps its place on a map
///   with no other destination), each
///   with a leader line from its tip to its true place, where a dot marks it. The GeoJSON and the
///   page's annotation data keep the true coordinates.
/// - Pins are not focusable here: the root is `role="img"`, whose children are presentational
///   (WAI-ARIA 1.2), and without script a pin has no action. The page script that opens callouts
///   adds `tabindex`/`role` itself.
/// - `<title>`/`<desc>` as the first children are the text alternative (SVG 1.1 §5.4; SVG-AAM
///   name computation; no `aria-labelledby`, which SVG 1.1 does not allow), WAI-ARIA
///   Graphics Module; `href` (SVG 2) and `xlink:href` (SVG 1.1) are both written on tiles.
public struct SVGMap {
    /// The SVG document text for `input`.
    public static func render(_ input: SVGMapInput) -> String {
        let view = input.view
        let prefix = input.idPrefix
        let width = SVGPixels.text(view.width), height = SVGPixels.text(view.height)
        return XMLDocumentWriter.document(includeDeclaration: input.includeXMLDeclaration) { writer in
            writer.element("svg", attributes: [
                ("xmlns", "http://www.w3.org/2000/svg"),
                ("xmlns:xlink", "http://www.w3.org/1999/xlink"),
                ("version", "1.1"),
                ("width", width), ("height", height), ("viewBox", "0 0 \(width) \(height)"),
                ("class", "roadtrip-map"),
                ("role", "img"),
                ("data-zoom", DecimalText.string(view.zoom, maximumFractionDigits: 4)),
            ]) {
                writer.element("title", attributes: [("id", "\(prefix)map-title")], text: input.title)
                writer.element("desc", attributes: [("id", "\(prefix)map-desc")], text: description(input))
                if input.drawsTiles { writeBasemap(input, to: writer) }
                if !input.tracks.isEmpty || !input.route.isEmpty {
                    writeTracks(input.tracks, route: input.route, view: view, to: writer)
                }
                writePins(input.annotations, view: view, to: writer)
                writeScaleBar(ScaleBar(metresPerPixel: view.metresPerPixel), mapHeight: view.height, to: writer)
                writeCredits(input, to: writer)
            }
        }
    }

    /// The tile layer's attribution on the bottom line (none for a standalone map drawn on the
    /// offline basemap alone), GSHHG's credit above it or in its place: the last children of the map.
    private static func writeCredits(_ input: SVGMapInput, to writer: XMLDocumentWriter) {
        let view = input.view
        let attribution = input.tileLayer?.attribution ?? (input.offlineBasemap == nil ? "roadtrip" : nil)
        if input.offlineBasemap != nil {
            writer.element("text", attributes: [
                ("class", "basemap-credit"),
                ("x", SVGPixels.text(view.width - 4)), ("y", SVGPixels.text(view.height - (attribution == nil ? 4 : 16))),
                ("text-anchor", "end"), ("font-family", "sans-serif"), ("font-size", "10"),
                ("fill", "#333333"), ("stroke", "#ffffff"), ("stroke-width", "3"), ("style", "paint-order:stroke"),
            ], text: Basemap.credit)
        }
        if let attribution {
            writer.element("text", attributes: [
                ("class", "attribution"),
                ("x", SVGPixels.text(view.width - 4)), ("y", SVGPixels.text(view.height - 4)),
                ("text-anchor", "end"), ("font-family", "sans-serif"), ("font-size", "10"),
                ("fill", "#333333"), ("stroke", "#ffffff"), ("stroke-width", "3"),
                ("style", "paint-order:stroke"),
            ], text: attribution)
        }
    }

    /// `<g class="basemap">`: the plain background (the sea, `basemap-sea`, under an offline
    /// basemap, with the sheet that recolours it for a dark page), the offline basemap as
    /// `<g class="basemap-vector">` of one `<g transform="translate(…) scale(…)">` per tile around
    /// its body (`BasemapTileSVG.body`; a body already in the view's pixels as it is), and, with a
    /// tile layer, its raster tiles (and overlay) over them.
    private static func writeBasemap(_ input: SVGMapInput, to writer: XMLDocumentWriter) {
        let view = input.view
        writer.element("g", attributes: [("class", "basemap")]) {
            if let tiles = input.offlineBasemap {
                // Tiles drawn larger or smaller than 256 px keep 1-pixel lines.
                let scale = tiles.first?.scale ?? 1
                let strokes = scale == 1 ? "" : BasemapTileSVG.scaledStrokeStyle(scale: scale)
                writer.element("style", attributes: [("type", "text/css")], text: strokes + BasemapTileSVG.darkStyle)
            }
            writer.element("rect", attributes: [
                ("class", input.offlineBasemap == nil ? "map-background" : "map-background basemap-sea"), ("x", "0"), ("y", "0"),
                ("width", SVGPixels.text(view.width)), ("height", SVGPixels.text(view.height)),
                ("fill", input.offlineBasemap == nil ? "#e8eef1" : BasemapTileSVG.seaColour),
            ])
            if let tiles = input.offlineBasemap, !tiles.isEmpty {
                // A tile's paths reach 2 px past its edges, with the edges of rings cut there; each
                // tile shows its own square and half a pixel more, so neighbours overlap without a seam.
                let clipID = input.idPrefix + "basemap-tile-clip"
                // A tile shown more than once (a view wider than the world repeats its tiles) is
                // written once, in <defs>, and each placement is a <use> of it. Tiles are told apart
                // by their place in the pyramid, not by their bodies (hashing every body cost more).
                var occurrences: [BasemapPyramid.Tile: Int] = [:]
                for case let tile? in tiles.map(\.tile) { occurrences[tile, default: 0] += 1 }
                var repeatedIDs: [BasemapPyramid.Tile: String] = [:]
                for case let tile? in tiles.map(\.tile) where occurrences[tile, default: 0] > 1 && repeatedIDs[tile] == nil {
                    repeatedIDs[tile] = input.idPrefix + "basemap-tile-\(repeatedIDs.count + 1)"
                }
                func repeatedID(_ placed: OfflineBasemapTile) -> String? { placed.tile.flatMap { repeatedIDs[$0] } }
                writer.element("defs") {
                    writer.element("clipPath", attributes: [("id", clipID)]) {
                        writer.element("rect", attributes: [("x", "-0.5"), ("y", "-0.5"), ("width", "257"), ("height", "257")])
                    }
                    var defined: Set<String> = []
                    for placed in tiles {
                        guard let id = repeatedID(placed), defined.insert(id).inserted else { continue }
                        writer.element("g", attributes: [("id", id)]) { writer.raw(placed.body) }
                    }
                }
                writer.element("g", attributes: [("class", "basemap-vector")]) {
                    for placed in tiles {
                        let id = repeatedID(placed)
                        if id == nil, placed.left == 0, placed.top == 0, placed.scale == 1 {
                            writer.raw(placed.body)
                            continue
                        }
                        let placement: [(String, String)] = [(
                            "transform",
                            "translate(\(SVGPixels.text(placed.left)),\(SVGPixels.text(placed.top))) scale("
                                + DecimalText.string(placed.scale, maximumFractionDigits: 5) + ")"
                        ), ("clip-path", "url(#\(clipID))")]
                        if let id {
                            writer.element("use", attributes: placement + [("href", "#" + id), ("xlink:href", "#" + id)])
                        } else {
                            writer.element("g", attributes: placement) { writer.raw(placed.body) }
                        }
                    }
                }
            }
            if let layer = input.tileLayer {
                let tiles = MapTile.covering(view, maximumZoom: layer.maxZoom)
                writeTiles(tiles, template: layer.url, className: "tiles", to: writer)
                if let overlay = layer.overlay {
                    writeTiles(tiles, template: overlay, className: "tiles tiles-overlay", to: writer)
                }
            }
        }
    }

    /// The XML declaration libxml2 writes first in a standalone document.
    static let xmlDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    /// Both forms of one map from a single drawing of its pins: the inline SVG (`input` without
    /// declaration or basemap — the page draws tiles behind it) and the standalone `map.svg`
    /// (`standalone`, by default `input`, with declaration and basemap) as its UTF-8 bytes, which
    /// are written to the file as they are (a `String` of them would check each byte again: the
    /// map.svg of a page on the offline basemap embeds its tiles, tens of kilobytes).
    /// `standalone` may differ from `input` only in its tile layer and offline basemap (a map on
    /// the offline basemap alone has no raster tiles), which change its basemap group and its
    /// credits. Byte-identical to `render` of each (with `drawsTiles` false / true and
    /// `includeXMLDeclaration` false / true), at about half the cost of calling it twice.
    public static func renderInlineAndStandalone(
        _ input: SVGMapInput, standalone: SVGMapInput? = nil
    ) -> (inline: String, standalone: [UInt8]) {
        var inlineInput = input
        inlineInput.drawsTiles = false
        inlineInput.includeXMLDeclaration = false
        var standaloneInput = standalone ?? input
        standaloneInput.drawsTiles = true
        standaloneInput.includeXMLDeclaration = true
        let inline = render(inlineInput)
        return (inline, standaloneDocument(splicing: inline, of: inlineInput, into: standaloneInput) ?? Array(render(standaloneInput).utf8))
    }

    /// The standalone document of `standalone` made from `inline`, the rendering of `inlineInput`:
    /// its basemap group inserted after the `<desc>`, its credits in place of the inline ones, the
    /// declaration first, as UTF-8; `nil` when `inline` is not laid out as expected.
    static func standaloneDocument(splicing inline: String, of inlineInput: SVGMapInput, into standalone: SVGMapInput) -> [UInt8]? {
        // The basemap and the credits sit one level inside <svg>: fragments indented by two spaces.
        let basemap = indentedChildren { writeBasemap(standalone, to: $0) }
        let closing = Array("</svg>\n".utf8)
        let inlineCredits = indentedChildren { writeCredits(inlineInput, to: $0) } + closing
        let standaloneCredits = indentedChildren { writeCredits(standalone, to: $0) } + closing
        var inline = inline
        return inline.withUTF8 { text -> [UInt8]? in
            // Compared and searched as bytes (String's own search and suffix test compare characters).
            let marker = Array("</desc>\n".utf8)
            guard let base = UnsafeRawBufferPointer(text).baseAddress, inlineCredits.count <= text.count,
                  let found = stride(from: 0, through: text.count - marker.count, by: 1).first(where: { offset in
                      text[offset] == marker[0] && memcmp(base + offset, marker, marker.count) == 0
                  })
            else { return nil }
            let descEnd = found + marker.count
            let creditsStart = text.count - inlineCredits.count
            guard creditsStart >= descEnd, memcmp(base + creditsStart, inlineCredits, inlineCredits.count) == 0 else { return nil }
            var document = Array(xmlDeclaration.utf8)
            document.reserveCapacity(document.count + text.count + basemap.count + standaloneCredits.count)
            document.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<descEnd]))
            document.append(contentsOf: basemap)
            document.append(contentsOf: UnsafeBufferPointer(rebasing: text[descEnd..<creditsStart]))
            document.append(contentsOf: standaloneCredits)
            return document
        }
    }

    /// What `body` writes, as children of the map's root, as UTF-8: each line indented by two spaces.
    private static func indentedChildren(_ body: (XMLDocumentWriter) -> Void) -> [UInt8] {
        let fragment = XMLDocumentWriter.documentBytes(includeDeclaration: false, body)
        guard !fragment.isEmpty else { return [] }
        // Line by line, each found with memchr (a tile's body is one long line; a generic split
        // of the UTF-8 view cost three instructions a byte): every line, the last one too when
        // it has no newline, gets two spaces before it and ends with a newline.
        return fragment.withUnsafeBufferPointer { text -> [UInt8] in
            let base = UnsafeRawPointer(text.baseAddress!)
            var indented: [UInt8] = []
            indented.reserveCapacity(text.count + 512)
            var start = 0
            while start < text.count {
                let newline = memchr(base + start, 0x0A, text.count - start)
                let end = newline.map { UnsafeRawPointer($0) - base } ?? text.count
                indented.append(0x20)
                indented.append(0x20)
                indented.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
                indented.append(0x0A)
                start = end + 1
            }
            return indented
        }
    }

    /// The map's `<desc>`: where it is centred and which pins it shows, e.g.
    /// "Map centred on 40.7128, -74.006 showing 2 places: New York City; Central Park."
    static func description(_ input: SVGMapInput) -> String {
        let center = input.view.center
        let titles = input.annotations.filter(\.coordinate.isValid).map(\.title)
        let place = "Map centred on \(DecimalText.string(center.latitude, maximumFractionDigits: 4)), "
            + "\(DecimalText.string(center.longitude, maximumFractionDigits: 4))"
        guard !titles.isEmpty else { return place + "." }
        return place + " showing " + CountText.counted(titles.count, "place") + ": \(titles.joined(separator: "; "))."
    }

    private static func writeTiles(
        _ tiles: [MapTile], template: String, className: String, to writer: XMLDocumentWriter
    ) {
        guard let zoom = tiles.first?.zoom else { return }
        writer.element("g", attributes: [("class", className), ("data-tile-zoom", String(zoom))]) {
            for tile in tiles {
                // Round both edges, then take the difference, so neighbouring tiles meet exactly.
                let left = rounded(tile.left), right = rounded(tile.left + tile.width)
                let top = rounded(tile.top), bottom = rounded(tile.top + tile.height)
                let url = TileLayer.tileURL(template, zoom: tile.zoom, x: tile.x, y: tile.y)
                writer.element("image", attributes: [
                    ("x", SVGPixels.text(left)), ("y", SVGPixels.text(top)),
                    ("width", SVGPixels.text(right - left)), ("height", SVGPixels.text(bottom - top)),
                    ("href", url), ("xlink:href", url),
                ])
            }
        }
    }

    /// `<g class="tracks">`: the route's lines, then the tracks, each line as a path in viewport
    /// pixels (1 decimal), longitudes taken the short way from the view's center (`MapView.point`),
    /// so a line across ±180° is one piece. A planned leg is blue and dashed, a recorded drive blue
    /// and solid, a track red; the page script moves and scales the group as the map zooms.
    private static func writeTracks(
        _ tracks: [[Coordinate]], route: [RouteLine], view: MapView, to writer: XMLDocumentWriter
    ) {
        func pathData(_ line: [Coordinate]) -> String {
            var path = ""
            path.reserveCapacity(line.count * 14)
            for (index, coordinate) in line.enumerated() {
                let point = view.point(for: coordinate)
                guard point.x.isFinite, point.y.isFinite else { continue }
                path += index == 0 ? "M" : "L"
                path += DecimalText.string(point.x, maximumFractionDigits: 1) + ","
                    + DecimalText.string(point.y, maximumFractionDigits: 1)
            }
            return path
        }
        writer.element("g", attributes: [("class", "tracks")]) {
            for line in route where line.coordinates.count >= 2 {
                var attributes = [
                    ("class", "track route " + (line.isRecorded ? "route-recorded" : "route-planned")),
                    ("d", pathData(line.coordinates)), ("fill", "none"), ("stroke", routeStroke),
                    ("stroke-width", line.isRecorded ? "3" : "2.5"), ("stroke-linejoin", "round"), ("stroke-linecap", "round"),
                ]
                if !line.isRecorded { attributes.append(("stroke-dasharray", "8 6")) }
                writer.element("path", attributes: attributes)
            }
            for track in tracks where track.count >= 2 {
                writer.element("path", attributes: [
                    ("class", "track"), ("d", pathData(track)), ("fill", "none"), ("stroke", "#c62828"), ("stroke-width", "3"),
                    ("stroke-linejoin", "round"), ("stroke-linecap", "round"),
                ])
            }
        }
    }

    /// The route's colour (`#1565c0`, a dark blue that reads on land, sea and the raster tiles,
    /// apart from the red of tracks and destination pins), also the `stroke` of legs in `itinerary.geojson`.
    public static let routeStroke = "#1565c0"

    /// `<g class="pins">`: the leader lines of spread pins (`writeLeaderLines`), then one pin per
    /// annotation with a valid coordinate, in list order (which is also the keyboard's order), each
    /// drawn where `PinSpread` places it: on its coordinate, or spread from a group of pins that
    /// would hide each other.
    private static func writePins(_ annotations: [Annotation], view: MapView, to writer: XMLDocumentWriter) {
        let placed = annotations.compactMap { annotation -> (annotation: Annotation, place: ViewportPoint)? in
            guard annotation.coordinate.isValid else { return nil }
            let point = view.point(for: annotation.coordinate)
            guard point.x.isFinite, point.y.isFinite else { return nil }
            return (annotation, ViewportPoint(x: point.x, y: point.y))
        }
        // The destination keeps its place on its own map; on a map of many destinations (the
        // overview, a tag's, a trip's) every group is spread around its centre.
        let destinations = placed.lazy.filter { $0.annotation.kind == .destination }.count
        let drawn = PinSpread.positions(
            of: placed.map { pin in
                PinSpread.Pin(
                    point: pin.place, size: PinShape.shape(for: pin.annotation.kind).size,
                    staysInPlace: destinations == 1 && pin.annotation.kind == .destination)
            },
            width: view.width, height: view.height)
        writer.element("g", attributes: [("class", "pins")]) {
            writeLeaderLines(from: drawn, to: placed.map(\.place), to: writer)
            var pointOfInterestNumber = 0
            for ((annotation, _), point) in zip(placed, drawn) {
                if annotation.kind == .pointOfInterest { pointOfInterestNumber += 1 }
                writer.element("g", attributes: [
                    ("class", "pin pin-\(annotation.kind.rawValue)"),
                    ("data-annotation-id", annotation.id),
                    ("transform", "translate(\(SVGPixels.text(point.x)),\(SVGPixels.text(point.y)))"),
                ]) {
                    writer.element("title", text: annotation.title)
                    if !annotation.subtitle.isEmpty { writer.element("desc", text: annotation.subtitle) }
                    let isDestination = annotation.kind == .destination
                    let shape = PinShape.shape(for: annotation.kind)
                    writer.element("path", attributes: [
                        ("class", "pin-shape"), ("d", isDestination ? PinShape.largeOutline : PinShape.regularOutline),
                        ("fill", annotation.markerColor), ("stroke", "#1a1a1a"), ("stroke-width", "1"),
                    ])
                    switch annotation.kind {
                    case _ where annotation.label != nil:
                        writer.element("text", attributes: [
                            ("class", "pin-mark"), ("x", "0"), ("y", SVGPixels.text(-shape.headCenterDistance)),
                            ("dy", "0.35em"), ("text-anchor", "middle"), ("font-family", "sans-serif"),
                            ("font-size", isDestination ? "11" : "10"), ("font-weight", "bold"), ("fill", "#ffffff"),
                        ], text: annotation.label ?? "")
                    case .destination:
                        writer.element("path", attributes: [
                            ("class", "pin-mark"), ("d", PinShape.largeStar), ("fill", "#ffffff"),
                        ])
                    case .pointOfInterest:
                        writer.element("text", attributes: [
                            ("class", "pin-mark"), ("x", "0"), ("y", SVGPixels.text(-shape.headCenterDistance)),
                            ("dy", "0.35em"), ("text-anchor", "middle"), ("font-family", "sans-serif"),
                            ("font-size", "10"), ("font-weight", "bold"), ("fill", "#ffffff"),
                        ], text: String(pointOfInterestNumber))
                    case .photo where annotation.thumbnail != nil:
                        // A thumbnail pin: the photo itself, 16 px, in the pin's head.
                        let url = annotation.thumbnail ?? ""
                        writer.element("image", attributes: [
                            ("class", "pin-mark pin-thumbnail"), ("x", "-8"), ("y", SVGPixels.text(-shape.headCenterDistance - 8)),
                            ("width", "16"), ("height", "16"), ("preserveAspectRatio", "xMidYMid slice"),
                            ("href", url), ("xlink:href", url),
                        ])
                    default:
                        writer.element("circle", attributes: [
                            ("class", "pin-mark"), ("cx", "0"), ("cy", SVGPixels.text(-shape.headCenterDistance)),
                            ("r", "3.5"), ("fill", "#ffffff"),
                        ])
                    }
                }
            }
        }
    }

    /// `<g class="pin-legs">`, first in the pins' group (under them), when a pin is drawn away from
    /// its coordinate: a thin dark line with a white halo from each such pin's tip (`drawn`) to its
    /// true place (`places`), and a small dark dot (3 px, white ring) on each true place, so the
    /// reader sees where the spread pins really are. Three paths, whatever the number of pins:
    /// `pin-leg-halo`, `pin-leg` and `pin-origin`, which the page script redraws as the map zooms.
    private static func writeLeaderLines(from drawn: [ViewportPoint], to places: [ViewportPoint], to writer: XMLDocumentWriter) {
        var legs = "", dots = "", dotted: Set<String> = []
        for (pin, place) in zip(drawn, places) where pin != place {
            legs += "M" + SVGPixels.text(pin.x) + "," + SVGPixels.text(pin.y) + "L" + SVGPixels.text(place.x) + "," + SVGPixels.text(place.y)
            let dot = "M" + SVGPixels.text(place.x - 3) + "," + SVGPixels.text(place.y)
            if dotted.insert(dot).inserted { dots += dot + "a3,3 0 1 0 6,0a3,3 0 1 0 -6,0" }
        }
        guard !legs.isEmpty else { return }
        writer.element("g", attributes: [("class", "pin-legs"), ("pointer-events", "none")]) {
            writer.element("path", attributes: [
                ("class", "pin-leg-halo"), ("d", legs), ("fill", "none"), ("stroke", "#ffffff"), ("stroke-width", "3.5"),
                ("stroke-opacity", "0.8"), ("stroke-linecap", "round"),
            ])
            writer.element("path", attributes: [
                ("class", "pin-leg"), ("d", legs), ("fill", "none"), ("stroke", "#1a1a1a"), ("stroke-width", "1.5"),
                ("stroke-linecap", "round"),
            ])
            writer.element("path", attributes: [
                ("class", "pin-origin"), ("d", dots), ("fill", "#1a1a1a"), ("stroke", "#ffffff"), ("stroke-width", "1.5"),
            ])
        }
    }

    /// Bottom-left: the metric bar (ticks up) above the imperial one (ticks down), labels at their
    /// right ends, with a white halo so they read over any basemap.
    private static func writeScaleBar(_ scaleBar: ScaleBar, mapHeight: Double, to writer: XMLDocumentWriter) {
        func bar(_ bar: ScaleBar.Bar, className: String, path: String, labelY: Double) {
            writer.element("g", attributes: [("class", className), ("data-metres", DecimalText.string(bar.metres, maximumFractionDigits: 4))]) {
                writer.element("path", attributes: [
                    ("d", path), ("fill", "none"), ("stroke", "#ffffff"), ("stroke-width", "3"),
                ])
                writer.element("path", attributes: [
                    ("d", path), ("fill", "none"), ("stroke", "#222222"), ("stroke-width", "1.5"),
                ])
                writer.element("text", attributes: [
                    ("x", SVGPixels.text(bar.length + 4)), ("y", SVGPixels.text(labelY)),
                    ("fill", "#222222"), ("stroke", "#ffffff"), ("stroke-width", "3"), ("style", "paint-order:stroke"),
                ], text: bar.label)
            }
        }
        writer.element("g", attributes: [
            ("class", "scale-bar"), ("transform", "translate(10,\(SVGPixels.text(mapHeight - 34)))"),
            ("font-family", "sans-serif"), ("font-size", "10"),
        ]) {
            let metric = SVGPixels.text(scaleBar.metric.length), imperial = SVGPixels.text(scaleBar.imperial.length)
            bar(scaleBar.metric, className: "scale-metric", path: "M0,4V10H\(metric)V4", labelY: 10)
            bar(scaleBar.imperial, className: "scale-imperial", path: "M0,20V14H\(imperial)V20", labelY: 20)
        }
    }

    /// `value` rounded to 2 decimals (1/100 px).
    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
