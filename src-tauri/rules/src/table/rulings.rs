//! Every ruling the table applies (RULES.md's **[ruling]**s and the decisions the table had to
//! make where RULES.md is silent), each named by a stable id and worded once, here. An event
//! names the ruling that decided it by id ([`super::Event::ruling`]); the catalog serves the
//! texts (`table_rulings`), so the window and the command line never find a ruling by its words.

use serde::{Deserialize, Serialize};

/// Declares the ids and their texts from one list, so an id cannot lack its words.
macro_rules! rulings {
    ($($(#[$doc:meta])* $variant:ident => $text:expr,)*) => {
        /// A ruling of the table, by a stable id (stored in the action log and sent to the
        /// window); its words are [`RulingId::text`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum RulingId {
            $($(#[$doc])* $variant,)*
        }

        impl RulingId {
            /// Every ruling, in the order of this list (by system).
            pub const ALL: &'static [RulingId] = &[$(RulingId::$variant,)*];

            /// The ruling in words, as the GM is shown it.
            pub fn text(self) -> &'static str {
                match self {
                    $(RulingId::$variant => $text,)*
                }
            }
        }
    };
}

rulings! {
    // stunt: HTK and running tasks (`stunt_tasks`).
    StuntMinorDamage => "Minor Damage is 6d6 summed (the Minor Damage Chart is lost).",
    /// A roster whose house rule changes the Minor Damage dice (`minor_damage_dice`).
    StuntMinorDamageHouseRule => "Minor Damage is this roster's house rule: its Minor Damage \
        dice in d6, summed (RULES.md's ruling is 6d6).",
    StuntHtkBounds => "HTK never falls below 0 nor rises above its max.",
    StuntDoublesThrow => "A Doubles Only throw rolls 2d6 until the next counted double or 1-1; \
        every 2d6 is one time step.",
    StuntDoublesReset => "After a 1-1 a Doubles Only task starts again from 0 doubles; the time \
        steps already spent stay counted.",
    StuntDoubleSixBarred => "After a 1-1 a Double Six Only task is over for good: the same \
        character cannot start it again in this encounter.",

    // genre: Grunt and Bust A Nut (`genre_state`).
    GenreNutTiming => "Bust A Nut's -1 die lasts the two rounds after the nut's round (\"for the \
        next two rounds\"): later actions in the nut's own round roll as usual.",
    GenrePenaltiesSpent => "A Grunt's pending penalties are spent one per action, also on \
        actions of patience; resting does not clear them.",
    GenreRestEndsNut => "An hour of rest also ends Bust A Nut's -1 die (it lasts two rounds).",
    GenreEndAdventure => "\"End adventure\" resets the uses of Bust A Nut, the Grunt count and \
        every pending penalty; Glory Points are kept.",
    GenreNoNegativeDice => "-1 die never takes a roll below 0 dice.",

    // universe: card initiative (`universe_deck`).
    /// Who acts when: the cards' ranks, then their suits.
    UniverseInitiative => "Initiative: each combatant is dealt a card; act from Ace (high) down \
        to 2. Equal ranks break by suit: spades > hearts > diamonds > clubs.",
    UniverseJokersFirst => "Jokers act first and whenever they like.",
    UniverseJokerReshuffle => "The deck is shuffled after any round in which a joker was dealt.",
    UniverseJokerFate => "A joker dealt to a PC grants positive fate; to a hostile NPC, negative \
        fate (the GM's); to a friendly NPC, no fate.",
    UniverseDrawPileEmpty => "When the draw pile runs out, the discard pile is shuffled to form a \
        new one (cards dealt this round and fate cards held stay out).",
    UniverseTwoJokers => "Two jokers dealt in one round act in the order they were dealt.",
    UniverseJokerToPc => "A joker dealt to a PC grants positive fate; jokers act first and \
        whenever they like.",
    UniverseJokerToHostileNpc => "A joker dealt to a hostile NPC grants the GM negative fate; \
        jokers act first and whenever they like.",
    UniverseJokerToFriendlyNpc => "A joker dealt to a friendly NPC grants no fate (ruling); \
        jokers act first and whenever they like.",

    // universe: fate (`universe_fate`).
    UniverseJokerAsFate => "A joker drawn as fate is put back (on the discard pile) and another \
        card is drawn.",
    UniverseFateLimit => "A player holds at most one fate card; a Lucky player at most two (and \
        gains none while holding two), also after the session's start.",
    UniverseGmFateLimit => "The GM holds at most one negative fate card per player at the table.",
    UniverseFateInitiative => "A fate card used for initiative enters at the card's place and \
        wins ties on rank whatever the suits.",
    UniverseFateEffects => "A numbered card (Ace = 1, 2-10) adds its value to one attack, to AC \
        against one attack or to one save; a face card (J, Q, K) makes a save succeed, or gives \
        +10 AC against one attack or +10 to one attack.",
    UniverseFateForgone => "Fate due when every card is dealt or held is forgone: nothing is \
        drawn and the round goes on.",
    UniverseFriendlyNaturalTwenty => "Only PCs hold fate; a friendly NPC's natural 20 grants none.",
    UniverseHostileNaturalTwenty => "A hostile NPC's natural 20 gives the GM negative fate, as a \
        joker dealt to them does.",
    UniverseFaceCardSave => "A face card played on a save makes it succeed; nothing is rolled.",

    // universe: the other moves (`universe_moves`).
    UniverseLeaverFate => "A player who leaves the encounter puts their fate cards on the \
        discard pile; the GM keeps at most one negative fate card per player still seated (the \
        newest go back first).",
    UniverseSaveNaturalTwenty => "A natural 20 on a save always succeeds.",
    UniverseSuddenTakedown => "Sudden takedown follows a hit on a completely unguarded target \
        (roll that attack with advantage first).",
    UniverseChaseTies => "Ties in a chase round win nothing.",

    // marks: trying again and extended tasks (`marks_state`).
    MarksPenaltyPerFailure => "Each failed attempt at the same task adds one penalty die on top \
        of the task's difficulty; the dice come off in the order human skill, human attribute, \
        super skill, super dice.",
    MarksNoDiceLeft => "An attempt is refused once penalties leave no dice to roll: the task \
        cannot be tried again.",
    MarksTaskDone => "A task that succeeded is done: it cannot be attempted again.",
    MarksContestedRetry => "Trying a contested task again takes the extra die from the side \
        trying again only; the defender's dice stay as they were.",
    MarksExtendedSteps => "An extended task rolls one step at a time, each step a `pool` roll of \
        its own seed; reaching the plateau before the minimum steps completes the task on the \
        minimum step.",
    MarksStepIsTimeStep => "A step of an extended task is the GM's time step, rolled with Step, \
        not a round.",

    // d12: the attack chain and healing (`d12_chain`).
    D12MarginMisses => "A margin below 3 reaches no row: the attack misses (no Damage Dice).",
    /// A roster whose house rule changes the miss margin (`miss_margin`).
    D12MissMarginHouseRule => "This roster's house rule sets the margin below which an attack \
        misses (RULES.md's ruling is 3); a margin at or above it but below 3 reaches the first \
        row (1 Damage Die).",
    D12NaturalOnesLimb => "Only natural 1s on the Toughness / Will Power roll: a Limb condition \
        (limb rolled d12) with the duration of the row chosen, at least the Average row's (Limb \
        1d12 turns).",
    D12ConditionLimb => "A Limb condition from the weapon's Condition column also rolls its limb \
        on the Limb table.",
    D12NoStacking => "The same effect (or the same condition on the same limb or kind) does not \
        stack: the higher row stands.",
    D12DurationsRolled => "Durations such as 1d12 turns are rolled when applied, without Natural \
        12s.",
    D12GodLikeRemoval => "Extraordinary removal of a God-Like (48+) effect needs 54, one step \
        past the table.",
    D12HealthBounds => "Health never goes below 0 (dead) nor above its maximum; the dead are not \
        healed.",
}

/// Every ruling's words by id, for the catalog (`table_rulings`).
pub fn table_rulings() -> indexmap::IndexMap<RulingId, String> {
    RulingId::ALL
        .iter()
        .map(|&id| (id, id.text().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ruling_has_its_own_words_and_a_snake_case_id() {
        let mut texts: Vec<&str> = RulingId::ALL.iter().map(|r| r.text()).collect();
        texts.sort_unstable();
        let before = texts.len();
        texts.dedup();
        assert_eq!(texts.len(), before, "two rulings share their words");
        for id in RulingId::ALL {
            let text = id.text();
            assert!(
                text.ends_with('.') && !text.contains("  "),
                "{id:?}: {text}"
            );
            let json = serde_json::to_string(id).unwrap();
            assert!(
                json.chars()
                    .all(|c| c == '"' || c == '_' || c.is_ascii_lowercase() || c.is_ascii_digit()),
                "{json}"
            );
            assert_eq!(serde_json::from_str::<RulingId>(&json).unwrap(), *id);
        }
    }

    #[test]
    fn the_catalog_map_holds_every_ruling_once() {
        let map = table_rulings();
        assert_eq!(map.len(), RulingId::ALL.len());
        assert_eq!(
            map[&RulingId::UniverseChaseTies],
            "Ties in a chase round win nothing."
        );
    }
}
