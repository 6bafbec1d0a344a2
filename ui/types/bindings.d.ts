// Generated from the Rust types by `UPDATE_BINDINGS=1 cargo test -p rollbook bindings` (ts-rs);
// do not edit. Every type the window's commands (docs/ipc.md) take or answer; ids are UUID
// strings, times RFC 3339 strings, and 64-bit integers plain numbers (seeds stay below 2^53).

export type Action = "add" | "update" | "skip" | "remove";

/**
 * What the window runs on: the version, and what opening the database did.
 */
export type AppInfo = { version: string, 
/**
 * The database file.
 */
db_path: string, 
/**
 * The file was created at this start.
 */
created: boolean, 
/**
 * The schema version the file had when this start upgraded it.
 */
migrated_from: number | null, 
/**
 * Where the copy taken before that upgrade is.
 */
backup: string | null, };

/**
 * Every system and roll kind the engine answers, with the fields of each.
 */
export type Catalog = { systems: Array<SystemSpec>, };

/**
 * A stored character.
 */
export type Character = { id: string, roster_id: string, name: string, player: string, kind: CharacterKind, tags: Array<string>, notes: string, sheet: Sheet, 
/**
 * Order within the roster, ascending.
 */
position: number, created_at: string, updated_at: string, 
/**
 * Set while the character is in the trash.
 */
deleted_at: string | null, };

/**
 * Player character or non-player character.
 */
export type CharacterKind = "pc" | "npc";

/**
 * A change to a character: each field given is replaced (the sheet as a whole).
 */
export type CharacterPatch = { name?: string | null, player?: string | null, kind?: CharacterKind | null, tags?: Array<string> | null, notes?: string | null, sheet?: JsonValue | null, };

/**
 * A Damage Condition: its column of the table, what it touches and what is left of it.
 */
export type Condition = { kind: ConditionKind, detail: string, remaining: string, };

export type ConditionKind = "memory" | "memory_alteration" | "command" | "dominate" | "limb";

/**
 * How many of each action.
 */
export type Counts = { added: number, updated: number, skipped: number, removed: number, };

export type D12Ability = { name: string, ranks: number, 
/**
 * The defensive role this ability plays, if any (the four are renameable).
 */
defense?: Defense | null, };

export type D12Sheet = { abilities: Array<D12Ability>, health: Track, effects: Array<Effect>, conditions: Array<Condition>, equipment: Array<string>, };

export type Defense = "dodge" | "mind" | "toughness" | "will_power";

/**
 * One value the rules compute from a sheet, located at the sheet path it explains
 * (`abilities`, `attributes.Agility`, `saves.physical`; no `sheet.` prefix).
 */
export type Derived = { path: string, 
/**
 * What the value is ("Ranks", "Physical defense").
 */
label: string, 
/**
 * The value in words a GM reads at a glance ("9 of 10", "3d12+2").
 */
value: string, 
/**
 * Where it comes from, in words ("10 ranks in total at creation").
 */
note: string, };

/**
 * The dice of one side or sub-pool of a roll ("Challenger", "Human pool", ...).
 */
export type DiceGroup = { label: string, dice: Array<RolledDie>, };

/**
 * What happened to one die, for the roll display and the roll log.
 */
export type DieState = "kept" | "dropped" | "exploded" | "bonus" | "cancelled" | "cancels";

/**
 * A Damage Effect with what is left of it (`Dazed`, `1 turn`).
 */
export type Effect = { name: string, remaining: string, };

/**
 * Which rosters to export (JSON: `"all"`, `{"rosters": [id…]}`, `{"characters": [id…]}`).
 */
export type ExportSelection = "all" | { "rosters": Array<string> } | { "characters": Array<string> };

/**
 * The front end's view of one field (`{"name", "label", "help", "type", ...}`).
 */
export type FieldSpec = { name: string, label: string, help: string, } & ({ "type": "int", min: number, max: number, default: number, } | { "type": "bool", default: boolean, } | { "type": "choice", choices: Array<string>, default: string, } | { "type": "int_list", min: number, max: number, max_items: number, default: Array<number>, });

/**
 * The format of a file the window writes.
 */
export type FileFormat = "json" | "csv";

export type GenreSheet = { 
/**
 * The character level (also the Bust A Nut uses per adventure).
 */
level: number, attributes: { [key in string]: number }, powers: Array<Leveled>, skills: Array<GenreSkill>, glory: number, trackers: GenreTrackers, };

export type GenreSkill = { name: string, modifier: number, };

export type GenreTrackers = { 
/**
 * Grunt penalties still to apply, next first (`[-2, -1]`).
 */
grunt_penalties: Array<number>, grunts_since_rest: number, nuts_used: number, 
/**
 * Rounds left of the -1 level after a Bust A Nut (0–2).
 */
nut_rounds_left: number, };

/**
 * Every rule a roster may override. Rolls made without a roster use [`HouseRules::default`].
 */
export type HouseRules = { stunt: StuntChart, };

/**
 * What to do with ids that are already stored.
 */
export type ImportMode = "merge" | "replace" | "copy";

/**
 * What an import would do (or did). Serialises for the window's preview.
 */
export type ImportPlan = { mode: ImportMode, rosters: Array<PlannedRoster>, characters: Array<PlannedCharacter>, roster_counts: Counts, character_counts: Counts, };

/**
 * An error the front end can show as it is: `code` is stable for the UI to branch on
 * (`invalid_sheet`, `roster_not_found`, `newer_database`, …: the rules and roster crates' own
 * codes), `message` is a plain sentence that names the field and what to change, and `problems`
 * lists every cause of a refusal with its JSON path (left out when there are none).
 */
export type IpcError = { code: string, message: string, problems?: Array<IpcProblem>, };

/**
 * One cause of a refusal: `sheet.abilities[1].ranks` and what is wrong there.
 */
export type IpcProblem = { path: string, message: string, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * One roll kind as the catalog shows it.
 */
export type KindSpec = { 
/**
 * The `roll` value of the request.
 */
id: string, name: string, summary: string, 
/**
 * The **[ruling]**s of RULES.md that decide this roll, in words, for the app to show as such.
 */
rulings: Array<string>, 
/**
 * True for the kinds of RULES.md's "Roll requests"; false for the table extras.
 */
contract: boolean, fields: Array<FieldSpec>, };

/**
 * A name and a level: genre powers, universe skills.
 */
export type Leveled = { name: string, level: number, };

/**
 * One logged roll.
 */
export type LogEntry = { id: number, at: string, roster_id: string | null, roster_name: string | null, character_id: string | null, character_name: string | null, system: string, roll: string, outcome: string, success: boolean, seed: number, 
/**
 * Every face in the order rolled.
 */
dice: Array<number>, detail: string, request: JsonValue, result: JsonValue, };

/**
 * Which entries: every field given narrows the set. `since` is inclusive, `until` exclusive.
 */
export type LogQuery = { roster_id?: string | null, character_id?: string | null, since?: string | null, until?: string | null, 
/**
 * At most this many (the newest); all when `None`.
 */
limit?: number | null, };

/**
 * A roll and where the log keeps it.
 */
export type LoggedRoll = { result: RollResult, 
/**
 * The id of its roll-log entry.
 */
log_id: number, };

export type MarksSheet = { attributes: { [key in string]: number }, 
/**
 * Attribute name → super attribute dice (d10).
 */
super_attributes: { [key in string]: number }, skills: Array<MarksSkill>, styles: Array<Ranked>, superpowers: Array<Ranked>, };

export type MarksSkill = { name: string, rank: number, 
/**
 * A super skill adds d10s to the super pool instead of d6s to the human one.
 */
super: boolean, };

/**
 * What a new character needs. `sheet` is the sheet's JSON (as in FORMAT.md); `None` starts from
 * the system's blank sheet ([`Sheet::blank`]).
 */
export type NewCharacter = { name: string, player?: string, kind?: CharacterKind, tags?: Array<string>, notes?: string, sheet?: JsonValue | null, };

/**
 * What a new roster needs; `notes` and `house_rules` may be left out.
 */
export type NewRoster = { name: string, system: System, notes?: string, 
/**
 * `None` takes RULES.md's default chart (`StuntChart::default()`).
 */
house_rules?: HouseRules | null, };

/**
 * Exact odds of a request: `{"success": P, "outcomes": {KEY: P, ...}}` (RULES.md, "Roll
 * requests"). Outcomes are listed in their natural order (numbers ascending) and sum to 1.
 */
export type Odds = { 
/**
 * P(the roll succeeds), i.e. the sum of the succeeding outcomes.
 */
success: number, 
/**
 * The probability of every outcome key a roll can answer with.
 */
outcomes: { [key in string]: number }, 
/**
 * The expected value, for rolls whose outcome is a number (a total, a count of Marks).
 */
mean?: number | null, 
/**
 * Probabilities of events that happen alongside the outcome (e.g. a d12 defence showing only
 * natural 1s), not part of the partition.
 */
events?: { [key in string]: number }, };

export type PlannedCharacter = { action: Action, id: string, name: string, roster_id: string, 
/**
 * Set when the character is stored in another roster and moves into this one.
 */
moved_from: string | null, };

export type PlannedRoster = { action: Action, id: string, name: string, system: System, 
/**
 * This roster's share of the character actions.
 */
characters: Counts, };

/**
 * One thing wrong with some input, located by its JSON path
 * (`rosters[0].characters[2].sheet.abilities[1].ranks`). The path is empty when the problem is
 * about the whole input (a file that is not JSON, say).
 */
export type Problem = { path: string, message: string, };

/**
 * How far an import has got: `done` of `total` rows written.
 */
export type Progress = { done: number, total: number, };

/**
 * A name and a rank: marks combat styles and superpowers.
 */
export type Ranked = { name: string, rank: number, };

/**
 * What an undo brought back from the trash.
 */
export type Restored = { rosters: Array<string>, characters: Array<string>, };

/**
 * A made roll: `{"outcome", "success", "dice", "detail", "seed", ...}` (RULES.md). The same seed
 * and request always give the same roll.
 */
export type RollResult = { 
/**
 * One of the keys of the request's [`Odds::outcomes`].
 */
outcome: string, success: boolean, 
/**
 * Every face in the order rolled.
 */
dice: Array<number>, 
/**
 * One human-readable line saying what happened.
 */
detail: string, 
/**
 * The seed that reproduces this roll.
 */
seed: number, 
/**
 * The number the roll came to, where it has one.
 */
total?: number | null, 
/**
 * The dice grouped by side or sub-pool, each with what happened to it.
 */
groups: Array<DiceGroup>, };

/**
 * One die of a roll.
 */
export type RolledDie = { face: number, sides: number, state: DieState, };

/**
 * A stored roster.
 */
export type Roster = { id: string, name: string, system: System, notes: string, 
/**
 * The stunt level list and chart (used by stunt rosters; the default elsewhere).
 */
house_rules: HouseRules, 
/**
 * Order among rosters, ascending.
 */
position: number, created_at: string, updated_at: string, 
/**
 * Set while the roster is in the trash.
 */
deleted_at: string | null, 
/**
 * Characters not in the trash.
 */
character_count: number, };

/**
 * A change to a roster: each field given is replaced. The system never changes (the sheets
 * depend on it); make a new roster and import with mode `copy` instead.
 */
export type RosterPatch = { name?: string | null, notes?: string | null, house_rules?: HouseRules | null, };

/**
 * Save DCs.
 */
export type Saves = { physical: number, mental: number, luck: number, };

/**
 * One character found, with its roster (no sheet: hits are for lists and pickers).
 */
export type SearchHit = { id: string, roster_id: string, roster_name: string, system: System, name: string, player: string, kind: CharacterKind, tags: Array<string>, 
/**
 * Which fields matched: `name`, `player`, `tag`.
 */
matched: Array<string>, };

/**
 * Every preference; a field left out (or `null`) is not set.
 */
export type Settings = { 
/**
 * The roster open when the window last closed (it may since have been deleted).
 */
last_roster_id?: string | null, 
/**
 * The view (tab) open when the window last closed, as the UI names it.
 */
last_view?: string | null, };

/**
 * A character sheet of one of the five systems.
 */
export type Sheet = StuntSheet | GenreSheet | UniverseSheet | MarksSheet | D12Sheet;

/**
 * The answer to checking a sheet without saving it: every problem (paths under `sheet.`) and
 * the derived values (empty when the sheet could not even be read).
 */
export type SheetReport = { problems: Array<Problem>, derived: Array<Derived>, };

/**
 * One roll a sheet offers.
 */
export type SheetRoll = { 
/**
 * The sheet path of the rating rolled (`abilities[0]`, `attributes.Agility`,
 * `saves.physical`), so the sheet can put a roll button beside it.
 */
path: string, 
/**
 * Where the roll belongs on the sheet ("Abilities", "Attacks", "Saves"…).
 */
group: string, 
/**
 * The roll's name, unique on the sheet ("Guns", "Guns attack", "Physical save").
 */
label: string, 
/**
 * A full roll request of the contract: every field of its kind, prefilled from the sheet.
 */
request: JsonValue, 
/**
 * What was taken from the sheet, in words ("Guns 2 ranks → 3d12+2").
 */
note: string, };

export type StuntAbility = { name: string, level: string, };

/**
 * The ordered level names and the full levels × levels chart of targets
 * (`chart[active][defending]`), every cell editable.
 */
export type StuntChart = { levels: Array<string>, chart: Array<Array<number>>, };

export type StuntSheet = { 
/**
 * Stat name → level name (a level of the roster's list).
 */
basestats: { [key in string]: string }, abilities: Array<StuntAbility>, htk: Track, };

/**
 * The five rules systems of RULES.md; a roster has one, and so do its characters' sheets.
 */
export type System = "stunt" | "genre" | "universe" | "marks" | "d12";

/**
 * One rules system with its roll kinds.
 */
export type SystemSpec = { id: string, name: string, kinds: Array<KindSpec>, };

/**
 * Current and maximum of a pool that goes down and comes back (HTK, hp, Sanity, health).
 */
export type Track = { current: number, max: number, };

export type UniverseSheet = { skills: Array<Leveled>, combat_skill: number, attack_bonus: number, ac: number, saves: Saves, hp: Track, sanity: Track, lucky: boolean, 
/**
 * Fate cards held, rank then suit (`QH`, `10S`).
 */
fate: Array<string>, };
