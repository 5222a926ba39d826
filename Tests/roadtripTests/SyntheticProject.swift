import Foundation

extension TemporaryProject {
    /// A project of `count` destinations `place-000`, `place-001`, … along the 60th parallel, each
    /// with two points of interest and a few paragraphs; every `draftEvery`-th one (from the
    /// first) has `draft: true`, so `--drafts` adds or removes whole destination folders.
    static func synthetic(destinations count: Int, draftEvery: Int = 5) throws -> TemporaryProject {
        let project = try TemporaryProject()
        for index in 0..<count {
            let slug = String(format: "place-%03d", index)
            let longitude = -170.0 + 340.0 * Double(index) / Double(max(count, 1))
            let paragraph = "The road to \(slug) crosses a ridge and a river; the ferry runs every hour. "
            try project.write("Destinations/\(slug)/index.md", """
                ---
                title: Place \(index)
                latitude: 60.1
                longitude: \(longitude)
                order: \(index)
                \(index % draftEvery == 0 ? "draft: true" : "")
                pois:
                  - { title: North stop, latitude: 60.12, longitude: \(longitude + 0.01) }
                  - { title: South stop, latitude: 60.08, longitude: \(longitude - 0.01) }
                ---

                \(String(repeating: paragraph, count: 6))

                \(String(repeating: paragraph, count: 4))
                """)
        }
        return project
    }
}
