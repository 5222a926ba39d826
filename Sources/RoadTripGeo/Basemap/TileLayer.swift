import Foundation
import RoadTripCore

/// A raster XYZ tile source for a map's basemap, as configured in `site.yaml` `map.tileLayers`
/// (the Codable keys are those spellings: `url`, `overlay`, `attribution`, `maxZoom`).
public struct TileLayer: Sendable, Hashable, Codable {
    /// URL template with `{z}`, `{x}`, `{y}` placeholders (Web Mercator, 256-px tiles; OSM
    /// "Slippy map tilenames" numbering, y growing south).
    public var url: String
    /// Optional second template drawn over `url` (e.g. labels over imagery for "hybrid").
    public var overlay: String?
    /// The credit line the tile provider requires, shown bottom-right on the map.
    public var attribution: String
    /// The highest zoom level the source serves; maps never zoom further.
    public var maxZoom: Double

    /// Creates a tile layer.
    public init(url: String, overlay: String? = nil, attribution: String, maxZoom: Double) {
        self.url = url
        self.overlay = overlay
        self.attribution = attribution
        self.maxZoom = maxZoom
    }

    /// The `standard` default of `map.tileLayers`: OpenStreetMap's tile server, zoom ≤ 19, with the
    /// attribution the OSMF tile usage policy requires ("© OpenStreetMap contributors").
    public static let openStreetMap = TileLayer(
        url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attribution: "© OpenStreetMap contributors", maxZoom: 19)

    /// The `satellite` default of `map.tileLayers`: Esri World Imagery (note its `{y}/{x}` order).
    public static let esriWorldImagery = TileLayer(
        url: "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
        attribution: "Tiles © Esri", maxZoom: 19)

    /// The `hybrid` default of `map.tileLayers`: Esri World Imagery with Esri's boundaries-and-places
    /// labels as the overlay.
    public static let esriHybrid = TileLayer(
        url: esriWorldImagery.url,
        overlay: "https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}",
        attribution: "Tiles © Esri", maxZoom: 19)

    /// `true` for a template a page may load tiles from: an absolute `http://` or `https://` URL
    /// (scheme in any case) with a host, and no white space or control character anywhere. A
    /// `javascript:`, `data:`, `file:` or scheme-less template is not: its "tiles" would be
    /// scripts, inline documents or local files, never images from a tile server.
    public static func isHTTPTemplate(_ template: String) -> Bool {
        let lowercased = template.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lowercased.hasPrefix) else { return false }
        let host = lowercased.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !template.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// `true` for a template that is a path from the site root, `/tiles/{z}/{x}/{y}.png`: it starts
    /// with exactly one `/` (`//host/…` is another host, protocol-relative) and has no white
    /// space, control character or backslash (which browsers read as `/`). Pages load it under
    /// the site's base path, as every internal link (`SiteLinks.sitePathTemplate`), so a tile
    /// server published with the site works at any baseURL and opened from disk.
    public static func isSitePathTemplate(_ template: String) -> Bool {
        template.hasPrefix("/") && !template.hasPrefix("//")
            && !template.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
    }

    /// `true` for a template a page may load tiles from: `isHTTPTemplate` or `isSitePathTemplate`.
    public static func isUsableTemplate(_ template: String) -> Bool {
        isHTTPTemplate(template) || isSitePathTemplate(template)
    }

    /// `template` with `{z}`, `{x}` and `{y}` replaced by the tile's numbers (decimal integers).
    /// One pass over the UTF-8 bytes (no Foundation string search: this runs for every tile of
    /// every map).
    public static func tileURL(_ template: String, zoom: Int, x: Int, y: Int) -> String {
        // On the template's own UTF-8, numbers written as digits into the URL's bytes and the
        // text between placeholders copied a run at a time (found with memchr): a map page fills
        // in ~14 URLs, and copying the template byte by byte cost ~2,400 instructions a URL.
        var template = template
        return template.withUTF8 { bytes -> String in
            var url: [UInt8] = []
            url.reserveCapacity(bytes.count + 16)
            guard let base = bytes.baseAddress else { return "" }
            var copied = 0, index = 0
            while index < bytes.count, let brace = memchr(base + index, Int32(UInt8(ascii: "{")), bytes.count - index) {
                index = UnsafeRawPointer(brace) - UnsafeRawPointer(base)
                let number: Int?
                switch index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "}") ? bytes[index + 1] : 0 {
                case UInt8(ascii: "z"): number = zoom
                case UInt8(ascii: "x"): number = x
                case UInt8(ascii: "y"): number = y
                default: number = nil
                }
                guard let number else {
                    index += 1
                    continue
                }
                url.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                DecimalDigits.append(number, to: &url)
                index += 3
                copied = index
            }
            url.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: url, as: UTF8.self)
        }
    }
}
