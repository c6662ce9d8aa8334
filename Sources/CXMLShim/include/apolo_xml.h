#ifndef APOLO_XML_H
#define APOLO_XML_H
#include <stddef.h>
/// libxml2's tree behind opaque pointers (its headers pull in ICU's, which clash with Foundation's copy in Swift).
/// Parsing loads nothing from the network, substitutes no entity and nests at most 256 elements deep.

typedef struct apolo_xml_doc apolo_xml_doc;
/// The parsed document, or NULL when `bytes` are not well-formed XML (`line` says where libxml2 stopped), when
/// an element has more than `max_attributes` attributes (`line` -1: refused before libxml2 sees it), or when
/// parsing took longer than `seconds` (`line` -2).
apolo_xml_doc *apolo_xml_parse(const void *bytes, size_t size, long max_attributes, double seconds, int *line);
void apolo_xml_free(apolo_xml_doc *doc);
/// The root element.
const void *apolo_xml_root(apolo_xml_doc *doc);
/// The first element child of an element, or NULL.
const void *apolo_xml_first_element(const void *node);
/// The next element sibling, or NULL.
const void *apolo_xml_next_element(const void *node);
/// The first attribute of an element, or NULL; then the next one.
const void *apolo_xml_first_attribute(const void *node);
const void *apolo_xml_next_attribute(const void *attribute);
/// The qualified name of an element or attribute (NUL-terminated UTF-8).
const char *apolo_xml_name(const void *node);
/// The namespace URI of an element or attribute ("" when it has none).
const char *apolo_xml_namespace(const void *node);
/// Copies the text of an element's or attribute's descendants, at most `size` bytes; returns how many.
size_t apolo_xml_text(const void *node, char *out, size_t size);

typedef struct apolo_xml_writer apolo_xml_writer;
/// libxml2's text writer into memory, indenting each element one space a level; NULL when out of memory. Names
/// and values are NUL-terminated UTF-8; libxml2 escapes markup in text and attribute values.
apolo_xml_writer *apolo_xml_writer_new(void);
/// Opens an element; closes the open one; writes an attribute of the open element, or text inside it.
void apolo_xml_writer_start(apolo_xml_writer *w, const char *name);
void apolo_xml_writer_end(apolo_xml_writer *w);
void apolo_xml_writer_attribute(apolo_xml_writer *w, const char *name, const char *value);
void apolo_xml_writer_text(apolo_xml_writer *w, const char *text);
/// Writes a processing instruction (`<?target content?>`).
void apolo_xml_writer_instruction(apolo_xml_writer *w, const char *target, const char *content);
/// The bytes written (owned by the writer, valid until it is freed), or NULL with `size` 0 when a call failed.
const char *apolo_xml_writer_finish(apolo_xml_writer *w, size_t *size);
void apolo_xml_writer_free(apolo_xml_writer *w);
#endif
