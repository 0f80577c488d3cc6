//! The worked example of protocol version 2 in `docs/dice-protocol.md` ("Worked example
//! (version 2)"), with version 3's policy rows: every value there is computed here with the
//! library and compared, by label, with the doc, so the doc cannot drift from the code.

use std::collections::BTreeMap;

use adjutant::engine::canon::{sha256, to_hex};
use adjutant::engine::chain;
use adjutant::engine::dice::{Dice, KeyedDice};
use adjutant::engine::policy_rows;
use adjutant::engine::secrets::Secret;
use adjutant::engine::sign;

use crate::support::root;

const ID: &str = "kat-0002";
const N: u64 = 16;

/// The values of the worked example, by the label the doc gives each, in the doc's order.
fn computed() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |label: &str, value: String| out.push((label.to_string(), value));
    put("game id", ID.to_string());
    put("chain length", N.to_string());
    let party = |name: &str| {
        let seed = sha256(format!("adjutant kat seed {name}").as_bytes());
        (seed, Secret::from_seed(ID, name, N, &seed, false))
    };
    let t1 = sha256(format!("{ID} record 1").as_bytes());
    let mut x1 = BTreeMap::new();
    for name in ["crown", "patriot", "witness"] {
        let (seed, secret) = party(name);
        let key = sign::signing_key(ID, name, &seed);
        assert_eq!(
            key.to_bytes(),
            secret.signing_key().unwrap().to_bytes(),
            "the secret derives the same signing key"
        );
        put(&format!("seed {name}"), to_hex(&seed));
        put(&format!("anchor {name}"), to_hex(&secret.anchor().unwrap()));
        put(&format!("secret key {name}"), to_hex(&key.to_bytes()));
        put(&format!("public key {name}"), sign::public_hex(&key));
        put(
            &format!("public line {name}"),
            secret.public_line().unwrap(),
        );
        let x = secret.element(1).unwrap();
        assert!(chain::reveal_is_valid(
            ID,
            name,
            1,
            &x,
            &secret.anchor().unwrap()
        ));
        put(&format!("x1 {name}"), to_hex(&x));
        x1.insert(name, x);
    }
    put("T_1 (given)", to_hex(&t1));

    // Crown sends record 1 (hash T_1) and signs it.
    let (crown_seed, _) = party("crown");
    let crown = sign::signing_key(ID, "crown", &crown_seed);
    let message = sign::record_message(ID, &t1);
    let sig = sign::sign(&crown, &message);
    let public = sign::parse_public(&sign::public_hex(&crown)).unwrap();
    assert!(sign::verify(&public, &message, &sig));
    put("record message", to_hex(&message));
    put("record sig crown", sig);

    // Patriot adjudicates step 1 with its x1.
    let k1 = chain::step_key(ID, 1, &t1, &x1["patriot"]);
    put("K_1 (x1 patriot)", to_hex(&k1));
    let mut dice = KeyedDice::new(&k1);
    let faces = dice.d6(6, "worked example");
    let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
    put("first 6 dice", faces.join(" "));

    // In a solitaire game the witness answers T_1 with its element 1, signed.
    let (witness_seed, _) = party("witness");
    let witness = sign::signing_key(ID, "witness", &witness_seed);
    let message = sign::answer_message(ID, 1, &t1, &x1["witness"]);
    let sig = sign::sign(&witness, &message);
    let public = sign::parse_public(&sign::public_hex(&witness)).unwrap();
    assert!(sign::verify(&public, &message, &sig));
    put("answer message", to_hex(&message));
    put("answer sig", sig);
    put(
        "K_1 (x1 witness)",
        to_hex(&chain::step_key(ID, 1, &t1, &x1["witness"])),
    );

    // Version 3's policy rows (section 3.2), for three rows of which the second is revealed.
    let salt = sha256(format!("{ID} policy salt").as_bytes());
    put("policy salt (given)", to_hex(&salt));
    let names: Vec<String> = ["attack", "battle.A", "battle.B"]
        .map(String::from)
        .to_vec();
    let answers = vec![
        serde_json::Value::Null,
        serde_json::json!({"refuse": {"to": "B"}}),
        serde_json::json!({"accept": {"commit": "all"}}),
    ];
    let rows = policy_rows::Rows::new(&to_hex(&salt), names.clone(), answers).unwrap();
    put("policy commitment", to_hex(&rows.root()));
    let row = rows.reveal("battle.A").unwrap();
    assert_eq!(policy_rows::root_of(&row, &names), Ok(rows.root()));
    put("row salt battle.A", row.salt.clone());
    put("path battle.A", row.path.join(" "));
    out
}

/// The `label  value` lines of the first code block after the heading "Worked example (version
/// 2)". A label ends at the first run of two spaces; a line that starts with a space continues
/// the value above. Values are compared with their spaces removed.
fn documented(doc: &str) -> Vec<(String, String)> {
    let mut lines = doc
        .lines()
        .skip_while(|l| !(l.starts_with('#') && l.contains("Worked example (version 2)")));
    assert!(
        lines.next().is_some(),
        "docs/dice-protocol.md has no heading \"Worked example (version 2)\""
    );
    let mut lines = lines.skip_while(|l| !l.starts_with("```")).skip(1);
    let mut out: Vec<(String, String)> = Vec::new();
    for line in lines.by_ref() {
        if line.starts_with("```") {
            return out;
        }
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with(' ') {
            let last = out
                .last_mut()
                .unwrap_or_else(|| panic!("a continuation line before any label: {line:?}"));
            last.1.push_str(line.trim());
            continue;
        }
        let (label, value) = line
            .split_once("  ")
            .unwrap_or_else(|| panic!("not a `label  value` line: {line:?}"));
        out.push((label.trim().to_string(), value.trim().to_string()));
    }
    panic!("the worked example's code block is not closed");
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_worked_example_in_the_docs_is_what_the_code_computes() {
    let values = computed();
    for (label, value) in &values {
        println!("{label:<20}{value}");
    }
    let doc = std::fs::read_to_string(root().join("docs/dice-protocol.md")).unwrap();
    let written = documented(&doc);
    let written_labels: Vec<&str> = written.iter().map(|(l, _)| l.as_str()).collect();
    let labels: Vec<&str> = values.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        written_labels, labels,
        "the doc's worked example lists other labels, or in another order"
    );
    for ((label, doc_value), (_, value)) in written.iter().zip(&values) {
        assert_eq!(
            squeeze(doc_value),
            squeeze(value),
            "`{label}` in docs/dice-protocol.md is not what the code computes"
        );
    }
}
