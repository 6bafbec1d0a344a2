//! How much room a text takes on the page, known before any browser lays it out.
//!
//! A printed sheet must fit its page exactly, on any machine, with no browser at hand to measure
//! (the command line writes the HTML; Chromium or the webview prints it later). So widths are
//! over-estimated on purpose: every character counts as the widest it is in DejaVu Sans or DejaVu
//! Sans Bold (the fonts the stylesheet asks for first; Verdana, its fallback, has the same
//! metrics), and lines break the way CSS breaks them (`white-space: normal`,
//! `overflow-wrap: anywhere`): at spaces, and inside a word only when the word alone is wider than
//! the line. A browser that finds more places to break, or narrower glyphs, needs fewer lines,
//! never more.

use std::ops::Range;

/// Advance widths of U+0020..=U+052F (Latin, Greek, Cyrillic) in thousandths of an em: the wider
/// of DejaVu Sans and DejaVu Sans Bold, rounded up (read from the fonts with fontTools).
/// [`MISSING`] marks a control character or one the fonts lack.
const TABLE: [u16; 1296] = [
    349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 581, 1000, 774, 763, 734, 831, 684,
    684, 821, 837, 373, 373, 775, 638, 996, 837, 851, 733, 851, 771, 721, 683, 813, 774, 1104, 771,
    725, 726, 458, 366, 458, 838, 500, 500, 675, 716, 593, 716, 679, 436, 716, 712, 343, 343, 666,
    343, 1042, 712, 688, 716, 716, 494, 596, 479, 712, 652, 924, 646, 652, 583, 712, 366, 712, 838,
    65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535,
    65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535,
    65535, 65535, 65535, 65535, 65535, 65535, 65535, 349, 457, 696, 696, 637, 696, 366, 500, 500,
    1000, 564, 646, 838, 416, 1000, 500, 500, 838, 438, 438, 500, 736, 637, 380, 500, 438, 564,
    646, 1036, 1036, 1036, 581, 774, 774, 774, 774, 774, 774, 1085, 734, 684, 684, 684, 684, 373,
    373, 373, 373, 838, 837, 851, 851, 851, 851, 851, 838, 851, 813, 813, 813, 813, 725, 738, 720,
    675, 675, 675, 675, 675, 675, 1048, 593, 679, 679, 679, 679, 343, 343, 343, 343, 688, 712, 688,
    688, 688, 688, 688, 838, 688, 712, 712, 712, 712, 652, 716, 652, 774, 675, 774, 675, 774, 675,
    734, 593, 734, 593, 734, 593, 734, 593, 831, 716, 838, 716, 684, 679, 684, 679, 684, 679, 684,
    679, 684, 679, 821, 716, 821, 716, 821, 716, 821, 716, 837, 712, 974, 791, 373, 343, 373, 343,
    373, 343, 373, 343, 373, 343, 745, 686, 373, 343, 775, 666, 666, 638, 343, 638, 343, 638, 480,
    638, 557, 643, 372, 837, 712, 837, 712, 837, 712, 983, 837, 712, 851, 688, 851, 688, 851, 688,
    1167, 1095, 771, 494, 771, 494, 771, 494, 721, 596, 721, 596, 721, 596, 721, 596, 683, 479,
    683, 479, 683, 479, 813, 712, 813, 712, 813, 712, 813, 712, 813, 712, 813, 712, 1104, 924, 725,
    652, 725, 726, 583, 726, 583, 726, 583, 436, 716, 812, 763, 716, 763, 716, 734, 734, 593, 838,
    879, 757, 716, 688, 684, 850, 696, 684, 436, 821, 793, 1045, 436, 390, 775, 666, 361, 592,
    1042, 837, 712, 851, 914, 688, 1083, 913, 782, 716, 771, 721, 596, 684, 552, 479, 707, 479,
    683, 858, 712, 851, 814, 798, 779, 726, 583, 773, 773, 641, 583, 696, 773, 641, 573, 716, 373,
    659, 544, 373, 1556, 1413, 1298, 1010, 980, 686, 1209, 1180, 1055, 774, 675, 373, 343, 851,
    688, 813, 712, 813, 712, 813, 712, 813, 712, 813, 712, 679, 774, 675, 774, 675, 1085, 1048,
    821, 716, 821, 716, 775, 666, 851, 688, 851, 688, 773, 583, 343, 1556, 1413, 1298, 821, 716,
    1289, 788, 837, 712, 774, 675, 1085, 1048, 851, 688, 774, 675, 774, 675, 684, 679, 684, 679,
    373, 343, 373, 343, 851, 688, 851, 688, 771, 494, 771, 494, 813, 712, 813, 712, 721, 596, 683,
    479, 691, 608, 837, 712, 837, 865, 810, 659, 726, 583, 774, 675, 684, 679, 851, 688, 851, 688,
    851, 688, 851, 688, 725, 652, 492, 867, 512, 343, 1088, 1088, 774, 734, 593, 638, 683, 596,
    583, 782, 615, 763, 813, 774, 684, 679, 373, 343, 861, 792, 771, 494, 725, 652, 675, 716, 716,
    716, 593, 593, 717, 792, 679, 679, 876, 557, 545, 815, 732, 343, 792, 716, 630, 644, 636, 712,
    712, 712, 546, 441, 546, 559, 694, 343, 842, 1042, 1042, 1042, 712, 793, 707, 688, 909, 729,
    797, 539, 539, 650, 494, 494, 596, 596, 643, 643, 596, 416, 436, 605, 552, 479, 479, 921, 773,
    670, 652, 924, 652, 725, 694, 684, 641, 641, 573, 573, 573, 573, 851, 633, 732, 709, 691, 343,
    732, 540, 792, 573, 573, 1156, 1215, 1155, 976, 769, 930, 1027, 863, 780, 591, 516, 677, 790,
    456, 456, 220, 316, 316, 316, 411, 591, 417, 302, 521, 380, 380, 380, 367, 367, 370, 370, 500,
    500, 500, 500, 500, 500, 307, 500, 500, 500, 307, 500, 500, 500, 337, 337, 367, 367, 500, 500,
    417, 329, 500, 500, 500, 500, 500, 500, 351, 500, 426, 220, 381, 444, 370, 500, 500, 500, 500,
    500, 65535, 65535, 500, 500, 658, 65535, 65535, 65535, 65535, 500, 65535, 65535, 65535, 500,
    65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 65535, 0, 0, 0, 65535, 65535, 65535, 0, 0, 65535, 0, 65535, 0, 0, 0, 0, 0, 0, 0,
    65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 698,
    568, 1022, 836, 302, 302, 837, 701, 65535, 65535, 500, 593, 550, 550, 400, 373, 65535, 65535,
    65535, 65535, 500, 500, 798, 380, 846, 1009, 564, 65535, 891, 65535, 980, 895, 390, 774, 763,
    638, 774, 684, 726, 837, 851, 373, 775, 774, 996, 837, 632, 851, 837, 733, 65535, 684, 683,
    725, 851, 771, 850, 851, 373, 725, 688, 557, 712, 390, 676, 688, 716, 682, 688, 557, 591, 712,
    688, 390, 711, 633, 736, 682, 591, 688, 792, 716, 593, 779, 639, 676, 783, 646, 794, 870, 390,
    676, 688, 676, 870, 775, 651, 661, 747, 982, 747, 797, 870, 744, 851, 688, 734, 593, 684, 494,
    703, 660, 919, 628, 1093, 838, 833, 716, 928, 744, 734, 651, 789, 671, 752, 716, 683, 590, 744,
    716, 593, 343, 851, 645, 645, 738, 716, 734, 996, 732, 716, 704, 734, 704, 684, 684, 879, 638,
    734, 721, 373, 373, 373, 1155, 1130, 879, 818, 837, 771, 837, 774, 763, 763, 638, 891, 684,
    1225, 711, 837, 837, 818, 831, 996, 837, 851, 837, 733, 734, 683, 771, 992, 771, 928, 809,
    1236, 1326, 940, 1037, 763, 734, 1174, 771, 675, 699, 633, 526, 808, 679, 996, 582, 701, 701,
    679, 733, 818, 691, 688, 691, 716, 593, 583, 652, 993, 646, 742, 687, 1063, 1106, 752, 905,
    633, 593, 973, 643, 679, 679, 714, 526, 593, 596, 343, 343, 343, 992, 957, 735, 679, 701, 652,
    691, 1093, 870, 841, 736, 1013, 840, 993, 833, 1359, 1122, 851, 688, 1236, 1008, 696, 557,
    1075, 1062, 851, 688, 851, 696, 851, 696, 1149, 1044, 1075, 863, 1406, 1173, 1093, 870, 734,
    593, 653, 0, 0, 0, 0, 0, 418, 418, 958, 807, 763, 612, 733, 716, 638, 526, 675, 591, 809, 669,
    1225, 996, 711, 582, 775, 679, 818, 679, 818, 679, 1016, 832, 957, 808, 1103, 877, 1274, 1018,
    952, 858, 734, 593, 683, 583, 725, 652, 725, 652, 771, 646, 1113, 1001, 809, 687, 809, 687,
    809, 712, 1027, 810, 1027, 810, 373, 1225, 996, 775, 630, 951, 806, 837, 691, 958, 807, 809,
    687, 1115, 933, 343, 774, 675, 774, 675, 1085, 1048, 684, 679, 850, 679, 850, 679, 1225, 996,
    711, 582, 773, 641, 837, 701, 837, 701, 851, 688, 851, 688, 851, 688, 734, 593, 771, 652, 771,
    652, 771, 652, 809, 687, 638, 526, 1037, 905, 675, 591, 771, 646, 771, 646, 763, 608, 1160,
    897, 1120, 920, 829, 693, 1242, 1017, 1289, 1014, 840, 660, 938, 803, 696, 557, 831, 733, 1286,
    1068, 1066, 980, 1082, 1014, 851, 716, 1104, 924, 818, 679, 1268, 1059, 1274, 1018, 958, 807,
    65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535,
];
const MISSING: u16 = u16::MAX;

/// The widest glyph of each further block DejaVu Sans covers, in thousandths of an em; then
/// the blocks a CJK fallback font draws, whose glyphs are one em wide.
const BLOCKS: [(u32, u32, u16); 14] = [
    (0x2000, 0x206F, 1887),   // general punctuation
    (0x20A0, 0x20CF, 1518),   // currency
    (0x2100, 0x214F, 1348),   // letterlike symbols
    (0x2190, 0x21FF, 838),    // arrows
    (0x2200, 0x22FF, 1422),   // mathematical operators
    (0x2500, 0x25FF, 1119),   // box drawing, shapes
    (0x2600, 0x27BF, 1300),   // symbols, dingbats
    (0x2E80, 0x9FFF, 1000),   // CJK radicals, kana, ideographs
    (0xAC00, 0xD7AF, 1000),   // Hangul
    (0xF900, 0xFAFF, 1000),   // CJK compatibility ideographs
    (0xFE30, 0xFE4F, 1000),   // CJK compatibility forms
    (0xFF00, 0xFF60, 1000),   // fullwidth forms
    (0xFFE0, 0xFFE6, 1000),   // fullwidth signs
    (0x20000, 0x3FFFD, 1000), // CJK extensions
];

/// Anything else (emoji, scripts DejaVu lacks) comes from some fallback font: emoji are about
/// 1.25 em wide there.
const OTHER: u16 = 1300;

/// Millimetres per typographic point.
pub(crate) const MM_PER_PT: f64 = 25.4 / 72.0;

/// Lines are filled to this share of their width, for the rounding of real layout.
const FILL: f64 = 0.97;

/// The estimated advance of `c`, in em. What is drawn as nothing (a bidi isolate around a
/// name, a zero-width joiner) takes no room.
pub(crate) fn em(c: char) -> f64 {
    if rollbook_rules::text::is_invisible(c) {
        return 0.0;
    }
    let code = c as u32;
    let thousandths = if (0x20..0x20 + TABLE.len() as u32).contains(&code) {
        match TABLE[(code - 0x20) as usize] {
            MISSING => OTHER,
            w => w,
        }
    } else {
        BLOCKS
            .iter()
            .find(|(start, end, _)| (*start..=*end).contains(&code))
            .map_or(OTHER, |b| b.2)
    };
    f64::from(thousandths) / 1000.0
}

/// The estimated width of `text` set at `font_pt`, in millimetres.
pub(crate) fn width_mm(text: &str, font_pt: f64) -> f64 {
    text.chars().map(em).sum::<f64>() * font_pt * MM_PER_PT
}

/// The lines `text` takes in a box `width_mm` wide at `font_pt`: byte ranges into `text`, each
/// line without its surrounding spaces. Runs of white space count as one space, as in HTML.
/// Empty text takes no line.
pub(crate) fn wrap(text: &str, width_mm: f64, font_pt: f64) -> Vec<Range<usize>> {
    let max = (width_mm * FILL / (font_pt * MM_PER_PT)).max(1.0);
    let space = em(' ');
    let mut lines: Vec<Range<usize>> = Vec::new();
    // The line being filled: its byte range and its width in em.
    let mut line: Option<(Range<usize>, f64)> = None;
    for (start, word) in words(text) {
        let end = start + word.len();
        let w: f64 = word.chars().map(em).sum();
        if let Some((range, used)) = &mut line {
            if *used + space + w <= max {
                range.end = end;
                *used += space + w;
                continue;
            }
            lines.push(range.clone());
        }
        if w <= max {
            line = Some((start..end, w));
            continue;
        }
        // A word wider than the line breaks anywhere, filling each line.
        let mut from = start;
        let mut used = 0.0;
        for (i, c) in word.char_indices() {
            let cw = em(c);
            if used + cw > max && start + i > from {
                lines.push(from..start + i);
                from = start + i;
                used = 0.0;
            }
            used += cw;
        }
        line = Some((from..end, used));
    }
    if let Some((range, _)) = line {
        lines.push(range);
    }
    lines
}

/// How many lines `text` takes (at least one: an empty cell still has its line).
pub(crate) fn line_count(text: &str, width_mm: f64, font_pt: f64) -> usize {
    wrap(text, width_mm, font_pt).len().max(1)
}

/// `text` cut to what one line `width_mm` wide holds at `font_pt`, ending in "…" when cut.
pub(crate) fn one_line(text: &str, width_mm: f64, font_pt: f64) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let max = width_mm * FILL / (font_pt * MM_PER_PT);
    if text.chars().map(em).sum::<f64>() <= max {
        return text;
    }
    let mut used = em('…');
    let mut out = String::new();
    for c in text.chars() {
        used += em(c);
        if used > max {
            break;
        }
        out.push(c);
    }
    out.truncate(out.trim_end().len());
    out.push('…');
    out
}

/// The words of `text` with their byte offsets (white space of any kind separates them).
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(char::is_whitespace)
        .filter(|w| !w.is_empty())
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_follow_the_font() {
        assert_eq!(em('W'), 1.104);
        assert_eq!(em('i'), 0.343);
        assert_eq!(em(' '), 0.349);
        assert_eq!(em('\u{301}'), 0.0);
        assert_eq!(em('\u{85}'), 1.3, "a control character is not zero wide");
        assert_eq!(em('\u{2068}'), 0.0, "an isolate is drawn as nothing");
        assert_eq!(em('\u{202E}'), 0.0);
        assert_eq!(em('Ж'), 1.225);
        assert_eq!(em('語'), 1.0);
        assert_eq!(em('🎲'), 1.3);
        // 10 W at 10 pt: 11.04 em of 3.528 mm.
        assert!((width_mm(&"W".repeat(10), 10.0) - 38.95).abs() < 0.01);
    }

    #[test]
    fn lines_break_at_spaces_and_keep_words_whole() {
        let text = "Laser Pistol  and\tBody Armor";
        let lines = wrap(text, 30.0, 10.0);
        let words: Vec<&str> = lines.iter().map(|r| &text[r.clone()]).collect();
        // 30 mm at 10 pt holds 8.2 em: "Laser Pistol" is 6.6 em, "and Body Armor" 9.1.
        assert_eq!(words, ["Laser Pistol", "and\tBody", "Armor"]);
    }

    #[test]
    fn a_word_wider_than_the_line_breaks_anywhere() {
        let text = format!("a {}", "W".repeat(20));
        let lines = wrap(&text, 30.0, 10.0);
        let parts: Vec<&str> = lines.iter().map(|r| &text[r.clone()]).collect();
        // "a" alone, then 7 W a line (7.73 em of 8.25).
        assert_eq!(parts, ["a", "WWWWWWW", "WWWWWWW", "WWWWWW"]);
    }

    #[test]
    fn empty_text_has_no_lines_but_a_cell_keeps_one() {
        assert!(wrap("  \n ", 30.0, 10.0).is_empty());
        assert_eq!(line_count("", 30.0, 10.0), 1);
        assert_eq!(line_count("Guns", 30.0, 10.0), 1);
    }

    #[test]
    fn one_line_cuts_with_an_ellipsis_only_when_needed() {
        assert_eq!(one_line("Vex  the\tBold", 40.0, 10.0), "Vex the Bold");
        let cut = one_line(&"W".repeat(50), 40.0, 10.0);
        // 40 mm at 10 pt: 11 em; "…" counts as wide as general punctuation gets (1.9 em), so
        // 8 W (8.8 em) and the ellipsis.
        assert_eq!(cut, format!("{}…", "W".repeat(8)));
    }

    #[test]
    fn multibyte_text_splits_on_character_boundaries() {
        let text = "語".repeat(40);
        for range in wrap(&text, 20.0, 9.0) {
            assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
        }
    }
}
