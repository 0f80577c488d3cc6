//! Rolling against a value (6.2): the die or dice, their modifiers, the natural 1 and 6 (or
//! 2 and 12) that always fail and always pass (6.2.2), and the Rebel Yell re-roll.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::orders::err;
use super::readings::RollModifiers;
use super::script::{Ctx, Run};
use super::state::{Question, State};

/// How a result compares with the value rolled against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Versus {
    Above,
    Equal,
    Below,
}

impl Versus {
    pub fn passed(self) -> bool {
        self == Versus::Above
    }
}

/// One die roll modifier and where it comes from (6.2.2), for the report: `Lee's Battle DRM`,
/// `2 Northern Invasions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub drm: i32,
    pub why: String,
}

impl Modifier {
    pub fn new(drm: i32, why: &str) -> Modifier {
        Modifier {
            drm,
            why: why.into(),
        }
    }

    /// No modifier.
    pub fn none() -> Modifier {
        Modifier::new(0, "")
    }
}

pub struct Test<'a> {
    pub rule: &'a str,
    /// What is rolled, for the report: `Lee's Initiative Roll`.
    pub what: String,
    pub against: i32,
    /// The sum of the modifiers.
    pub drm: i32,
    /// The modifiers one by one (`plus`), none of them 0; their sum is `drm`.
    pub parts: Vec<Modifier>,
    /// One die or two.
    pub dice: usize,
    /// A Confederate roll in a month, which Rebel Yell may re-roll.
    pub rerollable: bool,
    /// A tie already counts as a success (a battle with European Munitions out, 16.4), so
    /// Rebel Yell is not offered for it.
    pub tie_wins: bool,
}

impl<'a> Test<'a> {
    /// A roll of one die against `against`, unmodified until `plus` adds modifiers.
    pub fn one(rule: &'a str, what: String, against: i32) -> Self {
        Test {
            rule,
            what,
            against,
            drm: 0,
            parts: Vec::new(),
            dice: 1,
            rerollable: false,
            tie_wins: false,
        }
    }

    /// Adds the modifier `drm` from `why` (`why` is worded only when `drm` is not 0).
    pub fn plus(mut self, drm: i32, why: impl FnOnce() -> String) -> Self {
        if drm != 0 {
            self.drm += drm;
            self.parts.push(Modifier { drm, why: why() });
        }
        self
    }

    /// Adds the modifiers `parts`.
    pub fn with(self, parts: &[Modifier]) -> Self {
        parts
            .iter()
            .fold(self, |t, m| t.plus(m.drm, || m.why.clone()))
    }

    pub fn two(rule: &'a str, what: String, against: i32) -> Self {
        Test {
            dice: 2,
            ..Test::one(rule, what, against)
        }
    }

    pub fn confederate(mut self) -> Self {
        self.rerollable = true;
        self
    }
}

/// 6.2.2: the naturals decide before any modifier.
fn compare(faces: &[i32], result: i32, against: i32) -> Versus {
    let sum: i32 = faces.iter().sum();
    let (low, high) = if faces.len() == 2 { (2, 12) } else { (1, 6) };
    if sum == low {
        return Versus::Below;
    }
    if sum == high {
        return Versus::Above;
    }
    match result.cmp(&against) {
        Ordering::Greater => Versus::Above,
        Ordering::Equal => Versus::Equal,
        Ordering::Less => Versus::Below,
    }
}

/// Rolls the test; a Confederate roll short of success may be re-rolled with the Rebel
/// Yell card, at no modifier, after which the card goes to next year's stack (5.1).
pub fn roll(st: &mut State, ctx: &mut Ctx, t: Test) -> Run<(i32, Versus)> {
    roll_with_first(st, ctx, t).map(|(result, versus, _)| (result, versus))
}

/// `roll`, with how the first roll went against its value as well: the roll the modifiers
/// applied to, where Rebel Yell then re-rolled without them (9.7 reads it, L43).
pub fn roll_with_first(st: &mut State, ctx: &mut Ctx, t: Test) -> Run<(i32, Versus, Versus)> {
    let why = format!("{} {}", t.rule, t.what);
    let faces = ctx.roll(t.dice, &why);
    let result = faces.iter().sum::<i32>() + t.drm;
    let versus = compare(&faces, result, t.against);
    // L52: the modifiers are named from the seventh edition on; the records of games begun
    // before hold the total only, and replay as they were made.
    let modifiers = match ctx.data.tables.readings.roll_modifiers {
        RollModifiers::Total => Vec::new(),
        RollModifiers::Named => t.parts.clone(),
    };
    ctx.event(Event::Roll {
        rule: t.rule.into(),
        what: t.what.clone(),
        dice: faces,
        drm: t.drm,
        modifiers,
        result,
        against: t.against,
        versus,
    });
    let succeeded = versus == Versus::Above || (t.tie_wins && versus == Versus::Equal);
    if !t.rerollable || succeeded || st.rebel_yell.is_none() {
        return Ok((result, versus, versus));
    }
    let answer = ctx.ask(Question::Reroll {
        roll: t.what.clone(),
        result: format!("{result} against {}", t.against),
    })?;
    if answer.reroll != Some(true) {
        return Ok((result, versus, versus));
    }
    let first = versus;
    let card = st.rebel_yell.take().expect("checked above");
    let next = st.year + 1;
    st.stacks.entry(next).or_default().push(card.clone());
    let faces = ctx.roll(t.dice, &format!("{why} (Rebel Yell)"));
    let result = faces.iter().sum::<i32>();
    let versus = compare(&faces, result, t.against);
    ctx.event(Event::RebelYell {
        card,
        what: t.what,
        dice: faces,
        result,
        against: t.against,
        versus,
    });
    Ok((result, versus, first))
}

/// An answer that names something the question did not offer.
pub fn not_offered(rule: &str, key: &str, what: &str, offered: &[String]) -> super::script::Stop {
    super::script::Stop::Illegal(err(
        rule,
        format!(
            "`{what}` is not one of the choices here: {}",
            crate::engine::error::listed(offered, "or")
        ),
        key,
    ))
}
