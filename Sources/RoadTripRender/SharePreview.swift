import Foundation
import RoadTripCore
import RoadTripGeo

/// The picture a link preview shows of a page that has a map (Open Graph's `og:image`, X's
/// `summary_large_image` card): the page's map as a PNG of ``pixelWidth`` × ``pixelHeight`` pixels
/// beside the page (`<page folder>/og.png`, ``fileName``), made by the draw-previews step from
/// ``svg``. Made only for a site with a `baseURL` that has a scheme and host: Open Graph wants an
/// absolute URL (ogp.me, "og:image – An image URL").
///
/// **Size.** 1200 × 630 pixels, 1.91 : 1. Facebook's "Images in Link Shares" (Sharing for
/// Webmasters) asks for at least 1200 × 630 for high-resolution screens, 600 × 315 at the least for
/// the large card and at most 8 MB, and shows 1.91 : 1 uncropped; LinkedIn shows link images at
/// the same ratio; X's "Summary Card with Large Image" takes 300 × 157 up to 4096 × 4096 pixels
/// under 5 MB (shown at 2 : 1, which cuts 15 pixels off the top and bottom of this one).
///
/// **Drawing.** The page's map drawn again by `SVGMap` — the same pins, tracks, route, scale bar
/// and credits — on the offline basemap when the site has one, without the raster tiles (a
/// picture made at build time has no tile server, and librsvg loads nothing from the network), in
/// a view with the page map's centre and zoom that is the smallest 1.91 : 1 box around the page
/// map's viewport (``view(showing:)``: 952.38 × 500 CSS pixels around the default 800 × 500),
/// rasterised at ``pixelWidth`` / that width device pixels per CSS pixel (1.26 for the default).
/// So everything the page's map shows is in the picture, pins and labels as large against the map
/// as on the page, and the extra width is more of the same map rather than bars; a viewport wider
/// than 1.91 : 1 gets more map above and below instead.
package struct SharePreview: Sendable {
    /// The PNG's width and height in pixels.
    package static let pixelWidth = 1200, pixelHeight = 630
    /// The PNG's name in its page's folder.
    package static let fileName = "og.png"
    /// Its media type, for `og:image:type`.
    package static let mediaType = "image/png"
    /// The longest text alternative, in characters: X's limit for `twitter:image:alt` (Cards
    /// markup reference: "Maximum 420 characters"); a longer one is cut to 419 and "…".
    package static let maximumAltLength = 420

    /// Where the PNG goes in the output (`bergen/og.png`, `og.png` for the home page).
    package let path: String
    /// The standalone SVG document to rasterise (SVG 1.1, with its XML declaration), of the size
    /// of ``view(showing:)``.
    package let svg: String
    /// Device pixels per CSS pixel of `svg` (``pixelWidth`` / its width).
    package let scale: Double
    /// The picture's text alternative: the map's title and `<desc>` ("Bergen. Map centred on
    /// 60.3913, 5.3221 showing 7 places: …"), at most ``maximumAltLength`` characters.
    package let alt: String

    /// The preview of the map of the page in `folder` (`bergen/`, `""` for the home page) that
    /// `SVGMap` draws from `input`: `input` in ``view(showing:)`` of its view, its pins, tracks and
    /// route as they are, on `basemap`'s tiles under that view (`BasemapTileSet.placed(in:)`),
    /// without raster tiles; `nil` basemap for the plain background.
    package init(folder: String, input: SVGMapInput, basemap: BasemapTileSet?) {
        var preview = input
        preview.view = Self.view(showing: input.view)
        preview.tileLayer = nil
        preview.offlineBasemap = basemap.map { $0.placed(in: preview.view) }
        preview.drawsTiles = true
        preview.includeXMLDeclaration = true
        path = folder + Self.fileName
        svg = SVGMap.render(preview)
        scale = Double(Self.pixelWidth) / preview.view.width
        alt = QuotedText.excerpt(input.title + ". " + SVGMap.description(preview), limit: Self.maximumAltLength - 1)
    }

    /// The view of a page map's `view` (CSS pixels) for its preview: the same centre and zoom, and
    /// the smallest box of the preview's shape (``pixelWidth`` : ``pixelHeight``) that holds the
    /// page's `width × height` viewport — its height and a wider width for a viewport narrower
    /// than 1.91 : 1 (800 × 500 → 952.38 × 500), else its width and a greater height.
    package static func view(showing view: MapView) -> MapView {
        let aspect = Double(pixelWidth) / Double(pixelHeight)
        let width = max(view.width, view.height * aspect), height = max(view.height, view.width / aspect)
        // The page's zoom kept exactly: the region fits at some zoom, clamped to the page's.
        return MapView(
            region: CoordinateRegion(center: view.center, span: view.displayedSpan), width: width, height: height,
            maximumZoom: view.zoom, minimumZoom: view.zoom)
    }
}
