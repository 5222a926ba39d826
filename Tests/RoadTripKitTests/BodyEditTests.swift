import Foundation
import Testing
@testable import RoadTripRender
@testable import RoadTripSite

/// The two checks that let a rebuild make a page from its old file when only the prose changed
/// (`BodyEditRebuild`): the theme inserts the prose verbatim and nowhere else
/// once (`TemplateLibrary.insertsOnceVerbatim(_:from:)`), and the old page holds the old prose exactly
/// once (`BodyEditRebuild.replacingOnlyOccurrence(of:in:with:)`).
@Suite struct BodyEditTests {
    static func library(_ templates: [String: String]) throws -> TemplateLibrary {
        try TemplateLibrary(templates: templates)
    }

    /// Once on every rendering, unescaped, spelled `destination.bodyHTML`: through a partial, a
    /// parent and a block argument (the default theme's way). Not: another name ending in
    /// `bodyHTML`, escaped anywhere, twice, inside a section (no time or many), as
    /// a section or inverted section, not at all (a theme without prose, where an old prose's text
    /// found elsewhere in the page must not be replaced), only in a block default that an argument
    /// overrides, through a dynamic partial, or from a template not in the library.
    @Test func aThemeInsertsTheProseOnceVerbatim() throws {
        let once = try Self.library([
            "destination": "<h1>{{destination.title}}</h1>\n{{>footer}}\n{{<base}}{{$main}}{{&destination.bodyHTML}}{{/main}}{{/base}}",
            "footer": "<footer>{{site.title}}</footer>\n",
            "base": "<main>{{$main}}{{/main}}</main>",
        ])
        #expect(once.insertsOnceVerbatim("destination.bodyHTML", from: "destination"))
        // The default theme's destination page.
        let layouts = BuiltInTheme.files.compactMap { path, data -> (String, String)? in
            guard path.hasPrefix("layouts/"), path.hasSuffix(".mustache") else { return nil }
            return (String(path.dropFirst("layouts/".count).dropLast(".mustache".count)), String(decoding: data, as: UTF8.self))
        }
        let builtIn = try TemplateLibrary(templates: Dictionary(uniqueKeysWithValues: layouts))
        #expect(builtIn["destination"] != nil)
        #expect(builtIn.insertsOnceVerbatim("destination.bodyHTML", from: "destination"))

        let cases: [(String, [String: String])] = [
            ("escaped", ["destination": "{{{destination.bodyHTML}}}<meta content=\"{{destination.bodyHTML}}\">"]),
            ("twice", ["destination": "{{{destination.bodyHTML}}}{{>again}}", "again": "{{&destination.bodyHTML}}"]),
            ("escaped in a parent's block", ["destination": "{{{destination.bodyHTML}}}{{<base}}{{/base}}", "base": "{{$b}}{{destination.bodyHTML}}{{/b}}"]),
            ("inside a section", ["destination": "{{#destination}}{{{bodyHTML}}}{{/destination}}"]),
            ("a partial inside a section", ["destination": "{{^destination.subtitle}}{{>body}}{{/destination.subtitle}}", "body": "{{{destination.bodyHTML}}}"]),
            ("a section", ["destination": "{{#destination.bodyHTML}}<div>{{{.}}}</div>{{/destination.bodyHTML}}"]),
            ("an inverted section", ["destination": "{{^destination.bodyHTML}}empty{{/destination.bodyHTML}}{{{destination.bodyHTML}}}"]),
            ("not at all", ["destination": "<h1>{{destination.title}}</h1>"]),
            ("a default overridden", ["destination": "{{<base}}{{$main}}no prose{{/main}}{{/base}}", "base": "{{$main}}{{{destination.bodyHTML}}}{{/main}}"]),
            ("a dynamic partial", ["destination": "{{{destination.bodyHTML}}}{{>*name}}"]),
            // Outside a section the stack is the root alone: these resolve to nothing (a tester's
            // theme replaced its own "<h2>Notes</h2>" with the new prose).
            ("another path", ["destination": "{{{bodyHTML}}}<h2>Notes</h2>"]),
            ("another path beside it", ["destination": "{{{destination.bodyHTML}}}{{{page.bodyHTML}}}"]),
        ]
        for (name, templates) in cases {
            #expect(!(try Self.library(templates)).insertsOnceVerbatim("destination.bodyHTML", from: "destination"), "\(name)")
        }
        #expect(!once.insertsOnceVerbatim("destination.bodyHTML", from: "page"), "no template of that name")
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
