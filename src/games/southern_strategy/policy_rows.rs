//! A standing policy row by row (dice-protocol version 3, section 3.2): one row for the
//! defender of each area of the map (how an army there meets an attack, 10.1 and 10.3) and one
//! for the attacker's commitment once an attack is accepted (10.2). A result that uses the
//! policy reveals the one row its decision reads, so the other side learns how that army met
//! that attack and nothing of the rest.

use serde_json::Value;

use super::data::Data;
use super::orders::{AttackPolicy, BattlePolicy, Policy, PolicyAnswer};
use super::state::{Phase, Side, State};

/// The row of the attacker's commitment (10.2).
const ATTACK: &str = "attack";
/// The rows of the defenders, `battle.` and the area's id.
const BATTLE: &str = "battle.";

/// Every row, in the order of the commitment's tree: the attacker's, then each area's in the
/// map's order.
pub fn rows(data: &Data) -> Vec<String> {
    std::iter::once(ATTACK.to_string())
        .chain(data.map.areas.iter().map(|a| format!("{BATTLE}{}", a.id)))
        .collect()
}

/// What `policy` answers in each row: for an area, what `battle::policy_answer` reads for an
/// army attacked there, as the rules read the whole policy.
pub fn answers(data: &Data, policy: &Policy) -> Vec<Value> {
    fn to_value<T: serde::Serialize>(v: Option<&T>) -> Value {
        v.map_or(Value::Null, |v| {
            serde_json::to_value(v).unwrap_or(Value::Null)
        })
    }
    std::iter::once(to_value(policy.attack.as_ref()))
        .chain(
            data.map
                .areas
                .iter()
                .map(|area| to_value(super::battle::policy_answer(data, &policy.battle, &area.id))),
        )
        .collect()
}

/// The row the decision `st` waits for reads, when it waits for `side` at a decision a policy
/// answers (`POLICY_DECISIONS`): the defender's at an attack, the attacker's commitment.
pub fn row_at(st: &State, side: Side) -> Option<String> {
    match &st.phase {
        Phase::Battle { attack, .. } if attack.side.other() == side => {
            Some(format!("{BATTLE}{}", attack.to))
        }
        Phase::Commit { attack, .. } if attack.side == side => Some(ATTACK.to_string()),
        _ => None,
    }
}

/// A policy holding only the answers of `rows`.
pub fn policy_of(data: &Data, rows: &[(String, Value)]) -> Result<Policy, String> {
    let mut policy = Policy {
        battle: BattlePolicy::default(),
        attack: None,
    };
    for (name, answer) in rows {
        let bad = |e: serde_json::Error| format!("row `{name}` holds no answer of this game: {e}");
        if answer.is_null() {
            continue;
        }
        if name == ATTACK {
            policy.attack =
                Some(serde_json::from_value::<AttackPolicy>(answer.clone()).map_err(bad)?);
        } else if let Some(area) = name.strip_prefix(BATTLE).and_then(|id| data.find_area(id)) {
            let answer = serde_json::from_value::<PolicyAnswer>(answer.clone()).map_err(bad)?;
            policy.battle.armies.insert(area.id.to_string(), answer);
        } else {
            return Err(format!("`{name}` is not a row of this game's policies"));
        }
    }
    Ok(policy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::southern_strategy::orders::Refuse;

    fn data() -> Data {
        crate::games::southern_strategy::test_data()
    }

    /// For every area, the policy of its row alone answers an attack there as the whole policy
    /// does: a named area by its own answer (by id or by name), the others by the default.
    #[test]
    fn one_row_answers_as_the_whole_policy() {
        let data = data();
        let written: Value = serde_yaml::from_str(
            "battle:\n  default: {accept: {commit: match}}\n  armies:\n    CHS: {refuse: {to: GEO}}\n    Camden: {accept: {commit: 2, retreat: [SBY]}}\nattack: {commit: all}\n",
        )
        .unwrap();
        let policy: Policy = serde_json::from_value(written).unwrap();
        let names = rows(&data);
        let answers = answers(&data, &policy);
        assert_eq!(names.len(), answers.len());
        assert_eq!(names.len(), data.map.areas.len() + 1);
        for (name, answer) in names.iter().zip(&answers) {
            let one = policy_of(&data, &[(name.clone(), answer.clone())]).unwrap();
            if name == ATTACK {
                assert_eq!(one.attack, policy.attack);
                assert!(one.battle.armies.is_empty());
                continue;
            }
            let id = name.strip_prefix(BATTLE).unwrap();
            let got = one.battle.armies.get(id).cloned();
            let want = match id {
                "CHS" => Some(PolicyAnswer::Refuse(Refuse {
                    to: "GEO".into(),
                    food: 0,
                    war: 0,
                })),
                id if data.area(id).name == "Camden" => policy.battle.armies.get("Camden").cloned(),
                _ => policy.battle.default.clone(),
            };
            assert_eq!(got, want, "{name}");
            assert_eq!(one.attack, None, "{name}");
        }
    }

    #[test]
    fn a_row_that_is_not_the_games_is_refused() {
        let data = data();
        let e = policy_of(
            &data,
            &[(
                "battle.NOWHERE".into(),
                serde_json::json!({"refuse": {"to": "GEO"}}),
            )],
        );
        assert!(e.unwrap_err().contains("not a row"));
        let e = policy_of(
            &data,
            &[("attack".into(), serde_json::json!({"commit": "some"}))],
        );
        assert!(e.unwrap_err().contains("row `attack`"));
    }
}
