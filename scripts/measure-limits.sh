#!/usr/bin/env bash
# Peak memory (maximum resident set size, GNU time) and time of the largest inputs the limits
# accept (issue 28; the goal is under 200 MB for each): the largest batches of `rollbook odds`
# (the heaviest request as often as MAX_BATCH_WORK allows, MAX_REQUESTS everyday requests, 16 MiB
# of the longest requests) and the largest import (MAX_CHARACTERS characters over MAX_ROSTERS
# rosters, names at their longest; then its export and the export imported again; and a file of
# the largest characters), with the inputs the limits refuse at once.
# Usage: scripts/measure-limits.sh   (build first: cargo build --release -p rollbook-cli;
#        ROLLBOOK_BIN picks another binary). Needs GNU time (/usr/bin/time), python3 and about
#        700 MB of room in $TMPDIR. Takes 2-3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${ROLLBOOK_BIN:-${CARGO_TARGET_DIR:-target}/release/rollbook}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
[ -x "$bin" ] || { echo "measure-limits: no binary at $bin (cargo build --release -p rollbook-cli)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "measure-limits: GNU time is missing (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }

# One run: its label, then the command (stdin from $input when set). Prints the peak, the time,
# the size of what it wrote and its exit status (a refusal is expected of some).
measure() {
  local label=$1; shift
  local status=0
  /usr/bin/time -f '%M %e' -o "$work/time" "$@" <"${input:-/dev/null}" >"$work/out" 2>"$work/err" || status=$?
  read -r kb seconds < <(tail -n 1 "$work/time")
  local said=""
  [ "$status" -eq 0 ] || said="; refused: $(head -c 110 "$work/err")"
  printf '%-58s peak %6.1f MiB  %6.2f s  wrote %s%s\n' "$label" "$(awk -v kb="$kb" 'BEGIN { print kb / 1024 }')" \
    "$seconds" "$(mib "$(stat -c %s "$work/out")")" "$said"
}

# A JSON array of COUNT copies of REQUEST.
batch() { python3 -c 'import sys; print("[" + ",".join([sys.argv[1]] * int(sys.argv[2])) + "]")' "$1" "$2" >"$work/batch.json"; }

echo "machine: $(nproc) cores, $(uname -m); binary: $bin"
heavy='{"system":"stunt","roll":"damage","dice":60,"sides":100,"htk":3000}'
most=$("$bin" kinds | python3 -c 'import json, sys; print(json.load(sys.stdin)["limits"]["batch_work"])')
# Its work, as RollRequest::work tells it (rules/tests/work.rs: 3,000 of them are 44,829,000).
per=14943
batch "$heavy" 3000
input=$work/batch.json measure "odds: 3,000 copies of stunt damage 60d100 (issue 28)" "$bin" odds -
batch "$heavy" $((most / per))
input=$work/batch.json measure "odds: $((most / per)) copies, the most batch_work allows" "$bin" odds -
batch '{"system":"marks","roll":"extended","attribute_dice":1,"plateau":500,"min_steps":1000,"max_steps":1000}' 3000
input=$work/batch.json measure "odds: 3,000 marks extended rolls of 1,000 steps" "$bin" odds -
batch '{"system":"d12","roll":"straight","ranks":4,"difficulty":12}' 100000
input=$work/batch.json measure "odds: 100,000 everyday requests (d12, 4 ranks)" "$bin" odds -
python3 - "$work/batch.json" <<'EOF'
import json, sys
one = json.dumps({"system": "universe", "roll": "group_stealth", "leader": 40, "members": [40] * 60,
                  "difficulty": 100}, separators=(",", ":"))
n = min(100000, (16 * 1024 * 1024 - 2) // (len(one) + 1))
open(sys.argv[1], "w").write("[" + ",".join([one] * n) + "]")
EOF
input=$work/batch.json measure "odds: 16 MiB of the longest requests (60 members each)" "$bin" odds -
unset input

python3 scripts/make-big-roster.py "$work/most.json" --characters 100000 --rosters 1000 --longest-names 2>/dev/null
echo "the largest import: 100,000 characters over 1,000 rosters, names at their longest, $(mib "$(stat -c %s "$work/most.json")")"
measure "import --dry-run" "$bin" --db "$work/a.sqlite3" import "$work/most.json" --dry-run
measure "import" "$bin" --db "$work/a.sqlite3" import "$work/most.json"
rm -f "$work/most.json"
measure "export of everything" "$bin" --db "$work/a.sqlite3" export --out "$work/export.json"
echo "the export: $(mib "$(stat -c %s "$work/export.json")")"
measure "import of the export into a new database" "$bin" --db "$work/b.sqlite3" import "$work/export.json"
rm -f "$work"/export.json "$work"/[ab].sqlite3*

# The largest character there is: a d12 sheet with every list at 200 items, every name at 120
# characters of 4 bytes, notes of 20,000 characters written as 6 bytes each; written as Python
# writes JSON (every such character escaped, 12 bytes), more than twice Rollbook's own export.
python3 - "$work/fat.json" <<'EOF'
import json, sys
def wide(salt):
    return chr(0x1F300 + salt % 768) + chr(0x1F300 + salt // 768 % 768) + "\U0001F409" * 118
names = lambda salt: [wide(salt + i) for i in range(200)]
roles = ["dodge", "mind", "toughness", "will_power"]
sheet = {"abilities": [dict({"name": n, "ranks": 0}, **({"defense": roles[i]} if i < 4 else {}))
                       for i, n in enumerate(names(0))],
         "health": {"current": 99, "max": 99},
         "effects": [{"name": n, "remaining": n} for n in names(1000)],
         "conditions": [{"kind": "memory_alteration", "detail": n, "remaining": n} for n in names(2000)],
         "equipment": names(3000)}
characters = [{"name": wide(5000 + i), "player": wide(1), "tags": [wide(t)[:40] for t in range(32)],
               "notes": "\u0001" * 20000, "sheet": sheet} for i in range(100)]
json.dump({"format": "rollbook-roster", "version": 1,
           "rosters": [{"name": "Largest", "system": "d12", "characters": characters}]},
          open(sys.argv[1], "w"), indent=2)
EOF
measure "import: 100 of the largest character there is ($(mib "$(stat -c %s "$work/fat.json")"))" "$bin" --db "$work/c.sqlite3" import "$work/fat.json"
rm -f "$work"/fat.json "$work"/c.sqlite3*

python3 - "$work" <<'EOF'
import json, sys
d = sys.argv[1]
json.dump({"format": "rollbook-roster", "version": 1,
           "rosters": [{"name": "r%d" % i, "system": "genre"} for i in range(580000)]},
          open(d + "/rosters.json", "w"), separators=(",", ":"))
json.dump({"format": "rollbook-roster", "version": 1,
           "rosters": [{"name": "Big", "system": "d12",
                        "characters": [{"name": "c%d" % i} for i in range(250000)]}]},
          open(d + "/characters.json", "w"), separators=(",", ":"))
EOF
measure "import: 580,000 empty rosters ($(mib "$(stat -c %s "$work/rosters.json")"), issue 28)" "$bin" --db "$work/d.sqlite3" import "$work/rosters.json" --dry-run
measure "import: 250,000 minimal characters ($(mib "$(stat -c %s "$work/characters.json")"), issue 28)" "$bin" --db "$work/d.sqlite3" import "$work/characters.json"

# The roll log has no limit but the disk: 200,000 rolls (one roll copied, ids and times apart)
# written out by `log --format`, which reads the log row by row (issue 28).
"$bin" --db "$work/e.sqlite3" roster create Log --system d12 >/dev/null
"$bin" --db "$work/e.sqlite3" roll '{"system":"dice","roll":"expr","expr":"8d6+@bonus","values":{"bonus":3}}' --roster Log --seed 1 >/dev/null
python3 - "$work/e.sqlite3" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
columns = [c[1] for c in db.execute("PRAGMA table_info(roll_log)") if c[1] not in ("id", "at")]
listed = ", ".join(columns)
while db.execute("SELECT count(*) FROM roll_log").fetchone()[0] < 200000:
    db.execute(f"INSERT INTO roll_log (at, {listed}) SELECT at + id + (SELECT max(id) FROM roll_log), {listed} FROM roll_log")
db.commit()
EOF
measure "log --format json of 200,000 rolls" "$bin" --db "$work/e.sqlite3" log --format json
measure "log --format csv of 200,000 rolls" "$bin" --db "$work/e.sqlite3" log --format csv
