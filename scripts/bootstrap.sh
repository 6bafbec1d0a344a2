#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build, run and test Rollbook. Safe to run again:
# it installs only what is missing. Needs Rust (cargo) already; everything else it fetches from
# Debian's packages, the npm registry and crates.io.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build (Tauri v2 on WebKitGTK), run and test under Xvfb (WebKitWebDriver), screenshots; the
# printed-sheet tests print to PDF with headless Chromium (in the DejaVu fonts the sheets are
# measured for) and read it back with poppler; the players' shared page is followed in headless
# Chromium through its own ChromeDriver (selenium-webdriver, as for the app); the window's own
# printing (WebKitGTK) is tested from Python's GObject bindings under Xvfb. The damaged-record
# test breaks a stored row with the sqlite3 command line. The import-cycle check is Python 3.
packages=(
  build-essential pkg-config curl wget file
  libwebkit2gtk-4.1-dev libxdo-dev libssl-dev libayatana-appindicator3-dev librsvg2-dev
  xvfb xauth webkit2gtk-driver imagemagick x11-utils xdotool sqlite3
  chromium chromium-driver poppler-utils fonts-dejavu-core
  python3 python3-gi gir1.2-gtk-3.0 gir1.2-webkit2-4.1
)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

# shellcheck source=scripts/debian-packages.sh
. scripts/debian-packages.sh
install_missing bootstrap "${packages[@]}"

if ! command -v cargo >/dev/null 2>&1; then
  echo "bootstrap: Rollbook is built with Rust; install it with rustup (https://rustup.rs) and run this again" >&2
  exit 1
fi

# `npm ci` cannot work here: the registry serves only the Linux builds of @tauri-apps/cli, so the
# lockfile cannot list the other platforms (BUILD-NOTES). `npm install` keeps to the lockfile.
npm install --no-audit --no-fund --loglevel=error

export PATH="$HOME/.cargo/bin:$PATH"
command -v tauri-driver >/dev/null 2>&1 || cargo install tauri-driver --locked
echo "bootstrap: ready"
