import RoadTripCore
import RoadTripRender

extension BuildStep {
    /// Loads the theme `site.yaml` names: the project's `Themes/<name>/`, or the built-in theme with
    /// the project's overrides.
    static let loadTheme = BuildStep("load-theme") { state, context throws(BuildStop) in
        let config = state.config
        state.theme = Theme.load(
            projectRoot: context.options.projectRoot, name: config.theme, referencedAt: config.themeLocation, log: context.log)
        guard let theme = state.theme else { return "\(config.theme): stopped by errors" }
        return "\(config.theme) (" + CountText.counted(theme.assets.count, "asset") + ")"
    }
}
