import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Parses `text` expecting a YAML error; returns the diagnostic.
private func yamlError(_ text: String, firstLine: Int = 1) -> Diagnostic? {
    do {
        _ = try YAMLParser.parse(text, path: "t.yaml", firstLine: firstLine)
        return nil
    } catch {
        return error
    }
}

@Suite struct YAMLParserTests {
    /// A tab where indentation goes gets words a person can act on, at the tab's own line and
    /// column (in the file: front matter starts on line 2), whichever of libyaml's two errors it
    /// caused; a tab between a key and its value is fine (YAML 1.2.2 §6.2 allows it there).
    @Test func tabsForIndentation() throws {
        let message = "YAML does not allow tabs for indentation; use spaces"
        // libyaml: "found character that cannot start any token".
        let first = yamlError("map:\n\tfitPadding: 10\n")
        #expect(first?.description == "t.yaml:2:1: error: \(message)")
        // libyaml: "found a tab character that violates indentation" (after a plain scalar).
        let second = yamlError("map:\n  fitPadding: 10\n\tviewport: 3\n", firstLine: 2)
        #expect(second?.description == "t.yaml:4:1: error: \(message)")
        let third = yamlError("map:\n  \tfitPadding: 10\n")
        #expect(third?.description == "t.yaml:2:3: error: \(message)")
        #expect(try YAMLParser.parse("title:\tT\n", path: "t.yaml")?["title"]?.stringValue == "T")
    }

    /// YAML 1.2.2 §10.3.2, Example 10.9 "Core Tag Resolution", with the values the spec's
    /// resolution table gives: 0o7 = 7, 0x3A = 3·16 + 10 = 58, +12e03 = 12000, -2E+05 = -200000.
    @Test func coreSchemaExample10_9() throws {
        let text = """
            A null: null
            Also a null: # Empty
            Not a null: ""
            Booleans: [ true, True, false, FALSE ]
            Integers: [ 0, 0o7, 0x3A, -19 ]
            Floats: [ 0., -0.0, .5, +12e03, -2E+05 ]
            Also floats: [ .inf, -.Inf, +.INF, .NAN ]
            """
        let root = try #require(try YAMLParser.parse(text, path: "t.yaml"))
        #expect(root["A null"]?.metadataValue == .null)
        #expect(root["A null"]?.isNull == true)
        #expect(root["Also a null"]?.metadataValue == .null)
        #expect(root["Not a null"]?.metadataValue == .string(""))
        #expect(root["Not a null"]?.isNull == false)
        #expect(root["Booleans"]?.metadataValue == .list([.bool(true), .bool(true), .bool(false), .bool(false)]))
        #expect(root["Integers"]?.metadataValue == .list([.integer(0), .integer(7), .integer(58), .integer(-19)]))
        #expect(root["Floats"]?.metadataValue == .list([.double(0), .double(-0.0), .double(0.5), .double(12000), .double(-200000)]))
        guard case .list(let floats)? = root["Also floats"]?.metadataValue, floats.count == 4 else {
            Issue.record("Also floats is not a list of 4")
            return
        }
        #expect(floats[0] == .double(.infinity))
        #expect(floats[1] == .double(-.infinity))
        #expect(floats[2] == .double(.infinity))
        guard case .double(let nan) = floats[3] else { Issue.record("not a double"); return }
        #expect(nan.isNaN)
    }

    /// The YAML 1.1 booleans (`yes`, `No`, `on`, `OFF`, `y`, `NO`) are not in the 1.2 core
    /// schema's bool pattern (true|True|TRUE|false|False|FALSE), so they stay strings
    /// (the "Norway problem").
    @Test func yaml11BooleansStayStrings() throws {
        let root = try #require(try YAMLParser.parse("words: [yes, No, on, OFF, y, NO]\ncountry: NO\n", path: "t.yaml"))
        #expect(root["words"]?.metadataValue == .list(["yes", "No", "on", "OFF", "y", "NO"].map(MetadataValue.string)))
        #expect(root["country"]?.metadataValue == .string("NO"))
        #expect(root["country"]?.boolValue == nil)
    }

    /// Quoted and `!!str`-tagged scalars are strings whatever they spell (YAML 1.2.2 §10.3.2:
    /// only plain scalars are resolved by pattern).
    @Test func quotedScalarsAreStrings() throws {
        let root = try #require(try YAMLParser.parse("a: \"true\"\nb: '12'\nc: !!str 12\nd: \"~\"\n", path: "t.yaml"))
        #expect(root["a"]?.metadataValue == .string("true"))
        #expect(root["b"]?.metadataValue == .string("12"))
        #expect(root["b"]?.doubleValue == nil)
        #expect(root["c"]?.metadataValue == .string("12"))
        #expect(root["d"]?.isNull == false)
    }

    /// Spellings Swift's `Double(_:)` accepts but the core float pattern does not stay strings.
    @Test func nonCoreNumberSpellingsStayStrings() throws {
        let root = try #require(try YAMLParser.parse("a: inf\nb: nan\nc: 0x1p3\nd: 1_000\ne: 1e\nf: 0o8\n", path: "t.yaml"))
        for key in ["a", "b", "c", "d", "e", "f"] {
            #expect(root[key]?.metadataValue == .string(root[key]?.stringValue ?? "?"), "key \(key)")
            #expect(root[key]?.doubleValue == nil, "key \(key)")
        }
    }

    /// 2^64 = 18446744073709551616 does not fit in Int (max 2^63 − 1), so it becomes a double;
    /// -9223372036854775808 (−2^63) still fits.
    @Test func integersBeyondIntBecomeDoubles() throws {
        let root = try #require(try YAMLParser.parse("big: 18446744073709551616\nmin: -9223372036854775808\n", path: "t.yaml"))
        #expect(root["big"]?.metadataValue == .double(18446744073709551616.0))
        #expect(root["min"]?.metadataValue == .integer(Int.min))
    }

    /// With `firstLine: 2`, the libyaml mark (line 1, column 10, 0-based) of `91.5` in
    /// "title: x\nlatitude: 91.5" is file line 1 + 2 = 3, column 10 + 1 = 11.
    @Test func positionsAreOneBasedFileLines() throws {
        let root = try #require(try YAMLParser.parse("title: x\nlatitude: 91.5\n", path: "t.yaml", firstLine: 2))
        let latitude = try #require(root["latitude"])
        #expect(latitude.line == 3)
        #expect(latitude.column == 11)
        #expect(latitude.doubleValue == 91.5)
        #expect(root.line == 2 && root.column == 1)
    }

    @Test func emptyDocumentsAreNil() throws {
        #expect(try YAMLParser.parse("", path: "t.yaml") == nil)
        #expect(try YAMLParser.parse("\n\n", path: "t.yaml") == nil)
        #expect(try YAMLParser.parse("# only a comment\n", path: "t.yaml") == nil)
    }

    /// Non-string keys are looked up by their text.
    @Test func nonStringKeysUseTheirText() throws {
        let root = try #require(try YAMLParser.parse("1: one\ntrue: yes\n", path: "t.yaml"))
        #expect(root["1"]?.stringValue == "one")
        #expect(root["true"]?.stringValue == "yes")
        #expect(root.metadataValue["1"] == .string("one"))
    }

    /// The merge-key type's own example (https://yaml.org/type/merge.html): the four
    /// mappings after the anchors "are equal": {x: 1, y: 2, r: 10, label: center/big}.
    @Test func mergeKeySpecExample() throws {
        let text = """
            - &CENTER { x: 1, y: 2 }
            - &LEFT { x: 0, y: 2 }
            - &BIG { r: 10 }
            - &SMALL { r: 1 }
            # All the following maps are equal:
            - # Explicit keys
              x: 1
              y: 2
              r: 10
              label: center/big
            - # Merge one map
              << : *CENTER
              r: 10
              label: center/big
            - # Merge multiple maps
              << : [ *CENTER, *BIG ]
              label: center/big
            - # Override
              << : [ *BIG, *LEFT, *SMALL ]
              x: 1
              label: center/big
            """
        let root = try #require(try YAMLParser.parse(text, path: "t.yaml"))
        guard case .sequence(let items) = root.content else { Issue.record("not a sequence"); return }
        #expect(items.count == 8)
        let expected: [String: MetadataValue] = ["x": .integer(1), "y": .integer(2), "r": .integer(10), "label": .string("center/big")]
        for item in items[4...] {
            guard case .mapping(let entries) = item.metadataValue else { Issue.record("not a mapping"); continue }
            #expect(entries.count == 4)
            #expect(Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) == expected)
        }
    }

    /// An alias is a copy of the anchored node, positions included. An anchored node starts at
    /// its `&` (libyaml, and PyYAML's composer agrees: start mark 0-based (0, 3)) → line 1, column 4.
    @Test func aliasesCopyTheAnchoredNode() throws {
        let root = try #require(try YAMLParser.parse("a: &p {x: 1}\nb: *p\n", path: "t.yaml"))
        let b = try #require(root["b"])
        #expect(b.metadataValue == .mapping([MetadataEntry(key: "x", value: .integer(1))]))
        #expect(b.line == 1 && b.column == 4)
        #expect(b == root["a"])
    }

    /// Billion laughs: a has 1 + 9 = 10 nodes; b expands *a 9 times (90 nodes, size 91);
    /// c expands 9 × 91 = 819 (running total 909, size 820); d expands 9 × 820 = 7380
    /// (total 8289, size 7381); the first *d in e brings the total to 8289 + 7381 = 15670
    /// > 10 000, so the error is on line 5 at that alias: "e: &e [" is 7 characters → column 8.
    @Test func aliasExpansionIsCapped() {
        let text = """
            a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
            f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
            """
        let error = yamlError(text)
        #expect(error?.message.contains("too many alias expansions (billion laughs?)") == true)
        #expect(error?.location.line == 5)
        #expect(error?.location.column == 8)
    }

    /// Lines a–d of the billion-laughs document expand 8289 nodes (see above), under the cap:
    /// they parse, and d holds 1 + 9 × (1 + 9 × (1 + 9 × 10)) = 7381 nodes.
    @Test func aliasExpansionBelowTheCapWorks() throws {
        let text = """
            a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            """
        let root = try #require(try YAMLParser.parse(text, path: "t.yaml"))
        func count(_ value: MetadataValue) -> Int {
            if case .list(let items) = value { return 1 + items.map(count).reduce(0, +) }
            return 1
        }
        #expect(count(try #require(root["d"]).metadataValue) == 7381)
    }

    /// libyaml's reader rejects control characters with a byte offset, turned into a column in
    /// characters: "b: x\u{1}" → the U+0001 is 0-based column 4 of line 1 (PyYAML's pure reader:
    /// character position 9 = 5 characters of "a: 1\n" + 4) → line 2, column 5; after "é"
    /// (2 bytes, 1 character) the column is still 5.
    @Test(arguments: ["a: 1\nb: x\u{1}y\n", "a: 1\nb: é\u{7}\n"])
    func controlCharactersArePositioned(text: String) {
        let error = yamlError(text)
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 5)
        #expect(error?.message.contains("control characters are not allowed") == true)
    }

    /// `a: 1\nb: *nope`: the alias starts at 0-based (1, 3) → line 2, column 4.
    @Test func unknownAliasIsAnError() {
        let error = yamlError("a: 1\nb: *nope\n")
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 4)
        #expect(error?.message.contains("nope") == true)
    }

    /// The second `title` key is on line 3, column 1; the first is on line 2.
    @Test func duplicateKeyNamesTheFirst() {
        let error = yamlError("title: A\nlatitude: 1\ntitle: B\n", firstLine: 1)
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 1)
        #expect(error?.message == "duplicate key 'title' (first defined at line 1)")
    }

    /// A repeated key is found however many keys the mapping has (the parser searches a few one by
    /// one and hashes from 16 on): the repeat of key 3 as the 10th, 16th, 17th and 30th key of a
    /// mapping of `k1: 1`… lines, each named with the line of the first (line n holds key n), and
    /// in NFD spelling ("é" as e + U+0301) of a key written in NFC, which YAML keys compare equal as
    /// Swift strings do; a mapping of 40 distinct keys parses.
    @Test(arguments: [10, 16, 17, 30])
    func duplicateKeyInALongMapping(position: Int) {
        var lines = (1..<position).map { "k\($0): \($0)" }
        lines.append("k3: again")
        let error = yamlError(lines.joined(separator: "\n") + "\n", firstLine: 1)
        #expect(error?.location.line == position)
        #expect(error?.message == "duplicate key 'k3' (first defined at line 3)")
        var accented = (1..<position).map { "k\($0): \($0)" }
        accented[2] = "caf\u{E9}: 3"
        accented.append("cafe\u{301}: again")
        #expect(yamlError(accented.joined(separator: "\n") + "\n", firstLine: 1)?.message.hasPrefix("duplicate key") == true)
        #expect(yamlError((1...40).map { "k\($0): \($0)" }.joined(separator: "\n") + "\n", firstLine: 1) == nil)
    }

    @Test func mergeOfAScalarIsAnError() {
        let error = yamlError("a: 1\nb:\n  <<: 5\n")
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 7)
        #expect(error?.message.contains("merge key") == true)
    }

    @Test func collectionKeyIsAnError() {
        let error = yamlError("? [a, b]\n: 1\n")
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 3)
    }

    /// Syntax errors keep libyaml's mark, converted to 1-based and offset. Expected marks are
    /// from PyYAML's pure-Python SafeLoader (independent of libyaml), 0-based:
    /// unclosed flow sequence (2, 0); tab indentation (1, 0); `title: a: b` (0, 8);
    /// unclosed quote (1, 0); a second document (1, 0).
    @Test(arguments: [
        ("title: x\ntags: [a, b\n", 2, 0),
        ("a:\n\tb: 1\n", 1, 0),
        ("title: a: b\n", 0, 8),
        ("title: \"open\n", 1, 0),
        ("a: 1\n---\nb: 2\n", 1, 0),
    ])
    func syntaxErrorsArePositioned(text: String, line: Int, column: Int) {
        let error = yamlError(text, firstLine: 10)
        #expect(error?.location.path == "t.yaml")
        #expect(error?.location.line == line + 10)
        #expect(error?.location.column == column + 1)
        #expect(error?.severity == .error)
    }

    /// The message carries libyaml's problem and context, with the context mark in file lines
    /// (PyYAML: context 'while parsing a flow sequence' at 0-based (1, 6) → line 2, column 7).
    @Test func syntaxErrorMessageHasProblemAndContext() {
        let error = yamlError("title: x\ntags: [a, b\n")
        #expect(error?.message.contains("did not find expected ',' or ']'") == true)
        #expect(error?.message.contains("while parsing a flow sequence at line 2, column 7") == true)
    }

    /// Found by the `sidecar` and `site-yaml` fuzz harnesses: a problem at the end of a text
    /// without a final line break was put on a line after the last (libyaml's scanner adds a line
    /// break at the end of the stream). "a: 1\nb" is 2 lines; the end is after the `b`: line 2,
    /// column 2, and the simple key `b` it was scanning starts at line 2, column 1.
    @Test func errorAtTheEndOfTheTextIsOnTheLastLine() {
        let error = yamlError("a: 1\nb")
        #expect(error?.location.line == 2 && error?.location.column == 2)
        #expect(error?.message == "YAML syntax error: could not find expected ':' (while scanning a simple key at line 2, column 1)")
    }

    /// Found by the `front-matter` fuzz harness: libyaml places a missing value at the next token,
    /// and for `? a` at the end of the text that is the end of the stream, after the final line
    /// break: the value was put on a line after the text, the closing `---` of a front matter. It
    /// is at the end of the last line: "title: x\n? a\n" from file line 2 → the value of `a` at
    /// line 3 (the text's second line), column 4 (after the 3 characters "? a"); with CRLF the
    /// same; without a final line break the same (the end of the text is the end of line 3).
    @Test(arguments: ["title: x\n? a\n", "title: x\r\n? a\r\n", "title: x\n? a"])
    func aMissingValueAtTheEndIsOnTheLastLine(text: String) throws {
        let root = try #require(try YAMLParser.parse(text, path: "t.yaml", firstLine: 2))
        let value = try #require(root["a"])
        #expect(value.stringValue == "")
        #expect(value.line == 3 && value.column == 4)
    }

    /// Found by the tester: when `? key` has no value and more follows, libyaml places the empty
    /// value at the next token — the next key's line, or the end of a comment line after it. It
    /// is the key's: just after the key, "? latitude" being 10 characters → line 1, column 11.
    /// After `latitude:` the empty value stays just after the colon (column 10), where libyaml
    /// puts it on the key's own line.
    @Test(arguments: ["? latitude\ntitle: X\n", "? latitude\n# comment here\n", "? latitude\n\n\n"])
    func aMissingValueOfAnExplicitKeyIsJustAfterTheKey(text: String) throws {
        let root = try #require(try YAMLParser.parse(text, path: "t.yaml"))
        let value = try #require(root["latitude"])
        #expect(value.stringValue == "")
        #expect(value.line == 1 && value.column == 11)
    }

    @Test func anEmptyValueAfterAColonStaysAfterTheColon() throws {
        let root = try #require(try YAMLParser.parse("latitude:\ntitle: X\n", path: "t.yaml"))
        let value = try #require(root["latitude"])
        #expect(value.line == 1 && value.column == 10)
        #expect(root["title"]?.line == 2 && root["title"]?.column == 8)
    }

    /// An error at the end of a text that ends with a line break stays where PyYAML and an editor's
    /// cursor put it, column 1 of the line after: "a: [\n" (flow sequence left open) from file
    /// line 1 → line 2, column 1 (PyYAML: 0-based (1, 0)).
    @Test func anErrorAfterTheFinalLineBreakIsOnTheNextLine() {
        let error = yamlError("a: [\n")
        #expect(error?.location.line == 2 && error?.location.column == 1)
    }

    /// libyaml also ends lines at NEL (U+0085) and U+2028 (YAML 1.1); an editor, and YAML 1.2
    /// §5.4, does not. In "a: \"x<NEL>y\"\nb: [" the quoted scalar is on line 1 and the error (a
    /// flow sequence left open at the end) is at the end of line 2, column 5: "b: [" is 4 characters.
    @Test func nextLineAndLineSeparatorDoNotEndALine() {
        for separator in ["\u{85}", "\u{2028}"] {
            let error = yamlError("a: \"x\(separator)y\"\nb: [")
            #expect(error?.location.line == 2 && error?.location.column == 5, "separator \(separator.unicodeScalars.first!.value)")
        }
    }

    /// Aliases of one large string: 12 aliases of a 1,000,000-byte anchor repeat 12 MB, over the
    /// 10 MB limit, so the 11th alias is the error (10 × 1,000,000 = 10,000,000 is not more than
    /// the limit; the 11th makes 11,000,000). Line 1 is the anchor; the aliases are lines 2…13, each
    /// `kN: *a` with the alias at column 5 (`k10: *a` and later at column 6).
    @Test func aliasesOfLargeTextAreBounded() {
        let text = "big: &a " + String(repeating: "B", count: 1_000_000) + "\n"
            + (1...12).map { "k\($0): *a" }.joined(separator: "\n") + "\n"
        do {
            _ = try YAMLParser.parse(text, path: "f.yaml")
            Issue.record("12 MB of aliases parsed")
        } catch {
            #expect(error.description == "f.yaml:12:6: error: aliases repeat more than 10 MB of text; write the text once, or fewer times")
        }
        // Ten aliases (10 MB) are fine.
        let ten = "big: &a " + String(repeating: "B", count: 1_000_000) + "\n" + (1...10).map { "k\($0): *a" }.joined(separator: "\n")
        #expect((try? YAMLParser.parse(ten, path: "f.yaml")) != nil)
    }
}
