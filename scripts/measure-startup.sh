#!/usr/bin/env bash
# Cold start time of the release window to a usable window, median of 5 (or RUNS) under Xvfb:
# each run launches the release binary with a fresh HOME (a new empty database) through
# tauri-driver and times it from the app's process start (see scripts/measure-startup.mjs).
# Usage: scripts/measure-startup.sh [RUNS]   (build first: npm run build, or
#        cargo build --release -p rollbook -p rollbook-cli; ROLLBOOK_BIN picks another
#        command line, which starts the window binary beside it)
# Needs what the e2e tests need: tauri-driver, WebKitWebDriver, xvfb-run, npm install.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${ROLLBOOK_BIN:-${CARGO_TARGET_DIR:-target}/release/rollbook}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
[ -x "$bin" ] || { echo "measure-startup: no release binary at $bin (npm run build)" >&2; exit 1; }
PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin"
command -v tauri-driver >/dev/null || { echo "measure-startup: tauri-driver is missing: cargo install tauri-driver --locked" >&2; exit 1; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m); load now: $(cut -d' ' -f1-3 /proc/loadavg)"
ROLLBOOK_BIN=$bin exec xvfb-run -a -s "-screen 0 1280x800x24" node scripts/measure-startup.mjs "${1:-5}"
