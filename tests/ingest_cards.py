"""The hostile cards and damaged registries of tests/fuzz-ingest.py: every file's bytes and name drawn from a seeded
random generator, so a seed builds the same card again."""
import hashlib, os, shutil

SPAN = 64 << 10


def odd_name(r, index):
    """A file name (bytes) a careless or hostile card could hold; unique by `index`."""
    tag = b"%d" % index
    kinds = [
        lambda: b"IMG_" + tag + bytes([r.choice([9, 10, 13, 27, 127])]) + b"x.JPG",
        lambda: b"A" + tag + b"." + b"x" * (249 - len(tag)) + b".JPG",
        lambda: b"B" + tag + b"x" * (250 - len(tag)) + b".JPG",
        lambda: b"IMG_" + tag + b".jpg.xmp.jpg",
        lambda: b"many." + b".".join(b"d" for _ in range(r.randint(2, 30))) + tag + b".JPG",
        lambda: b"raw\xff\xfe" + tag + b".JPG",
        lambda: b"t\xc3(" + tag + b".J\x01PG",
        lambda: b"DSC_" + tag + b".JPG",
    ]
    return r.choice(kinds)()


def jpeg(r, size):
    return b"\xff\xd8\xff\xe0" + r.randbytes(max(0, size - 4))


def build_card(r, card):
    """Writes the card; the SHA-256 of every photo that must be copied, and the registry lines to plant."""
    os.makedirs(card)
    photos, planted = set(), []
    folders = [os.path.join(card, b"DCIM/%dAPOLO" % (100 + f)) for f in range(r.randint(1, 3))]
    for folder in folders:
        os.makedirs(folder)
    for index in range(r.randint(3, 12)):
        folder = r.choice(folders)
        name = odd_name(r, index)
        data = jpeg(r, r.choice([200, 5000, 70_000, 140_000, 300_000]))
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        photos.add(hashlib.sha256(data).hexdigest())
        if r.random() < 0.3:  # the same name in another case, other bytes
            other = jpeg(r, len(data))
            with open(os.path.join(folder, name.swapcase()), "wb") as f:
                f.write(other)
            photos.add(hashlib.sha256(other).hexdigest())
        if r.random() < 0.3 and len(name) < 250:  # a sidecar: of the photo by its whole name, or without extension
            stem = name.rsplit(b".", 1)[0] if r.random() < 0.5 else name
            with open(os.path.join(folder, stem + r.choice([b".xmp", b".XMP"])), "wb") as f:
                f.write(b"<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")
        if r.random() < 0.1:  # a sidecar of no photo
            with open(os.path.join(folder, b"LONE_%d.xmp" % index), "wb") as f:
                f.write(b"<x/>")
        if r.random() < 0.2:  # a duplicate under another name
            shutil.copyfile(path, os.path.join(r.choice(folders), b"COPY_%d.JPG" % index))
        if r.random() < 0.2 and len(data) > 2 * SPAN:  # the same quick print, other bytes
            twin = bytearray(data)
            twin[len(data) // 2] ^= 0x55
            with open(os.path.join(folder, b"TWIN_%d.JPG" % index), "wb") as f:
                f.write(twin)
            photos.add(hashlib.sha256(twin).hexdigest())
            planted.append(registry_line(data, "00" * 32, r))
    open(os.path.join(folders[0], b"EMPTY.JPG"), "wb").close()
    if r.random() < 0.3:
        with open(os.path.join(folders[0], b"HUGE.JPG"), "wb") as f:
            f.write(b"\xff\xd8\xff\xe0" + r.randbytes(1000))
            f.truncate(r.choice([40, 64]) << 20)
        photos.add(sha_of(os.path.join(folders[0], b"HUGE.JPG")))
    return photos, planted


def registry_line(data, sha, r):
    tail = data[SPAN:][-SPAN:] if len(data) > SPAN else b""
    quick = "%d:%s" % (len(data), hashlib.sha256(data[:SPAN] + tail).hexdigest())
    return "\t".join(["1", quick, sha, str(len(data)), "j", "2026-01-01", str(r.randint(1, 9)), "1", "x", "/c", "/o"])


def damaged_lines(r):
    huge = str(r.choice([2**63 - 1, 2**64, -(2**63), 10**30]))
    lines = ["1\tp\t%s\t9\tj\t2026-01-01\t%s\t1\tx\t/c\t/o" % ("ab" * 32, huge),
             "1\tp\t%s\t%s\tj\t2026-01-01\t1\t%s\tx\t/c\t/o" % ("ab" * 32, huge, huge),
             "1\tp\t%s\t-5\tj\t2026-01-01\t-1\t-1\tx\t/c\t/o" % ("cd" * 32),
             "1\tNaN\tnan\tNaN\tj\tinf\tNaN\t1e9\tx\t/c\t/o", "1\tonly\tthree", "\t" * 40, "2\tfuture"]
    return r.sample(lines, r.randint(1, len(lines)))


def sha_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
