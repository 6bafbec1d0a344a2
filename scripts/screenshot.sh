#!/usr/bin/env bash
# Takes a screenshot of the Rollbook window under Xvfb (no window manager, no decorations).
# Usage: scripts/screenshot.sh OUT.png [light|dark] [BINARY] [SCENE]
#   Without SCENE: the window as it opens, captured by X (xdotool finds it, ImageMagick's
#   `import` grabs it once two captures in a row are the same).
#   With SCENE (a file of tests/e2e/scenes/, e.g. quick-roll or rosters, or FILE:EXPORT for
#   its other scenes, e.g. quick-roll:d12): the app is driven there through WebDriver first
#   (tests/e2e/screenshot.mjs; needs tauri-driver, WebKitWebDriver and `npm install`).
#   SHOT_SIZE=WIDTHxHEIGHT (e.g. 1024x700) sizes the window first.
# Needs xvfb, xdotool and imagemagick (scripts/bootstrap.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: screenshot.sh OUT.png [light|dark] [BINARY] [SCENE]}
theme=${2:-light}
binary=${3:-target/debug/rollbook}
scene=${4:-}
case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
[ -x "$binary" ] || { echo "screenshot: no app binary at $binary (cargo build -p rollbook -p rollbook-cli)" >&2; exit 1; }
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
# GTK's dark variant is what WebKitGTK reports as prefers-color-scheme: dark.
gtk_theme=Adwaita
[ "$theme" = dark ] && gtk_theme=Adwaita:dark
export GTK_THEME=$gtk_theme

if [ -n "$scene" ]; then
  PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin" ROLLBOOK_BIN=$binary SHOT_SIZE=${SHOT_SIZE:-} \
    xvfb-run -a -s "-screen 0 1280x800x24" node tests/e2e/screenshot.mjs "$out" "$scene"
  echo "wrote $out"
  exit 0
fi

mkdir -p "$data/data" "$data/config" "$data/cache"
HOME=$data XDG_DATA_HOME=$data/data XDG_CONFIG_HOME=$data/config XDG_CACHE_HOME=$data/cache \
SHOT_OUT=$out SHOT_BIN=$binary SHOT_DIR=$data \
  xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    set -euo pipefail
    "$SHOT_BIN" & app=$!
    trap "kill $app 2>/dev/null; wait $app 2>/dev/null || true" EXIT
    id=$(timeout 60 xdotool search --sync --onlyvisible --name "^Rollbook$" | head -n1)
    # The page paints after the window maps: wait (up to 60 s) until a capture has content
    # (not one flat colour) and the next one is the same.
    prev=; for _ in $(seq 120); do
      sleep 0.5
      import -window "$id" "$SHOT_DIR/shot.png"
      [ "$(identify -format %k "$SHOT_DIR/shot.png")" -gt 64 ] || continue
      sum=$(md5sum < "$SHOT_DIR/shot.png")
      [ "$sum" = "$prev" ] && break
      prev=$sum
    done
    cp "$SHOT_DIR/shot.png" "$SHOT_OUT"'
echo "wrote $out"
