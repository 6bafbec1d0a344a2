#!/usr/bin/env bash
# The sheet form of a system from a file with 60 declarations, opened in the window (issue 31),
# under Xvfb through WebDriver (see scripts/measure-sheet-form.mjs for what each figure covers).
# Figures printed, not timed tests.
# Usage: scripts/measure-sheet-form.sh [RUNS]   (build first: npm run build, or
#        cargo build --release -p rollbook -p rollbook-cli; ROLLBOOK_BIN picks another command line, e.g. target/debug/rollbook)
# Needs what the e2e tests need: tauri-driver, WebKitWebDriver, xvfb-run, npm install.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${ROLLBOOK_BIN:-${CARGO_TARGET_DIR:-target}/release/rollbook}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
[ -x "$bin" ] || { echo "measure-sheet-form: no binary at $bin (npm run build, or set ROLLBOOK_BIN)" >&2; exit 1; }
PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin"
command -v tauri-driver >/dev/null || { echo "measure-sheet-form: tauri-driver is missing: cargo install tauri-driver --locked" >&2; exit 1; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m); load now: $(cut -d' ' -f1-3 /proc/loadavg)"
ROLLBOOK_BIN=$bin exec xvfb-run -a -s "-screen 0 1280x800x24" node scripts/measure-sheet-form.mjs "${1:-9}"
