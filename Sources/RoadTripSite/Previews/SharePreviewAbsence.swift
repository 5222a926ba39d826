import RoadTripFormats
import RoadTripContent
import RoadTripRender

/// Why a site gets no share previews (`og:image`), when it gets none.
enum SharePreviewAbsence: Sendable, Equatable {
    /// The `baseURL` has no scheme and host (or there is none): `og:image` must be an absolute
    /// URL, so nothing is rasterised.
    case noBaseURLHost
    /// This libvips cannot load SVG (it lacks `svgload_buffer`, from librsvg).
    case noSVGLoader

    /// Why `config`'s site gets no previews, `nil` when it gets them.
    init?(config: SiteConfig) {
        if SiteLinks(baseURL: config.baseURL).origin == nil {
            self = .noBaseURLHost
        } else if !Vips.canLoadSVG {
            self = .noSVGLoader
        } else {
            return nil
        }
    }

    /// The reason in words, for the progress line ("none (no baseURL with a host)").
    var reason: String {
        switch self {
        case .noBaseURLHost: "no baseURL with a host"
        case .noSVGLoader: "this libvips cannot load SVG (no svgload_buffer)"
        }
    }
}
