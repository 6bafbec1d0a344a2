#!/usr/bin/env bash
# Writes the web fonts the printed sheets embed (src-tauri/roster/fonts/sheet-*.woff2): DejaVu
# Sans and DejaVu Sans Bold (Debian's fonts-dejavu-core, the fonts the sheets are measured for)
# cut down to Latin, Greek, Cyrillic, punctuation, arrows, shapes and the card suits, without
# hinting. Why: WebKitGTK prints through Skia, which embeds every font it uses whole, so a sheet
# set in the system's DejaVu Sans (750 KB a face) printed from the window made a 1.9 MB page;
# these two are ~70 KB each. Characters outside them fall back to the system's fonts.
# Needs python3-fonttools and python3-brotli (apt-get install them). Run it again only to change
# the character ranges; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
ranges="U+0020-007E,U+00A0-024F,U+0370-03FF,U+0400-052F,U+2000-206F,U+20AC,U+2100-214F,U+2190-21FF,U+2212,U+2260-2265,U+25A0-25FF,U+2600-26FF"
for face in DejaVuSans DejaVuSans-Bold; do
  /usr/bin/python3 -m fontTools.subset "/usr/share/fonts/truetype/dejavu/$face.ttf" \
    --unicodes="$ranges" --no-hinting --layout-features='kern,liga' --name-IDs='*' \
    --flavor=woff2 --output-file="src-tauri/roster/fonts/sheet-$face.woff2"
done
ls -l src-tauri/roster/fonts/sheet-*.woff2
