import RoadTripCore

/// A tag as its pages show it (`tag` and `tags` layouts): `name` as first written, `slug`, `url`
/// (its page, from the page showing it), `countText` ("3 destinations") and `destinations`, each
/// with `title`, `subtitle` (absent when empty) and `url`, in home-page order.
struct TagContext: Sendable {
    struct Destination: Sendable {
        var title: String
        var subtitle: String?
        var url: String
    }

    var name: String
    var slug: String
    var url: String
    var countText: String
    var destinations: [Destination]
}

/// A tag's page (`tags/<slug>/index.html`, layout `tag`): every page's keys (whose `links.tags`
/// is the index of tags), `map` (its destinations' pins) and `tag` (`TagContext`).
struct TagPageContext: Sendable {
    var page: PageContext
    var map: MapContext
    var tag: TagContext
}

/// The index of tags (`tags/index.html`, layout `tags`): every page's keys and `tags`, each a
/// `TagContext`, by slug.
struct TagIndexContext: Sendable {
    var page: PageContext
    var tags: [TagContext]
}

extension TagContext: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "name": .string(name), "slug": .string(slug), "url": .string(url), "countText": .string(countText),
            "count": .integer(destinations.count),
            "destinations": .list(destinations.map { destination in
                .object([
                    "title": .string(destination.title), "subtitle": destination.subtitle.map { .string($0) } ?? .null,
                    "url": .string(destination.url),
                ])
            }),
        ])
    }
}

extension TagPageContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["map"] = map.templateValue
        members["tag"] = tag.templateValue
        return .object(members)
    }
}

extension TagIndexContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["tags"] = .list(tags.map(\.templateValue))
        members["hasTags"] = .bool(!tags.isEmpty)
        return .object(members)
    }
}
