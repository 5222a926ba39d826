internal import CLibXML2

/// The one place libxml2 is set up for the process, before any reader (`XMLStreamReader`) or
/// writer (`XMLDocumentWriter`) is made.
enum LibXML2 {
    /// Prepares libxml2 once, thread-safely (a global `let` is initialised by `swift_once`), and
    /// does nothing on later calls:
    /// - `xmlInitParser()`, which libxml2 2.9 asks for once before it is used from several threads;
    /// - an external entity loader that loads nothing, so no document can make libxml2 open a file
    ///   or a URL (an external DTD, `<!ENTITY x SYSTEM "file:///etc/passwd">`), whatever options a
    ///   parser is given. The readers never ask for one either (no `XML_PARSE_DTDLOAD`,
    ///   `XML_PARSE_NOENT` or `XML_PARSE_DTDVALID`; `XML_PARSE_NONET`).
    /// - a generic error function that prints nothing, for every thread (`cxml_drop_generic_errors`
    ///   in the CLibXML2 shim). What libxml2 raises without a parser's context — an encoding
    ///   converter's "input conversion failed", "I/O error : encoder error" — would otherwise be
    ///   printed on standard error beside roadtrip's diagnostics. Each reader still gets its own
    ///   errors through its own structured handler, and its thread's last error through
    ///   `xmlGetLastError()`.
    static func prepare() {
        _ = prepared
    }

    private static let prepared: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader(loadNoExternalEntity)
        cxml_drop_generic_errors()
        return true
    }()
}

/// libxml2's external entity loader for the process: refuses every external entity (no input).
nonisolated private func loadNoExternalEntity(
    _ url: UnsafePointer<CChar>?, _ identifier: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    nil
}
