//! `rollbook log --luck` for people: the verdict in words, then one row per character and per
//! evening. The numbers are `Store::luck`'s; `--json` prints them whole.

use rollbook_roster::LuckReport;
use rollbook_rules::standing::{how_often, Luck, Verdict};

use super::text_table::Table;

/// A percentile as a rank: 0.724 → "72nd" (1st to 99th).
pub fn ordinal(percentile: f64) -> String {
    let n = (percentile * 100.0).round().clamp(1.0, 99.0) as u32;
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn verdict(luck: &Luck) -> &'static str {
    match luck.verdict {
        Verdict::Hot => "hot",
        Verdict::Cold => "cold",
        Verdict::Fair => "fair",
        Verdict::TooFew => "too few",
    }
}

fn row(luck: &Luck) -> [String; 4] {
    [
        luck.rolls.to_string(),
        luck.mean.map(ordinal).unwrap_or_default(),
        verdict(luck).to_string(),
        luck.chance.map(how_often).unwrap_or_default(),
    ]
}

/// One table of judged groups: the group's name (under `first`), then `row`'s columns.
fn table<'a>(first: &str, groups: impl Iterator<Item = (String, &'a Luck)>) -> Table {
    let mut table = Table::new([first, "ROLLS", "MEAN", "VERDICT", "FAIR DICE STRAY AS FAR"]);
    for (name, luck) in groups {
        let [rolls, mean, verdict, often] = row(luck);
        table.row([name, rolls, mean, verdict, often]);
    }
    table
}

/// Why the unjudged rolls could not be judged: the systems no longer held, then the rest.
fn unjudged_why(report: &LuckReport) -> String {
    let gone: usize = report.systems_gone.iter().map(|g| g.rolls).sum();
    let mut why: Vec<String> = report
        .systems_gone
        .iter()
        .map(|g| {
            format!(
                "{} of {}, a system no longer held (its file was removed)",
                g.rolls,
                rollbook_rules::text::safe_line(&g.system)
            )
        })
        .collect();
    let rest = report.unjudged.saturating_sub(gone);
    // The window's words (`luck-model.js`).
    let changed = "their odds changed since (house rules, or the system's version)";
    if rest > 0 && why.is_empty() {
        why.push(changed.into());
    } else if rest > 0 {
        why.push(format!("{rest} because {changed}"));
    }
    why.join("; ")
}

pub fn text(report: &LuckReport) -> String {
    let overall = &report.overall;
    if overall.rolls == 0 {
        return match report.unjudged {
            0 => "No rolls logged.\n".into(),
            n => format!(
                "None of the {n} rolls could be judged ({}).\n",
                unjudged_why(report)
            ),
        };
    }
    let mut out = format!(
        "{} {} roll{}, their mean percentile the {}.\n",
        overall.words,
        overall.rolls,
        if overall.rolls == 1 { "" } else { "s" },
        overall.mean.map(ordinal).unwrap_or_default()
    );
    if report.unjudged > 0 {
        out.push_str(&format!(
            "{} roll{} could not be judged ({}).\n",
            report.unjudged,
            if report.unjudged == 1 { "" } else { "s" },
            unjudged_why(report)
        ));
    }
    let characters = table(
        "CHARACTER",
        report.characters.iter().map(|c| {
            let name = c.name.clone().unwrap_or_else(|| "(no character)".into());
            (name, &c.luck)
        }),
    );
    let evenings = table(
        "EVENING",
        report
            .evenings
            .iter()
            .map(|e| (e.evening.to_string(), &e.luck)),
    );
    out.push('\n');
    out.push_str(&characters.render());
    out.push('\n');
    out.push_str(&evenings.render());
    out
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ranks_read_as_ordinals() {
        let read: Vec<String> = [0.724, 0.01, 0.021, 0.03, 0.11, 0.125, 0.5, 0.999, 0.0]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            read,
            ["72nd", "1st", "2nd", "3rd", "11th", "13th", "50th", "99th", "1st"]
        );
    }
}
