// Generated from the Rust types by `UPDATE_BINDINGS=1 cargo test -p rollbook bindings` (ts-rs);
// do not edit. Every type the window's commands (docs/ipc.md) take or answer; ids are UUID
// strings, times RFC 3339 strings, and 64-bit integers plain numbers (seeds stay below 2^53).

export type Action = "add" | "update" | "skip" | "remove";

/**
 * What the character does on its next action roll.
 */
export type ActionPlan = { 
/**
 * 0 (none) or +1..+3.
 */
grunt: number, bust_a_nut: boolean, 
/**
 * Glory Points spent as automatic successes.
 */
glory: number, 
/**
 * An action of patience (the GM decides): no Grunt allowed.
 */
patience: boolean, };

/**
 * What adding a system file did.
 */
export type AddedSystem = { system: StoredSystem, 
/**
 * `false`: this very text was already there (adding it again changes nothing).
 */
added: boolean, 
/**
 * The versions of the same id held before, ascending.
 */
earlier_versions: Array<number>, };

/**
 * An `adjust` move: whose number, which one, and `by` how much (negative to take away) or `to`
 * what, one of the two. The same in every system that tracks such a number.
 */
export type Adjustment = { participant_id: string, track: Tracked, by: number | null, to: number | null, };

/**
 * One alternative of a [`CompareSpec`]: its label and the field's value with it.
 */
export type Alternative = { 
/**
 * "Grunt +2", "Advantage", "After 1 failure".
 */
label: string, } & ({ "how": "set", value: CompareValue, } | { "how": "add", by: number, });

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
 * One attack, from the roll to the wound.
 */
export type AttackChain = { kind: AttackKind, weapon: Weapon, stage: Stage, };

/**
 * Physical attacks meet Dodge then Toughness; mental ones Mind then Will Power.
 */
export type AttackKind = "physical" | "mental";

/**
 * The window's Backups dialog: what the database holds now, every snapshot with what it holds,
 * and the rotation policy.
 */
export type BackupsOverview = { 
/**
 * The database file.
 */
db_path: string, 
/**
 * The backups folder beside it.
 */
folder: string, 
/**
 * What the database holds now (rosters, characters, encounters not in the trash; rolls).
 */
now: Holdings, 
/**
 * Newest first.
 */
snapshots: Array<SnapshotEntry>, policy: Policy, };

/**
 * One card of the Universe deck. Written as the roster format's codes (FORMAT.md: rank then suit,
 * `A`, `2`..`10`, `J`, `Q`, `K` and `S`, `H`, `D`, `C`, e.g. `QH`); the two jokers are `JK1` and
 * `JK2` (they never appear on a sheet: a joker drawn as fate is redrawn).
 */
export type Card = string;

/**
 * Where a fate card out of the deck's piles is.
 */
export type CardHolder = { "holder": "player", participant_id: string, } | { "holder": "gm" } | { "holder": "second_entry" };

/**
 * Every system and roll kind the engine answers, with the fields of each.
 */
export type Catalog = { 
/**
 * The rules systems a roster is made for.
 */
systems: Array<SystemSpec>, 
/**
 * The roll requests that are no roster's system: dice notation (`../shared/DICE.md`),
 * which Quick roll offers beside the systems.
 */
notation: Array<SystemSpec>, 
/**
 * The systems Rollbook ships as files (`systems/*.toml`, `docs/system-files.md`): Quick
 * roll offers them after the five.
 */
files: Array<SystemSpec>, 
/**
 * Every other version of a system from a file this process holds, oldest first: a roster
 * keeps the version it was made with until it is upgraded, and its sheet form is built
 * from that version's entry here.
 */
file_versions: Array<SystemSpec>, 
/**
 * The limits of one call (requests, their text, a batch's work) and of what Rollbook keeps
 * (rosters, characters, one record of a roster file).
 */
limits: Limits, 
/**
 * How long a roster's texts may be (names, notes, tags, labels).
 */
text_limits: TextLimits, 
/**
 * The range of every number a table move takes outside its roll requests.
 */
table_ranges: Array<MoveRange>, 
/**
 * Every ruling the table applies, in words, by the id its events name
 * (`Event.ruling`): the one place the window reads a ruling's text from.
 */
table_rulings: { [key in RulingId]: string }, 
/**
 * The range of every number on a character sheet, and how long its bounded lists are: the
 * sheet forms take their limits from here (the sheet checks enforce the same declarations).
 */
sheet_limits: Array<SheetLimit>, 
/**
 * The rulings that are numbers a roster may change (house rules): default, range, label and
 * help, declared once beside `HouseRules`.
 */
house_rule_numbers: Array<HouseRuleNumber>, };

/**
 * What an upgrade does at one place of a sheet (or, for the roster, of the declarations).
 */
export type ChangeKind = "added" | "removed" | "refused" | "changed";

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
 * A roster's characters as its list shows them, and each one whose stored fields do not read
 * named apart (it is not listed: it would not open).
 */
export type CharacterList = { characters: Array<CharacterSummary>, damaged: Array<DamagedNotice>, };

export type CharacterLuck = { character_id: string | null, name: string | null, luck: Luck, };

/**
 * A change to a character: each field given is replaced (the sheet as a whole).
 */
export type CharacterPatch = { name?: string | null, player?: string | null, kind?: CharacterKind | null, tags?: Array<string> | null, notes?: string | null, sheet?: JsonValue | null, };

/**
 * What a list shows of a character: the character list (name, player, PC/NPC, tags, last
 * edit), the encounter's "Add characters" and the roll log's filter. No notes and no sheet:
 * 10,000 whole characters are 6 MB of JSON for the window, most of it sheets no list reads.
 */
export type CharacterSummary = { id: string, name: string, player: string, kind: CharacterKind, tags: Array<string>, updated_at: string, };

/**
 * What an upgrade does to one character's sheet.
 */
export type CharacterUpgrade = { id: string, name: string, in_trash: boolean, changes: Array<SheetChange>, 
/**
 * What the new version's sheet check would still refuse (more values kept aside than a
 * sheet holds, say): the upgrade is refused while there is any.
 */
problems: Array<Problem>, };

/**
 * A foot chase under way.
 */
export type Chase = { length: ChaseLength, 
/**
 * Rounds still to run, this one included; the new-round hook counts it down.
 */
rounds_left: number, participant_ids: Array<string>, 
/**
 * Each round's opposed Athletics, in the order played.
 */
rounds: Array<ChaseRound>, };

/**
 * A foot chase's length: 2d4 rounds, the two faces in the order rolled.
 */
export type ChaseLength = { dice: [number, number], rounds: number, };

/**
 * One round of a chase: both totals and who won (nobody on a tie).
 */
export type ChaseRound = { 
/**
 * The encounter round it was played in.
 */
round: number, runners: [string, string], totals: [number, number], winner: string | null, };

/**
 * Someone in the encounter who is dealt an initiative card.
 */
export type Combatant = { 
/**
 * The encounter's id for this combatant (unique within the round).
 */
id: string, side: Side, };

/**
 * A choice worth comparing on a kind's roll (the window's Compare, `rollbook odds --vary`):
 * the request field it varies and the alternatives to set side by side. Declared next to the
 * kind, from the field's own declaration, so it names only fields the kind takes.
 */
export type CompareSpec = { 
/**
 * Unique within the kind: two comparisons may vary the same field ("penalty", "next_try").
 */
id: string, 
/**
 * The request field varied.
 */
field: string, 
/**
 * What is compared ("Grunt", "The next try after a failure").
 */
label: string, help: string, alternatives: Array<Alternative>, };

/**
 * A field's value in a comparison: a number, yes/no, or one of a choice field's words.
 */
export type CompareValue = number | boolean | string;

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

/**
 * The attack in progress.
 */
export type D12AttackView = { 
/**
 * While the damage roll waits: the Damage Dice it rolls, the weapon's cap applied.
 */
damage_dice_rolled: number | null, };

/**
 * Every participant's part, by participant id, and the attack in progress.
 */
export type D12Encounter = { parts: { [key in string]: D12Part }, attack: PendingAttack | null, };

/**
 * A `d12` move.
 */
export type D12Move = { "move": "attack_start", attacker_id: string, defender_id: string, kind: AttackKind, ability: string, ranks: number | null, weapon: string, cap: number | null, column: "damage" | "effect" | "condition" | null, } | { "move": "attack_roll" } | { "move": "damage_roll" } | { "move": "choose_row", row: number, condition: string | null, } | { "move": "attack_cancel" } | { "move": "heal_days", participant_id: string, days: number, } | { "move": "salve", participant_id: string, } | { "move": "remove", participant_id: string, index: number, extraordinary: boolean, ability: string, ranks: number | null, } | { "move": "elapse", amount: number, unit: string, } | { "move": "adjust" } & Adjustment | { "move": "set_npc", participant_id: string, health: number, dodge: number, mind: number, toughness: number, will_power: number, };

/**
 * One participant's running state.
 */
export type D12Part = { wounds: Wounds, 
/**
 * Set for a quick NPC only.
 */
npc?: NpcDefenses | null, };

export type D12Sheet = { abilities: Array<D12Ability>, health: Track, effects: Array<Effect>, conditions: Array<Condition>, equipment: Array<string>, };

/**
 * The weapons a d12 participant attacks with: the items of its sheet's equipment that RULES.md
 * names as weapons (as the sheet spells them; matched as an attack matches them), then Unarmed,
 * which every character has. A quick NPC with no sheet has Unarmed only.
 */
export type D12WeaponsView = { participant_id: string, weapons: Array<string>, };

/**
 * `NdS+K` damage dice: the engine's `damage` request without the target.
 */
export type DamageDice = { dice: number, sides: number, bonus: number, };

/**
 * A record a listing could not read, named beside what the listing answers (`rosters`,
 * `character_summaries`) rather than failing it: the refusal a command would give for it
 * (`code` `damaged_record`, `message` naming the record and the newest snapshot that holds it
 * sound), and which record it is, as stored (a damaged id may not be a UUID).
 */
export type DamagedNotice = { code: string, message: string, 
/**
 * The roster, or the character's roster.
 */
roster_id: string | null, 
/**
 * The character, when the damage is in one of its fields.
 */
character_id: string | null, 
/**
 * The roll-log entry, when the damage is in one of its fields.
 */
log_entry_id: number | null, 
/**
 * The encounter plan, when the damage is in one of its fields.
 */
plan_id: string | null, };

/**
 * Why Deal is refused now (the table view serves it, so the window words it and works out
 * nothing).
 */
export type DealBar = { "reason": "dealt", round: number, } | { "reason": "nobody_seated" };

/**
 * The card a combatant holds for this round.
 */
export type DealtCard = { combatant: Combatant, card: Card, };

/**
 * A participant a table action deals an initiative card to (universe), whose card is typed in
 * when the cards come from a real deck.
 */
export type DealtTo = { participant_id: string, name: string, };

/**
 * What a system file declares, counted: the preview of an add and the list's line.
 */
export type Declares = { 
/**
 * Sheet parts, in the file's order: `label (kind)`.
 */
sheet: Array<string>, derived: Array<string>, house_numbers: Array<string>, rulings: number, 
/**
 * Roll kinds: their names.
 */
rolls: Array<string>, 
/**
 * The roll kind rolled for turn order, if it declares one.
 */
initiative: string | null, trackers: Array<string>, };

/**
 * The opposing character's pool in a contested task; its penalty does not grow with the
 * attacker's failures.
 */
export type DefenderPool = { attribute_dice: number, skill_dice: number, super_dice: number, super_skill_dice: number, penalty: number, };

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
 * A dice expression read as the GM types it (`../shared/DICE.md`): the `@names` it uses, what
 * Compare offers on it, and every problem with its column.
 */
export type DiceCheck = { 
/**
 * Every `@name` the expression uses, each once, in the order first written.
 */
names: Array<string>, 
/**
 * A value field for each name (`name` the name, `label` `@name`), starting at 0.
 */
values: Array<FieldSpec>, 
/**
 * Empty when the expression, with the values given for its names, can be rolled.
 */
problems: Array<DiceProblem>, 
/**
 * The comparisons Compare offers: the target, and each name's value (`values.NAME`).
 */
compare: Array<CompareSpec>, };

/**
 * The dice of one side or sub-pool of a roll ("Challenger", "Human pool", ...).
 */
export type DiceGroup = { label: string, dice: Array<RolledDie>, };

/**
 * One problem of a dice expression, as `rollbook dice check` prints it.
 */
export type DiceProblem = { 
/**
 * Always `invalid_request`: the code the expression's roll would be refused with.
 */
code: string, 
/**
 * `expr`, or `values.NAME` for a value given.
 */
field: string, 
/**
 * The column of `expr` it starts at (1-based, in characters); null for a value given.
 */
column: number | null, 
/**
 * What was expected there, and a fix where one helps.
 */
message: string, };

/**
 * One die a roll reads, as it is asked for when the dice are rolled at the table.
 */
export type DieAsked = { sides: number, 
/**
 * What it is for: "Attacker d12 #3", "Attacker: the 12 explodes, roll it once more".
 */
label: string, 
/**
 * Earned by the dice before it (an explosion, a roll-again): asked for only once they are
 * in.
 */
earned: boolean, };

/**
 * What happened to one die, for the roll display and the roll log.
 */
export type DieState = "kept" | "dropped" | "exploded" | "bonus" | "cancelled" | "cancels";

/**
 * A Damage Effect with what is left of it (`Dazed`, `1 turn`).
 */
export type Effect = { name: string, remaining: string, };

/**
 * A stored encounter of a roster.
 */
export type Encounter = { id: string, roster_id: string, state: EncounterState, 
/**
 * Participants whose character is no longer in the roster (in the trash, or purged): the
 * window shows them greyed out; the GM may remove them.
 */
absent: Array<string>, created_at: string, updated_at: string, 
/**
 * Set while the encounter is in the trash.
 */
deleted_at: string | null, 
/**
 * What the rules compute from the table for the window (`crate::table::view`): computed
 * when the encounter is read, never stored. `null` before the first action and for a
 * system with nothing derived.
 */
view: TableView | null, };

/**
 * A stored plan of a roster.
 */
export type EncounterPlan = { id: string, roster_id: string, 
/**
 * What an encounter started from it is called.
 */
name: string, contents: PlanContents, created_at: string, updated_at: string, };

/**
 * The roll a system move would make, with everything the table adds, and its exact odds under
 * the roster's house rules: what the GM sees before rolling.
 */
export type EncounterPreview = { 
/**
 * A full roll request of the contract (RULES.md "Roll requests").
 */
request: JsonValue, odds: Odds, };

/**
 * Everything an action can change; the encounter's row holds it whole as it stands now, its log
 * the patches between one action's state and the next.
 */
export type EncounterState = { name: string, 
/**
 * Starts at 1.
 */
round: number, 
/**
 * The participants in turn order.
 */
order: Array<Participant>, 
/**
 * Whose turn it is: one of `order`, `None` only while nobody takes part.
 */
current: string | null, 
/**
 * The running state of the roster's system (crate::table), `None` until the first action.
 */
system_state: SystemTable | null, 
/**
 * What the players see of each participant, by participant id; absent means the default
 * (docs/players-view.md). Left out of the JSON while empty, so a state stored by an earlier
 * build reads and writes byte for byte as it did and its history's patches still apply.
 */
visibility?: { [key in string]: Visibility }, };

export type EveningLuck = { 
/**
 * The day the evening began, "2026-11-22".
 */
evening: string, luck: Luck, };

/**
 * One thing that happened at the table.
 */
export type Event = { 
/**
 * The sentence as the GM reads it (for a ruling, the ruling's words).
 */
text: string, 
/**
 * The ruling this event states, when it states one.
 */
ruling: RulingId | null, 
/**
 * The sentence restates the detail line of a roll the move made (the dice view shows that
 * line already, so a panel showing the roll leaves this event out). Left out when false.
 */
roll_detail?: boolean, };

/**
 * Which rosters to export (JSON: `"all"`, `{"rosters": [id…]}`, `{"characters": [id…]}`).
 */
export type ExportSelection = "all" | { "rosters": Array<string> } | { "characters": Array<string> };

/**
 * Where an extended task stands.
 */
export type ExtendedStatus = { "status": "running" } | { "status": "completed", on_step: number, } | { "status": "failed" };

/**
 * An extended task rolled at the table one time step at a time: the `extended` request it is
 * (its pool, plateau and steps, the kind's own fields, flattened so the stored JSON stays flat)
 * and how far it has got.
 */
export type ExtendedTask = { 
/**
 * Steps rolled so far.
 */
steps: number, 
/**
 * Marks added up so far.
 */
marks: number, status: ExtendedStatus, attribute_dice: number, skill_dice: number, super_dice: number, super_skill_dice: number, penalty: number, plateau: number, min_steps: number, max_steps: number, };

/**
 * What a fate card does for each use, and who holds it.
 */
export type FateCardView = { 
/**
 * The card's code (`QH`, `10S`).
 */
card: string, holder: CardHolder, attack: FateEffect, armor_class: FateEffect, save: FateEffect, };

/**
 * What using a card does, for the roll in hand.
 */
export type FateEffect = { "effect": "second_initiative" } | { "effect": "attack_bonus", "value": number } | { "effect": "armor_class_bonus", "value": number } | { "effect": "save_bonus", "value": number } | { "effect": "save_succeeds" };

/**
 * What a fate card is played for.
 */
export type FatePlay = "attack" | "armor_class" | "save" | "second_initiative";

/**
 * What fills a roll field of a file system at the table (the `roll` move): `from_sheet`, the
 * sheet part or derived value of the roller's sheet (a ratings list: the rating the GM picks);
 * `from_opponent`, the same of the participant rolled against, which wins over `from_sheet`
 * when the roll is made against someone. Both null: the GM gives it (a DC, a mode).
 */
export type FieldSource = { from_sheet: string | null, from_opponent: string | null, };

/**
 * The front end's view of one field (`{"name", "label", "help", "type", ...}`).
 */
export type FieldSpec = { name: string, label: string, help: string, 
/**
 * A field of a system from a file: what fills it at the table (the roller's sheet, the
 * opponent's, or the GM). The five's fields have none.
 */
source?: FieldSource, } & ({ "type": "int", min: number, max: number, default: number, } | { "type": "bool", default: boolean, } | { "type": "choice", choices: Array<string>, default: string, } | { "type": "int_list", min: number, max: number, max_items: number, default: Array<number>, });

/**
 * The format of an exported file: JSON (the roster file of FORMAT.md, or the roll log's file)
 * or CSV for spreadsheets.
 */
export type FileFormat = "json" | "csv";

/**
 * A house-rule number a file declares, as the catalog serves it to the window: the shape of
 * the five's [`HouseRuleNumber`](crate::HouseRuleNumber), `system` the file's id and the help
 * saying the default is the file's.
 */
export type FileHouseNumber = { name: string, system: string, label: string, help: string, min: number, max: number, default: number, };

/**
 * A move of a system from a file.
 */
export type FileMove = { "move": "adjust", participant_id: string, tracker: string, by: number, } | { "move": "set", participant_id: string, tracker: string, value: number, } | { "move": "roll", participant_id: string, roll: string, rating: string | null, fields: Record<string, unknown>, against: string | null, } | { "move": "initiative" };

/**
 * One participant's trackers, by the sheet part's name, in the file's order.
 */
export type FilePart = { trackers: { [key in string]: TrackerNow }, };

/**
 * The table of a system from a file: which system (its id and version, as stored) and every
 * participant's part.
 */
export type FileTable = { id: string, version: number, parts: { [key in string]: FilePart }, };

/**
 * What a file system's table does that its panel offers (the five's panels are written each
 * for its own system).
 */
export type FileTableSpec = { 
/**
 * The id of the roll kind the `initiative` move rolls for every participant
 * (`[table] initiative`); null: the file declares none and the GM orders the turn.
 */
initiative: string | null, };

/**
 * What of the sheet the rules need besides the state: Stamina caps the Grunts, level the nuts.
 */
export type GenreCharacter = { level: number, stamina: number, };

/**
 * Every participant's part, by participant id.
 */
export type GenreEncounter = { parts: { [key in string]: GenrePart }, };

/**
 * A `genre` move.
 */
export type GenreMove = { "move": "act", participant_id: string, plan: ActionPlan, request: unknown, 
/**
 * The label of the character's sheet roll the request was taken from. A sheet roll
 * already carries the saved sheet's Grunt penalty and Bust A Nut die; the table keeps
 * its own trackers, so it takes those back out before adding its modifiers.
 */
roll?: string, } | { "move": "spend_opposing_glory", participant_id: string, points: number, } | { "move": "gain_glory", participant_id: string, points: number, } | { "move": "rest" } | { "move": "end_adventure" } | { "move": "set_stats", participant_id: string, level: number, stamina: number, };

/**
 * One participant's running state and what of the sheet the rules read.
 */
export type GenrePart = { character: GenreCharacter, state: GenreState, };

/**
 * What the table adds to a genre participant's next action, and whether it may Grunt, by what
 * else the action is.
 */
export type GenrePartView = { participant_id: string, 
/**
 * The pending Grunt penalty the next action takes (0 or negative).
 */
penalty: number, 
/**
 * Dice the next action gains (-1 during Bust A Nut's two rounds after its own, else 0).
 */
dice: number, 
/**
 * Why no Grunt on a plain action (`null`: a Grunt is allowed).
 */
grunt_bar: GruntBar | null, 
/**
 * … on an action with Bust A Nut.
 */
grunt_bar_with_bust_a_nut: GruntBar | null, 
/**
 * … on an action of patience.
 */
grunt_bar_on_patience: GruntBar | null, };

export type GenreSheet = { 
/**
 * The character level (also the Bust A Nut uses per adventure).
 */
level: number, attributes: { [key in string]: number }, powers: Array<Leveled>, skills: Array<GenreSkill>, glory: number, trackers: GenreTrackers, };

export type GenreSkill = { name: string, modifier: number, };

/**
 * A genre character's running state: its Glory Points and trackers, as on the sheet.
 */
export type GenreState = { glory: number, trackers: GenreTableTrackers, 
/**
 * Bust A Nut was used this round: its two rounds of -1 die start with the next round. The
 * table keeps this (the sheet's trackers of FORMAT.md have no place for it); left out of
 * the JSON when false, so the state still reads as the sheet's `glory` + `trackers`.
 */
nut_this_round?: boolean, };

/**
 * The sheet's `trackers` object.
 */
export type GenreTableTrackers = { 
/**
 * Penalties still due, next action first (e.g. `[-2, -1]`).
 */
grunt_penalties: Array<number>, 
/**
 * Grunts since the last hour of rest (at most Stamina).
 */
grunts_since_rest: number, 
/**
 * Bust A Nut uses this adventure.
 */
nuts_used: number, 
/**
 * Rounds of -1 die still to come after a Bust A Nut.
 */
nut_rounds_left: number, };

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
 * Why no Grunt may go on the next action (RULES.md "Grunting"). The window is served this for
 * every participant (the encounter's `view`) and offers a Grunt only when there is none.
 */
export type GruntBar = { "reason": "penalties_pending", left: number, } | { "reason": "rest_needed", grunts: number, stamina: number, } | { "reason": "bust_a_nut" } | { "reason": "patience" };

/**
 * How far the dice of a roll by hand have come: the dice it reads with the faces typed so far
 * and, once every one is in, the roll itself.
 */
export type HandProgress = { 
/**
 * The dice the faces given fill, then the fewest dice still needed (a die not yet typed
 * is taken as a 1, which never earns another), in the order the roll reads them.
 */
dice: Array<DieAsked>, 
/**
 * How many faces were given.
 */
given: number, 
/**
 * The roll, once every die is in: the same as [`roll_by_hand`] with these faces.
 */
result: RollResult | null, };

/**
 * `{"current": 12, "max": 12}`, as on the sheet.
 */
export type Health = { current: number, max: number, };

/**
 * How a participant's health is shown to the players.
 */
export type HealthShown = "numbers" | "words" | "hidden";

/**
 * Health in a word.
 */
export type HealthWord = "unhurt" | "hurt" | "bloodied" | "down";

/**
 * What a database holds, as the GM counts it: what is not in the trash.
 */
export type Holdings = { rosters: number, characters: number, rolls: number, encounters: number, 
/**
 * Rosters, characters and encounters in the trash (a snapshot taken before emptying it
 * still has them there).
 */
in_trash: number, };

/**
 * One ruling of RULES.md that is a number, as a house rule: the field of `house_rules` (in the
 * store, over IPC and in the roster file), the system whose rosters use it, the range a roster
 * may set and RULES.md's ruling as the default. Served with the catalog (`house_rule_numbers`),
 * checked by [`HouseRules::validate`].
 */
export type HouseRuleNumber = { 
/**
 * The field of `house_rules` (`minor_damage_dice`), as a refusal names it.
 */
name: string, 
/**
 * The system whose rolls follow it (`stunt`, `d12`).
 */
system: string, 
/**
 * What the number is, in the GM's words.
 */
label: string, 
/**
 * What it changes, and what RULES.md rules.
 */
help: string, min: number, max: number, 
/**
 * RULES.md's ruling: what every roster without the house rule uses.
 */
default: number, };

/**
 * Every rule a roster may override. Rolls made without a roster use [`HouseRules::default`].
 * The numbers left out (a roster stored, or a file written, before they existed) read as
 * RULES.md's rulings.
 *
 * A roster of a system from a file keeps the numbers its file declares (`[house_rules.NAME]`)
 * beside the five's, by name (`{"stunt": …, "crit_from": 19}`): the same place the window's
 * form and the roster file write the five's numbers. They are not checked here (only the
 * file knows them): the roster's check refuses a name its system does not declare and a
 * value out of the file's range (`roster/src/model/roster.rs`).
 */
export type HouseRules = { stunt: StuntChart, 
/**
 * stunt: Minor Damage is this many d6 ([`MINOR_DAMAGE_DICE`]).
 */
minor_damage_dice: number, 
/**
 * d12: a margin below this misses ([`MISS_MARGIN`]).
 */
miss_margin: number, };

/**
 * A character's Hits To Kill: `current` out of `max`.
 */
export type Htk = { current: number, max: number, };

/**
 * What to do with ids that are already stored.
 */
export type ImportMode = "merge" | "replace" | "copy";

/**
 * What an import would do (or did). Serialises for the window's preview.
 */
export type ImportPlan = { mode: ImportMode, 
/**
 * The systems from files the file carries: added, or held already (skip).
 */
systems: Array<PlannedSystem>, rosters: Array<PlannedRoster>, characters: Array<PlannedCharacter>, roster_counts: Counts, character_counts: Counts, };

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
export type IpcProblem = { path: string, message: string, 
/**
 * About the name (the key) of the map entry at `path`, not its value (roster's `Problem`).
 */
key?: boolean, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * One value an upgrade kept aside.
 */
export type KeptValue = { 
/**
 * The part it was the value of (its name in the version it was kept from).
 */
part: string, 
/**
 * That part's label then.
 */
label: string, 
/**
 * The rating's name, when it is one rating of a ratings list.
 */
rating?: string, 
/**
 * The value as it was (a number, a rating's value, a choice, a text, a whole list).
 */
value: unknown, 
/**
 * The version it was kept from.
 */
version: number, 
/**
 * Why it was kept, and what the sheet holds there now.
 */
why: string, };

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
contract: boolean, 
/**
 * What the outcome keys of this kind's odds are ("Total", "Damage Dice", "Result"): the
 * label of the odds chart's axis.
 */
outcome: string, fields: Array<FieldSpec>, 
/**
 * The choices worth comparing side by side (Compare), each with its alternatives.
 */
compare: Array<CompareSpec>, 
/**
 * The choices compared that are not one field (a fate card on the attack or kept for AC,
 * augmentation before or after the roll): asked with `odds_plan`.
 */
plans: Array<PlanSpec>, };

/**
 * A name and a level: genre powers, universe skills.
 */
export type Leveled = { name: string, level: number, };

/**
 * The limits as the catalog serves them; a call over one is refused with the code
 * `too_many_requests`, `request_too_large` or `too_much_work`, and what would pass Rollbook's
 * store over one with `limit_reached` (or, in a file, `import_refused`).
 */
export type Limits = { 
/**
 * The most requests one call answers (`MAX_REQUESTS`).
 */
requests: number, 
/**
 * The longest request text one call takes, in bytes (`MAX_REQUEST_BYTES`).
 */
request_bytes: number, 
/**
 * The most work one batch of odds asks for (`MAX_BATCH_WORK`).
 */
batch_work: number, 
/**
 * The most rosters Rollbook keeps, the trash included (`MAX_ROSTERS`).
 */
rosters: number, 
/**
 * The most characters Rollbook keeps, the trash included (`MAX_CHARACTERS`).
 */
characters: number, 
/**
 * The most bytes one record of a roster file takes (`MAX_RECORD_BYTES`).
 */
record_bytes: number, 
/**
 * The most saved rolls one roster keeps (`MAX_SAVED_ROLLS`).
 */
saved_rolls: number, };

/**
 * A place in the roll log: an entry's time and id.
 */
export type LogCursor = { at: string, id: number, };

/**
 * One logged roll.
 */
export type LogEntry = { id: number, at: string, roster_id: string | null, roster_name: string | null, character_id: string | null, character_name: string | null, system: string, roll: string, outcome: string, success: boolean, 
/**
 * The seed that replays the roll; 0 for a roll made by hand.
 */
seed: number, 
/**
 * Rolled at the table and typed in: no seed replays it.
 */
by_hand: boolean, 
/**
 * Every face in the order rolled.
 */
dice: Array<number>, detail: string, request: JsonValue, result: JsonValue, 
/**
 * A secret roll: the GM's only; never in the players' view.
 */
secret: boolean, 
/**
 * The table action whose move made the roll (`TableActionEntry::id`); `null` for a roll
 * made away from the table, and for table rolls logged before schema 7.
 */
table_action: number | null, 
/**
 * The participant who rolled at the table, when one did.
 */
participant_id: string | null, };

/**
 * The logged rolls a query picks that read, and each one whose stored JSON does not read
 * named apart (a limit counts it among the rows).
 */
export type LogList = { entries: Array<LogEntry>, damaged: Array<DamagedNotice>, };

/**
 * Which entries: every field given narrows the set. `since` is inclusive, `until` exclusive.
 */
export type LogQuery = { roster_id?: string | null, character_id?: string | null, since?: string | null, until?: string | null, 
/**
 * At most this many (the newest); all when `None`.
 */
limit?: number | null, 
/**
 * Only entries older than this one, in the log's order (time, then id): the next page after
 * the last entry shown.
 */
before?: LogCursor | null, };

/**
 * A roll and where the log keeps it.
 */
export type LoggedRoll = { result: RollResult, 
/**
 * The id of its roll-log entry.
 */
log_id: number, };

/**
 * The judgement of a run of rolls.
 */
export type Luck = { rolls: number, 
/**
 * The mean percentile (½ for fair dice in the long run); `null` with no rolls.
 */
mean: number | null, 
/**
 * How far the sum of percentiles is from n/2, in standard deviations of fair dice; `null`
 * when there is nothing to judge (no rolls, or only rolls that could go one way).
 */
z: number | null, 
/**
 * How often fair dice stray at least as far either way (two-sided normal tail).
 */
chance: number | null, verdict: Verdict, 
/**
 * The verdict in plain words: "The dice ran hot: fair dice do this about 1 time in 40."
 */
words: string, 
/**
 * How many percentiles fell in each tenth, 0–10% first.
 */
tenths: Array<number>, 
/**
 * How many fair dice would put in each tenth on average (flat for fine-grained rolls).
 */
fair_tenths: Array<number>, };

/**
 * The luck of the rolls `LogQuery` picks.
 */
export type LuckReport = { 
/**
 * Every judged roll together.
 */
overall: Luck, 
/**
 * One per character who rolled (by name), then one per quick NPC who rolled at the table
 * (`character_id` `null`, its name), then the rolls made for no one (Quick roll, a
 * roster's own rolls) with `character_id` and `name` `null`.
 */
characters: Array<CharacterLuck>, 
/**
 * One per evening (6 am to 6 am local time), newest first.
 */
evenings: Array<EveningLuck>, 
/**
 * Each judged roll's percentile by its log id, newest first (the log's order).
 */
rolls: Array<RollStanding>, 
/**
 * Rolls that could not be judged: their request no longer reads under the roster's house
 * rules, or their outcome is not one the odds have (house rules changed since), or their
 * system is no longer held (those are counted in `systems_gone` too).
 */
unjudged: number, 
/**
 * The systems of unjudged rolls that are no longer held here (a system file removed), each
 * with how many rolls of it, by id.
 */
systems_gone: Array<SystemGone>, };

/**
 * The running marks state of an encounter: its open tasks, oldest first.
 */
export type MarksEncounter = { tasks: Array<MarksRunningTask>, 
/**
 * The id the next task gets.
 */
next_id: number, };

/**
 * A `marks` move.
 */
export type MarksMove = { "move": "task_start", participant_id: string, label: string, pool: TaskPool, difficulty: number, needed: number, } | { "move": "task_contest", participant_id: string, label: string, pool: TaskPool, difficulty: number, defender_id: string, defender_pool: TaskPool, defender_penalty: number, } | { "move": "task_attempt", task_id: number, } | { "move": "extended_start", participant_id: string, label: string, pool: TaskPool, penalty: number, plateau: number, min_steps: number, max_steps: number, } | { "move": "extended_step", task_id: number, } | { "move": "task_close", task_id: number, };

/**
 * One named task of one participant.
 */
export type MarksRunningTask = { 
/**
 * Unique within the encounter (1, 2, …; never reused).
 */
id: number, participant_id: string, label: string, 
/**
 * What the pool was taken from ("Stealth on the sheet", "entered dice").
 */
source: string, kind: MarksTaskKind, };

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
 * A task the character keeps trying: its pool before penalties and how it has gone so far.
 */
export type MarksTask = { attribute_dice: number, skill_dice: number, super_dice: number, super_skill_dice: number, 
/**
 * The task's difficulty in penalty dice (Challenging 1, Difficult 2, Expert 3, Super 4+).
 */
difficulty: number, 
/**
 * Marks needed to succeed.
 */
needed: number, 
/**
 * Failed attempts so far: one extra penalty die each.
 */
failed_attempts: number, 
/**
 * The task succeeded.
 */
done: boolean, 
/**
 * The other character, when the task is contested: each attempt is a `contested` roll
 * (ties favour the defender) instead of a `pool` roll against `needed`.
 */
defender?: DefenderPool | null, };

/**
 * What a running task is: tried again until it succeeds, or rolled step by step.
 */
export type MarksTaskKind = { "type": "task", task: MarksTask, 
/**
 * Attempts rolled so far.
 */
attempts: number, 
/**
 * The defender of a contested task.
 */
defender_id?: string | null, } | { "type": "extended", task: ExtendedTask, };

/**
 * A marks task's next roll.
 */
export type MarksTaskView = { task_id: number, 
/**
 * Penalty dice on the next roll (a task's difficulty plus one per failed attempt).
 */
penalty: number, 
/**
 * The dice left after the penalty, in RULES.md's removal order:
 * `[attribute, skill, super, super skill]`.
 */
dice_left: [number, number, number, number], 
/**
 * The task can be rolled now (not done or over, and dice are left).
 */
rollable: boolean, };

/**
 * One number of one table move and the values it takes.
 */
export type MoveRange = { 
/**
 * The system whose move takes it, or `table` for the actions every encounter has.
 */
system: string, 
/**
 * The move (`gain_glory`) or table action (`add_npcs`) as the request names it.
 */
move: string, 
/**
 * The field's path in the move (`plan.grunt`), as a refusal names it.
 */
field: string, 
/**
 * What the number is, in the GM's words.
 */
label: string, min: number, max: number, };

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
 * What a saved roll is made of: its fields in a roster file, and what a new one needs
 * (`values`, `target` and `notes` may be left out).
 */
export type NewSavedRoll = { name: string, expr: string, values?: { [key in string]: number }, target?: number, notes?: string, };

/**
 * A quick NPC's defense ranks (a stored character's come from its sheet).
 */
export type NpcDefenses = { dodge: number, mind: number, toughness: number, will_power: number, };

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
events?: { [key in string]: number }, 
/**
 * For a roll whose outcome is a number: the smallest that succeeds (the difficulty, the
 * Marks needed), which may lie beyond every outcome. The odds chart draws its line there.
 */
target?: number | null, 
/**
 * For a roll whose outcomes are named: the keys that count as success. The odds chart
 * marks those bars (and a number's bars by `target`).
 */
succeeding?: Array<string>, };

/**
 * One side of the table: a stored character, a numbered copy of one, or an NPC quick-added to
 * this encounter.
 */
export type Participant = { 
/**
 * This participant's id within the encounter (a character added twice is refused).
 */
id: string, 
/**
 * The stored character, or `None` for a quick-added NPC or a copy.
 */
character_id: string | null, 
/**
 * Copied when added, so the encounter still reads after the character is purged.
 */
name: string, 
/**
 * The numbers the table reads for a participant with no stored character: a sheet of the
 * roster's system (checked as a sheet is when added, stored whole). A copy takes its
 * character's sheet as it was when added, so each copy keeps its own health and state and
 * nothing is written back. Absent for a quick NPC added with the system's defaults (and in
 * every state stored by an earlier build, which read and write byte for byte as before).
 */
sheet?: JsonValue, 
/**
 * The roster character a copy was made from ("Add ×3"), shown as "copy of …".
 */
copy_of?: string, };

/**
 * The attack being played: who, with what, and where the chain stands.
 */
export type PendingAttack = { attacker_id: string, defender_id: string, 
/**
 * The attacking ability as named on the sheet ("Guns"), or "Attack" for a quick NPC.
 */
ability: string, ranks: number, extra_dice: number, chain: AttackChain, 
/**
 * Once the damage is rolled: the rows the attacker may choose, what each does.
 */
choices: Array<RowChoice>, };

/**
 * A save that failed but can still be turned by spending after the roll.
 */
export type PendingSave = { participant_id: string, save: SaveKind, 
/**
 * hp or Sanity that turning it costs (4 per +1).
 */
cost: number, };

/**
 * One alternative of a plan.
 */
export type PlanAlternative = { label: string, help: string, 
/**
 * The roll in hand first, then the later roll when the choice changes one.
 */
rolls: Array<PlanRoll>, 
/**
 * The points (hp / Sanity) spent on average, for a choice that costs some.
 */
cost: number | null, 
/**
 * What "best" is judged by ([`PlanAnswer::measure`]).
 */
score: number, };

/**
 * A plan's answer: every alternative with the odds of its rolls, and the best ones.
 */
export type PlanAnswer = { id: PlanId, label: string, help: string, ruling: string, measure: PlanMeasure, alternatives: Array<PlanAlternative>, 
/**
 * The indexes of the best alternatives (every tied one; none when all are the same).
 */
best: Array<number>, };

/**
 * What a plan holds (stored as JSON).
 */
export type PlanContents = { 
/**
 * The GM's notes on the fight (tactics, terrain, treasure).
 */
notes: string, 
/**
 * The participants in turn order.
 */
participants: Array<PlannedParticipant>, };

/**
 * Which choice a plan compares.
 */
export type PlanId = "fate_card" | "augmentation";

/**
 * A roster's plans that read, and each one whose stored JSON does not read named apart.
 */
export type PlanList = { plans: Array<EncounterPlan>, damaged: Array<DamagedNotice>, };

/**
 * How a plan's best alternative is judged.
 */
export type PlanMeasure = "net" | "success_then_cost";

/**
 * What a plan needs besides the roll in hand.
 */
export type PlanNeed = "later" | "card";

/**
 * What the window and the command line ask: `{"plan", "this", "later"?, "card"?}`.
 */
export type PlanRequest = { plan: PlanId, 
/**
 * The roll in hand, a full request.
 */
this: JsonValue, 
/**
 * The later roll the choice changes, a full request (the fate card plan).
 */
later?: JsonValue | null, 
/**
 * The fate card in hand (the fate card plan).
 */
card?: string, };

/**
 * Which roll of an alternative a [`PlanRoll`] is.
 */
export type PlanRole = "this" | "later";

/**
 * One roll of an alternative: its full request and that request's own odds.
 */
export type PlanRoll = { role: PlanRole, 
/**
 * "This attack", "Their attack on you".
 */
label: string, request: JsonValue, odds: Odds, };

/**
 * A plan as the catalog lists it on its kind (`plans`).
 */
export type PlanSpec = { id: PlanId, label: string, help: string, 
/**
 * The **[ruling]** the comparison rests on (RULES.md is silent), shown as a ruling.
 */
ruling: string, needs: Array<PlanNeed>, };

export type PlannedCharacter = { action: Action, id: string, name: string, roster_id: string, 
/**
 * Set when the character is stored in another roster and moves into this one.
 */
moved_from: string | null, };

/**
 * One participant of a plan: a roster character (`character_id`), a copy of one (`copy_of`:
 * started from the character's sheet as it is then), or a quick NPC with its own numbers.
 */
export type PlannedParticipant = { name: string, character_id?: string, copy_of?: string, 
/**
 * A quick NPC's numbers (none for a character or a copy, which read the roster's sheet).
 */
sheet?: JsonValue, 
/**
 * What the players see of it (the default when absent): hidden ones stay hidden.
 */
visibility?: Visibility, };

export type PlannedRoster = { action: Action, id: string, name: string, system: System, 
/**
 * This roster's share of the character actions.
 */
characters: Counts, };

/**
 * A system from a file an import carries, and whether it adds it (FORMAT.md, "Systems from
 * files": a version held with other text is refused, never replaced).
 */
export type PlannedSystem = { action: Action, id: string, version: number, };

/**
 * One player's fate: the cards held and whether the character is Lucky.
 */
export type PlayerFate = { lucky: boolean, cards: Array<Card>, };

/**
 * A player's fate: Lucky or not, and how many cards they may hold.
 */
export type PlayerFateView = { participant_id: string, lucky: boolean, limit: number, };

/**
 * An effect or condition on a participant, with what is left of it.
 */
export type PlayersEffect = { name: string, 
/**
 * "2 turns", "1 week"; `null` for one that lasts until it is removed.
 */
left: string | null, };

/**
 * A participant's health as shown.
 */
export type PlayersHealth = { 
/**
 * `numbers` or `words` (hidden health is no health at all).
 */
shown: HealthShown, 
/**
 * The track's name in the system ("hp", "health", "HTK").
 */
label: string, 
/**
 * `null` when shown in words.
 */
value: number | null, max: number | null, 
/**
 * Always there (a bar's colour when shown as numbers).
 */
word: HealthWord, };

/**
 * A label and its value, in words.
 */
export type PlayersLine = { label: string, value: string, };

/**
 * One shown participant.
 */
export type PlayersParticipant = { id: string, 
/**
 * Its alias when the GM gave one, else its own name.
 */
name: string, side: PlayersSide, current: boolean, next: boolean, 
/**
 * `null` for a system that tracks none (genre, marks) or when the GM hides it.
 */
health: PlayersHealth | null, stats: Array<PlayersLine>, effects: Array<PlayersEffect>, };

/**
 * A public roll.
 */
export type PlayersRoll = { 
/**
 * The roll log entry's id.
 */
id: number, at: string, 
/**
 * The shown name of who rolled (the alias when aliased); `null` for a roll of the table
 * made for nobody in particular (a chase's length).
 */
who: string | null, 
/**
 * The kind of roll, as the catalog names it ("Attack"); a roll typed in dice notation,
 * its notation as typed ("8d6").
 */
roll: string, dice: Array<number>, 
/**
 * The outcome in words ("Hit", "12").
 */
outcome: string, success: boolean, 
/**
 * The exact chance of success the roll had under the roster's house rules; `null` for a
 * roll whose odds name no success.
 */
chance: number | null, by_hand: boolean, };

/**
 * The side a participant is on, as the players see it.
 */
export type PlayersSide = "pc" | "npc";

/**
 * A running task.
 */
export type PlayersTask = { label: string, 
/**
 * "Extended task", "Doubles Only", …
 */
kind: string, 
/**
 * "3 of 5 marks", "1 of 2 doubles", "Succeeded", …
 */
progress: string, };

/**
 * Whose turn it is, among those shown. A hidden participant's turn is never told: the turn
 * stays with the last shown participant before it (`project`'s `turn`).
 */
export type PlayersTurn = { 
/**
 * The shown participant whose turn it is (or was, while a hidden one's runs); `null`
 * before anyone shown has had one.
 */
current: string | null, 
/**
 * The next shown participant after the current turn.
 */
next: string | null, };

/**
 * What the players see of an encounter.
 */
export type PlayersView = { 
/**
 * The encounter's name.
 */
encounter: string, system: System, 
/**
 * The round of the turn shown (the round before, while hidden participants open a round).
 */
round: number, turn: PlayersTurn, 
/**
 * The shown participants, in turn order.
 */
participants: Array<PlayersParticipant>, 
/**
 * The table's public state in words (cards dealt, the GM's fate cards, a chase's rounds).
 */
table: Array<PlayersLine>, 
/**
 * Running tasks of shown participants.
 */
tasks: Array<PlayersTask>, 
/**
 * The last public rolls, newest first (at most [`ROLLS_SHOWN`]).
 */
rolls: Array<PlayersRoll>, };

/**
 * How many snapshots rotation keeps (the GM's choice, stored in the database's settings).
 */
export type Policy = { 
/**
 * The newest this many, whenever they were taken (at least 1).
 */
keep_last: number, 
/**
 * One a day (the day's newest) for this many days, today included.
 */
days: number, 
/**
 * One a month (the month's newest) for this many months, this month included.
 */
months: number, };

/**
 * The system a file declares, as the Systems dialog's preview shows it.
 */
export type PreviewedSystem = { id: string, version: number, name: string, summary: string, declares: Declares, };

/**
 * One thing wrong with some input, located by its JSON path
 * (`rosters[0].characters[2].sheet.abilities[1].ranks`). The path is empty when the problem is
 * about the whole input (a file that is not JSON, say).
 */
export type Problem = { path: string, message: string, 
/**
 * The problem is with the name (the key) of the name → value map entry at `path`, not with
 * its value: both have that one path, and the window marks the name's box, not the number's.
 */
key?: boolean, };

/**
 * How far an import has got: `done` of `total` rows written.
 */
export type Progress = { done: number, total: number, };

/**
 * A name and a rank: marks combat styles and superpowers.
 */
export type Ranked = { name: string, rank: number, };

/**
 * Why a snapshot was taken.
 */
export type Reason = "manual" | "daily" | "trash" | "import" | "restore" | "upgrade" | "damaged" | "system";

/**
 * What a restore did: the snapshot put in place, and the snapshot of the database as it was
 * just before (restoring that one undoes the restore).
 */
export type RestoreDone = { restored: Snapshot, saved: Snapshot, };

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
groups: Array<DiceGroup>, 
/**
 * Rolled at the table and typed in: there is no seed (`seed` is 0). Left out when false.
 */
by_hand?: boolean, };

export type RollStanding = { 
/**
 * The log entry's id (`LogEntry::id`).
 */
id: number, 
/**
 * P(a worse outcome) + ½·P(this one), 0 to 1.
 */
percentile: number, };

/**
 * One die of a roll.
 */
export type RolledDie = { face: number, sides: number, state: DieState, };

/**
 * A stored roster.
 */
export type Roster = { id: string, name: string, system: System, 
/**
 * The version of its system from a file it uses (`None` for the five): the window builds
 * its sheet form from that version, not the newest.
 */
system_version: number | null, notes: string, 
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
 * The rosters that read, and each one that does not named apart: one damaged roster neither
 * hides the others nor goes unmentioned.
 */
export type RosterList = { rosters: Array<Roster>, damaged: Array<DamagedNotice>, };

/**
 * A change to a roster: each field given is replaced. The system never changes (the sheets
 * depend on it); make a new roster and import with mode `copy` instead.
 */
export type RosterPatch = { name?: string | null, notes?: string | null, house_rules?: HouseRules | null, };

/**
 * A row of the damage table the attacker may choose, in words for the weapon's column.
 */
export type RowChoice = { row: number, 
/**
 * The row's difficulty name ("Hard").
 */
name: string, 
/**
 * What it does with this weapon ("3 damage", "Stunned 1 turn", "Memory 1 week; …").
 */
does: string, };

/**
 * A ruling of the table, by a stable id (stored in the action log and sent to the
 * window); its words are [`RulingId::text`].
 */
export type RulingId = "stunt_minor_damage" | "stunt_minor_damage_house_rule" | "stunt_htk_bounds" | "stunt_doubles_throw" | "stunt_doubles_reset" | "stunt_double_six_barred" | "genre_nut_timing" | "genre_penalties_spent" | "genre_rest_ends_nut" | "genre_end_adventure" | "genre_no_negative_dice" | "universe_initiative" | "universe_jokers_first" | "universe_joker_reshuffle" | "universe_joker_fate" | "universe_draw_pile_empty" | "universe_two_jokers" | "universe_joker_to_pc" | "universe_joker_to_hostile_npc" | "universe_joker_to_friendly_npc" | "universe_joker_as_fate" | "universe_fate_limit" | "universe_gm_fate_limit" | "universe_fate_initiative" | "universe_fate_effects" | "universe_fate_forgone" | "universe_friendly_natural_twenty" | "universe_hostile_natural_twenty" | "universe_face_card_save" | "universe_leaver_fate" | "universe_save_natural_twenty" | "universe_sudden_takedown" | "universe_chase_ties" | "marks_penalty_per_failure" | "marks_no_dice_left" | "marks_task_done" | "marks_contested_retry" | "marks_extended_steps" | "marks_step_is_time_step" | "d12_margin_misses" | "d12_miss_margin_house_rule" | "d12_natural_ones_limb" | "d12_condition_limb" | "d12_no_stacking" | "d12_durations_rolled" | "d12_god_like_removal" | "d12_health_bounds";

/**
 * A Doubles Only / Double Six Only attempt a participant keeps throwing for.
 */
export type RunningTask = { 
/**
 * Numbered from 1 in the encounter, never reused.
 */
id: number, participant_id: string, label: string, task: StuntTask, 
/**
 * The GM put the task away; it stays so a Double Six Only task failed for good is
 * remembered.
 */
closed: boolean, };

/**
 * Physical, Mental or Luck.
 */
export type SaveKind = "physical" | "mental" | "luck";

/**
 * A stored saved roll.
 */
export type SavedRoll = { id: string, roster_id: string, name: string, 
/**
 * The notation as the GM typed it (DICE.md).
 */
expr: string, 
/**
 * The value of each `@name` the notation uses.
 */
values: { [key in string]: number }, 
/**
 * The roll succeeds when its value is at least this.
 */
target: number, notes: string, 
/**
 * Order within the roster, ascending from 0.
 */
position: number, created_at: string, updated_at: string, };

/**
 * A saved roll a search found, with its roster's name.
 */
export type SavedRollHit = { roll: SavedRoll, roster_name: string, };

/**
 * A change to a saved roll: each field given is replaced.
 */
export type SavedRollPatch = { name?: string | null, expr?: string | null, values?: { [key in string]: number } | null, target?: number | null, notes?: string | null, };

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
 * What "Share with the table" shows the GM: the link and its QR code.
 */
export type ShareStatus = { encounter_id: string, 
/**
 * `http://ADDRESS:PORT/p/TOKEN/`: a new token every time sharing starts.
 */
link: string, 
/**
 * The link as a QR code (SVG), for the players' phones.
 */
qr_svg: string, };

/**
 * A character sheet of one of the five systems, or of a system from a file.
 */
export type Sheet = StuntSheet | GenreSheet | UniverseSheet | MarksSheet | D12Sheet | { [part in string]?: unknown };

/**
 * One change an upgrade makes.
 */
export type SheetChange = { kind: ChangeKind, 
/**
 * Where: `sheet.grit`, `sheet.skills[2]`.
 */
path: string, 
/**
 * The part's label (in the version that declares it).
 */
label: string, 
/**
 * What happens, in a sentence.
 */
text: string, };

/**
 * One number (or list length, or sum) of one system's sheet and the values it takes.
 */
export type SheetLimit = { 
/**
 * The system id of FORMAT.md (`d12`, `genre`, …).
 */
system: string, 
/**
 * Where in the sheet (see the module's comment).
 */
path: string, measure: SheetMeasure, min: number, 
/**
 * `None` when the bound is another value of the same sheet: a track's `current` is at
 * most its `max`.
 */
max: number | null, };

/**
 * What a limit bounds.
 */
export type SheetMeasure = "value" | "items" | "total";

/**
 * What a sheet part holds, with the limits the file gives it.
 */
export type SheetPartKind = { "type": "number", min: number, max: number, default: number, } | { "type": "ratings", min: number, max: number, default: number, budget: number | null, min_count: number, max_count: number, suggested: Array<string>, } | { "type": "tracker", max: string, full: boolean, } | { "type": "check", default: boolean, } | { "type": "choice", choices: Array<string>, default: string, } | { "type": "text", max_chars: number, };

/**
 * One part of a file system's sheet as the catalog serves it.
 */
export type SheetPartSpec = { 
/**
 * Its key in the sheet (and `@name` in the file's expressions).
 */
name: string, label: string, help: string, part: SheetPartKind, 
/**
 * Shown on the players' view.
 */
public: boolean, };

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
note: string, 
/**
 * What the roll is set to until the GM sets it ("against Average (6) until the GM sets the
 * difficulty"), apart from `note` so the roll panel can drop it once the GM has changed
 * the roll; none when the sheet sets everything.
 */
until_set: string | null, };

/**
 * Which side a combatant is on; decides what a joker dealt to them does to fate.
 */
export type Side = "pc" | "hostile_npc" | "friendly_npc";

/**
 * One snapshot on disk.
 */
export type Snapshot = { 
/**
 * What `rollbook backup restore ID` takes: the file name without `.sqlite3`.
 */
id: string, 
/**
 * When it was taken (to the second, UTC).
 */
at: string, 
/**
 * Its size in bytes.
 */
size: number, reason: Reason, };

/**
 * One snapshot in the overview.
 */
export type SnapshotEntry = { 
/**
 * What it holds; `null` when it cannot be read (then `problem` says why).
 */
holds: Holdings | null, 
/**
 * Why it could not be read (it is damaged, or not a Rollbook database).
 */
problem: string | null, 
/**
 * What `rollbook backup restore ID` takes: the file name without `.sqlite3`.
 */
id: string, 
/**
 * When it was taken (to the second, UTC).
 */
at: string, 
/**
 * Its size in bytes.
 */
size: number, reason: Reason, };

/**
 * Where the chain stands.
 */
export type Stage = { "stage": "attack" } | { "stage": "damage", damage_dice: number, } | { "stage": "choose_row", reached: number, limb: string | null, } | { "stage": "done" };

/**
 * One stored version of a system file.
 */
export type StoredSystem = { 
/**
 * How rosters and requests name it (`"system": "pbta"`).
 */
id: string, version: number, name: string, summary: string, added_at: string, 
/**
 * Rosters made with this version, the trash included.
 */
rosters: number, 
/**
 * What it declares, in brief (the list and the preview of an add).
 */
declares: Declares, };

export type StuntAbility = { name: string, level: string, };

/**
 * The ordered level names and the full levels × levels chart of targets
 * (`chart[active][defending]`), every cell editable.
 */
export type StuntChart = { levels: Array<string>, chart: Array<Array<number>>, };

/**
 * Every participant's HTK, by participant id, and the running tasks.
 */
export type StuntEncounter = { parts: { [key in string]: StuntPart }, tasks: Array<RunningTask>, 
/**
 * The id the next task takes.
 */
next_task_id: number, };

/**
 * A `stunt` move.
 */
export type StuntMove = { "move": "task_start", participant_id: string, label: string, kind: TaskKind, needed: number | null, } | { "move": "task_throw", task_id: number, to_the_end: boolean, } | { "move": "task_close", task_id: number, } | { "move": "damage", participant_id: string, points: number | null, dice: DamageDice | null, } | { "move": "minor_damage", participant_id: string, } | { "move": "heal", participant_id: string, points: number, } | { "move": "set_htk", participant_id: string, current: number, max: number, } | { "move": "adjust" } & Adjustment | { "move": "check", participant_id: string, active: string, defending: string, };

/**
 * One participant's running state.
 */
export type StuntPart = { htk: Htk, };

export type StuntSheet = { 
/**
 * Stat name → level name (a level of the roster's list).
 */
basestats: { [key in string]: string }, abilities: Array<StuntAbility>, htk: Track, };

/**
 * A Doubles Only or Double Six Only attempt kept open across the encounter.
 */
export type StuntTask = { kind: TaskKind, 
/**
 * Doubles the task takes (1 for Double Six Only: the one 6-6).
 */
needed: number, 
/**
 * Doubles counted in the current attempt.
 */
doubles: number, 
/**
 * Every 2d6 thrown since the task started, across attempts: one time step each.
 */
time_steps: number, 
/**
 * Times a 1-1 set a Doubles Only task back to the start.
 */
resets: number, status: TaskStatus, };

/**
 * A roster's rules system, and its characters' sheets': one of the five of RULES.md,
 * or a system from a file the GM added (`docs/system-files.md`), at the version the
 * roster uses. Named in every serialized form by its id (`"d12"`, `"my-game"`).
 */
export type System = "stunt" | "genre" | "universe" | "marks" | "d12" | (string & {});

/**
 * What a file picked to add declares, or why it cannot be added.
 */
export type SystemFilePreview = { 
/**
 * The system it declares; `None` when it has problems.
 */
system: PreviewedSystem | null, 
/**
 * Every problem, in the file's order; empty when it reads.
 */
problems: Array<SystemFileProblem>, 
/**
 * Advice on a file that reads (a roll whose luck may rank its outcomes otherwise than
 * meant), in the file's order; it can be added all the same.
 */
advice: Array<SystemFileProblem>, };

/**
 * One problem (or piece of advice) of a system file, with the text of its line to show under
 * it.
 */
export type SystemFileProblem = { 
/**
 * From 1.
 */
line: number, 
/**
 * From 1, in characters.
 */
column: number, message: string, 
/**
 * The line, or at most 80 characters of it around the column (a long line is cut).
 */
text: string, 
/**
 * How many characters of `text` come before the column: where the caret goes.
 */
caret: number, };

/**
 * A system the log names that is no longer held (its file was removed), and how many of the
 * unjudged rolls were of it.
 */
export type SystemGone = { system: string, rolls: number, };

/**
 * One move at the table for the encounter's system, e.g.
 * `{"system": "genre", "move": "rest", "participant_id": "…"}`.
 */
export type SystemMove = { "system": "stunt" } & StuntMove | { "system": "genre" } & GenreMove | { "system": "universe" } & UniverseMove | { "system": "marks" } & MarksMove | { "system": "d12" } & D12Move | { "system": "file" } & FileMove;

/**
 * One added system with the text it was added from.
 */
export type SystemShown = { system: StoredSystem, 
/**
 * The file's text as added.
 */
source: string, };

/**
 * One rules system with its roll kinds.
 */
export type SystemSpec = { id: string, name: string, kinds: Array<KindSpec>, 
/**
 * A system from a file: the version this entry is of (a roster's own may be older than
 * the newest, which `files` lists).
 */
version?: number, 
/**
 * A system from a file: its sheet's parts as the file declares them, which the window
 * builds the sheet form from (the five's forms are written in `ui/js/sheet/systems/`).
 */
sheet?: Array<SheetPartSpec>, 
/**
 * A system from a file: the numbers a roster of it may house-rule, in the shape of the
 * five's `house_rule_numbers` (the window's house-rules form reads both alike).
 */
house_rule_numbers?: Array<FileHouseNumber>, 
/**
 * A system from a file: what its table rolls for turn order, for the one panel every
 * file system shares (the five's panels are each written for its system).
 */
table?: FileTableSpec, };

/**
 * An encounter's running state for its roster's system (`EncounterState::system_state`).
 */
export type SystemTable = { "system": "stunt" } & StuntEncounter | { "system": "genre" } & GenreEncounter | { "system": "universe" } & UniverseEncounter | { "system": "marks" } & MarksEncounter | { "system": "d12" } & D12Encounter | { "system": "file" } & FileTable;

/**
 * A change made at the table. Every one is logged and can be undone.
 */
export type TableAction = { "action": "add_characters", character_ids: Array<string>, } | { "action": "add_npcs", label: string, count: number, sheet?: JsonValue, } | { "action": "add_copies", character_id: string, count: number, } | { "action": "remove_participant", participant_id: string, } | { "action": "move_up", participant_id: string, } | { "action": "move_down", participant_id: string, } | { "action": "set_order", participant_ids: Array<string>, } | { "action": "set_turn", participant_id: string, } | { "action": "next_turn" } | { "action": "next_round" } | { "action": "rename", name: string, } | { "action": "set_visibility", participant_id: string, visibility: Visibility, } | { "action": "system", move: SystemMove, };

/**
 * One applied table action, as the action log keeps it.
 */
export type TableActionEntry = { 
/**
 * Increases with every action (across encounters).
 */
id: number, encounter_id: string, at: string, action: TableAction, 
/**
 * What happened ("Added Goon 1, Goon 2", "Round 3"), one event each, a ruling named by
 * its id; the first says it in short.
 */
events: Array<Event>, 
/**
 * The events as plain text, one line each, a ruling's as "Ruling: TEXT" (what the
 * command line prints); for people, never to be read back for a ruling.
 */
summary: string, 
/**
 * Set once the action was undone (the log keeps it).
 */
undone_at: string | null, };

/**
 * A Damage Condition: `kind` memory / command / dominate / limb, `detail` the limb or extent.
 */
export type TableCondition = { kind: string, detail: string, remaining: string, row: number, };

/**
 * Dice typed in for a table action so far: the dice it reads with them (past the faces given,
 * the fewest still needed) and, once every die is in, what the action would say.
 */
export type TableDiceAsked = { dice: Array<DieAsked>, given: number, 
/**
 * Who the action deals an initiative card to, in the order their cards are typed.
 */
dealt_to: Array<DealtTo>, 
/**
 * Who draws a fate card (a joker dealt, a natural 20), by name ("the GM" for the GM's):
 * their cards are typed after the deal's, in this order. Known once the deal's cards are.
 */
fate_to: Array<string>, 
/**
 * What the action would say with these dice; `None` until every die is in.
 */
events: Array<Event> | null, };

/**
 * A Damage Effect on the character; `row` (1..9) is the table row it came from.
 */
export type TableEffect = { name: string, remaining: string, row: number, };

/**
 * What one table action did: the encounter after it, its entry in the action log, and the rolls
 * it made (already in the roll log).
 */
export type TablePlay = { encounter: Encounter, entry: TableActionEntry, rolls: Array<LogEntry>, };

/**
 * The derived values of an encounter's table, by system (`null` for a system without any).
 */
export type TableView = { "system": "genre", parts: Array<GenrePartView>, } | { "system": "marks", tasks: Array<MarksTaskView>, } | { "system": "d12", 
/**
 * The attack in progress, when there is one.
 */
attack: D12AttackView | null, 
/**
 * The weapons each participant attacks with, in turn order.
 */
weapons: Array<D12WeaponsView>, } | { "system": "universe", 
/**
 * Every fate card out of the deck's piles (held by players or the GM, or played as a
 * second initiative entry), with who holds it and what playing it does.
 */
fate: Array<FateCardView>, 
/**
 * Every player seated at the fate table, with how many fate cards they may hold.
 */
players: Array<PlayerFateView>, 
/**
 * How many negative fate cards the GM may hold (one per player).
 */
gm_limit: number, 
/**
 * Why Deal is refused now (`null`: it may be pressed).
 */
deal_bar: DealBar | null, };

/**
 * Which roll a character without the skill attempts (RULES.md "No Active Level").
 */
export type TaskKind = "doubles_only" | "double_six_only";

/**
 * Where a task's dice come from: `roll`, the label of one of the character's sheet rolls
 * ("Stealth", "Agility"), or the dice entered by hand (a quick NPC has no sheet).
 */
export type TaskPool = { roll?: string, attribute_dice?: number, skill_dice?: number, super_dice?: number, super_skill_dice?: number, };

/**
 * Where a task stands.
 */
export type TaskStatus = "running" | "succeeded" | "failed";

/**
 * How long the texts of a roster may be (FORMAT.md: names 1–120, notes up to 20,000, 32 tags
 * of 40): declared once here, enforced by the roster crate's checks and served with the
 * catalog, so the window's inputs and its check-as-you-type use the same numbers.
 */
export type TextLimits = { 
/**
 * A name: a roster's, a character's, a player's, an encounter's, a sheet entry's.
 */
name: number, 
/**
 * A roster's or a character's notes.
 */
notes: number, 
/**
 * How many tags a character holds.
 */
tags: number, 
/**
 * One tag.
 */
tag: number, 
/**
 * The label of quick NPCs ("Goon"): a name with room for " 999".
 */
npc_label: number, 
/**
 * A running task's label at the table.
 */
task_label: number, 
/**
 * A saved roll's notes: a line or two, so that a roster's saved rolls at their longest
 * still fit in one record of a roster file with the roster's own fields.
 */
saved_roll_notes: number, };

/**
 * Current and maximum of a pool that goes down and comes back (HTK, hp, Sanity, health).
 */
export type Track = { current: number, max: number, };

/**
 * Which number an `adjust` move changes. Each system tracks its own: `stunt` HTK, `d12`
 * health, `universe` hp and Sanity (`genre` and `marks` track none).
 */
export type Tracked = "htk" | "health" | "hp" | "sanity";

/**
 * One tracker at the table: its value now and its maximum.
 */
export type TrackerNow = { value: number, max: number, };

/**
 * The deck between actions: the draw pile (top is the last element), the discard pile and the
 * cards dealt for the current round. Cards held as fate are outside the deck (see
 * [`UniverseDeck::check`]).
 */
export type UniverseDeck = { draw: Array<Card>, discard: Array<Card>, 
/**
 * 0 before the first deal.
 */
round: number, dealt: Array<DealtCard>, };

/**
 * The running universe state of an encounter.
 */
export type UniverseEncounter = { 
/**
 * The deck and every fate card out of it; `None` until someone sits at the table.
 */
table: UniverseTable | null, parts: { [key in string]: UniversePart }, 
/**
 * The encounter round the cards on the table were dealt for (0: nothing dealt yet).
 */
dealt_round: number, pending_save: PendingSave | null, chase: Chase | null, };

/**
 * A `universe` move.
 */
export type UniverseMove = { "move": "deal" } | { "move": "set_side", participant_id: string, side: Side, } | { "move": "natural_twenty", participant_id: string, } | { "move": "use_fate", participant_id: string | null, card: string, use: FatePlay, combatant_id: string | null, } | { "move": "save", participant_id: string, save: SaveKind, dc: number | null, before: number, fate_card: string | null, } | { "move": "attack", attacker_id: string, target_id: string | null, ac: number | null, advantage: boolean, fate_card: string | null, target_fate_card: string | null, } | { "move": "augment_after", participant_id: string, } | { "move": "sudden_takedown", attacker_id: string, target_id: string, nonlethal: boolean, } | { "move": "group_stealth", leader_id: string, member_ids: Array<string>, difficulty: number, } | { "move": "start_chase", participant_ids: Array<string>, } | { "move": "chase_round", first_id: string, second_id: string, first_move_feet: number | null, second_move_feet: number | null, } | { "move": "end_chase" } | { "move": "damage", participant_id: string, points: number, } | { "move": "adjust" } & Adjustment;

/**
 * One participant's running state.
 */
export type UniversePart = { 
/**
 * Decides what a joker dealt to them does to fate.
 */
side: Side, 
/**
 * hp and Sanity as they stand at the table (from the sheet when they joined), spent by
 * augmentation.
 */
hp: number, sanity: number, 
/**
 * "dead" / "unconscious" after a failed sudden-takedown save.
 */
condition: string | null, 
/**
 * Fate cards on the sheet that could not be seated (another player holds the same card).
 */
note: string | null, };

export type UniverseSheet = { skills: Array<Leveled>, combat_skill: number, attack_bonus: number, ac: number, saves: Saves, hp: Track, sanity: Track, lucky: boolean, 
/**
 * Fate cards held, rank then suit (`QH`, `10S`).
 */
fate: Array<string>, };

/**
 * The deck plus every fate card out of it, the state persisted for a `universe` encounter.
 */
export type UniverseTable = { deck: UniverseDeck, 
/**
 * Keyed by the player's combatant id.
 */
players: { [key in string]: PlayerFate }, 
/**
 * The GM's negative fate pool.
 */
gm: Array<Card>, 
/**
 * Fate cards played this round as a second initiative entry (discarded at the next deal).
 */
second_entries: Array<DealtCard>, };

/**
 * A roster upgraded: the roster as it is now, and what was done.
 */
export type UpgradeApplied = { roster: Roster, upgrade: UpgradePreview, };

/**
 * What an upgrade of a roster does, before it is made (and, once made, what it did).
 */
export type UpgradePreview = { roster_id: string, roster: string, 
/**
 * The system's id.
 */
system: string, 
/**
 * Its name in the version upgraded to.
 */
name: string, from: number, to: number, 
/**
 * The sheet parts the new version adds, removes or declares otherwise.
 */
declared: Array<SheetChange>, 
/**
 * Every character of the roster (the trash included), in order.
 */
characters: Array<CharacterUpgrade>, 
/**
 * The names of the roster's encounters (not in the trash): each moves to the new version
 * at its next action, its participants keeping the trackers both versions track.
 */
encounters: Array<string>, };

/**
 * How a run of rolls went.
 */
export type Verdict = "hot" | "cold" | "fair" | "too_few";

/**
 * One participant's visibility; the default (shown by name, health as its side's default) is
 * never stored.
 */
export type Visibility = { 
/**
 * Not in the players' view at all until revealed.
 */
hidden: boolean, 
/**
 * Shown under this name instead of its own (`null`: its own name).
 */
alias: string | null, 
/**
 * How its health is shown (`null`: its side's default, numbers for a PC, words for an NPC).
 */
health: HealthShown | null, };

/**
 * The weapon's cap on the Damage Dice and the table column it reads.
 */
export type Weapon = { name: string, cap: number, column: "damage" | "effect" | "condition", };

/**
 * What the chain and healing change on a character (the sheet's `health`, `effects`,
 * `conditions`), plus whether Healing Salve was used today.
 */
export type Wounds = { health: Health, effects: Array<TableEffect>, conditions: Array<TableCondition>, salve_used_today: boolean, };
