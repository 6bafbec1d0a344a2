//! `rollbook roll`: rolls each request, reproducibly when given a seed.

use super::{input, odds::locate, output, Failure};

pub const EXAMPLES: &str = "\
Examples:
  rollbook roll '{\"system\":\"marks\",\"roll\":\"pool\",\"attribute_dice\":3,\"skill_dice\":2}'
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2,\"difficulty\":18}' --seed 7
  rollbook roll '[{\"system\":\"stunt\",\"roll\":\"doubles\",\"needed\":2},{\"system\":\"stunt\",\"roll\":\"double_six\"}]' --seed 1

Prints {\"outcome\", \"success\", \"dice\", \"detail\", \"seed\", ...}; the same seed gives the same dice.";

pub fn run(argument: &str, seed: Option<u64>) -> Result<(), Failure> {
    let requests = input::read(argument)?;
    let mut answers = Vec::with_capacity(requests.items.len());
    for (index, request) in requests.items.iter().enumerate() {
        // Each element of an array gets its own seed so equal requests still roll differently.
        let seed = match seed {
            Some(base) => base.wrapping_add(index as u64),
            None => rollbook_rules::random_seed(),
        };
        let result = rollbook_rules::roll(request, seed)
            .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
        answers.push(result);
    }
    output::print(answers, requests.is_array)
}
