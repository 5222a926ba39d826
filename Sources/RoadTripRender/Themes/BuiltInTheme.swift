import Foundation

/// The default theme compiled into roadtrip, so that one executable is the whole
/// program and a project needs no `Themes/` folder.
///
/// Its files are the repository's `Themes/default/` as it was when roadtrip was built: the
/// EmbedDefaultTheme build-tool plugin (Plugins/) runs ThemeEmbedder (Sources/ThemeEmbedder) on
/// every build, which generates `encodedFiles` from them. A project's `Themes/default/` overrides
/// it file by file (``ThemeFile/lookup(projectRoot:name:)``); `roadtrip theme eject` writes it out
/// (``ThemeEjection``).
public enum BuiltInTheme {
    /// The theme's name, the folder name a project's `Themes/` overrides it with and `site.yaml`'s
    /// default `theme`.
    public static let name = "default"

    /// How diagnostics name a file of the built-in theme, in place of a project path:
    /// `(built-in theme)/layouts/base.mustache`.
    public static let displayFolder = "(built-in theme)"

    /// Every file of the built-in theme: its '/'-separated path relative to the theme folder
    /// (`theme.yaml`, `layouts/partials/map.mustache`, `assets/roadtrip.css`) and its bytes.
    /// Decoded from the embedded base64 once, on first use.
    public static let files: [String: Data] = Dictionary(
        encodedFiles.map { file in
            // The generator wrote valid base64; the lines it split it into are skipped.
            (file.path, Data(base64Encoded: file.base64, options: .ignoreUnknownCharacters) ?? Data())
        },
        uniquingKeysWith: { first, _ in first })

    /// The built-in theme's files when `themeName` names it, or `nil`.
    static func files(ofTheme themeName: String) -> [String: Data]? {
        themeName == name ? files : nil
    }
}
