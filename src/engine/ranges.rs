//! What a legal option leaves to the player, as data: each open field of its orders with the
//! values the rules allow there (`full.attack.units` from 1 to 8), so an option with amounts is
//! listed once instead of once per amount. The listing shows the ranges in words and keeps
//! them beside the example; self-play fills each field in at random (`draw`); a test checks
//! that every order the rules accept lies inside some listed option (`covers`).
//!
//! Everything here works on the orders' plain JSON form, so it knows no game. Orders that
//! self-play draws often may write their fields themselves instead (`Draw`), as long as they
//! give the same orders from the same random stream.
//!
//! A range names its field by a path into the orders: keys joined by dots, list entries by
//! index (`full.march.groups[0].units`). `[*]` stands for every entry of a list
//! (`full.march.groups[*].units`), and an amount on the list itself is how many entries it has
//! (`full.march.groups` from 2 to 3). A field the orders leave out reads as `null`, which is
//! also how a yes-or-no field that the orders write only when it is yes reads when it is no.

use std::borrow::Cow;

use rand_chacha::rand_core::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One open field of an option and the values the rules allow in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Range {
    /// The field's path in the orders: `full.attack.units`, `full.march.groups[*].to`. (Most
    /// are written in the rules' code, so they need not be copied.)
    pub name: Cow<'static, str>,
    #[serde(flatten)]
    pub values: Values,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Values {
    /// A whole number from `min` to `max`, both included; on a list, how many entries it has.
    Amount { min: u32, max: u32 },
    /// One of these values: area names, `true` and `false`, `null` for leaving the field out.
    OneOf { one_of: Vec<Value> },
}

impl Range {
    pub fn amount(name: impl Into<Cow<'static, str>>, min: u32, max: u32) -> Range {
        Range {
            name: name.into(),
            values: Values::Amount { min, max },
        }
    }

    pub fn one_of(
        name: impl Into<Cow<'static, str>>,
        values: impl IntoIterator<Item = Value>,
    ) -> Range {
        Range {
            name: name.into(),
            values: Values::OneOf {
                one_of: values.into_iter().collect(),
            },
        }
    }

    /// Yes or no.
    pub fn either(name: impl Into<Cow<'static, str>>) -> Range {
        Range::one_of(name, [Value::Bool(false), Value::Bool(true)])
    }

    /// Whether `v` (`None`: the field is left out) is one of the values this range allows.
    fn allows(&self, v: Option<&Value>) -> bool {
        match (&self.values, v) {
            (Values::Amount { min, max }, Some(Value::Number(n))) => n
                .as_u64()
                .is_some_and(|n| *min as u64 <= n && n <= *max as u64),
            (Values::Amount { min, max }, Some(Value::Array(items))) => {
                (*min as usize..=*max as usize).contains(&items.len())
            }
            (Values::Amount { .. }, _) => false,
            (Values::OneOf { one_of }, Some(v)) if !v.is_null() => one_of.contains(v),
            // A field left out, or `null`: what leaving it out means is the type's default, so
            // it is allowed where `null` or `false` is.
            (Values::OneOf { one_of }, _) => one_of
                .iter()
                .any(|x| x.is_null() || *x == Value::Bool(false)),
        }
    }
}

/// One step of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step<'p> {
    Key(&'p str),
    Index(usize),
    /// `[*]`: every entry.
    Each,
}

/// The steps of `path`: `full.march.groups[*].units` is `full`, `march`, `groups`, each entry,
/// `units`. A malformed index reads as a key that no orders have.
fn steps(path: &str) -> Vec<Step<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            out.push(Step::Key(key));
        }
        while let Some(close) = rest.find(']').filter(|_| rest.starts_with('[')) {
            let inner = &rest[1..close];
            out.push(match inner {
                "*" => Step::Each,
                _ => inner.parse().map(Step::Index).unwrap_or(Step::Key(rest)),
            });
            rest = &rest[close + 1..];
        }
    }
    out
}

/// Whether the concrete `at` (keys and indices) is the field `pattern` names.
fn matches(pattern: &[Step], at: &[Step]) -> bool {
    pattern.len() == at.len()
        && pattern.iter().zip(at).all(|(p, a)| match (p, a) {
            (Step::Each, Step::Index(_)) => true,
            _ => p == a,
        })
}

/// Orders whose open fields can be drawn (`Candidate::draw`). The default writes the drawn
/// values into the orders' JSON form (`draw_json`). A game whose orders are drawn often may
/// write them into the typed orders instead, but it must give the same orders and take the
/// same numbers from `rng` in the same order, so that seeded games stay the same.
pub trait Draw: Serialize + DeserializeOwned {
    /// These orders with a value drawn for each of `ranges`, as `draw` writes them. `None` when
    /// the drawn orders do not read as orders (a range naming a field the orders do not have).
    fn draw_open(&self, ranges: &[Range], rng: &mut impl Rng) -> Option<Self> {
        draw_json(self, ranges, rng)
    }
}

/// `orders` with a value drawn for each of `ranges`, by way of their JSON form: written out,
/// drawn into (`draw`) and read back.
pub fn draw_json<O: Serialize + DeserializeOwned>(
    orders: &O,
    ranges: &[Range],
    rng: &mut impl Rng,
) -> Option<O> {
    let mut v = serde_json::to_value(orders).ok()?;
    draw(&mut v, ranges, rng);
    O::deserialize(v).ok()
}

/// Draws a value for each of `ranges` uniformly (in their order, so a list's length is drawn
/// before its entries) and writes it into `orders`. A path that leads nowhere in `orders`
/// writes nothing and draws nothing; a missing last key is added. A field named through `[*]`
/// gets a draw of its own for each entry, in the list's order.
pub fn draw(orders: &mut Value, ranges: &[Range], rng: &mut impl Rng) {
    for r in ranges {
        let s = steps(&r.name);
        for_each_field(orders, &s, &mut |field| match &r.values {
            Values::Amount { min, max } => {
                let n = uniform(rng, *min, *max);
                match field {
                    Value::Array(items) => resize(items, n as usize),
                    other => *other = Value::from(n),
                }
            }
            Values::OneOf { one_of } => {
                if let Some(i) = pick(rng, one_of.len()) {
                    *field = one_of[i].clone();
                }
            }
        });
    }
}

/// A number from `min` to `max`, each as likely: the draw for an amount. When `max` is not
/// above `min` it is `min`, and nothing is taken from `rng`. (The modulo's bias is below
/// n / 2^64.)
pub fn uniform(rng: &mut impl Rng, min: u32, max: u32) -> u32 {
    if max <= min {
        return min;
    }
    min + (rng.next_u64() % (u64::from(max - min) + 1)) as u32
}

/// Which of `n` values a `one_of` range takes, each as likely. `None` when there are none;
/// one value is taken without anything drawn from `rng`.
pub fn pick(rng: &mut impl Rng, n: usize) -> Option<usize> {
    (n > 0).then(|| uniform(rng, 0, n as u32 - 1) as usize)
}

/// A list grows by copies of its first entry (the ranges of its entries then fill each in)
/// and shrinks from its end.
fn resize(items: &mut Vec<Value>, n: usize) {
    let first = items.first().cloned().unwrap_or(Value::Null);
    items.resize(n, first);
}

/// Calls `f` on every field `path` names in `v`, adding the last key when it is missing.
fn for_each_field(v: &mut Value, path: &[Step], f: &mut dyn FnMut(&mut Value)) {
    let Some((first, rest)) = path.split_first() else {
        f(v);
        return;
    };
    match (first, v) {
        (Step::Key(k), Value::Object(m)) => {
            if rest.is_empty() {
                f(m.entry(k.to_string()).or_insert(Value::Null));
            } else if let Some(child) = m.get_mut(*k) {
                for_each_field(child, rest, f);
            }
        }
        (Step::Index(i), Value::Array(items)) => {
            if let Some(child) = items.get_mut(*i) {
                for_each_field(child, rest, f);
            }
        }
        (Step::Each, Value::Array(items)) => {
            for child in items {
                for_each_field(child, rest, f);
            }
        }
        _ => {}
    }
}

/// Whether `orders` takes the option `example` with `ranges` open: every field a range names
/// holds a value it allows, and every other field is the example's. Entries of a list whose
/// length is open are each held against the example's first entry.
pub fn covers(example: &Value, ranges: &[Range], orders: &Value) -> bool {
    let parsed: Vec<(Vec<Step>, &Range)> = ranges.iter().map(|r| (steps(&r.name), r)).collect();
    fits(Some(example), Some(orders), &mut Vec::new(), &parsed)
}

fn fits<'v>(
    example: Option<&'v Value>,
    orders: Option<&'v Value>,
    at: &mut Vec<Step<'v>>,
    ranges: &[(Vec<Step>, &Range)],
) -> bool {
    let range = ranges.iter().find(|(p, _)| matches(p, at)).map(|(_, r)| r);
    if let Some(r) = range {
        if !r.allows(orders) {
            return false;
        }
        // An open length: each entry is held against the example's first.
        return match (orders, &r.values) {
            (Some(Value::Array(items)), Values::Amount { .. }) => {
                let template = example.and_then(|e| e.as_array()).and_then(|e| e.first());
                items.iter().enumerate().all(|(i, item)| {
                    at.push(Step::Index(i));
                    let ok = fits(template, Some(item), at, ranges);
                    at.pop();
                    ok
                })
            }
            _ => true,
        };
    }
    let absent = |v: Option<&Value>| v.is_none_or(Value::is_null);
    match (example, orders) {
        (Some(Value::Object(e)), Some(Value::Object(o))) => e
            .keys()
            .chain(o.keys().filter(|k| !e.contains_key(*k)))
            .all(|k| {
                at.push(Step::Key(k));
                let ok = fits(e.get(k), o.get(k), at, ranges);
                at.pop();
                ok
            }),
        (Some(Value::Array(e)), Some(Value::Array(o))) => {
            e.len() == o.len()
                && e.iter().zip(o).enumerate().all(|(i, (e, o))| {
                    at.push(Step::Index(i));
                    let ok = fits(Some(e), Some(o), at, ranges);
                    at.pop();
                    ok
                })
        }
        (e, o) if absent(e) && absent(o) => true,
        (e, o) => e == o,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use serde_json::json;

    fn attack() -> (Value, Vec<Range>) {
        (
            json!({"full": {"attack": {"from": "BFT", "to": "CHS", "units": 8, "war": 1}}}),
            vec![
                Range::amount("full.attack.units", 1, 8),
                Range::amount("full.attack.war", 1, 4),
                Range::either("full.attack.return_after"),
            ],
        )
    }

    #[test]
    fn paths_read_keys_indices_and_every_entry() {
        assert_eq!(
            steps("full.march.groups[*].units"),
            vec![
                Step::Key("full"),
                Step::Key("march"),
                Step::Key("groups"),
                Step::Each,
                Step::Key("units")
            ]
        );
        assert_eq!(
            steps("supply[1].food"),
            vec![Step::Key("supply"), Step::Index(1), Step::Key("food")]
        );
    }

    #[test]
    fn a_range_serializes_as_name_and_its_values() {
        let r = Range::amount("full.attack.units", 1, 8);
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            json!({"name": "full.attack.units", "min": 1, "max": 8})
        );
        let back: Range =
            serde_json::from_value(json!({"name": "x", "one_of": ["A", null]})).unwrap();
        assert_eq!(back, Range::one_of("x", [json!("A"), Value::Null]));
    }

    #[test]
    fn drawn_amounts_stay_in_their_ranges_and_reach_both_ends() {
        let (example, ranges) = attack();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            let mut o = example.clone();
            draw(&mut o, &ranges, &mut rng);
            assert!(covers(&example, &ranges, &o), "{o}");
            seen.insert(o["full"]["attack"]["units"].as_u64().unwrap());
        }
        assert_eq!(seen, (1..=8).collect());
    }

    #[test]
    fn covers_holds_other_fields_to_the_example() {
        let (example, ranges) = attack();
        let o = json!({"full": {"attack": {"from": "BFT", "to": "CHS", "units": 3, "war": 4}}});
        assert!(covers(&example, &ranges, &o));
        let beyond =
            json!({"full": {"attack": {"from": "BFT", "to": "CHS", "units": 9, "war": 4}}});
        assert!(!covers(&example, &ranges, &beyond));
        let elsewhere =
            json!({"full": {"attack": {"from": "BFT", "to": "ORB", "units": 3, "war": 4}}});
        assert!(!covers(&example, &ranges, &elsewhere));
        let more = json!({"supply": [{"from": "A", "to": "B", "food": 1}],
            "full": {"attack": {"from": "BFT", "to": "CHS", "units": 3, "war": 4}}});
        assert!(!covers(&example, &ranges, &more));
        // A yes-or-no field the orders leave out when it is no.
        let back = json!({"full": {"attack": {"from": "BFT", "to": "CHS", "units": 3, "war": 1, "return_after": true}}});
        assert!(covers(&example, &ranges, &back));
    }

    #[test]
    fn a_list_of_open_length_grows_from_its_first_entry() {
        let example =
            json!({"full": {"march": {"from": "SAV", "groups": [{"to": "EBN", "units": 2}]}}});
        let ranges = vec![
            Range::amount("full.march.groups", 2, 3),
            Range::one_of(
                "full.march.groups[*].to",
                [json!("EBN"), json!("BFT"), json!("SUN")],
            ),
            Range::amount("full.march.groups[*].units", 1, 7),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut lengths = std::collections::BTreeSet::new();
        for _ in 0..100 {
            let mut o = example.clone();
            draw(&mut o, &ranges, &mut rng);
            assert!(covers(&example, &ranges, &o), "{o}");
            lengths.insert(o["full"]["march"]["groups"].as_array().unwrap().len());
        }
        assert_eq!(lengths, [2, 3].into_iter().collect());
        let four = json!({"full": {"march": {"from": "SAV", "groups": [
            {"to": "EBN", "units": 1}, {"to": "BFT", "units": 1}, {"to": "SUN", "units": 1}, {"to": "SUN", "units": 1}]}}});
        assert!(!covers(&example, &ranges, &four));
        let abroad = json!({"full": {"march": {"from": "SAV", "groups": [
            {"to": "EBN", "units": 1}, {"to": "CHS", "units": 1}]}}});
        assert!(!covers(&example, &ranges, &abroad));
        let with_leader = json!({"full": {"march": {"from": "SAV", "groups": [
            {"to": "EBN", "units": 1, "leader": true}, {"to": "BFT", "units": 1}]}}});
        assert!(
            !covers(&example, &ranges, &with_leader),
            "a field no range opens must be the example's"
        );
    }
}
