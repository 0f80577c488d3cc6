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

/// A roll a side made has the reason `<rule> <what>: <side>`, the side by its id or by the
/// name `report::log::roll_words` gave it (`6.0 initiative: Crown`); `sides` are the game's
/// sides, id and name. Anything else after the last colon is part of the reason (a leader's
/// casualty check, 9.1.2, a place), and a roll no side made counts under an empty side.
fn split_why(why: &str, sides: &[(String, String)]) -> (String, String) {
    match why.rsplit_once(": ") {
        Some((reason, said)) => match sides.iter().find(|(id, name)| said == id || said == name) {
            Some((_, name)) => (reason.to_string(), name.clone()),
            None => (why.to_string(), String::new()),
        },
        None => (why.to_string(), String::new()),
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

/// How wide the table's side column is: none for a game of one side, whose rolls need no
/// column; else the longest side name (`other` for rolls of no side) and two spaces.
pub fn side_width(sides: &[(String, String)]) -> usize {
    if sides.len() < 2 {
        return 0;
    }
    sides
        .iter()
        .map(|(_, name)| name.chars().count())
        .chain(["side".len(), "other".len()])
        .max()
        .unwrap_or(0)
        + 2
}

/// Per side and reason, then a total per side (when there are two or more), then all dice.
/// `sides` are the game's sides, id and name: a tally's side is the name, or empty for rolls
/// no side made.
pub fn dice_statistics(steps: &[StepView], sides: &[(String, String)]) -> Vec<Tally> {
    let mut by: BTreeMap<(String, String), [u64; 6]> = BTreeMap::new();
    for s in steps {
        for r in &s.rolls {
            let Some(d6) = &r.d6 else { continue };
            let mut key = split_why(&r.why, sides);
            if sides.len() < 2 {
                // One side makes every roll: its name is no column of the table.
                key.1 = String::new();
            }
            let slot = by.entry((key.1, key.0)).or_insert([0; 6]);
            for &f in d6 {
                if (1..=6).contains(&f) {
                    slot[f as usize - 1] += 1;
                }
            }
        }
    }
    // By side, then by rule number as numbers (7.1 before 10.0; a reason without one last),
    // then by the words.
    let mut by: Vec<((String, String), [u64; 6])> = by.into_iter().collect();
    by.sort_by_cached_key(|((side, reason), _)| {
        let rule = rule_order(reason);
        (side.clone(), rule.is_empty(), rule, reason.clone())
    });
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
    if per_side.len() > 1 && sides.len() > 1 {
        for (side, faces) in per_side {
            out.push(tally(side, "all rolls".into(), faces));
        }
    }
    out.push(tally("all".into(), "all rolls".into(), all));
    out
}

/// The rule number a reason starts with, as numbers (`9.1.2 casualty check` is [9, 1, 2]);
/// empty for a reason that starts with none.
fn rule_order(reason: &str) -> Vec<u32> {
    reason
        .split(' ')
        .next()
        .unwrap_or("")
        .split('.')
        .map_while(|p| p.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Roll;

    fn sides(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(i, n)| (i.to_string(), n.to_string()))
            .collect()
    }

    fn two() -> Vec<(String, String)> {
        sides(&[("crown", "Crown"), ("patriot", "Patriot")])
    }

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
            policy_rows: Vec::new(),
            result_in: None,
        }
    }

    #[test]
    fn reasons_sort_by_their_rule_numbers() {
        let steps = vec![step(vec![
            ("10.0 admin roll", vec![1]),
            ("7.1 initiative", vec![2]),
            ("9.1.2 casualty check", vec![3]),
            ("9.1 battle", vec![4]),
            ("a roll without a rule", vec![5]),
        ])];
        let order: Vec<String> = dice_statistics(&steps, &sides(&[("csa", "CSA")]))
            .into_iter()
            .map(|t| t.reason)
            .collect();
        assert_eq!(
            order,
            [
                "7.1 initiative",
                "9.1 battle",
                "9.1.2 casualty check",
                "10.0 admin roll",
                "a roll without a rule",
                "all rolls"
            ]
        );
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
        let t = dice_statistics(&steps, &two());
        let crown_init = t
            .iter()
            .find(|x| x.side == "Crown" && x.reason == "6.0 initiative")
            .unwrap();
        assert_eq!(crown_init.faces, [0, 0, 0, 0, 0, 2]);
        assert_eq!(crown_init.mean, 6.0);
        // Two dice, both sixes: expected 1/3 each face; chi-square = 5*(1/3) + (2-1/3)^2/(1/3) = 10.
        assert!((crown_init.chi_square - 10.0).abs() < 1e-9);
        let patriot = t
            .iter()
            .find(|x| x.side == "Patriot" && x.reason == "all rolls")
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
        let csa = sides(&[("csa", "the Confederate player")]);
        let t = dice_statistics(&[faces(29)], &csa);
        assert!(!t.last().unwrap().enough);
        let t = dice_statistics(&[faces(30)], &csa);
        assert!(t.last().unwrap().enough);
        assert!(
            t.last().unwrap().chi_square.abs() < 1e-9,
            "30 dice, 5 of each face"
        );
    }

    #[test]
    fn reasons_without_a_side_count_apart() {
        assert_eq!(
            split_why("13.2 irregular 1 of 3 from the cup", &two()),
            ("13.2 irregular 1 of 3 from the cup".into(), String::new())
        );
        assert_eq!(
            split_why("8.3 raid in SC: patriot", &two()),
            ("8.3 raid in SC".into(), "Patriot".into())
        );
        assert_eq!(
            split_why("8.3 raid in SC: Patriot", &two()),
            ("8.3 raid in SC".into(), "Patriot".into())
        );
    }

    /// 9.1.2: what follows the last colon is a side only when it is one of the game's; a
    /// leader's casualty check keeps the leader in its reason, and a game of one side has
    /// every roll under no side, totalled once.
    #[test]
    fn a_leader_after_the_colon_is_no_side() {
        let csa = sides(&[("csa", "the Confederate player")]);
        assert_eq!(
            split_why("9.1.2 casualty check: je-johnston", &csa),
            ("9.1.2 casualty check: je-johnston".into(), String::new())
        );
        let t = dice_statistics(
            &[step(vec![
                ("9.1.2 casualty check: J.E. Johnston", vec![6]),
                ("10.0 Lee's Administrative roll", vec![2]),
            ])],
            &csa,
        );
        assert!(t.iter().all(|x| x.side.is_empty() || x.side == "all"));
        assert_eq!(t.iter().filter(|x| x.reason == "all rolls").count(), 1);
        assert_eq!(side_width(&csa), 0);
        assert_eq!(side_width(&two()), "Patriot".len() + 2);
    }
}
