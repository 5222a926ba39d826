import Foundation
import Testing
@testable import RoadTripRender
@testable import RoadTripSite

/// The two checks that let a rebuild make a page from its old file when only the prose changed
/// (`BodyEditRebuild`): the theme inserts the prose verbatim and nowhere else
/// (`TemplateLibrary.insertsOnlyVerbatim(_:from:)`), and the old page holds the old prose exactly
/// once (`BodyEditRebuild.replacingOnlyOccurrence(of:in:with:)`).
@Suite struct BodyEditTests {
    static func library(_ templates: [String: String]) throws -> TemplateLibrary {
        try TemplateLibrary(templates: templates)
    }

    /// Unescaped interpolations only, through a section of another name, a partial, a parent and
    /// a block: verbatim. An escaped one anywhere, a section or inverted section on the value, a
    /// dynamic partial name, or no template of that name: not.
    @Test func aThemeInsertsTheProseVerbatimOnlyInUnescapedTags() throws {
        let verbatim = try Self.library([
            "destination": "<h1>{{destination.title}}</h1>\n{{#destination}}{{{bodyHTML}}}{{/destination}}\n{{>footer}}\n{{<base}}{{$main}}{{&destination.bodyHTML}}{{/main}}{{/base}}",
            "footer": "<footer>{{site.title}}</footer>\n",
            "base": "<main>{{$main}}{{/main}}</main>",
        ])
        #expect(verbatim.insertsOnlyVerbatim("bodyHTML", from: "destination"))
        // The default theme's destination page.
        let layouts = BuiltInTheme.files.compactMap { path, data -> (String, String)? in
            guard path.hasPrefix("layouts/"), path.hasSuffix(".mustache") else { return nil }
            return (String(path.dropFirst("layouts/".count).dropLast(".mustache".count)), String(decoding: data, as: UTF8.self))
        }
        let builtIn = try TemplateLibrary(templates: Dictionary(uniqueKeysWithValues: layouts))
        #expect(builtIn["destination"] != nil)
        #expect(builtIn.insertsOnlyVerbatim("bodyHTML", from: "destination"))

        let cases: [(String, [String: String])] = [
            ("escaped", ["destination": "{{{destination.bodyHTML}}}<meta content=\"{{destination.bodyHTML}}\">"]),
            ("escaped in a partial", ["destination": "{{{destination.bodyHTML}}}{{>meta}}", "meta": "{{destination.bodyHTML}}"]),
            ("escaped in a parent's block", ["destination": "{{<base}}{{/base}}", "base": "{{$b}}{{destination.bodyHTML}}{{/b}}"]),
            ("a section", ["destination": "{{#destination.bodyHTML}}<div>{{{.}}}</div>{{/destination.bodyHTML}}"]),
            ("an inverted section", ["destination": "{{^destination.bodyHTML}}empty{{/destination.bodyHTML}}{{{destination.bodyHTML}}}"]),
            ("a dynamic partial", ["destination": "{{{destination.bodyHTML}}}{{>*name}}"]),
        ]
        for (name, templates) in cases {
            #expect(!(try Self.library(templates)).insertsOnlyVerbatim("bodyHTML", from: "destination"), "\(name)")
        }
        #expect(!verbatim.insertsOnlyVerbatim("bodyHTML", from: "page"), "no template of that name")
    }

    /// The only occurrence is replaced: "<p>a</p>" in "x<p>a</p>y" by "<p>b</p>" gives
    /// "x<p>b</p>y". Two occurrences, none, or an empty old value: no page.
    @Test func theOldProseIsReplacedOnlyWhenItOccursOnce() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        #expect(BodyEditRebuild.replacingOnlyOccurrence(of: bytes("<p>a</p>"), in: bytes("x<p>a</p>y"), with: bytes("<p>b</p>"))
            == bytes("x<p>b</p>y"))
        #expect(BodyEditRebuild.replacingOnlyOccurrence(of: bytes("<p>a</p>"), in: bytes("<p>a</p>"), with: bytes(""))
            == bytes(""))
        #expect(BodyEditRebuild.replacingOnlyOccurrence(of: bytes("aa"), in: bytes("xaaay"), with: bytes("b")) == nil, "overlapping twice")
        #expect(BodyEditRebuild.replacingOnlyOccurrence(of: bytes("<p>a</p>"), in: bytes("<p>a</p><p>a</p>"), with: bytes("b")) == nil)
        #expect(BodyEditRebuild.replacingOnlyOccurrence(of: bytes("<p>c</p>"), in: bytes("<p>a</p>"), with: bytes("b")) == nil)
        #expect(BodyEditRebuild.replacingOnlyOccurrence(of: [], in: bytes("x"), with: bytes("b")) == nil)
    }
}
