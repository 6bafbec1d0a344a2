#!/usr/bin/env bash
# Sizes of the Linux installers `npm run build` made (.deb, .rpm), what they unpack to, and the
# release binary inside them. Usage: scripts/measure-bundle.sh   (after npm run build)
set -euo pipefail
cd "$(dirname "$0")/.."
release=${CARGO_TARGET_DIR:-target}/release
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }

found=0
for file in "$release"/bundle/deb/*.deb "$release"/bundle/rpm/*.rpm; do
  [ -f "$file" ] || continue
  found=1
  size=$(stat -c %s "$file")
  case "$file" in
    *.deb) unpacked=$(( $(dpkg-deb -f "$file" Installed-Size) * 1024 )) ;;
    *.rpm) unpacked=$( (command -v rpm >/dev/null && rpm -qp --queryformat '%{SIZE}' "$file" 2>/dev/null) || echo 0) ;;
  esac
  line="$(basename "$file"): $(mib "$size") ($size bytes)"
  [ "$unpacked" -gt 0 ] && line="$line, installs $(mib "$unpacked")"
  echo "$line"
done
[ "$found" = 1 ] || { echo "measure-bundle: no .deb or .rpm under $release/bundle (npm run build)" >&2; exit 1; }
[ -f "$release/rollbook-app" ] && echo "window binary (rollbook-app): $(mib "$(stat -c %s "$release/rollbook-app")")"
[ -f "$release/rollbook" ] && echo "command line (rollbook): $(mib "$(stat -c %s "$release/rollbook")")"
