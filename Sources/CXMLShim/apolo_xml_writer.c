#include "apolo_xml.h"
#include <libxml/xmlwriter.h>
#include <stdlib.h>

struct apolo_xml_writer {
    xmlBufferPtr buffer;
    xmlTextWriterPtr writer;
    int failed;
};

apolo_xml_writer *apolo_xml_writer_new(void) {
    apolo_xml_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->buffer = xmlBufferCreate();
    w->writer = w->buffer ? xmlNewTextWriterMemory(w->buffer, 0) : NULL;
    if (!w->writer) {
        if (w->buffer) xmlBufferFree(w->buffer);
        free(w);
        return NULL;
    }
    xmlTextWriterSetIndent(w->writer, 1);
    xmlTextWriterSetIndentString(w->writer, BAD_CAST " ");
    return w;
}

static void check(apolo_xml_writer *w, int result) {
    if (result < 0) w->failed = 1;
}

#define WRITER_OR_RETURN(w) if (!(w) || (w)->failed) return

void apolo_xml_writer_start(apolo_xml_writer *w, const char *name) {
    WRITER_OR_RETURN(w);
    check(w, xmlTextWriterStartElement(w->writer, BAD_CAST name));
}

void apolo_xml_writer_attribute(apolo_xml_writer *w, const char *name, const char *value) {
    WRITER_OR_RETURN(w);
    check(w, xmlTextWriterWriteAttribute(w->writer, BAD_CAST name, BAD_CAST value));
}

void apolo_xml_writer_text(apolo_xml_writer *w, const char *text) {
    WRITER_OR_RETURN(w);
    check(w, xmlTextWriterWriteString(w->writer, BAD_CAST text));
}

void apolo_xml_writer_end(apolo_xml_writer *w) {
    WRITER_OR_RETURN(w);
    check(w, xmlTextWriterEndElement(w->writer));
}

void apolo_xml_writer_instruction(apolo_xml_writer *w, const char *target, const char *content) {
    WRITER_OR_RETURN(w);
    check(w, xmlTextWriterWritePI(w->writer, BAD_CAST target, BAD_CAST content));
}

const char *apolo_xml_writer_finish(apolo_xml_writer *w, size_t *size) {
    *size = 0;
    if (!w || w->failed) return NULL;
    check(w, xmlTextWriterFlush(w->writer));
    *size = w->failed ? 0 : (size_t)xmlBufferLength(w->buffer);
    return w->failed ? NULL : (const char *)xmlBufferContent(w->buffer);
}

void apolo_xml_writer_free(apolo_xml_writer *w) {
    if (!w) return;
    xmlFreeTextWriter(w->writer);
    xmlBufferFree(w->buffer);
    free(w);
}
