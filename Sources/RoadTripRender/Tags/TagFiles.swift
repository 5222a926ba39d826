import Foundation
import RoadTripCore
import RoadTripCompute

/// Where the tag pages go: `tags/index.html` (every tag) and `tags/<slug>/index.html` with its
/// `map.svg` (one per `SiteTag`), from the theme's layouts `tags` and `tag`.
package enum TagFiles {
    /// The folder of the tag pages below the site root.
    static let folder = "tags/"
    /// The theme layout of a tag's page. A theme without it (a project's own theme made before tag
    /// pages) gets neither tag pages nor the index, and its destination pages' tags link nowhere.
    package static let layout = "tag"
    /// The theme layout of the index of tags.
    package static let indexLayout = "tags"

    /// Whether `theme` makes tag pages: it has both layouts.
    package static func arePages(of theme: Theme) -> Bool {
        theme.templates.contains(layout) && theme.templates.contains(indexLayout)
    }

    /// `tags/<slug>/`.
    static func folder(of tag: SiteTag) -> String {
        folder + tag.slug + "/"
    }
}

extension PageRenderer {
    /// Whether the theme makes tag pages (it has the `tag` and `tags` layouts).
    var makesTagPages: Bool { TagFiles.arePages(of: theme) }

    /// The site path of `name`'s tag page (`tags/<slug>/`), `nil` when the theme makes none or the
    /// tag is empty.
    func tagPagePath(_ name: String) -> String? {
        guard makesTagPages, let slug = SiteTag.slug(of: name) else { return nil }
        return TagFiles.folder + slug + "/"
    }

    /// A tag's page (`TagFiles`) with a map of its destinations (their pins, as the overview's, on
    /// `fitted`, the fit-maps step's map of the tag) and a list of them in home-page order, with the
    /// map's share preview when the renderer makes them. Only for a theme that makes tag pages
    /// (``makesTagPages``).
    func tagPage(_ tag: SiteTag, map fitted: FittedMap, trips: [Trip]) throws(TemplateError) -> PageFiles {
        let depth = 2
        let pageConfig = config(forPageAtDepth: depth)
        let folder = TagFiles.folder(of: tag)
        let pins = tag.destinationIndices.map { index in
            let trip = trips[index]
            return Annotation(
                id: "destination-" + trip.destination.slug, coordinate: trip.destinationCoordinate,
                title: trip.destinationName, subtitle: trip.destination.subtitle, kind: .destination,
                url: links.link(to: trip.destination.slug + "/", fromDepth: depth))
        }
        let map = MapPresentation(
            title: "\(config.title): \(tag.name)", annotations: pins, map: fitted, config: pageConfig,
            offlineBasemap: offlineBasemap(forPageAtDepth: depth))
        let preview = sharePreview(of: map, folder: folder)
        let context = TagPageContext(
            page: pageContext(depth: depth, canonicalPath: folder, preview: preview),
            map: map.context(tileLayers: pageConfig.tileLayers, listLabel: "Destinations"),
            tag: tagContext(tag, depth: depth, trips: trips))
        return PageFiles(files: [
            OutputFile(
                path: folder + "index.html",
                contents: try theme.templates.renderFile(TagFiles.layout, context: context.templateValue)),
            OutputFile(path: folder + "map.svg", contents: .data(map.svgFile)),
        ], sharePreview: preview)
    }

    /// The index of tags (`tags/index.html`): every tag with its count and destinations. Only for
    /// a theme that makes tag pages (``makesTagPages``).
    func tagIndex(_ tags: [SiteTag], trips: [Trip]) throws(TemplateError) -> OutputFile {
        let index = TagIndexContext(
            page: pageContext(depth: 1, canonicalPath: TagFiles.folder),
            tags: tags.map { tagContext($0, depth: 1, trips: trips) })
        return OutputFile(
            path: TagFiles.folder + "index.html",
            contents: try theme.templates.renderFile(TagFiles.indexLayout, context: index.templateValue))
    }

    /// `tag` as a page `depth` folders below the root shows it: its name, its page, its count and
    /// its destinations (title, subtitle, page) in home-page order.
    private func tagContext(_ tag: SiteTag, depth: Int, trips: [Trip]) -> TagContext {
        TagContext(
            name: tag.name, slug: tag.slug, url: links.link(to: TagFiles.folder(of: tag), fromDepth: depth),
            countText: CountText.counted(tag.destinationIndices.count, .destination),
            destinations: tag.destinationIndices.map { index in
                let destination = trips[index].destination
                return TagContext.Destination(
                    title: destination.title, subtitle: nonEmpty(destination.subtitle),
                    url: links.link(to: destination.slug + "/", fromDepth: depth))
            })
    }
}
