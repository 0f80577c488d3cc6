//! Threads (issue 16, fault 6): one subject a game, a Message-ID on every mail, each mail
//! answering the previous step's, and `.eml` drafts marked unsent.

use std::path::Path;

use crate::mail::{crown_packet, patriot_ingests_and_verifies};
use crate::support::*;

/// The headers of a message, unfolded, by lower-case name.
fn header(raw: &str, name: &str) -> Option<String> {
    let head = raw.split("\r\n\r\n").next().unwrap().replace("\r\n ", " ");
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

/// `send --via eml:EML` from `dir`; the message's text (`eml` may be absolute).
pub(crate) fn send_eml(dir: &Path, packet: &Path, eml: &str) -> String {
    ok(
        dir,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            &format!("eml:{eml}"),
        ],
    );
    read(&dir.join(eml))
}

#[test]
fn each_mail_answers_the_previous_step_in_one_thread() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let first = send_eml(&c, &packet, "1.eml");
    let id1 = header(&first, "Message-ID").expect("a Message-ID");
    assert!(
        id1.starts_with("<adjutant.ss-test-send.1.crown.") && id1.ends_with("@example.org>"),
        "{id1}"
    );
    assert_eq!(header(&first, "X-Unsent").as_deref(), Some("1"), "a draft");
    assert_eq!(
        header(&first, "In-Reply-To"),
        None,
        "the first mail of the game"
    );
    // The same packet again is the same message.
    let again = send_eml(&c, &packet, "1-again.eml");
    assert_eq!(header(&again, "Message-ID"), Some(id1.clone()));
    // The Patriot takes it in, and answers with its own step.
    patriot_ingests_and_verifies(&g, &c.join("1.eml"));
    let p = g.side_dir("patriot");
    assert!(read(&p.join("game.mail.yaml")).contains(&id1));
    let reply = g.send("patriot", "p1", "supply: []\n");
    let second = send_eml(&p, &reply, "2.eml");
    let id2 = header(&second, "Message-ID").unwrap();
    assert_ne!(id2, id1);
    assert_eq!(header(&second, "In-Reply-To"), Some(id1.clone()));
    assert_eq!(header(&second, "References"), Some(id1.clone()));
    let subject = header(&second, "Subject").unwrap();
    assert!(
        subject.starts_with("[adjutant ss-test-send] step 2: Patriot's"),
        "{subject}"
    );
    // And back: the Crown's next mail answers the Patriot's.
    ok(
        &c,
        &[
            "ingest",
            p.join("2.eml").to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
    );
    let thread = read(&c.join("game.mail.yaml"));
    assert!(thread.contains(&id1) && thread.contains(&id2), "{thread}");
}

/// Mail headers are not signed, so the opponent's mail may carry any Message-ID. One far
/// longer than a header line may be (998 characters, RFC 5322 2.1.1) was noted in the thread
/// and put in `In-Reply-To` and `References` of every later mail, which a mail server refuses
/// ("line too long"): every later `send` failed. An id no mail system makes is not noted.
#[test]
fn a_hostile_message_id_is_not_carried_into_later_mail() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let first = send_eml(&c, &packet, "1.eml");
    let id1 = header(&first, "Message-ID").unwrap();
    let long = format!("<{}@example.org>", "x".repeat(3000));
    write(&c, "1.eml", &first.replacen(&id1, &long, 1));
    patriot_ingests_and_verifies(&g, &c.join("1.eml"));
    let p = g.side_dir("patriot");
    let thread = std::fs::read_to_string(p.join("game.mail.yaml")).unwrap_or_default();
    assert!(!thread.contains("xxxxxxxxxx"), "{thread}");
    let reply = g.send("patriot", "p1", "supply: []\n");
    let second = send_eml(&p, &reply, "2.eml");
    assert!(second.lines().all(|l| l.len() <= 998), "{second}");
    assert_eq!(header(&second, "In-Reply-To"), None);
}
