import Foundation

/// `<project root>/.roadtrip-cache/`: what roadtrip keeps between runs that is not the site itself —
/// the photos' thumbnail and web copies (`photos/`, ``ThumbnailMaker``) and `roadtrip serve`'s
/// preview build (`serve/`, ``DevelopmentServer``).
///
/// Nothing in it is an input: the loaders read only `Destinations/` and `Themes/`, and `serve`
/// watches only those, so writing here never triggers a rebuild. Nothing in it is published
/// either; a project's `.gitignore` lists it (`roadtrip new site` writes that line), and deleting
/// the whole folder only costs the time to make its contents again.
public enum ProjectCacheFolder {
    /// The folder's name inside the project root. A dot-folder, so `ls` and file managers hide it.
    public static let name = ".roadtrip-cache"

    /// `<projectRoot>/.roadtrip-cache/`.
    public static func url(projectRoot: URL) -> URL {
        projectRoot.appendingPathComponent(name, isDirectory: true)
    }

    /// `<projectRoot>/.roadtrip-cache/photos/`: the photos' copies, keyed by their bytes and settings.
    public static func photos(projectRoot: URL) -> URL {
        url(projectRoot: projectRoot).appendingPathComponent("photos", isDirectory: true)
    }

    /// `<projectRoot>/.roadtrip-cache/serve/`: where `roadtrip serve` builds the site with relative
    /// links when `--output` is not given, so that a published build in `Output/` is never replaced
    /// by the preview.
    public static func serve(projectRoot: URL) -> URL {
        url(projectRoot: projectRoot).appendingPathComponent("serve", isDirectory: true)
    }
}
