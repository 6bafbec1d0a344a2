#!/usr/bin/env bash
# Fuzzes the dice notation for a bounded time: scripts/fuzz.sh notation (its header lists the
# runs). Kept for the commands that name it. Usage: scripts/fuzz-notation.sh [SECONDS]
exec bash "$(dirname "$0")/fuzz.sh" notation "$@"
