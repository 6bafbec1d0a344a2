//! Health as the players see it: how it is shown by default for each side (the words and their
//! cut-offs are `health_word.rs`); where each system keeps a participant's current and max is its
//! `systems/<name>/players.rs`.

use uuid::Uuid;

use super::ShownToPlayers as _;
use super::{HealthWord, PlayersHealth, PlayersSide};
use crate::model::HealthShown;
use crate::sheet::Sheet;
use crate::systems::registry::on_each;
use crate::table::SystemTable;

/// How health is shown when the GM has not said: PCs as numbers, NPCs in words.
pub(super) fn default_shown(side: PlayersSide) -> HealthShown {
    match side {
        PlayersSide::Pc => HealthShown::Numbers,
        PlayersSide::Npc => HealthShown::Words,
    }
}

/// A participant's tracked health as the table keeps it: its label, current value and max.
/// `None` for a system that tracks none (genre, marks) or a participant without a part yet.
pub(super) fn tracked(
    table: &SystemTable,
    participant_id: Uuid,
    sheet: Option<&Sheet>,
) -> Option<(&'static str, i64, i64)> {
    on_each!(SystemTable, table, t => t.tracked(participant_id, sheet))
}

/// The health shown for a track, as `shown` says (`None` when hidden).
pub(super) fn shown_health(
    (label, value, max): (&str, i64, i64),
    shown: HealthShown,
) -> Option<PlayersHealth> {
    let word = HealthWord::of(value, max);
    let (value, max) = match shown {
        HealthShown::Hidden => return None,
        HealthShown::Words => (None, None),
        HealthShown::Numbers => (Some(value), Some(max)),
    };
    Some(PlayersHealth {
        shown,
        label: label.to_string(),
        value,
        max,
        word,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_cut_at_full_more_than_half_half_or_less_and_zero() {
        use HealthWord::*;
        assert_eq!(HealthWord::of(14, 14), Unhurt);
        assert_eq!(HealthWord::of(13, 14), Hurt);
        assert_eq!(HealthWord::of(8, 14), Hurt);
        assert_eq!(HealthWord::of(7, 14), Bloodied, "exactly half");
        assert_eq!(HealthWord::of(1, 14), Bloodied);
        assert_eq!(HealthWord::of(0, 14), Down);
        assert_eq!(HealthWord::of(8, 15), Hurt);
        assert_eq!(HealthWord::of(7, 15), Bloodied);
        assert_eq!(HealthWord::of(1, 1), Unhurt);
        assert_eq!(HealthWord::of(-3, 10), Down);
        assert_eq!(HealthWord::of(12, 10), Unhurt, "above the max is full");
    }

    #[test]
    fn pcs_show_numbers_and_npcs_words_by_default() {
        assert_eq!(default_shown(PlayersSide::Pc), HealthShown::Numbers);
        assert_eq!(default_shown(PlayersSide::Npc), HealthShown::Words);
    }

    #[test]
    fn words_leave_the_numbers_out_and_hidden_leaves_health_out() {
        let track = ("hp", 9, 14);
        let words = shown_health(track, HealthShown::Words).unwrap();
        assert_eq!(
            (words.value, words.max, words.word),
            (None, None, HealthWord::Hurt)
        );
        let numbers = shown_health(track, HealthShown::Numbers).unwrap();
        assert_eq!((numbers.value, numbers.max), (Some(9), Some(14)));
        assert_eq!(numbers.word, HealthWord::Hurt, "the word is there too");
        assert_eq!(shown_health(track, HealthShown::Hidden), None);
    }
}
