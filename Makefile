# apolo — the two commands a new user needs: `make demo` and `make test`.
# Both install the system packages they need (Debian/Ubuntu) when missing.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PACKAGES = pkg-config libexif-dev libssl-dev libsqlite3-dev libvips42 libraw-dev libxml2-dev fonts-dejavu-core python3 \
	libdlib-dev libdlib-data libopencv-dnn-dev libopencv-imgproc-dev libblas-dev liblapack-dev libopenblas0-serial exiftool curl
TEST_PACKAGES = libvips-tools strace nodejs node-acorn exiftool exiv2 iproute2 nginx-light openssl
BENCH_PACKAGES = hyperfine jq sqlite3 time bc python3 libvips-tools exiftool xxhash
PREFIX ?= /usr/local
# where the release build lives (CI builds it in its own folder alongside the tests: .ci/run)
RELEASE_BUILD ?= .build
REL = $(RELEASE_BUILD)/release
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release demo test check test-e2e test-hardening test-browser bench bench-cull bench-people bench-history bench-ingest bench-media bench-serve try-raws man install deb test-deb fuzz-media clean

all: build

## deps: install missing system packages (apt-get; root or sudo)
deps:
	@bash scripts/ensure-packages.sh $(PACKAGES)
	@bash scripts/ensure-models.sh

build: deps
	$(SWIFT) build

## release: optimised build with the Swift runtime and Foundation linked in (a process starts in ~5 ms, not ~15)
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(RELEASE_BUILD)

## demo: build, run the trip walk-through on generated sample photos, show the export
demo: build
	bash examples/walkthrough.sh

## test: every tier below, in order (the README's test command, and CI's): check, test-e2e, test-hardening,
##   test-browser; each prints its time
test: deps check test-e2e test-hardening test-browser

## check: the quick tier (about a minute once built): the page's modules linted and unit-tested (node), the Swift
##   sources' form (swift-format, 120 columns), the Swift unit tests (Core, Store, Media, Engine, the server's routes
##   in process, the CLI); installs nothing already there
check: deps
	@bash scripts/ensure-packages.sh nodejs node-acorn exiv2
	@start=$$(date +%s); node tests/node/lint.mjs && node --test tests/node/ && bash scripts/lint-swift.sh \
		&& python3 scripts/assets.py --check && python3 scripts/messages.py --check && python3 scripts/check-imports.py \
		&& $(SWIFT) test --skip EndToEndTests \
		&& echo "check: $$(( $$(date +%s) - start )) s"

## test-e2e: the end-to-end tests of the real binary (whole-output listings, media, ingest, faces, delivery)
test-e2e: deps
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)
	@start=$$(date +%s); $(SWIFT) test --filter EndToEndTests && python3 scripts/command-reference.py .build/debug/apolo \
		--check && echo "test-e2e: $$(( $$(date +%s) - start )) s"

## test-hardening: hostile input case by case, faults, kills, floods and fuzzes against the real binary, short forms
test-hardening: build
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)
	@start=$$(date +%s); set -e; \
		bash tests/security.sh; \
		bash tests/export-faults.sh; \
		bash tests/ingest-faults.sh; \
		python3 tests/fuzz-ingest.py; \
		TRIALS=20 PHOTOS=300 bash tests/crash.sh; \
		python3 tests/journal-crash.py; \
		bash tests/concurrency.sh; \
		APOLO_BIN=$(CURDIR)/.build/debug/apolo python3 tests/fuzz-cli.py 300; \
		python3 tests/fuzz-media.py; \
		python3 tests/flood.py --seconds 12; \
		python3 tests/reviewers-flood.py; \
		bash tests/netns.sh; \
		SHORT=1 BUILD=debug bash bench/reviewers.sh; \
		echo "test-hardening: $$(( $$(date +%s) - start )) s"

## test-browser: the real page in headless Chromium (Playwright, axe-core)
test-browser: build
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)
	@bash scripts/ensure-browser.sh
	@start=$$(date +%s); .venv-browser/bin/python -m pytest -q -p no:cacheprovider tests/browser \
		&& echo "test-browser: $$(( $$(date +%s) - start )) s"

## bench: edits, listings, --help and memory at 2,000 and 50,000 photos, with targets, next to jq and sqlite3; then
##   the peak memory of importing 200,000 photos (BENCH_IMPORT=N for another count)
bench: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/run.sh
	bash bench/import-memory.sh

## bench-media: import, thumbnails, cache, export and resized export of 200 12 MP JPEGs against vipsthumbnail, exiftool, cp;
##   raw import against exiftool -PreviewImage + vipsthumbnail
bench-media: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/media.sh

## bench-cull: blur, clipping, stacks and faces on a camera-like generated set and on real photos, each next to its target
bench-cull: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/cull.sh

## bench-people: faces grouped into people on real photos of 66 people (precision and recall, held-back photos
##   apart; bench/people-set), and the time to group 90,000 faces of 45,000 photos, then a new card's 10,000
bench-people: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/people.sh

## bench-ingest: a 200-photo card on a tmpfs ingested to two destinations with read-back verification, against cp to
##   each, sync and sha256sum of all three; and the same card again (all known)
bench-ingest: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/ingest.sh

## bench-history: cost of undo history (edit, undo, redo, size) on a generated 50,000-photo project
bench-history: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/history.sh

## bench-serve: the light table at 2,000 and 50,000 photos in headless chromium, each figure next to its target;
##   then 50 reviewers hearting 40 photos each at once on a share of 2,000
bench-serve: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	@bash scripts/ensure-browser.sh
	bash bench/serve.sh
	bash bench/reviewers.sh

## try-raws: import real cameras' raws (test data of Debian's exiv2, ExifTool and KImageFormats sources; needs the
##   network) and print what apolo made of each (docs/raw-formats.md)
try-raws: build
	@bash scripts/ensure-packages.sh libvips-tools python3
	bash scripts/try-raws.sh

## man: the manual page (apolo.1, every command and option), made by swift-argument-parser from the parser itself
##   (from the debug build: the parser is the same, and a release build without --static-swift-stdlib would be a
##   second full build)
man: build
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration debug --date $$(date -u +%F) \
	    --authors "the apolo developers" >/dev/null
	cp .build/plugins/GenerateManual/outputs/apolo/apolo.1 .build/apolo.1

## install: the binary stripped (14 MB; 52 MB unstripped), apolo-raw-worker, the manual page, completions, example plugins
## fuzz-media: the long form of the media fuzz (400 mutants of each of 16 kinds of file; FUZZ_SEED picks the run)
fuzz-media: build
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)
	python3 tests/fuzz-media.py --per-seed 400

install: release man deps
	$(SUDO) install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	$(SUDO) install -m 755 -s $(REL)/apolo $(REL)/apolo-raw-worker $(REL)/apolo-face-worker $(REL)/apolo-face-worker-v3 \
	    $(DESTDIR)$(PREFIX)/bin/
	$(SUDO) install -m 644 .build/apolo.1 $(DESTDIR)$(PREFIX)/share/man/man1/apolo.1
	@models=/usr/local/share/apolo/models; to=$(DESTDIR)$(PREFIX)/share/apolo/models; \
	    if [ "$$(readlink -f $$models)" != "$$(readlink -f $$to 2>/dev/null)" ]; then \
	        $(SUDO) install -d $$to && $(SUDO) install -m 644 $$models/dlib_face_recognition_resnet_model_v1.dat \
	            $$models/LICENSE.face_recognition_models models/face_detection_yunet_2023mar.onnx \
	            models/LICENSE.yunet $$to/; fi
	$(SUDO) install -m 755 examples/plugins/apolo-dedupe-bursts examples/plugins/apolo-html $(DESTDIR)$(PREFIX)/bin/
	$(SUDO) install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(REL)/apolo --generate-completion-script bash | $(SUDO) tee $(DESTDIR)$(PREFIX)/share/bash-completion/completions/apolo >/dev/null
	$(REL)/apolo --generate-completion-script zsh | $(SUDO) tee $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_apolo >/dev/null
	$(REL)/apolo --generate-completion-script fish | $(SUDO) tee $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/apolo.fish >/dev/null

## deb: a Debian package of the release (.build/apolo_VERSION_amd64.deb): apolo, its workers, the manual page,
##   completions, example plugins; its dependencies declared from the libraries the binaries link
deb: release man
	@bash scripts/ensure-packages.sh fakeroot file
	RELEASE_BUILD=$(RELEASE_BUILD) bash scripts/make-deb.sh

## test-deb: installs that package with apt in a clean Debian root (debootstrap, made once) and runs apolo there
test-deb: deb
	bash scripts/test-deb.sh

clean:
	rm -rf .build examples/out
