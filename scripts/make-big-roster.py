#!/usr/bin/env python3
"""Writes a valid roster file (FORMAT.md) of about SIZE MiB: ten rosters, two of each system, with
characters like a GM's (the sheets of src-tauri/roster/benches/roster.rs). The same size gives the
same file (the ids come from a seeded generator).

Usage: scripts/make-big-roster.py OUT.json [SIZE_MIB]   (default 31.5)
       scripts/make-big-roster.py OUT.json --characters N [--rosters R] [--longest-names]
         exactly N characters over R rosters (default 10; 1: one roster of N, as
         scripts/measure-lists.mjs wants), whatever the file's size. --longest-names: every
         roster's and character's name 120 characters of 4 bytes, the most an import keeps of
         each (scripts/measure-limits.sh: 100,000 characters over 1,000 rosters, the limits).
"""

import argparse
import json
import random
import sys
import uuid

SYSTEMS = ["stunt", "genre", "universe", "marks", "d12"]
FIRST = ["Ada", "Brick", "Cass", "Dorian", "Esme", "Finn", "Greta", "Hugo", "Ines", "Juno",
         "Kaan", "Lena"]
LAST = ["Vale", "Moreau", "Park", "Okafor", "Quick", "Ferrous", "Ashby", "Kell", "Sable", "Stone"]
PLAYERS = ["Sam", "Priya", "Tom", "Mei", "Jordan", "Alex", "Rui", "Kim"]
ROSTERS = 10


def sheet(system, i):
    if system == "stunt":
        return {"basestats": {"ATT": "Good", "POWER": "Mutant", "LUCK": "Average"},
                "abilities": [{"name": "Locksmith", "level": "Skilled"},
                              {"name": "Running", "level": "Talented"}],
                "htk": {"current": 20 + i % 10, "max": 30}}
    if system == "genre":
        return {"level": 1 + i % 5,
                "attributes": {"Strength": i % 11, "Agility": 2, "Stamina": 3, "Intellect": 2,
                               "Presence": 2},
                "powers": [{"name": "Flight", "level": 3}],
                "skills": [{"name": "Acrobatics", "modifier": 4}], "glory": 2,
                "trackers": {"grunt_penalties": [], "grunts_since_rest": 0, "nuts_used": 0,
                             "nut_rounds_left": 0}}
    if system == "universe":
        return {"skills": [{"name": "Stealth", "level": 1}, {"name": "Athletics", "level": 2}],
                "combat_skill": 1, "attack_bonus": 1, "ac": 13,
                "saves": {"physical": 15, "mental": 15, "luck": 15},
                "hp": {"current": 10, "max": 10}, "sanity": {"current": 10, "max": 10},
                "lucky": i % 2 == 0, "fate": ["QH"]}
    if system == "marks":
        return {"attributes": {"Agility": 1 + i % 6, "Cunning": 2, "Intelligence": 3,
                               "Fortitude": 3, "Domination": 2},
                "super_attributes": {"Agility": 3},
                "skills": [{"name": "Intimidation", "rank": 3, "super": False}],
                "styles": [{"name": "Brawling", "rank": 2}],
                "superpowers": [{"name": "Flight", "rank": 2}]}
    return {"abilities": [{"name": "Guns", "ranks": i % 5},
                          {"name": "Dodge", "ranks": 1, "defense": "dodge"},
                          {"name": "Mind", "ranks": 0, "defense": "mind"},
                          {"name": "Toughness", "ranks": 2, "defense": "toughness"},
                          {"name": "Will Power", "ranks": 1, "defense": "will_power"}],
            "health": {"current": 12, "max": 12}, "effects": [], "conditions": [],
            "equipment": ["Body Armor", "Laser Pistol"]}


def main():
    parser = argparse.ArgumentParser(description="Writes a big, valid roster file.")
    parser.add_argument("out")
    parser.add_argument("size_mib", nargs="?", type=float, default=31.5)
    parser.add_argument("--characters", type=int, default=None)
    parser.add_argument("--rosters", type=int, default=ROSTERS)
    parser.add_argument("--longest-names", action="store_true")
    args = parser.parse_args()
    # 120 characters of 4 bytes, told apart by the number at their end.
    longest = lambda n: "\U0001F409" * (120 - len(str(n))) + str(n)
    out = args.out
    target = int(args.size_mib * 1024 * 1024)
    rng = random.Random(19)
    new_id = lambda: str(uuid.UUID(int=rng.getrandbits(128), version=4))
    rosters = [{"id": new_id(), "name": longest(r) if args.longest_names else f"Campaign {r}",
                "system": SYSTEMS[r % 5], "notes": "",
                "house_rules": {}, "characters": []} for r in range(args.rosters)]
    size = 200 + sum(len(json.dumps(r)) for r in rosters)
    i = 0
    while args.characters is None or i < args.characters:
        roster = rosters[i % len(rosters)]
        character = {
            "id": new_id(),
            "name": longest(i) if args.longest_names else f"{FIRST[i % 12]} {LAST[(i // 12) % 10]} {i:05}",
            "player": "" if i % 4 == 0 else PLAYERS[i % 8],
            "kind": "npc" if i % 4 == 0 else "pc",
            "tags": [f"squad-{i % 40}", "villain" if i % 4 == 0 else "party"],
            "notes": "A few lines of notes about this character, as a GM would keep. " * (1 + i % 3),
            "sheet": sheet(roster["system"], i),
        }
        grown = len(json.dumps(character, separators=(",", ":"))) + 1
        if args.characters is None and size + grown > target:
            break
        size += grown
        roster["characters"].append(character)
        i += 1
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"format": "rollbook-roster", "version": 1,
                   "exported_at": "2026-11-22T19:30:00Z", "rosters": rosters},
                  f, separators=(",", ":"))
    print(f"{out}: {i} characters", file=sys.stderr)


if __name__ == "__main__":
    main()
