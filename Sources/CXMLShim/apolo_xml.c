#define _GNU_SOURCE
#include "apolo_xml.h"
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void start(void) { xmlInitParser(); }

/// The most attributes (namespace declarations included) any one element has; stops counting past `limit`.
/// Linear in the packet: libxml2's duplicate-attribute check is quadratic (75,000 attributes took 11.5 s).
static long most_attributes(const unsigned char *p, size_t size, long limit) {
    long most = 0;
    for (size_t i = 0; i < size; i++) {
        if (p[i] != '<') continue;
        if (i + 3 < size && !memcmp(p + i, "<!--", 4)) {   // a comment, to its end
            const unsigned char *end = memmem(p + i + 4, size - i - 4, "-->", 3);
            i = end ? (size_t)(end - p) + 2 : size;
            continue;
        }
        if (i + 8 < size && !memcmp(p + i, "<![CDATA[", 9)) {
            const unsigned char *end = memmem(p + i + 9, size - i - 9, "]]>", 3);
            i = end ? (size_t)(end - p) + 2 : size;
            continue;
        }
        long count = 0;
        unsigned char quote = 0;
        for (i++; i < size && (quote || p[i] != '>'); i++) {
            if (quote) { if (p[i] == quote) quote = 0; }
            else if (p[i] == '"' || p[i] == '\'') quote = p[i];
            else if (p[i] == '=') count++;
        }
        if (count > most) most = count;
        if (most > limit) break;
    }
    return most;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

apolo_xml_doc *apolo_xml_parse(const void *bytes, size_t size, long max_attributes, double seconds, int *line) {
    pthread_once(&once, start);
    *line = 0;
    if (size > 0x7fffffff) return NULL;
    if (most_attributes(bytes, size, max_attributes) > max_attributes) {
        *line = -1;
        return NULL;
    }
    xmlParserCtxtPtr context = xmlCreatePushParserCtxt(NULL, NULL, NULL, 0, NULL);
    if (!context) return NULL;
    xmlCtxtUseOptions(context, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    const char *at = bytes;
    double deadline = now() + seconds;
    int late = 0;
    for (size_t left = size; !late; ) {   // fed in pieces, so a deadline is kept between them
        int piece = left > 65536 ? 65536 : (int)left;
        xmlParseChunk(context, at, piece, piece == (int)left);
        if (piece == (int)left || !context->wellFormed) break;
        at += piece;
        left -= (size_t)piece;
        late = now() > deadline;
    }
    xmlDocPtr doc = context->myDoc;
    if (late) *line = -2;
    if (late || !doc || !context->wellFormed || !xmlDocGetRootElement(doc)) {
        const xmlError *error = xmlCtxtGetLastError(context);
        if (!late) *line = error ? error->line : 0;
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

size_t apolo_xml_text(const void *node, char *out, size_t size) {
    return collect(((xmlNodePtr)node)->children, out, size, 0);
}

const char *apolo_xml_namespace(const void *node) {
    xmlNsPtr ns = ((xmlNodePtr)node)->type == XML_ATTRIBUTE_NODE ? ((xmlAttrPtr)node)->ns : ((xmlNodePtr)node)->ns;
    return ns && ns->href ? (const char *)ns->href : "";
}
