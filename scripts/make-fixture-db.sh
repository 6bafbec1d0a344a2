#!/usr/bin/env bash
# Writes a fixture database the way a GM's evening leaves one: every roster of all-systems.json,
# logged rolls (one of a character later trashed), the trash, and an encounter in each of the
# five systems with table actions (one undone). Run it with the `rollbook` binary of a build
# whose databases must keep opening, and keep the file in src-tauri/roster/tests/fixtures/db/:
#   bash scripts/make-fixture-db.sh path/to/old/rollbook OUT.sqlite3
set -euo pipefail
bin=$(realpath "$1")
out=$(realpath -m "$2")
fixtures=$(realpath "$(dirname "$0")/../src-tauri/roster/tests/fixtures")
rm -f "$out" "$out-wal" "$out-shm"
rb() { "$bin" --db "$out" "$@"; }
id_of() { # id_of ROSTER ENCOUNTER NAME
  rb --json encounter show --roster "$1" "$2" |
    python3 -c 'import json,sys; n=sys.argv[1]; print(next(p["id"] for p in json.load(sys.stdin)["state"]["order"] if p["name"]==n))' "$3"
}

rb import "$fixtures/all-systems.json" >/dev/null
rb roll '{"system":"d12","roll":"straight","ranks":2,"difficulty":12}' --seed 7 --character Vex >/dev/null
rb roll '{"system":"marks","roll":"pool","attribute_dice":3,"skill_dice":2}' --seed 8 --character Glitch >/dev/null
rb roll '{"system":"stunt","roll":"double_six"}' --seed 9 --character Gutterball >/dev/null
rb character delete Gutterball >/dev/null

g="Neon Genre Nights"; rb encounter new --roster "$g" "Rooftop" >/dev/null
rb encounter add --roster "$g" "Rooftop" --character "Rex Valor" --character Sable --npcs 2 >/dev/null
rex=$(id_of "$g" Rooftop "Rex Valor")
rb encounter play --roster "$g" Rooftop --seed 1 "{\"system\":\"genre\",\"move\":\"act\",\"participant_id\":\"$rex\",\"plan\":{\"grunt\":0},\"request\":{\"system\":\"genre\",\"roll\":\"action\",\"dice\":4,\"difficulty\":2}}" >/dev/null
rb encounter play --roster "$g" Rooftop --seed 2 "{\"system\":\"genre\",\"move\":\"gain_glory\",\"participant_id\":\"$rex\",\"points\":2}" >/dev/null
rb encounter next --roster "$g" Rooftop --round --seed 3 >/dev/null

u="Black Meridian Crew"; rb encounter new --roster "$u" "Salvage Rights" >/dev/null
rb encounter add --roster "$u" "Salvage Rights" --character "Captain Ines Moreau" --character "Tobias Kell" --npcs 3 >/dev/null
rb encounter play --roster "$u" "Salvage Rights" --seed 4 '{"system":"universe","move":"deal"}' >/dev/null
rb encounter next --roster "$u" "Salvage Rights" --round --seed 5 >/dev/null
rb encounter next --roster "$u" "Salvage Rights" --seed 6 >/dev/null
rb encounter undo --roster "$u" "Salvage Rights" >/dev/null

m="Pixel Vanguard"; rb encounter new --roster "$m" "Server Heist" >/dev/null
rb encounter add --roster "$m" "Server Heist" --character Glitch --npcs 1 >/dev/null
glitch=$(id_of "$m" "Server Heist" Glitch)
rb encounter play --roster "$m" "Server Heist" --seed 7 "{\"system\":\"marks\",\"move\":\"task_start\",\"participant_id\":\"$glitch\",\"label\":\"Crack the vault\",\"pool\":{\"attribute_dice\":3,\"skill_dice\":2},\"difficulty\":0,\"needed\":2}" >/dev/null
rb encounter play --roster "$m" "Server Heist" --seed 8 '{"system":"marks","move":"task_attempt","task_id":1}' >/dev/null

s="The Uncanny Stunt Squad"; rb encounter new --roster "$s" "Alley Brawl" >/dev/null
rb encounter add --roster "$s" "Alley Brawl" --character "Marla Quick" --npcs 2 >/dev/null
marla=$(id_of "$s" "Alley Brawl" "Marla Quick")
rb encounter play --roster "$s" "Alley Brawl" --seed 9 "{\"system\":\"stunt\",\"move\":\"minor_damage\",\"participant_id\":\"$marla\"}" >/dev/null

d="Friday Night Heroes"; rb encounter new --roster "$d" "Dockside" >/dev/null
rb encounter add --roster "$d" "Dockside" --character Vex --character Brick >/dev/null
brick=$(id_of "$d" Dockside Brick)
rb encounter play --roster "$d" Dockside --seed 10 "{\"system\":\"d12\",\"move\":\"elapse\",\"amount\":2,\"unit\":\"turn\"}" >/dev/null
rb encounter play --roster "$d" Dockside --seed 11 "{\"system\":\"d12\",\"move\":\"salve\",\"participant_id\":\"$brick\"}" >/dev/null

# Saved rolls (schema 10 on): a build without them skips this.
if rb saved --help >/dev/null 2>&1; then
  rb saved create --roster "$d" Fireball 8d6 >/dev/null
  rb saved create --roster "$d" "Sneak attack" 'd20+@bonus' --values '{"bonus": 5}' --target 15 >/dev/null
fi

# One file, no -wal: what a closed app leaves.
python3 - "$out" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.close()
PY
rm -f "$out-wal" "$out-shm"
echo "wrote $out: $(rb roster list | tail -n +2 | wc -l) rosters, $(rb --json log | python3 -c 'import json,sys; j=json.load(sys.stdin); print(len(j["rolls"] if isinstance(j, dict) else j))') rolls"
