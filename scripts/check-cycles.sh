#!/usr/bin/env bash
# Fails on a new import cycle between the files of a Rust crate or between the window's ES modules
# (scripts/cycles/check_cycles.py says how the graphs are built). The cycles known when the check
# came in are listed in scripts/cycles-allowed.txt: one may shrink or go (then remove its line),
# none may grow and no new one may appear. The rules crate has none.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -B -m unittest discover -q -s scripts/cycles -p 'test_*.py' >/dev/null 2>&1 || {
  echo "check-cycles: the checker's own tests fail:"
  python3 -B -m unittest discover -s scripts/cycles -p 'test_*.py'
  exit 1
}
exec python3 -B scripts/cycles/check_cycles.py --allow scripts/cycles-allowed.txt \
  rules=src-tauri/rules/src:rust \
  roster=src-tauri/roster/src:rust \
  share=src-tauri/share/src:rust \
  app=src-tauri/src:rust \
  cli=src-tauri/cli/src:rust \
  ui=ui:js
