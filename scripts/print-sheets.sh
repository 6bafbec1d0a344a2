#!/usr/bin/env bash
# Prints the fixtures' sheets the way a GM would (`rollbook sheet`, then Chromium's print to PDF)
# and turns the first page of each system into the small PNG the README shows.
#
#   bash scripts/print-sheets.sh [OUT_DIR] [a4|letter]
#
# OUT_DIR (default: a temp dir) gets heroes-like HTML, PDF and PNG files per system; with no
# OUT_DIR the PNGs of page 1 replace docs/sheet-<system>.png. Builds rollbook (debug); needs
# chromium and poppler-utils (scripts/bootstrap.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-}"
paper="${2:-a4}"
docs=false
if [ -z "$out" ]; then
  out="$(mktemp -d)"
  docs=true
fi
mkdir -p "$out"
bin="${CARGO_TARGET_DIR:-target}/debug/rollbook"
cargo build -q -p rollbook-cli
db="$out/sheets.sqlite3"
rm -f "$db" "$db-wal" "$db-shm"
"$bin" --db "$db" import src-tauri/roster/tests/fixtures/all-systems.json >/dev/null

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for system in stunt genre universe marks d12; do
  roster="$("$bin" --db "$db" --json roster list | python3 -c "
import json, sys
print(next(r['name'] for r in json.load(sys.stdin) if r['system'] == '$system'))")"
  "$bin" --db "$db" sheet --roster "$roster" --paper "$paper" --out "$out/$system.html" >/dev/null
  chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --no-pdf-header-footer \
    --print-to-pdf="$out/$system.pdf" "file://$(realpath "$out/$system.html")" 2>/dev/null
  pdftoppm -png -r 70 -f 1 -l 1 -singlefile "$out/$system.pdf" "$out/sheet-$system"
  echo "$system: $(pdfinfo "$out/$system.pdf" | awk '/^Pages:/ {print $2}') pages, $out/sheet-$system.png"
  if $docs; then
    cp "$out/sheet-$system.png" "docs/sheet-$system.png"
  fi
done
