#!/usr/bin/env bash
# Takes a screenshot of the Rollbook window under Xvfb (no window manager: the window sits at 0,0).
# Usage: scripts/screenshot.sh OUT.png [light|dark] [BINARY]
# Needs xvfb and imagemagick (scripts/bootstrap.sh installs both).
set -euo pipefail
out=${1:?usage: screenshot.sh OUT.png [light|dark] [BINARY]}
theme=${2:-light}
binary=${3:-target/debug/rollbook}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
# GTK's dark variant is what WebKitGTK reports as prefers-color-scheme: dark.
gtk_theme=Adwaita
[ "$theme" = dark ] && gtk_theme=Adwaita:dark
XDG_DATA_HOME=$data GTK_THEME=$gtk_theme SHOT_OUT=$out SHOT_BIN=$binary \
  xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    "$SHOT_BIN" & app=$!
    sleep "${SHOT_WAIT:-5}"
    import -window root -crop 1200x800+0+0 +repage "$SHOT_OUT"
    kill "$app"; wait "$app" 2>/dev/null || true'
echo "wrote $out"
