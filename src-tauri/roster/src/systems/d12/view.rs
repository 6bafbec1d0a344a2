//! What the d12 panel shows that the rules compute: the Damage Dice the attack's damage roll
//! rolls, and the weapons each participant attacks with.

use rollbook_rules::table::d12_weapons::{carried, UNARMED};

use super::state::D12Encounter;
use crate::model::{Character, Participant, System};
use crate::sheet::Sheet;
use crate::table::{D12AttackView, D12WeaponsView, Seat, TableView, ViewedTable};

impl ViewedTable for D12Encounter {
    fn view(
        &self,
        _round: u32,
        order: &[Participant],
        characters: &[Character],
    ) -> Option<TableView> {
        Some(d12(
            self,
            &Seat::in_turn_order(order, System::D12, characters),
        ))
    }

    fn reads_sheets(&self) -> bool {
        true
    }
}

fn d12(table: &D12Encounter, seats: &[Seat]) -> TableView {
    let weapons = seats
        .iter()
        .map(|seat| {
            let equipment = match seat.sheet() {
                Some(Sheet::D12(sheet)) => sheet.equipment.as_slice(),
                _ => &[],
            };
            let carried = equipment
                .iter()
                .map(|item| item.trim())
                .filter(|item| carried(item).is_some());
            D12WeaponsView {
                participant_id: seat.participant.id,
                weapons: carried
                    .map(str::to_string)
                    .chain([UNARMED.name.to_string()])
                    .collect(),
            }
        })
        .collect();
    TableView::D12 {
        attack: table.attack.as_ref().map(|a| D12AttackView {
            damage_dice_rolled: a.chain.damage_dice_rolled(),
        }),
        weapons,
    }
}
