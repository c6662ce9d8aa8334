#!/usr/bin/env bash
# The tour of the README, run on generated sample photos in examples/out/.
# Uses its own APOLO_HOME, so it never touches your real projects.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${APOLO_BIN:-$root/.build/debug/apolo}
out=${APOLO_DEMO_DIR:-$root/examples/out}
rm -rf "$out"
mkdir -p "$out"
export APOLO_HOME="$out/home"

bold="" plain=""
if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; fi
step() { printf '\n%s$ apolo %s%s\n' "$bold" "$*" "$plain"; "$bin" "$@"; }
expect_ok() { step "$@" || { echo "demo failed at: apolo $*" >&2; exit 1; }; }

bash "$root/examples/make-sample-photos.sh" "$out/photos" || exit 1
expect_ok project new trip
expect_ok import "$out/photos/lisbon"
expect_ok table
expect_ok shelf create best
expect_ok slide move table:3 --to best
expect_ok slide move table:1 --to best:1
expect_ok slide swap best:1 best:2
expect_ok rate best:1 5
expect_ok tag add best:2 tram street
expect_ok filter --tag street --min-rating 4 --new-shelf street-best
expect_ok album compress street-best
expect_ok export --to "$out/Exports"
expect_ok project open other
expect_ok project open trip
expect_ok shelf show best

echo
echo "# A second album, moved in front of the first, to show export order:"
expect_ok shelf create days
expect_ok slide move table:1 --to days
expect_ok slide move table:1 --to days
expect_ok slide move days:2 --to days:1
expect_ok album compress days
expect_ok album move days --to 1
expect_ok export --to "$out/Exports" --force

echo
echo "# Files that cannot be imported are reported one per line; the import goes on (exit 3):"
step import "$out/photos/broken"
echo "(exit code $?)"

printf '\n# The export, in album order:\n'
ls -l "$out/Exports/trip"

echo
echo "# Deciding faster: two photos with a Gaussian- and a motion-blurred copy each, and a burst of four frames"
echo "# (one of them softened), generated; import measures them and stacks the burst:"
"$root/.build/debug/make-sample-photos" --cull 2 --size 800x600 "$out/photos/cull" >/dev/null || exit 1
expect_ok project new wedding
expect_ok import "$out/photos/cull/single" "$out/photos/cull/burst"
expect_ok stack list
expect_ok filter --from table --blurry
expect_ok stack keep table:7
expect_ok table

echo
echo "# Faces and eyes: a real portrait (NASA's, public domain: Tests/Fixtures/faces), found by dlib in a helper"
echo "# process; each face's box, its sharpness and its eyes are in the JSON, and filters find them:"
expect_ok import "$root/Tests/Fixtures/faces/astronaut.jpg"
expect_ok filter --from table --faces --json
expect_ok filter --from table --closed-eyes
echo "# A burst of that portrait, its face blurred in two frames: stacked, and the frame with the sharpest face"
echo "# suggested (each face's focus is measured at 100% on the band across its eyes):"
expect_ok import "$root"/Tests/Fixtures/faces/astronaut-burst-*.jpg
expect_ok stack list
echo "# Two faces of 45 px in a 4,500 px photo (1% of its side): too small for the analysis, found when the photo is"
echo "# looked at whole (a large group; a second or two a photo, so asked for, here by file name):"
expect_ok import "$root/Tests/Fixtures/faces/astronaut-far.jpg"
expect_ok analyze --small-faces astronaut-far.jpg

echo
echo "# Flags you can trust, on real photos (Tests/Fixtures/deciding): focus judged sharp, soft or can't tell on the"
echo "# faces or the most detailed regions (a shallow depth of field is not blur), an exposure flagged only where"
echo "# detail was lost (not a white backdrop), closed eyes; each says why (the page says it on badges and in the loupe):"
expect_ok project new judged
expect_ok import "$root/Tests/Fixtures/deciding"
for n in 1 2 3 4 5 6 7; do
    printf '\n%s$ apolo slide show table:%s%s  (file, focus, exposure, eyes)\n' "$bold" "$n" "$plain"
    "$bin" slide show "table:$n" | grep -E '^(file|focus|exposure|eyes):' || exit 1
done
expect_ok filter --from table --blurry
echo
echo "# People: each face described by dlib's face-recognition model (offline) and grouped with the faces it looks like;"
echo "# the astronaut (on the white backdrop and in her portrait) and the studio sitter (twice) become two people,"
echo "# named here and filtered by (docs/people.md):"
expect_ok import "$root/Tests/Fixtures/faces/astronaut.jpg"
expect_ok people
expect_ok person name 2 "Eileen Collins"
expect_ok person name 1 Ana
expect_ok people
expect_ok filter --from table --person "eileen collins"
expect_ok project open trip

echo
echo "# From the card to the client: a generated memory card ingested into two destinations (each copy read back"
echo "# from the disk and compared before it takes its name), named by job and sequence, with a metadata template;"
echo "# two photos captioned (one through a code), exported under delivery names with the captions embedded."
"$root/.build/debug/make-sample-photos" --card 6 "$out/card" >/dev/null || exit 1
expect_ok template new studio --field "creator=Ana Pérez" --field "copyright=© {year} Ana Pérez" \
    --field "city=Lisbon" --field "country-code=PT" --keywords wedding
expect_ok project new smith
expect_ok ingest "$out/card" --to "$out/Photos" --backup "$out/Backup" --job smith --name "{job}_{seq:4}" \
    --template studio
printf 'b\tAna Bride\n' > "$APOLO_HOME/codes.txt"
expect_ok caption set table:1 --title "The first dance" --caption '\b\ and her father, {time}'
expect_ok caption set table:3 --title "The cake" --caption "Cut at {time}"
expect_ok shelf create client
expect_ok slide move table:1 --to client
expect_ok slide move table:2 --to client
expect_ok album compress client
expect_ok export --to "$out/Delivery" --name "{job}_{seq:4}"
if command -v exiftool >/dev/null; then
    printf '\n$ exiftool -a -G1 -s -Title -ObjectName -Description -Creator -Rights -City smith_0001.JPG\n'
    exiftool -a -G1 -s -Title -ObjectName -Description -Creator -Rights -City "$out/Delivery/smith/smith_0001.JPG"
fi
expect_ok ingest --verify "$out/Backup/apolo-ingest-smith.json"
expect_ok ingest "$out/card" --to "$out/Photos" --backup "$out/Backup" --job smith --no-import

echo
echo "# Sharing with the client: a link to the album; apolo serve answers it (here curl plays two reviewers)."
expect_ok share create client --title "Smith wedding — your favourites" --max-picks 2
"$bin" serve --no-open --no-analyze > "$out/serve.txt" 2>/dev/null & server=$!
for _ in $(seq 1 100); do grep -q "^share 1" "$out/serve.txt" 2>/dev/null && break; sleep 0.1; done
cat "$out/serve.txt"
link=$(grep "^share 1" "$out/serve.txt" | sed 's/^[^:]*: //')
page=${link%%#*} key=${link#*#}
review() {   # NAME PHOTO...: opens the link, gives the name, hearts the photos (what the page does)
    local jar="$out/jar-$1" json=(-s -H "Content-Type: application/json")
    curl "${json[@]}" -c "$jar" -d "{\"token\":\"$key\"}" "${page}api/open" > "$out/share.json"
    curl "${json[@]}" -b "$jar" -d "{\"name\":\"$1\"}" "${page}api/me" > /dev/null
    local name=$1 at id; shift
    for at in "$@"; do
        id=$(python3 -c "import json; print(json.load(open('$out/share.json'))['photos'][$at]['id'])")
        curl "${json[@]}" -b "$jar" -d "{\"photo\":\"$id\",\"on\":true}" "${page}api/pick" > /dev/null
    done
}
review Ana 0 && review Luis 0 1 || { kill "$server"; echo "demo failed at the share" >&2; exit 1; }
expect_ok share picks 1
expect_ok filter --picked-by luis --from albums
kill -INT "$server"; wait "$server"
expect_ok project open trip

echo
echo "# A contact sheet of the whole project (open it in any image viewer):"
(cd "$out" && "$bin" sheet --all) || exit 1

echo
echo "# The light table: the same project in the browser (drag slides, rate with 0-5, X discards, Space opens the loupe)."
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -t 1 ] && [ -z "${CI:-}" ]; then
    echo "# Opening it now; Ctrl-C stops it."
    exec "$bin" serve
fi
echo "# No display here: start it with the line below, then open the address it prints in a browser:"
echo "  APOLO_HOME=$APOLO_HOME $bin serve --no-open"
