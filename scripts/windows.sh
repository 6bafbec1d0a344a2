#!/usr/bin/env bash
# Rollbook for Windows, built and checked on Debian: cross-builds both binaries (rollbook.exe, the
# command line; rollbook-app.exe, the window) for x86_64-pc-windows-gnu, runs the roster crate's
# and the command line's tests under Wine, then a smoke test of rollbook.exe (odds, roll, a
# roster made, imported, exported, a snapshot taken, listed and restored) in a folder whose name
# has a space. Prints each phase's time. Installs the Debian packages it needs when missing.
#
#   bash scripts/windows.sh              everything
#   bash scripts/windows.sh ARGS…        ARGS go to `cargo test` (e.g. `--test integration cli_backup`)
#   bash scripts/windows.sh --build-only the packages, the Wine prefix and both builds, no test
#                                        (scripts/test.sh runs this in the background, at the
#                                        lowest priority, while the Linux tests run)
#
# Only Debian's packages are used, nothing is downloaded from elsewhere: Debian's own Rust
# (rustc-web, cargo-web; 1.96) has no standard library for Windows, so std is built from its
# source (rust-web-src) with -Zbuild-std, which a stable compiler allows with RUSTC_BOOTSTRAP=1;
# MinGW-w64 links, and compiles SQLite's C. Everything goes to a target directory of its own,
# $CARGO_TARGET_DIR/windows (default target/windows/): x86_64-pc-windows-gnu/debug/, and Wine's
# prefix in wine-prefix/. Its own, because cargo locks a whole target directory while it builds:
# sharing target/ with the Linux builds would make either wait for the other.
#
# Wine 8.0 lacks bcryptprimitives.dll, where std asks for random bytes (ProcessPrng, Windows 10
# and later): scripts/windows/bcryptprimitives.c stands in for it, in the Wine prefix's
# system32 only. It is for the tests under Wine and is never shipped.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build_only=false
if [ "${1:-}" = --build-only ]; then
  build_only=true
  shift
fi

started=$SECONDS
phase_started=$SECONDS
phases=()
phase() {
  local now=$SECONDS
  if [ -n "${phase_name:-}" ]; then
    phases+=("$(printf '%-34s %4d s' "$phase_name" $((now - phase_started)))")
  fi
  phase_name=$1
  phase_started=$now
  [ -z "$phase_name" ] || echo "windows: == $phase_name"
}
summary() {
  phase ""
  echo "windows: phase times"
  local line
  for line in "${phases[@]}"; do echo "  $line"; done
  printf '  %-34s %4d s\n' "total" $((SECONDS - started))
}

# --- Debian packages -------------------------------------------------------------------------
phase "packages"
# shellcheck source=scripts/debian-packages.sh
. scripts/debian-packages.sh
install_missing windows rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64 wine wine64

# --- the toolchain: Debian's Rust, not rustup's ------------------------------------------------
export PATH="/usr/bin:$PATH"
cargo=/usr/bin/cargo
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
export RUSTC_BOOTSTRAP=1
sysroot=$("$RUSTC" --print sysroot)
if [ ! -f "$sysroot/lib/rustlib/src/rust/library/std/Cargo.toml" ]; then
  echo "windows: no standard library source at $sysroot/lib/rustlib/src/rust (rust-web-src)" >&2
  exit 1
fi
target=x86_64-pc-windows-gnu
build_std=(--target "$target" -Zbuild-std=std,panic_abort)
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
# One profile for the tests and both binaries, so every dependency is compiled once; no debug
# information (the objects and links are far smaller and faster; a panic still names functions).
export CARGO_PROFILE_DEV_DEBUG=0
# The standard library is built here from source with that profile too: at opt-level 0 its
# BufReader, HashMap and allocator paths, serde_json and SQLite's C made the roster tests under Wine
# take 18 minutes. So those are built at opt-level 1, and only those: with every dependency at 1
# (`package."*"`, which outranks `build-override`: the proc macros and build scripts too) and
# 111 of them compiled twice (see the window's build below), both builds took 1,772 s cold on 2
# cores; 700 s now, the tests under Wine 209 s either way (2026-11-30). The PDF writer's crates
# and the rules are optimised by the workspace's profile (Cargo.toml); our other crates stay at
# 0 (quick to rebuild, as their tests run them).
for package in std core alloc hashbrown memchr serde_core serde serde_json libsqlite3-sys rusqlite; do
  build_std+=(--config "profile.dev.package.$package.opt-level=1")
done
# Features resolved once for the whole workspace (and its dev-dependencies: see the build
# below), not per command: the tests' build (the roster and the command line) and the window's
# (tauri's graph) turned on different features of the dependencies they share, so serde, libc,
# SQLite's C, the rules and some 150 more were compiled twice, a third of this build.
build_std+=(-Zfeature-unification --config 'resolver.feature-unification="workspace"')
target_dir=${CARGO_TARGET_DIR:-$root/target}/windows
mkdir -p "$target_dir"
target_dir=$(cd "$target_dir" && pwd)
export CARGO_TARGET_DIR=$target_dir
out=$target_dir/$target/debug
echo "windows: $("$cargo" --version), $("$RUSTC" --version), into $out"

# --- Wine: a prefix of our own, no display, cargo's runner -----------------------------------
wine=/usr/lib/wine/wine64
wineserver=/usr/lib/wine/wineserver
[ -x "$wine" ] || wine=$(command -v wine64 || command -v wine)
[ -x "$wineserver" ] || wineserver=$(command -v wineserver)
export WINEPREFIX=$target_dir/wine-prefix WINEARCH=win64 WINEDEBUG=-all DISPLAY=
# No Mono or Gecko (they would be downloaded): the command line needs neither.
export WINEDLLOVERRIDES="mscoree=;mshtml="
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=$wine

phase "stand-in bcryptprimitives.dll"
dll_dir=$target_dir/windows-test-dlls
mkdir -p "$dll_dir"
x86_64-w64-mingw32-gcc -O2 -s -shared -o "$dll_dir/bcryptprimitives.dll" \
  scripts/windows/bcryptprimitives.c scripts/windows/bcryptprimitives.def

# (Not for --build-only: nothing is run under Wine while building.)
if ! $build_only; then
  phase "wine prefix"
  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    "$wine" wineboot -i >"$target_dir/wineboot.log" 2>&1 ||
      { cat "$target_dir/wineboot.log" >&2; echo "windows: wineboot failed" >&2; exit 1; }
    "$wineserver" -w
  fi
  cp "$dll_dir/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
  # One Wine server for the whole run (every program started under Wine talks to it), stopped at
  # the end.
  "$wineserver" -p
  trap '"$wineserver" -k 2>/dev/null || true' EXIT
fi

# --- build -------------------------------------------------------------------------------------
tests=(-p rollbook-roster -p rollbook-cli)
phase "build: the tests and rollbook.exe"
"$cargo" test "${tests[@]}" "${build_std[@]}" --no-run
phase "build: rollbook-app.exe"
# `--examples` (the window has none) only makes cargo count the dev-dependencies in, as the
# tests' build did: the same features. And std's `test` crate among the ones built from source,
# as `cargo test` adds it: each library's build names every crate of that set, so without it
# the 111 libraries both builds share (serde, tokio, the rules, the PDF writer…) were compiled a
# second time (the window's build took 1,011 s; 217 s reusing them, its host crates already
# built). With it every library built above is used as it is; `test` is only offered to the
# window, never linked into it.
window_build_std=("${build_std[@]/#-Zbuild-std=std,panic_abort/-Zbuild-std=std,panic_abort,test}")
"$cargo" build -p rollbook --bins --examples "${window_build_std[@]}"
for f in rollbook.exe rollbook-app.exe WebView2Loader.dll; do
  [ -f "$out/$f" ] || { echo "windows: $out/$f was not built" >&2; exit 1; }
done
if $build_only; then
  summary
  exit 0
fi

# --- the tests under Wine ----------------------------------------------------------------------
# (Built before, not alongside: with the window's binary building meanwhile, Wine once failed to
# start a test's child program, "Internal error".)
phase "tests under Wine"
"$cargo" test "${tests[@]}" "${build_std[@]}" --no-fail-fast "$@"

# --- smoke test --------------------------------------------------------------------------------
phase "smoke test"
exe=$out/rollbook.exe
smoke="$target_dir/windows-smoke/Game Night"
rm -rf "$target_dir/windows-smoke"
mkdir -p "$smoke"
winpath() { "$wine" winepath -w "$1" 2>/dev/null | tr -d '\r'; }
db=$(winpath "$smoke/rollbook.sqlite3")
rb() { "$wine" "$exe" --db "$db" "$@" | tr -d '\r'; }
fail() { echo "windows: smoke test: $*" >&2; exit 1; }
expect() { # expect WHAT TEXT PATTERN
  grep -q -- "$3" <<<"$2" || fail "$1: expected $3 in: $2"
}
echo "windows: rollbook.exe --db '$db'"
request='{"system":"d12","roll":"straight","ranks":2,"difficulty":18}'
odds=$(rb odds "$request")
expect odds "$odds" '"success"'
first=$(rb roll "$request" --seed 7)
again=$(rb roll "$request" --seed 7)
expect roll "$first" '"seed": *7'
[ "$first" = "$again" ] || fail "the same seed rolled differently: $first / $again"
expect "roster create" "$(rb roster create "Friday Night" --system d12)" 'Created roster "Friday Night"'
expect import "$(rb import "$(winpath "$root/src-tauri/roster/tests/fixtures/all-systems.json")")" 'Imported'
listed=$(rb roster list)
expect "roster list" "$listed" 'Friday Night'
export_file=$(winpath "$smoke/every roster.json")
expect export "$(rb export --out "$export_file")" 'Exported'
expect "the exported file" "$(cat "$smoke/every roster.json")" '"format": "rollbook-roster"'
snapshot=$(rb --json backup now)
expect "backup now" "$snapshot" '"id"'
id=$(sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' <<<"$snapshot")
[ -n "$id" ] || fail "backup now answered no id: $snapshot"
expect "backup list" "$(rb backup list)" "$id"
# What a snapshot is for: a roster deleted for good (emptying the trash takes a snapshot of its
# own first) and another made, then the snapshot put back.
expect "roster delete" "$(rb roster delete "Friday Night Heroes")" 'to the trash'
expect "trash empty" "$(rb trash empty --yes)" 'Deleted for good'
expect "the trash's snapshot" "$(rb backup list)" '-trash '
expect "a roster made after the snapshot" "$(rb roster create "After The Snapshot" --system genre)" 'Created'
expect "backup restore" "$(rb backup restore "$id")" "Restored snapshot $id"
after=$(rb roster list)
[ "$after" = "$listed" ] || fail "after the restore the rosters are not the snapshot's: $after"
echo "windows: smoke test passed (odds, roll, roster create, import, export, backup now and list, trash" \
  "emptied, restore)"

ls -l "$out/rollbook.exe" "$out/rollbook-app.exe" "$out/WebView2Loader.dll"
summary
