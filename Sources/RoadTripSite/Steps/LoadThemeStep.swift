import RoadTripCore
import RoadTripRender

extension BuildStep {
    /// Loads the theme `site.yaml` names: the project's `Themes/<name>/`, or the built-in theme with
    /// the project's overrides. A project's own `assets/roadtrip.js` that does not know the solid
    /// basemap tiles is one warning (``warnAboutSolidTiles(in:context:)``).
    static let loadTheme = BuildStep("load-theme") { state, context throws(BuildStop) in
        let config = state.config
        state.theme = Theme.load(
            projectRoot: context.options.projectRoot, name: config.theme, referencedAt: config.themeLocation, log: context.log)
        guard let theme = state.theme else { return "\(config.theme): stopped by errors" }
        if config.offlineBasemap { warnAboutSolidTiles(in: theme, context: context) }
        return "\(config.theme) (" + CountText.counted(theme.assets.count, "asset") + ")"
    }

    /// The offline basemap's solid tiles have no file of their own: a page script shows them from
    /// the map configuration's `offlineBasemap.solidTiles`. A theme's own `assets/roadtrip.js`
    /// that never names it (one ejected before roadtrip drew solid tiles) asks for their files,
    /// which are not there, and shows the plain background in their place: one warning at the
    /// script, saying so and what to do. (The script is read again when it is copied; ~50 KB.)
    static func warnAboutSolidTiles(in theme: Theme, context: BuildContext) {
        guard let script = theme.assets.first(where: { $0.relativePath == "assets/roadtrip.js" }),
              case .project = script.origin, let text = try? script.text(), !text.contains("solidTiles")
        else { return }
        context.log.warning(
            SourceLocation(path: script.displayPath),
            "this script does not read the map configuration's offlineBasemap.solidTiles (a theme ejected before "
                + "roadtrip drew all-land and all-sea basemap tiles as one land.svg and sea.svg): with JavaScript its maps show "
                + "the plain background where a tile is all land or all sea; copy solidTileURLs and its use in renderTiles "
                + "from the built-in script (roadtrip new site <folder>, then roadtrip theme eject --source <folder>, writes it)")
    }
}
