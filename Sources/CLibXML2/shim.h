/* libxml2 for Swift. Debian builds libxml2 with ICU, whose headers clash with
   Foundation's bundled ICU module; dropping the ICU-only fields avoids that
   (see shared notes/toolchain.md, gotcha 1). */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>

/* xmlFree is a global function-pointer variable, which Swift 6 rejects as
   not concurrency-safe; call it through this wrapper instead. */
static inline void cxml_free(void *pointer) { xmlFree(pointer); }

/* libxml2 prints what it raises without a parser's own handler (an encoding converter's "input
   conversion failed", "I/O error : encoder error", "xmlParseChunk: encoder error") through its
   generic error function, a C-variadic one Swift cannot write. cxml_drop_generic_errors makes it
   one that prints nothing: for threads that first use libxml2 later (the thread default) and for
   the calling thread. The errors still reach xmlGetLastError(). */
static inline void cxml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}
static inline void cxml_drop_generic_errors(void) {
    xmlThrDefSetGenericErrorFunc(NULL, cxml_ignore_generic_error);
    xmlSetGenericErrorFunc(NULL, cxml_ignore_generic_error);
}

