/// What rendering some pages made: their files, ready to write, and the share previews their
/// heads name (``SharePreview``), which the draw-previews step rasterises into files of their own.
package struct PageFiles: Sendable {
    /// The pages and the files beside them (maps, GeoJSON, exports, copies).
    package var files: [OutputFile]
    /// The previews the pages' `og:image` names, empty for a site without a `baseURL` with a host.
    package var sharePreviews: [SharePreview]

    /// `files` with their `sharePreviews`.
    package init(files: [OutputFile] = [], sharePreviews: [SharePreview] = []) {
        self.files = files
        self.sharePreviews = sharePreviews
    }

    /// `files` and the one share preview of their page, if any.
    package init(files: [OutputFile], sharePreview: SharePreview?) {
        self.init(files: files, sharePreviews: sharePreview.map { [$0] } ?? [])
    }

    /// Adds `other`'s files and previews after these.
    package static func += (lhs: inout PageFiles, rhs: PageFiles) {
        lhs.files += rhs.files
        lhs.sharePreviews += rhs.sharePreviews
    }
}
