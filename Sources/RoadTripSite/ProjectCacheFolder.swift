import Foundation
import RoadTripCore
import RoadTripContent

/// `<project root>/.roadtrip-cache/`: what roadtrip keeps between runs that is not the site itself —
/// the photos' thumbnail and web copies (`photos/`, ``ThumbnailMaker``), the offline basemap's
/// tiles (`basemap/`, ``BasemapTileCache``), the pages' share previews (`og/`,
/// ``SharePreviewCache``), the gazetteer's cities and index (`gazetteer/`,
/// ``GazetteerSnapshotFile``), what the last build into each output folder rendered (`build/`,
/// ``StoredBuild``) and `roadtrip serve`'s preview build (`serve/`, ``DevelopmentServer``).
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

    /// Why roadtrip cannot keep its files in `folder`, a folder of the cache (``photos(projectRoot:)``):
    /// a file or a symbolic link to nothing where a folder of the way is
    /// (``FileBytes/obstacle(toWriting:projectRoot:asFolder:)``: ".roadtrip-cache is a file, not a
    /// folder; move it away"), or a folder roadtrip never writes, or a symbolic link leading out of
    /// the project, as for every folder roadtrip fills inside a project
    /// (``OutputFolderPolicy/refusal(toWriteInside:projectRoot:as:homeDirectory:)``), so that a
    /// `.roadtrip-cache` linked to `/var/lib` never puts photos there. `nil` when it can.
    /// - Parameter homeDirectory: the user's home folder (``ProjectLocator/defaultHomeDirectory``).
    public static func problem(
        with folder: URL, projectRoot: URL, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory
    ) -> String? {
        if let obstacle = FileBytes.obstacle(toWriting: folder, projectRoot: projectRoot, asFolder: true) { return obstacle }
        return OutputFolderPolicy.refusal(
            toWriteInside: folder, projectRoot: projectRoot, as: "roadtrip's cache", homeDirectory: homeDirectory)
    }

    /// `<projectRoot>/.roadtrip-cache/basemap/`: the offline basemap's tiles, by fingerprint
    /// (``BasemapTileCache``).
    public static func basemap(projectRoot: URL) -> URL {
        url(projectRoot: projectRoot).appendingPathComponent("basemap", isDirectory: true)
    }

    /// `<projectRoot>/.roadtrip-cache/og/`: the pages' share previews (`og:image` PNGs), keyed by
    /// what they are drawn from (``SharePreviewCache``).
    public static func sharePreviews(projectRoot: URL) -> URL {
        url(projectRoot: projectRoot).appendingPathComponent("og", isDirectory: true)
    }

    /// `<projectRoot>/.roadtrip-cache/build/`: what the last build into each output folder
    /// rendered, for the next build to reuse (``StoredBuild``).
    static func build(projectRoot: URL) -> URL {
        url(projectRoot: projectRoot).appendingPathComponent("build", isDirectory: true)
    }

    /// `<projectRoot>/.roadtrip-cache/serve/`: where `roadtrip serve` builds the site with relative
    /// links when `--output` is not given, so that a published build in `Output/` is never replaced
    /// by the preview.
    public static func serve(projectRoot: URL) -> URL {
        url(projectRoot: projectRoot).appendingPathComponent("serve", isDirectory: true)
    }
}
