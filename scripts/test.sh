#!/usr/bin/env bash
# Runs every test of Rollbook: import cycles, formatting, lints, the Rust tests of the whole
# workspace, the front end's unit tests and types, the end-to-end tests of the real app under
# Xvfb, and the Windows build with its tests under Wine (scripts/windows.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "import cycles (a new one between files of a crate or of the window's modules fails)"
bash scripts/check-cycles.sh
step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings
step "cargo test (workspace)"
cargo test --workspace
step "front-end unit tests"
node --test tests/unit/
step "front-end types (tsc --checkJs against the bindings generated from Rust)"
npm run --silent typecheck
step "build the app and the command line for the end-to-end tests"
cargo build -p rollbook -p rollbook-cli
step "end-to-end tests (Xvfb, WebDriver)"
bash scripts/e2e.sh
step "Windows: both binaries cross-built, the roster and command-line tests and a smoke test under Wine"
bash scripts/windows.sh
step "all tests passed"
