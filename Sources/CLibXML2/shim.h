/* libxml2 for Swift. Debian builds libxml2 with ICU, whose headers clash with
   Foundation's bundled ICU module; dropping the ICU-only fields avoids that
   (see shared notes/toolchain.md, gotcha 1). */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function-pointer variable, which Swift 6 rejects as
   not concurrency-safe; call it through this wrapper instead. */
static inline void cxml_free(void *pointer) { xmlFree(pointer); }
