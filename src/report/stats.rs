//! Dice statistics from a game's log: per side and per reason, the count of each face, the
//! mean, and Pearson's chi-square against a fair die, so "the dice hate me" can be settled.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::session::StepView;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tally {
    pub side: String,
    pub reason: String,
    pub dice: u64,
    /// How often each face came up, 1 to 6.
    pub faces: [u64; 6],
    pub mean: f64,
    /// Pearson's chi-square against six equally likely faces (5 degrees of freedom: above
    /// 11.07 happens by chance one time in twenty).
    pub chi_square: f64,
    /// Whether there are dice enough for the chi-square to mean anything: the usual rule asks
    /// for at least 5 expected of each face, so 30 dice.
    pub enough: bool,
}

/// The fewest dice for which a chi-square figure is shown (5 expected on each face).
pub const FEWEST_FOR_CHI_SQUARE: u64 = 30;

/// A roll's reason is `<rule> <what>: <side>`; rolls without a side count under `-`.
fn split_why(why: &str) -> (String, String) {
    match why.rsplit_once(": ") {
        Some((reason, side)) if !side.contains(' ') => (reason.to_string(), side.to_string()),
        _ => (why.to_string(), "-".to_string()),
    }
}

fn tally(side: String, reason: String, faces: [u64; 6]) -> Tally {
    let dice: u64 = faces.iter().sum();
    let mean = if dice == 0 {
        0.0
    } else {
        faces
            .iter()
            .enumerate()
            .map(|(i, n)| (i as f64 + 1.0) * *n as f64)
            .sum::<f64>()
            / dice as f64
    };
    let expected = dice as f64 / 6.0;
    let chi_square = if dice == 0 {
        0.0
    } else {
        faces
            .iter()
            .map(|&n| (n as f64 - expected).powi(2) / expected)
            .sum()
    };
    Tally {
        side,
        reason,
        dice,
        faces,
        mean,
        chi_square,
        enough: dice >= FEWEST_FOR_CHI_SQUARE,
    }
}

/// How wide the table's reason column is: its heading's 34, or the longest reason and two
/// spaces.
pub fn reason_width(tallies: &[Tally]) -> usize {
    tallies
        .iter()
        .map(|t| t.reason.chars().count() + 2)
        .fold(34, usize::max)
}

/// Per side and reason, then a total per side (when there are two or more), then all dice.
pub fn dice_statistics(steps: &[StepView]) -> Vec<Tally> {
    let mut by: BTreeMap<(String, String), [u64; 6]> = BTreeMap::new();
    for s in steps {
        for r in &s.rolls {
            let Some(d6) = &r.d6 else { continue };
            let key = split_why(&r.why);
            let slot = by.entry((key.1, key.0)).or_insert([0; 6]);
            for &f in d6 {
                if (1..=6).contains(&f) {
                    slot[f as usize - 1] += 1;
                }
            }
        }
    }
    let mut out: Vec<Tally> = Vec::new();
    let mut per_side: BTreeMap<String, [u64; 6]> = BTreeMap::new();
    let mut all = [0u64; 6];
    for ((side, reason), faces) in &by {
        out.push(tally(side.clone(), reason.clone(), *faces));
        let t = per_side.entry(side.clone()).or_insert([0; 6]);
        for i in 0..6 {
            t[i] += faces[i];
            all[i] += faces[i];
        }
    }
    // With one side only (a solitaire game's dice) its total would be the total of all.
    if per_side.len() > 1 {
        for (side, faces) in per_side {
            out.push(tally(side, "all rolls".into(), faces));
        }
    }
    out.push(tally("all".into(), "all rolls".into(), all));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Roll;

    fn step(rolls: Vec<(&str, Vec<u8>)>) -> StepView {
        StepView {
            step: 1,
            ordered_by: "crown".into(),
            adjudicated_by: "patriot".into(),
            orders: serde_json::Value::Null,
            rolls: rolls
                .into_iter()
                .map(|(w, d)| Roll {
                    why: w.into(),
                    d6: Some(d),
                    draw: None,
                    shuffle: None,
                })
                .collect(),
            events: vec![],
            state: String::new(),
            policy: None,
        }
    }

    #[test]
    fn counts_match_a_hand_count() {
        let steps = vec![
            step(vec![
                ("6.0 initiative: crown", vec![6]),
                ("6.0 initiative: patriot", vec![1]),
            ]),
            step(vec![
                ("10.4 defender roll: patriot", vec![1, 2, 2]),
                ("6.0 initiative: crown", vec![6]),
            ]),
        ];
        let t = dice_statistics(&steps);
        let crown_init = t
            .iter()
            .find(|x| x.side == "crown" && x.reason == "6.0 initiative")
            .unwrap();
        assert_eq!(crown_init.faces, [0, 0, 0, 0, 0, 2]);
        assert_eq!(crown_init.mean, 6.0);
        // Two dice, both sixes: expected 1/3 each face; chi-square = 5*(1/3) + (2-1/3)^2/(1/3) = 10.
        assert!((crown_init.chi_square - 10.0).abs() < 1e-9);
        let patriot = t
            .iter()
            .find(|x| x.side == "patriot" && x.reason == "all rolls")
            .unwrap();
        assert_eq!(patriot.faces, [2, 2, 0, 0, 0, 0]);
        assert_eq!(patriot.dice, 4);
        let all = t.last().unwrap();
        assert_eq!((all.side.as_str(), all.dice), ("all", 6));
        assert!(!all.enough, "6 dice are too few for a chi-square");
    }

    #[test]
    fn a_chi_square_needs_five_expected_of_each_face() {
        let faces = |n: u64| {
            step(vec![(
                "9.5 roll: csa",
                (0..n).map(|i| (i % 6 + 1) as u8).collect(),
            )])
        };
        let t = dice_statistics(&[faces(29)]);
        assert!(!t.last().unwrap().enough);
        let t = dice_statistics(&[faces(30)]);
        assert!(t.last().unwrap().enough);
        assert!(
            t.last().unwrap().chi_square.abs() < 1e-9,
            "30 dice, 5 of each face"
        );
    }

    #[test]
    fn reasons_without_a_side_count_apart() {
        assert_eq!(
            split_why("13.2 irregular 1 of 3 from the cup"),
            ("13.2 irregular 1 of 3 from the cup".into(), "-".into())
        );
        assert_eq!(
            split_why("8.3 raid in SC: patriot"),
            ("8.3 raid in SC".into(), "patriot".into())
        );
    }
}
