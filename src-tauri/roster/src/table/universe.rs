//! `universe` at the table: card initiative from the 54-card Universe deck, fate cards (PCs
//! seated as players with Lucky and the cards kept on their sheet, the GM's negative pool), saves
//! with hp/Sanity augmentation, sudden takedown, group stealth and a foot chase of 2d4 rounds.
//!
//! The deck is shuffled (with that action's seed) the first time someone sits at the table.
//! The first round is dealt by the `deal` move when combat starts; every later round is dealt by
//! the new-round hook, so the encounter's order always follows the cards.

use indexmap::IndexMap;
use rollbook_rules::table::universe_deck::{
    Card, Combatant, DeckEvent, ShuffleReason, Side, Suit, DECK_RULINGS,
};
use rollbook_rules::table::universe_fate::{
    FateCause, FateEffect, FateEvent, FateUse, Holder, UniverseTable,
};
use rollbook_rules::table::universe_moves::{chase_length, ChaseLength};
use rollbook_rules::RollRequest;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use uuid::Uuid;

use super::{nth_seed, Outcome, SystemRules, TableContext, TableRoll};
use crate::model::CharacterKind;
use crate::sheet::{Sheet, UniverseSheet};

/// A quick NPC's sheet until the GM says otherwise: the roster format's defaults (AC 10, saves
/// 15, 10 hp and Sanity, no skills).
fn npc_sheet() -> UniverseSheet {
    UniverseSheet::default()
}

/// One participant's running state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniversePart {
    /// Decides what a joker dealt to them does to fate.
    pub side: Side,
    /// hp and Sanity as they stand at the table (from the sheet when they joined), spent by
    /// augmentation.
    pub hp: i64,
    pub sanity: i64,
    /// "dead" / "unconscious" after a failed sudden-takedown save.
    pub condition: Option<String>,
    /// Fate cards on the sheet that could not be seated (another player holds the same card).
    pub note: Option<String>,
}

/// A save that failed but can still be turned by spending after the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PendingSave {
    pub participant_id: Uuid,
    pub save: SaveKind,
    /// hp or Sanity that turning it costs (4 per +1).
    pub cost: i64,
}

/// A foot chase under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Chase {
    pub length: ChaseLength,
    /// Rounds still to run, this one included; the new-round hook counts it down.
    pub rounds_left: u8,
    pub participant_ids: Vec<Uuid>,
    /// Each round's opposed Athletics, in the order played.
    #[serde(default)]
    pub rounds: Vec<ChaseRound>,
}

/// One round of a chase: both totals and who won (nobody on a tie).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChaseRound {
    /// The encounter round it was played in.
    pub round: u32,
    pub runners: [Uuid; 2],
    pub totals: [i64; 2],
    pub winner: Option<Uuid>,
}

/// Move in feet when the move does not say (the sheet holds no move).
const DEFAULT_MOVE_FEET: i64 = 30;

/// The running universe state of an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniverseEncounter {
    /// The deck and every fate card out of it; `None` until someone sits at the table.
    pub table: Option<UniverseTable>,
    pub parts: IndexMap<Uuid, UniversePart>,
    /// The encounter round the cards on the table were dealt for (0: nothing dealt yet).
    pub dealt_round: u32,
    pub pending_save: Option<PendingSave>,
    pub chase: Option<Chase>,
}

/// Physical, Mental or Luck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SaveKind {
    Physical,
    Mental,
    Luck,
}

/// What a fate card is played for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FatePlay {
    Attack,
    ArmorClass,
    Save,
    SecondInitiative,
}

/// A `universe` move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum UniverseMove {
    /// Deals the current round's initiative (combat starts); later rounds deal themselves.
    Deal,
    /// An NPC's side (hostile or friendly); a PC is always a player.
    SetSide { participant_id: Uuid, side: Side },
    /// A natural 20 was rolled: fate for a PC, negative fate for the GM from a hostile NPC.
    NaturalTwenty { participant_id: Uuid },
    /// Plays a fate card held by `participant_id`, or by the GM when it is absent. A second
    /// initiative entry goes to `combatant_id` (the holder by default; required for the GM).
    UseFate {
        #[serde(default)]
        participant_id: Option<Uuid>,
        card: String,
        #[serde(rename = "use")]
        usage: FatePlay,
        #[serde(default)]
        combatant_id: Option<Uuid>,
    },
    /// A save against the sheet's DC (or `dc`), `before` points of augmentation bought before
    /// the roll (2 hp/Sanity each), an optional fate card played on it.
    Save {
        participant_id: Uuid,
        save: SaveKind,
        #[serde(default)]
        dc: Option<i64>,
        #[serde(default)]
        before: i64,
        #[serde(default)]
        fate_card: Option<String>,
    },
    /// An attack: 1d20 + combat skill + attack bonus against the target's AC (or `ac`), with a
    /// fate card of the attacker's on it and one played by the target (the GM's for a hostile
    /// NPC) on AC. A natural 20 brings fate as `natural_twenty` does.
    Attack {
        attacker_id: Uuid,
        #[serde(default)]
        target_id: Option<Uuid>,
        #[serde(default)]
        ac: Option<i64>,
        #[serde(default)]
        advantage: bool,
        #[serde(default)]
        fate_card: Option<String>,
        #[serde(default)]
        target_fate_card: Option<String>,
    },
    /// Turns the last failed save by spending after the roll (4 hp/Sanity per +1).
    AugmentAfter { participant_id: Uuid },
    /// The attacker hit a completely unguarded target: the target's Physical save at a penalty of
    /// the attacker's combat skill; on a failure the target dies (unconscious if `nonlethal`).
    SuddenTakedown {
        attacker_id: Uuid,
        target_id: Uuid,
        #[serde(default)]
        nonlethal: bool,
    },
    /// Each member's Stealth check; the leader covers failed teammates.
    GroupStealth {
        leader_id: Uuid,
        member_ids: Vec<Uuid>,
        difficulty: i64,
    },
    /// A foot chase of 2d4 rounds (rolled) among these participants.
    StartChase { participant_ids: Vec<Uuid> },
    /// One round of the chase: opposed Athletics (2d6 + Athletics + floor(move / 10)) between
    /// two runners; `*_move_feet` default to 30.
    ChaseRound {
        first_id: Uuid,
        second_id: Uuid,
        #[serde(default)]
        first_move_feet: Option<i64>,
        #[serde(default)]
        second_move_feet: Option<i64>,
    },
    /// The chase ends early (a trip and a failed save, or the GM calls it).
    EndChase,
}

fn ruling(text: &str) -> String {
    format!("Ruling: {text}")
}

/// "the Queen of hearts (QH)", "a joker (JK1)".
pub fn card_words(card: Card) -> String {
    match card {
        Card::Joker(_) => format!("a joker ({card})"),
        Card::Suited { rank, suit } => {
            let rank = match rank {
                1 => "Ace".to_string(),
                11 => "Jack".to_string(),
                12 => "Queen".to_string(),
                13 => "King".to_string(),
                n => n.to_string(),
            };
            let suit = match suit {
                Suit::Spades => "spades",
                Suit::Hearts => "hearts",
                Suit::Diamonds => "diamonds",
                Suit::Clubs => "clubs",
            };
            format!("the {rank} of {suit} ({card})")
        }
    }
}

fn parse_card(code: &str) -> Result<Card, String> {
    Card::parse(code.trim()).map_err(|e| e.to_string())
}

fn universe_sheet<'a>(ctx: &'a TableContext, id: Uuid) -> Option<&'a UniverseSheet> {
    match ctx.seat(id).ok()?.character.map(|c| &c.sheet) {
        Some(Sheet::Universe(s)) => Some(s),
        _ => None,
    }
}

fn is_pc(ctx: &TableContext, id: Uuid) -> bool {
    ctx.seat(id)
        .ok()
        .and_then(|s| s.character)
        .is_some_and(|c| c.kind == CharacterKind::Pc)
}

fn name_of(ctx: &TableContext, id: &str) -> String {
    Uuid::parse_str(id)
        .ok()
        .and_then(|id| ctx.seat(id).ok())
        .map(|s| s.participant.name.clone())
        .unwrap_or_else(|| "someone who left".to_string())
}

fn holder_words(ctx: &TableContext, holder: &Holder) -> String {
    match holder {
        Holder::Gm => "The GM".to_string(),
        Holder::Player(id) => name_of(ctx, id),
    }
}

fn skill_level(sheet: &UniverseSheet, skill: &str) -> i64 {
    sheet
        .skills
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(skill))
        .map_or(0, |s| s.level)
}

/// A fate event in words.
fn fate_words(ctx: &TableContext, event: &FateEvent, round: u32) -> Vec<String> {
    match event {
        FateEvent::Deck(DeckEvent::Shuffled { reason, cards, .. }) => match reason {
            ShuffleReason::NewDeck => vec![format!("A new deck of {cards} cards was shuffled.")],
            ShuffleReason::JokerRound => vec![
                "The deck was reshuffled: a joker was dealt last round.".to_string(),
                ruling(DECK_RULINGS[3]),
            ],
            ShuffleReason::DrawPileEmpty => vec![
                format!("The draw pile ran out; the discard pile was shuffled into a new one of {cards} cards."),
                ruling(DECK_RULINGS[5]),
            ],
        },
        FateEvent::Deck(DeckEvent::Dealt { combatant, card, .. }) => {
            let any_time = if card.is_joker() { ": acts any time this round" } else { "" };
            vec![format!(
                "Round {round}: {} is dealt {}{any_time}.",
                name_of(ctx, combatant),
                card_words(*card)
            )]
        }
        FateEvent::Deck(DeckEvent::JokerDealt { ruling: text, .. }) => vec![ruling(text)],
        FateEvent::Seated { player, kept } if !kept.is_empty() => vec![format!(
            "{} sits down with fate kept from last session: {}.",
            name_of(ctx, player),
            kept.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
        )],
        FateEvent::Seated { .. } => Vec::new(),
        FateEvent::JokerRedrawn { card, ruling: text } => vec![
            format!("{} came up as fate and went back; another card was drawn.", card_words(*card)),
            ruling(text),
        ],
        FateEvent::Gained { holder, card, cause } => {
            let why = match cause {
                FateCause::NaturalTwenty => "a natural 20",
                FateCause::Joker => "a joker",
            };
            let what = match holder {
                Holder::Gm => "negative fate",
                Holder::Player(_) => "a fate card",
            };
            vec![format!(
                "{} gains {what} for {why}: {}.",
                holder_words(ctx, holder),
                card_words(*card)
            )]
        }
        FateEvent::Forgone { holder, reason } => {
            let reason = match holder {
                Holder::Player(id) => reason.replace(id.as_str(), &name_of(ctx, id)),
                Holder::Gm => reason.clone(),
            };
            vec![format!("No fate drawn: {reason}.")]
        }
        FateEvent::Used { holder, card, effect } => {
            let effect = match effect {
                FateEffect::SecondInitiative => "enters initiative a second time at its place (winning ties)".to_string(),
                FateEffect::AttackBonus(n) => format!("+{n} to one attack"),
                FateEffect::ArmorClassBonus(n) => format!("+{n} AC against one attack"),
                FateEffect::SaveBonus(n) => format!("+{n} to one save"),
                FateEffect::SaveSucceeds => "the save succeeds".to_string(),
            };
            vec![format!(
                "{} plays {}: {effect}.",
                holder_words(ctx, holder),
                card_words(*card)
            )]
        }
    }
}

impl UniverseEncounter {
    fn deck(&self) -> Result<&UniverseTable, String> {
        self.table
            .as_ref()
            .ok_or_else(|| "nobody sits at this table yet; add participants first".to_string())
    }

    fn part(&self, ctx: &TableContext, id: Uuid) -> Result<(&UniversePart, String), String> {
        let seat = ctx.seat(id)?;
        let part = self
            .parts
            .get(&id)
            .ok_or_else(|| format!("{} has no universe state yet", seat.participant.name))?;
        Ok((part, seat.participant.name.clone()))
    }

    /// Who is dealt a card: every seat, with its side.
    fn combatants(&self, ctx: &TableContext) -> Vec<Combatant> {
        ctx.seats
            .iter()
            .map(|s| Combatant {
                id: s.participant.id.to_string(),
                side: self
                    .parts
                    .get(&s.participant.id)
                    .map_or(Side::HostileNpc, |p| p.side),
            })
            .collect()
    }

    /// The encounter's order from the cards: each participant once at their dealt card (a
    /// second entry from a fate card is in the state and the events, not the order); anyone
    /// who joined after the deal comes last, in the order they stand.
    pub fn card_order(&self, ctx: &TableContext) -> Vec<Uuid> {
        let mut order: Vec<Uuid> = Vec::new();
        if let Some(table) = &self.table {
            for dealt in &table.deck.order() {
                if let Ok(id) = Uuid::parse_str(&dealt.combatant) {
                    if ctx.seat(id).is_ok() && !order.contains(&id) {
                        order.push(id);
                    }
                }
            }
        }
        for seat in &ctx.seats {
            if !order.contains(&seat.participant.id) {
                order.push(seat.participant.id);
            }
        }
        order
    }

    /// Deals the encounter's current round.
    fn deal(&self, ctx: &TableContext) -> Result<Outcome<Self>, String> {
        let round = ctx.encounter.round;
        let table = self.deck()?;
        if ctx.seats.is_empty() {
            return Ok(Outcome::said(
                self.clone(),
                vec![format!("Round {round}: nobody to deal a card to.")],
            ));
        }
        let (table, fate_events) = table
            .deal_round(&self.combatants(ctx), ctx.seed)
            .map_err(|e| e.to_string())?;
        let mut next = self.clone();
        next.table = Some(table);
        next.dealt_round = round;
        let order = next.card_order(ctx);
        let first = order.first().and_then(|id| ctx.seat(*id).ok());
        let mut events = vec![format!(
            "Round {round}: cards dealt; {} acts first.",
            first.map_or("nobody", |s| s.participant.name.as_str())
        )];
        for event in &fate_events {
            events.extend(fate_words(ctx, event, round));
        }
        let any_time: Vec<String> = next
            .deck()?
            .deck
            .dealt
            .iter()
            .filter(|d| d.card.is_joker())
            .map(|d| name_of(ctx, &d.combatant.id))
            .collect();
        if !any_time.is_empty() {
            events.push(format!(
                "{} may act any time this round; the deck is reshuffled before the next deal.",
                any_time.join(" and ")
            ));
            events.push(ruling(DECK_RULINGS[1]));
            if any_time.len() > 1 {
                events.push(ruling(DECK_RULINGS[6]));
            }
        }
        events.push(ruling(&format!("{} {}", DECK_RULINGS[0], DECK_RULINGS[2])));
        Ok(Outcome {
            table: next,
            order: Some(order),
            events,
            rolls: Vec::new(),
        })
    }

    fn fate_outcome(
        &self,
        ctx: &TableContext,
        result: Result<(UniverseTable, Vec<FateEvent>), rollbook_rules::RulesError>,
        lead: Option<String>,
    ) -> Result<Outcome<Self>, String> {
        let (table, fate_events) = result.map_err(|e| e.to_string())?;
        let mut next = self.clone();
        next.table = Some(table);
        let mut events: Vec<String> = lead.into_iter().collect();
        for event in &fate_events {
            events.extend(fate_words(ctx, event, ctx.encounter.round));
        }
        Ok(Outcome::said(next, events))
    }

    fn natural_twenty(&self, ctx: &TableContext, id: Uuid) -> Result<Outcome<Self>, String> {
        let (part, name) = self.part(ctx, id)?;
        let table = self.deck()?;
        let holder = if is_pc(ctx, id) {
            Holder::Player(id.to_string())
        } else if part.side == Side::HostileNpc {
            Holder::Gm
        } else {
            return Ok(Outcome::said(
                self.clone(),
                vec![
                    format!("{name} rolled a natural 20; a friendly NPC gains no fate."),
                    ruling("Only PCs hold fate; a friendly NPC's natural 20 grants none."),
                ],
            ));
        };
        let mut outcome = self.fate_outcome(
            ctx,
            table.gain_fate(holder.clone(), FateCause::NaturalTwenty, ctx.seed),
            Some(format!("{name} rolled a natural 20.")),
        )?;
        if holder == Holder::Gm {
            outcome.events.push(ruling(
                "A hostile NPC's natural 20 gives the GM negative fate, as a joker dealt to them does.",
            ));
        }
        Ok(outcome)
    }

    /// The fate a natural 20 brings (see [`Self::natural_twenty`]), its events added to
    /// `events` without the "rolled a natural 20" line the roll already says.
    fn fate_of_natural_twenty(
        &self,
        ctx: &TableContext,
        id: Uuid,
        events: &mut Vec<String>,
    ) -> Result<Self, String> {
        let gained = self.natural_twenty(ctx, id)?;
        events.extend(gained.events.into_iter().skip(1));
        Ok(gained.table)
    }

    /// Who plays a card for `participant_id` on a roll: the player, or the GM for a hostile NPC
    /// (negative fate); `None` for a friendly NPC.
    fn card_holder(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
    ) -> Result<Option<Uuid>, String> {
        let (part, name) = self.part(ctx, participant_id)?;
        let seated = self
            .table
            .as_ref()
            .is_some_and(|t| t.players.contains_key(&participant_id.to_string()));
        match (seated, part.side) {
            (true, _) => Ok(Some(participant_id)),
            (false, Side::HostileNpc) => Ok(None),
            _ => Err(format!(
                "{name} holds no fate cards and the GM plays none for a friendly NPC"
            )),
        }
    }

    /// What a card adds to an attack or to AC: a numbered card its value, a face card 10.
    fn card_bonus(code: &str) -> Result<i64, String> {
        match parse_card(code)? {
            Card::Suited { rank, .. } if rank > 10 => Ok(10),
            Card::Suited { rank, .. } => Ok(i64::from(rank)),
            Card::Joker(_) => Err("a joker is never held as fate".to_string()),
        }
    }

    /// The attack request: the attacker's combat skill and attack bonus plus any fate card,
    /// against the target's AC (or `ac`) plus the target's card.
    fn attack_request(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        target: Option<Uuid>,
        ac: Option<i64>,
        advantage: bool,
        cards: [Option<&str>; 2],
    ) -> Result<RollRequest, String> {
        self.part(ctx, attacker)?;
        let sheet = universe_sheet(ctx, attacker)
            .cloned()
            .unwrap_or_else(npc_sheet);
        let mut bonus = sheet.combat_skill + sheet.attack_bonus;
        if let Some(code) = cards[0] {
            bonus += Self::card_bonus(code)?;
        }
        let mut ac = match (ac, target) {
            (Some(ac), _) => ac,
            (None, Some(target)) => {
                self.part(ctx, target)?;
                universe_sheet(ctx, target)
                    .cloned()
                    .unwrap_or_else(npc_sheet)
                    .ac
            }
            (None, None) => return Err("name the target or give the AC to beat".to_string()),
        };
        if let Some(code) = cards[1] {
            if target.is_none() {
                return Err("a card on AC needs the target named".to_string());
            }
            ac += Self::card_bonus(code)?;
        }
        rollbook_rules::request_from_value(json!({
            "system": "universe", "roll": "attack", "bonus": bonus, "ac": ac, "advantage": advantage,
        }))
        .map_err(|e| e.to_string())
    }

    #[allow(clippy::too_many_arguments)]
    fn attack(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        target: Option<Uuid>,
        ac: Option<i64>,
        advantage: bool,
        cards: [Option<&str>; 2],
    ) -> Result<Outcome<Self>, String> {
        let request = self.attack_request(ctx, attacker, target, ac, advantage, cards)?;
        let (_, name) = self.part(ctx, attacker)?;
        let mut next = self.clone();
        let mut played = Vec::new();
        if let Some(code) = cards[0] {
            let holder = self.card_holder(ctx, attacker)?;
            let used = next.use_fate(ctx, holder, code, FatePlay::Attack, None)?;
            next = used.table;
            played.extend(used.events);
        }
        if let (Some(code), Some(target)) = (cards[1], target) {
            let holder = self.card_holder(ctx, target)?;
            let used = next.use_fate(ctx, holder, code, FatePlay::ArmorClass, None)?;
            next = used.table;
            played.extend(used.events);
        }
        let result = rollbook_rules::roll_with(&request, ctx.house_rules, ctx.seed)
            .map_err(|e| e.to_string())?;
        let against = target
            .and_then(|t| ctx.seat(t).ok())
            .map(|s| format!(" on {}", s.participant.name))
            .unwrap_or_default();
        let mut events = vec![format!("{name}'s attack{against}: {}", result.detail)];
        events.extend(played);
        match result.outcome.as_str() {
            "critical" => {
                events.push(format!("{name} rolled a natural 20: the attack hits."));
                next = next.fate_of_natural_twenty(ctx, attacker, &mut events)?;
            }
            "fumble" => events.push(format!(
                "{name} rolled a natural 1: the attack misses, with a complication."
            )),
            _ => {}
        }
        Ok(Outcome {
            table: next,
            order: None,
            events,
            rolls: vec![TableRoll {
                participant_id: Some(attacker),
                request,
                result,
            }],
        })
    }

    fn use_fate(
        &self,
        ctx: &TableContext,
        participant_id: Option<Uuid>,
        code: &str,
        usage: FatePlay,
        combatant_id: Option<Uuid>,
    ) -> Result<Outcome<Self>, String> {
        let table = self.deck()?;
        let card = parse_card(code)?;
        let holder = match participant_id {
            Some(id) => {
                let (_, name) = self.part(ctx, id)?;
                if !table.players.contains_key(&id.to_string()) {
                    return Err(format!("{name} is not a PC, so holds no fate cards"));
                }
                Holder::Player(id.to_string())
            }
            None => Holder::Gm,
        };
        let usage = match usage {
            FatePlay::Attack => FateUse::Attack,
            FatePlay::ArmorClass => FateUse::ArmorClass,
            FatePlay::Save => FateUse::Save,
            FatePlay::SecondInitiative => {
                let combatant = combatant_id.or(participant_id).ok_or_else(|| {
                    "say whose second initiative entry the GM's card makes".to_string()
                })?;
                ctx.seat(combatant)?;
                if self.dealt_round != ctx.encounter.round {
                    return Err("deal this round's cards first".to_string());
                }
                FateUse::SecondInitiative {
                    combatant: combatant.to_string(),
                }
            }
        };
        let second = matches!(usage, FateUse::SecondInitiative { .. });
        let mut outcome = self.fate_outcome(ctx, table.use_card(holder, card, usage), None)?;
        if second {
            outcome.events.push(ruling(
                "A fate card used for initiative enters at the card's place and wins ties on rank whatever the suits.",
            ));
        }
        Ok(outcome)
    }

    /// The save request of a move and what it spends before the roll.
    fn save_request(
        &self,
        ctx: &TableContext,
        id: Uuid,
        save: SaveKind,
        dc: Option<i64>,
        before: i64,
        fate_bonus: i64,
    ) -> Result<RollRequest, String> {
        let (part, name) = self.part(ctx, id)?;
        let sheet = universe_sheet(ctx, id).cloned().unwrap_or_else(npc_sheet);
        let dc = dc.unwrap_or(match save {
            SaveKind::Physical => sheet.saves.physical,
            SaveKind::Mental => sheet.saves.mental,
            SaveKind::Luck => sheet.saves.luck,
        });
        let (kind, pool) = match save {
            SaveKind::Physical => ("physical", part.hp.max(0)),
            SaveKind::Mental => ("mental", part.sanity.max(0)),
            SaveKind::Luck => ("luck", 0),
        };
        if save == SaveKind::Luck && before > 0 {
            return Err(format!(
                "{name}: a Luck save is augmented only with fate cards, not hp or Sanity"
            ));
        }
        if before < 0 {
            return Err("augmentation before the roll is 0 or more points".to_string());
        }
        rollbook_rules::request_from_value(json!({
            "system": "universe", "roll": "augmented_save", "dc": dc, "bonus": fate_bonus,
            "save": kind, "before": before, "pool": pool,
        }))
        .map_err(|e| format!("{name}: {e}"))
    }

    #[allow(clippy::too_many_arguments)]
    fn save(
        &self,
        ctx: &TableContext,
        id: Uuid,
        save: SaveKind,
        dc: Option<i64>,
        before: i64,
        fate_card: Option<&str>,
    ) -> Result<Outcome<Self>, String> {
        let (_, name) = self.part(ctx, id)?;
        let mut next = self.clone();
        let mut events = Vec::new();
        let mut fate_bonus = 0;
        if let Some(code) = fate_card {
            let played = next.use_fate(ctx, Some(id), code, FatePlay::Save, None)?;
            let face = matches!(parse_card(code)?, Card::Suited { rank, .. } if rank > 10);
            next = played.table;
            if face {
                next.pending_save = None;
                let mut events = vec![format!(
                    "{name}'s save succeeds: a face card was played on it."
                )];
                events.extend(played.events);
                events.push(ruling(
                    "A face card played on a save makes it succeed; nothing is rolled.",
                ));
                return Ok(Outcome::said(next, events));
            }
            if let Card::Suited { rank, .. } = parse_card(code)? {
                fate_bonus = i64::from(rank);
            }
            events.extend(played.events);
        }
        let request = next.save_request(ctx, id, save, dc, before, fate_bonus)?;
        let result = rollbook_rules::roll_with(&request, ctx.house_rules, ctx.seed)
            .map_err(|e| e.to_string())?;
        let kind = match save {
            SaveKind::Physical => "Physical",
            SaveKind::Mental => "Mental",
            SaveKind::Luck => "Luck",
        };
        events.insert(0, format!("{name}'s {kind} save: {}", result.detail));
        let cost_before = 2 * before;
        if cost_before > 0 {
            let part = next.parts.get_mut(&id).expect("checked above");
            let (pool, unit) = match save {
                SaveKind::Physical => (&mut part.hp, "hp"),
                _ => (&mut part.sanity, "Sanity"),
            };
            *pool -= cost_before;
            events.push(format!(
                "{name} spent {cost_before} {unit} for +{before} before the roll (2 per +1); {pool} {unit} left."
            ));
            if *pool == 0 && unit == "hp" {
                events.push(format!("{name} is at 0 hp: mortally wounded."));
            }
        }
        next.pending_save = None;
        if let Some(cost) = result
            .outcome
            .strip_prefix("spend_")
            .and_then(|c| c.parse::<i64>().ok())
        {
            next.pending_save = Some(PendingSave {
                participant_id: id,
                save,
                cost,
            });
            events.push(format!(
                "{name} can still turn it: {cost} {} after the roll (4 per +1).",
                if save == SaveKind::Physical {
                    "hp"
                } else {
                    "Sanity"
                }
            ));
        }
        if result.outcome == "fate" {
            events.push(ruling("A natural 20 on a save always succeeds."));
            next = next.fate_of_natural_twenty(ctx, id, &mut events)?;
        }
        Ok(Outcome {
            table: next,
            order: None,
            events,
            rolls: vec![TableRoll {
                participant_id: Some(id),
                request,
                result,
            }],
        })
    }

    fn augment_after(&self, ctx: &TableContext, id: Uuid) -> Result<Outcome<Self>, String> {
        let (_, name) = self.part(ctx, id)?;
        let pending = self
            .pending_save
            .as_ref()
            .filter(|p| p.participant_id == id)
            .ok_or_else(|| format!("{name} has no failed save to turn"))?
            .clone();
        let mut next = self.clone();
        let part = next.parts.get_mut(&id).expect("checked above");
        let (pool, unit) = match pending.save {
            SaveKind::Physical => (&mut part.hp, "hp"),
            _ => (&mut part.sanity, "Sanity"),
        };
        if *pool < pending.cost {
            return Err(format!(
                "{name} has {pool} {unit}; turning the save costs {}",
                pending.cost
            ));
        }
        *pool -= pending.cost;
        let left = *pool;
        next.pending_save = None;
        let mut events = vec![format!(
            "{name} spent {} {unit} after the roll (4 per +1): the save succeeds; {left} {unit} left.",
            pending.cost
        )];
        if left == 0 && unit == "hp" {
            events.push(format!("{name} is at 0 hp: mortally wounded."));
        }
        Ok(Outcome::said(next, events))
    }

    fn takedown_request(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        target: Uuid,
    ) -> Result<RollRequest, String> {
        self.part(ctx, attacker)?;
        self.part(ctx, target)?;
        let skill = universe_sheet(ctx, attacker).map_or(0, |s| s.combat_skill);
        let dc = universe_sheet(ctx, target)
            .cloned()
            .unwrap_or_else(npc_sheet)
            .saves
            .physical;
        rollbook_rules::request_from_value(json!({
            "system": "universe", "roll": "save", "dc": dc, "bonus": -skill,
        }))
        .map_err(|e| e.to_string())
    }

    fn stealth_request(
        &self,
        ctx: &TableContext,
        leader: Uuid,
        members: &[Uuid],
        difficulty: i64,
    ) -> Result<RollRequest, String> {
        let level = |id: Uuid| -> Result<i64, String> {
            self.part(ctx, id)?;
            Ok(universe_sheet(ctx, id).map_or(0, |s| skill_level(s, "Stealth")))
        };
        if members.contains(&leader) {
            return Err("the leader is not also a teammate; list the others".to_string());
        }
        let levels = members
            .iter()
            .map(|m| level(*m))
            .collect::<Result<Vec<_>, _>>()?;
        rollbook_rules::request_from_value(json!({
            "system": "universe", "roll": "group_stealth", "leader": level(leader)?,
            "members": levels, "difficulty": difficulty,
        }))
        .map_err(|e| e.to_string())
    }

    fn rolled(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        request: RollRequest,
    ) -> Result<(TableRoll, String), String> {
        let result = rollbook_rules::roll_with(&request, ctx.house_rules, ctx.seed)
            .map_err(|e| e.to_string())?;
        let detail = result.detail.clone();
        Ok((
            TableRoll {
                participant_id: Some(participant_id),
                request,
                result,
            },
            detail,
        ))
    }
}

impl UniverseEncounter {
    /// A runner's Athletics bonus: level + floor(move in feet / 10).
    fn athletics(&self, ctx: &TableContext, id: Uuid, feet: Option<i64>) -> Result<i64, String> {
        let (_, name) = self.part(ctx, id)?;
        let feet = feet.unwrap_or(DEFAULT_MOVE_FEET);
        if !(0..=1000).contains(&feet) {
            return Err(format!("{name}'s move is 0 to 1000 feet"));
        }
        let level = universe_sheet(ctx, id).map_or(0, |s| skill_level(s, "Athletics"));
        Ok(level + feet.div_euclid(10))
    }

    /// Opposed Athletics: the first runner's total, then the second's against it (must beat it;
    /// ties win nothing), each an engine skill check on its own seed.
    fn chase_round(
        &self,
        ctx: &TableContext,
        runners: [Uuid; 2],
        feet: [Option<i64>; 2],
    ) -> Result<Outcome<Self>, String> {
        let Some(chase) = &self.chase else {
            return Err("no foot chase is under way; start one first".to_string());
        };
        if runners[0] == runners[1] {
            return Err("a chase round is between two different runners".to_string());
        }
        for id in runners {
            if !chase.participant_ids.contains(&id) {
                let (_, name) = self.part(ctx, id)?;
                return Err(format!("{name} is not in the chase"));
            }
        }
        let bonus = [
            self.athletics(ctx, runners[0], feet[0])?,
            self.athletics(ctx, runners[1], feet[1])?,
        ];
        let names = [self.part(ctx, runners[0])?.1, self.part(ctx, runners[1])?.1];
        let skill = |bonus: i64, difficulty: i64| {
            rollbook_rules::request_from_value(json!({
                "system": "universe", "roll": "skill", "skill": bonus, "difficulty": difficulty,
            }))
            .map_err(|e| e.to_string())
        };
        let roll = |request: RollRequest, n: u64, id: Uuid| -> Result<TableRoll, String> {
            let result =
                rollbook_rules::roll_with(&request, ctx.house_rules, nth_seed(ctx.seed, n))
                    .map_err(|e| e.to_string())?;
            Ok(TableRoll {
                participant_id: Some(id),
                request,
                result,
            })
        };
        let first = roll(skill(bonus[0], 0)?, 0, runners[0])?;
        let first_total = first.result.total.unwrap_or(0);
        let second = roll(skill(bonus[1], first_total + 1)?, 1, runners[1])?;
        let totals = [first_total, second.result.total.unwrap_or(0)];
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let mut next = self.clone();
        let chase = next.chase.as_mut().expect("checked above");
        chase.rounds.push(ChaseRound {
            round: ctx.encounter.round,
            runners,
            totals,
            winner: winner.map(|w| runners[w]),
        });
        let mut events = vec![format!(
            "Chase round: {} {} against {} {}: {}.",
            names[0],
            totals[0],
            names[1],
            totals[1],
            match winner {
                Some(w) => format!("{} wins the round and may attack or try to trip", names[w]),
                None => "a tie, nobody wins the round".to_string(),
            }
        )];
        events.push(format!("{}: {}", names[0], first.result.detail));
        events.push(format!("{}: {}", names[1], second.result.detail));
        if winner.is_none() {
            events.push(ruling("Ties in a chase round win nothing."));
        }
        Ok(Outcome {
            table: next,
            order: None,
            events,
            rolls: vec![first, second],
        })
    }
}

/// True when `card` lies in the draw or discard pile, where a kept fate card is taken from.
fn in_piles(table: &UniverseTable, card: Card) -> bool {
    !card.is_joker()
        && table
            .deck
            .draw
            .iter()
            .chain(&table.deck.discard)
            .any(|c| *c == card)
}

/// A part for a new seat: side from the character's kind, hp and Sanity from the sheet.
fn part_from(ctx: &TableContext, id: Uuid) -> UniversePart {
    let sheet = universe_sheet(ctx, id).cloned().unwrap_or_else(npc_sheet);
    UniversePart {
        side: if is_pc(ctx, id) {
            Side::Pc
        } else {
            Side::HostileNpc
        },
        hp: sheet.hp.current,
        sanity: sheet.sanity.current,
        condition: None,
        note: None,
    }
}

impl SystemRules for UniverseEncounter {
    type Move = UniverseMove;

    fn empty() -> Self {
        Self::default()
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, String> {
        let mut next = self.clone();
        if next.table.is_none() {
            if ctx.seats.is_empty() {
                return Ok(next);
            }
            let (table, _) = UniverseTable::new(&[], ctx.seed).map_err(|e| e.to_string())?;
            next.table = Some(table);
        }
        let mut table = next.table.take().expect("made above");
        let here: Vec<String> = ctx
            .seats
            .iter()
            .map(|s| s.participant.id.to_string())
            .collect();
        let gone: Vec<String> = table
            .players
            .keys()
            .filter(|id| !here.contains(id))
            .cloned()
            .collect();
        for id in gone {
            table = table.unseat_player(&id).0;
        }
        let mut parts = IndexMap::new();
        for seat in &ctx.seats {
            let id = seat.participant.id;
            let mut part = match self.parts.get(&id) {
                Some(part) => {
                    parts.insert(id, part.clone());
                    continue;
                }
                None => part_from(ctx, id),
            };
            if part.side == Side::Pc {
                let sheet = universe_sheet(ctx, id);
                let lucky = sheet.is_some_and(|s| s.lucky);
                let mut kept = Vec::new();
                let mut refused: Vec<String> = Vec::new();
                let codes: Vec<String> = sheet.map(|s| s.fate.clone()).unwrap_or_default();
                for code in codes {
                    match Card::parse(&code) {
                        Ok(card) if in_piles(&table, card) => kept.push(card),
                        _ => refused.push(code),
                    }
                }
                kept.truncate(if lucky { 2 } else { 1 });
                if !refused.is_empty() {
                    part.note = Some(format!(
                        "fate on the sheet not brought to the table ({}): the card is held or dealt already",
                        refused.join(", ")
                    ));
                }
                table = table
                    .seat_player(&id.to_string(), lucky, &kept)
                    .map_err(|e| e.to_string())?
                    .0;
            }
            parts.insert(id, part);
        }
        next.table = Some(table);
        next.parts = parts;
        if let Some(chase) = &mut next.chase {
            chase.participant_ids.retain(|id| ctx.seat(*id).is_ok());
        }
        if next
            .pending_save
            .as_ref()
            .is_some_and(|p| ctx.seat(p.participant_id).is_err())
        {
            next.pending_save = None;
        }
        Ok(next)
    }

    fn apply(&self, action: &UniverseMove, ctx: &TableContext) -> Result<Outcome<Self>, String> {
        match action {
            UniverseMove::Deal => {
                let round = ctx.encounter.round;
                if self.dealt_round == round {
                    return Err(format!(
                        "round {round}'s cards are dealt already; the next round deals again"
                    ));
                }
                if ctx.seats.is_empty() {
                    return Err("add participants before dealing".to_string());
                }
                self.deal(ctx)
            }
            UniverseMove::SetSide {
                participant_id,
                side,
            } => {
                let (_, name) = self.part(ctx, *participant_id)?;
                if is_pc(ctx, *participant_id) || *side == Side::Pc {
                    return Err(format!(
                        "{name}: only an NPC changes sides (hostile or friendly); a PC is a stored character of kind PC"
                    ));
                }
                let mut next = self.clone();
                next.parts[participant_id].side = *side;
                let words = if *side == Side::FriendlyNpc {
                    "friendly"
                } else {
                    "hostile"
                };
                Ok(Outcome::said(
                    next,
                    vec![
                        format!("{name} is now a {words} NPC."),
                        ruling(DECK_RULINGS[4]),
                    ],
                ))
            }
            UniverseMove::NaturalTwenty { participant_id } => {
                self.natural_twenty(ctx, *participant_id)
            }
            UniverseMove::UseFate {
                participant_id,
                card,
                usage,
                combatant_id,
            } => self.use_fate(ctx, *participant_id, card, *usage, *combatant_id),
            UniverseMove::Save {
                participant_id,
                save,
                dc,
                before,
                fate_card,
            } => self.save(
                ctx,
                *participant_id,
                *save,
                *dc,
                *before,
                fate_card.as_deref(),
            ),
            UniverseMove::AugmentAfter { participant_id } => {
                self.augment_after(ctx, *participant_id)
            }
            UniverseMove::Attack {
                attacker_id,
                target_id,
                ac,
                advantage,
                fate_card,
                target_fate_card,
            } => self.attack(
                ctx,
                *attacker_id,
                *target_id,
                *ac,
                *advantage,
                [fate_card.as_deref(), target_fate_card.as_deref()],
            ),
            UniverseMove::SuddenTakedown {
                attacker_id,
                target_id,
                nonlethal,
            } => {
                let request = self.takedown_request(ctx, *attacker_id, *target_id)?;
                let (roll, detail) = self.rolled(ctx, *target_id, request)?;
                let (_, attacker) = self.part(ctx, *attacker_id)?;
                let (_, target) = self.part(ctx, *target_id)?;
                let mut next = self.clone();
                let mut events = vec![format!(
                    "Sudden takedown by {attacker}: {target}'s Physical save at minus {attacker}'s combat skill: {detail}"
                )];
                if roll.result.outcome == "fate" {
                    events.push(format!(
                        "{target} rolled a natural 20 and survives the takedown."
                    ));
                    next = next.fate_of_natural_twenty(ctx, *target_id, &mut events)?;
                } else if roll.result.success {
                    events.push(format!("{target} survives the takedown."));
                } else {
                    let state = if *nonlethal { "unconscious" } else { "dead" };
                    next.parts[target_id].condition = Some(state.to_string());
                    events.push(format!("{target} is {state}."));
                }
                events.push(ruling(
                    "Sudden takedown follows a hit on a completely unguarded target (roll that attack with advantage first).",
                ));
                Ok(Outcome {
                    table: next,
                    order: None,
                    events,
                    rolls: vec![roll],
                })
            }
            UniverseMove::GroupStealth {
                leader_id,
                member_ids,
                difficulty,
            } => {
                let request = self.stealth_request(ctx, *leader_id, member_ids, *difficulty)?;
                let (roll, detail) = self.rolled(ctx, *leader_id, request)?;
                let (_, leader) = self.part(ctx, *leader_id)?;
                let verdict = if roll.result.success {
                    "the group stays hidden"
                } else {
                    "the group is spotted"
                };
                Ok(Outcome {
                    table: self.clone(),
                    order: None,
                    events: vec![format!(
                        "Group stealth led by {leader}: {detail} — {verdict}."
                    )],
                    rolls: vec![roll],
                })
            }
            UniverseMove::StartChase { participant_ids } => {
                if self.chase.is_some() {
                    return Err("a foot chase is under way; end it first".to_string());
                }
                if participant_ids.len() < 2 {
                    return Err("a foot chase needs at least two participants".to_string());
                }
                let mut names = Vec::new();
                for id in participant_ids {
                    names.push(self.part(ctx, *id)?.1);
                }
                let length = chase_length(nth_seed(ctx.seed, 0));
                let mut next = self.clone();
                next.chase = Some(Chase {
                    length,
                    rounds_left: length.rounds,
                    participant_ids: participant_ids.clone(),
                    rounds: Vec::new(),
                });
                Ok(Outcome::said(
                    next,
                    vec![
                        format!(
                            "Foot chase ({}): 2d4 = {} + {} = {} rounds, this one the first.",
                            names.join(", "),
                            length.dice[0],
                            length.dice[1],
                            length.rounds
                        ),
                        "Each round: opposed Athletics, 2d6 + Athletics + floor(move in feet / 10); the higher total may attack or try to trip.".to_string(),
                        ruling("Ties in a chase round win nothing."),
                    ],
                ))
            }
            UniverseMove::ChaseRound {
                first_id,
                second_id,
                first_move_feet,
                second_move_feet,
            } => self.chase_round(
                ctx,
                [*first_id, *second_id],
                [*first_move_feet, *second_move_feet],
            ),
            UniverseMove::EndChase => {
                if self.chase.is_none() {
                    return Err("no foot chase is under way".to_string());
                }
                let mut next = self.clone();
                next.chase = None;
                Ok(Outcome::said(
                    next,
                    vec!["The foot chase ends.".to_string()],
                ))
            }
        }
    }

    fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, String> {
        let mut base = self.clone();
        base.pending_save = None;
        let mut chase_events = Vec::new();
        if let Some(chase) = &mut base.chase {
            chase.rounds_left = chase.rounds_left.saturating_sub(1);
            if chase.rounds_left == 0 {
                base.chase = None;
                chase_events.push("The foot chase is over: its rounds have run out.".to_string());
            } else {
                chase_events.push(format!(
                    "Foot chase: {} of {} rounds left.",
                    chase.rounds_left, chase.length.rounds
                ));
            }
        }
        let mut outcome = if base.table.is_none() || ctx.seats.is_empty() {
            Outcome::said(base, Vec::new())
        } else {
            base.deal(ctx)?
        };
        outcome.events.extend(chase_events);
        Ok(outcome)
    }

    /// hp and Sanity as they stand at the table (within the sheet's max), and for a PC the fate
    /// cards held, as the sheet's codes, to keep for the next session.
    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        ctx.seats
            .iter()
            .filter_map(|seat| {
                let id = seat.participant.id;
                let sheet = universe_sheet(ctx, id)?;
                let part = self.parts.get(&id)?;
                let mut fields = serde_json::Map::new();
                let track =
                    |current: i64, max: i64| json!({"current": current.clamp(0, max), "max": max});
                fields.insert("hp".into(), track(part.hp, sheet.hp.max));
                fields.insert("sanity".into(), track(part.sanity, sheet.sanity.max));
                if let Some(codes) = self
                    .table
                    .as_ref()
                    .and_then(|t| t.kept_codes(&id.to_string()).ok())
                {
                    fields.insert("fate".into(), json!(codes));
                }
                Some((id, fields))
            })
            .collect()
    }

    fn preview(
        &self,
        action: &UniverseMove,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, String> {
        match action {
            UniverseMove::Save {
                participant_id,
                save,
                dc,
                before,
                fate_card,
            } => {
                let bonus = match fate_card.as_deref().map(parse_card).transpose()? {
                    Some(Card::Suited { rank, .. }) if rank <= 10 => i64::from(rank),
                    _ => 0,
                };
                self.save_request(ctx, *participant_id, *save, *dc, *before, bonus)
                    .map(Some)
            }
            UniverseMove::Attack {
                attacker_id,
                target_id,
                ac,
                advantage,
                fate_card,
                target_fate_card,
            } => self
                .attack_request(
                    ctx,
                    *attacker_id,
                    *target_id,
                    *ac,
                    *advantage,
                    [fate_card.as_deref(), target_fate_card.as_deref()],
                )
                .map(Some),
            UniverseMove::SuddenTakedown {
                attacker_id,
                target_id,
                ..
            } => self
                .takedown_request(ctx, *attacker_id, *target_id)
                .map(Some),
            UniverseMove::GroupStealth {
                leader_id,
                member_ids,
                difficulty,
            } => self
                .stealth_request(ctx, *leader_id, member_ids, *difficulty)
                .map(Some),
            _ => Ok(None),
        }
    }
}
