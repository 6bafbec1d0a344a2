#!/usr/bin/env bash
# End-to-end tests of the real app: tauri-driver + WebKitWebDriver drive the built binary under
# Xvfb; node --test prints the summary lines CI reads.
# Usage: scripts/e2e.sh [node --test args…]   (build first: cargo build -p rollbook -p rollbook-cli)
# ROLLBOOK_BIN picks the command line (default $CARGO_TARGET_DIR/debug/rollbook, else target/debug/rollbook,
# relative to the repository); the tests start the window through it (no subcommand), so the
# window's binary, rollbook-app, must be beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "e2e: $*" >&2; exit 1; }

PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin"
command -v tauri-driver >/dev/null || fail "tauri-driver is missing: cargo install tauri-driver --locked"
webkit_driver=${WEBKIT_WEBDRIVER:-/usr/bin/WebKitWebDriver}
[ -x "$webkit_driver" ] || fail "$webkit_driver is missing: apt-get install webkit2gtk-driver"
command -v xvfb-run >/dev/null || fail "xvfb-run is missing: apt-get install xvfb xauth"
# Real mouse-wheel turns (window.test.mjs): WebDriver's wheel actions do not reach WebKitGTK.
command -v xdotool >/dev/null || fail "xdotool is missing: apt-get install xdotool"
command -v node >/dev/null || fail "node is missing"
[ -d node_modules/selenium-webdriver ] || fail "selenium-webdriver is missing: npm install --no-audit --no-fund"
bin=${ROLLBOOK_BIN:-${CARGO_TARGET_DIR:-target}/debug/rollbook}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
[ -x "$bin" ] || fail "no command line at $bin: cargo build -p rollbook -p rollbook-cli (or set ROLLBOOK_BIN)"
[ -x "$(dirname "$bin")/rollbook-app" ] || fail "no window binary beside $bin: cargo build -p rollbook"

export ROLLBOOK_BIN="$bin" WEBKIT_WEBDRIVER="$webkit_driver"
exec xvfb-run -a -s "-screen 0 1280x800x24" node --test "${@:-tests/e2e/}"
