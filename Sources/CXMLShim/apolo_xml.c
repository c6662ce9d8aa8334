#include "apolo_xml.h"
#include <pthread.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void start(void) { xmlInitParser(); }

apolo_xml_doc *apolo_xml_parse(const void *bytes, size_t size, int *line) {
    pthread_once(&once, start);
    *line = 0;
    if (size > 0x7fffffff) return NULL;
    xmlParserCtxtPtr context = xmlNewParserCtxt();
    if (!context) return NULL;
    xmlDocPtr doc = xmlCtxtReadMemory(context, bytes, (int)size, NULL, "UTF-8", XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc || !context->wellFormed || !xmlDocGetRootElement(doc)) {
        xmlErrorPtr error = xmlCtxtGetLastError(context);
        *line = error ? error->line : 0;
        if (doc) xmlFreeDoc(doc);
        doc = NULL;
    }
    xmlFreeParserCtxt(context);
    return (apolo_xml_doc *)doc;
}

void apolo_xml_free(apolo_xml_doc *doc) { xmlFreeDoc((xmlDocPtr)doc); }

const void *apolo_xml_root(apolo_xml_doc *doc) { return xmlDocGetRootElement((xmlDocPtr)doc); }

static const void *element_from(xmlNodePtr node) {
    while (node && node->type != XML_ELEMENT_NODE) node = node->next;
    return node;
}

const void *apolo_xml_first_element(const void *node) { return element_from(((xmlNodePtr)node)->children); }
const void *apolo_xml_next_element(const void *node) { return element_from(((xmlNodePtr)node)->next); }
const void *apolo_xml_first_attribute(const void *node) { return ((xmlNodePtr)node)->properties; }
const void *apolo_xml_next_attribute(const void *attribute) { return ((xmlAttrPtr)attribute)->next; }
const char *apolo_xml_name(const void *node) { return (const char *)((xmlNodePtr)node)->name; }

static size_t collect(xmlNodePtr node, char *out, size_t size, size_t used) {
    for (; node && used < size; node = node->next) {
        if ((node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) && node->content) {
            size_t n = strlen((const char *)node->content);
            if (n > size - used) n = size - used;
            memcpy(out + used, node->content, n);
            used += n;
        } else if (node->type == XML_ELEMENT_NODE) {
            used = collect(node->children, out, size, used);
        }
    }
    return used;
}

size_t apolo_xml_text(const void *node, char *out, size_t size) { return collect(((xmlNodePtr)node)->children, out, size, 0); }
