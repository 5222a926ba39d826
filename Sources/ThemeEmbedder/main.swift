import Foundation

// The build-time half of the built-in theme: writes a Swift file that holds the bytes of
// every file of a theme folder, so that the `roadtrip` executable carries the default theme in
// itself. The EmbedDefaultTheme build-tool plugin runs it, listing the files it declared as inputs:
//
//     ThemeEmbedder THEME_FOLDER OUTPUT.swift RELATIVE_PATH...
//
// The output extends RoadTripKit's `BuiltInTheme` with `encodedFiles`, one `(path, base64)` pair
// per file in the order given: base64 in a multi-line string literal (76 characters a line, as
// MIME's base64 of RFC 2045 §6.8), decoded once on first use. An array of a few string literals
// type-checks at once, where a byte-array literal of the theme's 43 KB would slow the compiler.
// The output is rewritten only when its text changes, so an unchanged theme recompiles nothing.

/// `text` as the body of a Swift string literal: backslash, quote and control characters escaped.
func swiftLiteralBody(_ text: String) -> String {
    var body = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": body += "\\\\"
        case "\"": body += "\\\""
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            body += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: body.unicodeScalars.append(scalar)
        }
    }
    return body
}

/// The generated Swift source for `files` (path relative to the theme folder, contents).
func generatedSource(themeFolderName: String, files: [(path: String, contents: Data)]) -> String {
    var source = """
        // Generated at build time by ThemeEmbedder (Plugins/EmbedDefaultTheme) from
        // Themes/\(swiftLiteralBody(themeFolderName))/. Do not edit: edit the theme's files instead.

        extension BuiltInTheme {
            /// Every file of the built-in theme: its path relative to the theme folder, and its
            /// bytes in base64 (RFC 4648 §4) split into lines.
            static let encodedFiles: [(path: String, base64: String)] = [

        """
    for file in files {
        let base64 = file.contents.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
        let lines = base64.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n")
        source += "        (\n"
        source += "            \"\(swiftLiteralBody(file.path))\",\n"
        source += "            \"\"\"\n\(lines)\n            \"\"\"\n"
        source += "        ),\n"
    }
    source += "    ]\n}\n"
    return source
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder THEME_FOLDER OUTPUT.swift RELATIVE_PATH...\n".utf8))
    exit(2)
}
let themeFolder = URL(fileURLWithPath: arguments[1], isDirectory: true)
let output = URL(fileURLWithPath: arguments[2])
var files: [(path: String, contents: Data)] = []
for path in arguments.dropFirst(3).sorted() {
    do {
        files.append((path, try Data(contentsOf: themeFolder.appendingPathComponent(path))))
    } catch {
        FileHandle.standardError.write(Data(
            "\(themeFolder.path)/\(path): error: cannot read the theme file: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
let source = Data(generatedSource(themeFolderName: themeFolder.lastPathComponent, files: files).utf8)
if (try? Data(contentsOf: output)) != source {
    do {
        try source.write(to: output, options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("\(output.path): error: cannot write: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
