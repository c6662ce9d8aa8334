// libxml2's parser and tree, for XMP packets (read as a tree; no network, no entity substitution, no DTD loading).
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
