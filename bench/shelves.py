"""Puts a bench project's photos on 200 shelves of 25 (in id order): the layout every bench measures."""
import json
import sys

path = sys.argv[1]
doc = json.load(open(path))
ids = sorted(doc["photos"])
doc["shelves"] = [{"name": f"s{n + 1}", "slides": ids[n * 25:(n + 1) * 25]} for n in range(200)]
json.dump(doc, open(path, "w"), indent=1, sort_keys=True)
