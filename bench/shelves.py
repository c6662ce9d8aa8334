"""Puts a bench project's photos on 200 shelves of 25 (in id order): the layout every bench measures.
The document is written in apolo's own layout (each photo on one line, ids in byte order), which apolo reads by
indexing it and decoding a photo only when it is asked for: another layout (Python's indented one) is read by
decoding every photo at once, slower than any document apolo itself writes."""
import json
import sys

path = sys.argv[1]
doc = json.load(open(path))
photos = doc.pop("photos")
ids = sorted(photos, key=lambda k: k.encode())
doc["shelves"] = [{"name": f"s{n + 1}", "slides": ids[n * 25:(n + 1) * 25]} for n in range(200)]
doc["photos"] = "@photos@"
one = lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False)
lines = ",\n".join(f"    {json.dumps(k)} : {one(photos[k])}" for k in ids)
text = json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False)
with open(path, "w") as out:
    out.write(text.replace('"@photos@"', "{\n" + lines + "\n  }", 1))
