//! The pieces of the HTML replay viewer that are not templates: boards as data addresses, a
//! step's events as list items, the dice chart's geometry, and the script's hash for the
//! page's content security policy. Nothing here reaches the network: the page must open from
//! disk with everything it shows inside it.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::stats::Tally;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (RFC 4648 section 4).
pub fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(BASE64[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A board picture as an image address inside the page. A picture shown as an image runs no
/// script and cannot reach into the page, whatever its text holds.
pub fn svg_data_uri(svg: &str) -> String {
    format!("data:image/svg+xml;base64,{}", base64(svg.as_bytes()))
}

/// The `'sha256-...'` source that lets exactly this inline script run under the page's
/// content security policy, and no script added to the page by anything else.
pub fn script_hash(script: &str) -> String {
    format!("'sha256-{}'", base64(&Sha256::digest(script.as_bytes())))
}

/// An event as the events template words it, as a list item: its first line, and the lines
/// it indents below (a march's groups) as a sub-list.
pub fn event_item(text: &str) -> Value {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or_default();
    json!({"text": first, "sub": lines.collect::<Vec<_>>()})
}

/// Drawing size of one side's dice chart, in SVG units.
const CHART_WIDTH: f64 = 230.0;
const PLOT_TOP: f64 = 40.0;
const PLOT_HEIGHT: f64 = 100.0;
const BAR_LEFT: f64 = 22.0;
const BAR_STEP: f64 = 32.0;
const BAR_WIDTH: f64 = 24.0;

fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// One chart of the d6 faces against the count a fair die would give, for each side's rolls
/// (and all dice, when more than one side rolled): bars and the expected line already placed,
/// so the template only draws.
pub fn dice_charts(tallies: &[Tally]) -> Value {
    let totals: Vec<&Tally> = tallies
        .iter()
        .filter(|t| t.reason == "all rolls" && t.dice > 0)
        .collect();
    let sides = totals.iter().filter(|t| t.side != "all").count();
    let shown: Vec<&Tally> = totals
        .into_iter()
        .filter(|t| t.side != "all" || sides != 1)
        .collect();
    let charts: Vec<Value> = shown
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let expected = t.dice as f64 / 6.0;
            let top = t.faces.iter().copied().max().unwrap_or(0) as f64;
            let top = top.max(expected).max(1.0);
            let bottom = PLOT_TOP + PLOT_HEIGHT;
            let bars: Vec<Value> = t
                .faces
                .iter()
                .enumerate()
                .map(|(f, &n)| {
                    let h = r1(n as f64 / top * PLOT_HEIGHT);
                    json!({"face": f + 1, "count": n, "x": r1(BAR_LEFT + f as f64 * BAR_STEP),
                           "y": r1(bottom - h), "height": h, "width": BAR_WIDTH,
                           "middle": r1(BAR_LEFT + f as f64 * BAR_STEP + BAR_WIDTH / 2.0)})
                })
                .collect();
            json!({
                "side": t.side,
                "dice": t.dice,
                "mean": r2(t.mean),
                "chi_square": r2(t.chi_square),
                // Under 30 dice the chart says "too few", as the statistics report does.
                "enough": t.enough,
                "expected": r2(expected),
                "expected_y": r1(bottom - expected / top * PLOT_HEIGHT),
                "x": r1(i as f64 * CHART_WIDTH),
                "bottom": bottom,
                "right": r1(BAR_LEFT + 5.0 * BAR_STEP + BAR_WIDTH + 4.0),
                "bars": bars,
            })
        })
        .collect();
    json!({
        "charts": charts,
        "width": r1((charts.len().max(1)) as f64 * CHART_WIDTH),
        // Room for the face numbers and two lines of caption, each within the chart's width.
        "height": PLOT_TOP + PLOT_HEIGHT + 54.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_test_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain:?}");
        }
    }

    #[test]
    fn a_script_hash_is_the_csp_form_of_its_sha256() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            script_hash("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
    }

    #[test]
    fn an_indented_line_of_an_event_is_a_sub_item() {
        let e = event_item(
            "Crown marches from Savannah:\n      2 units to Augusta\n      1 unit stays",
        );
        assert_eq!(e["text"], "Crown marches from Savannah:");
        assert_eq!(e["sub"], json!(["2 units to Augusta", "1 unit stays"]));
        assert_eq!(event_item("One line.")["sub"], json!([]));
    }

    #[test]
    fn the_chart_scales_the_tallest_bar_to_the_plot_and_draws_the_expected_count() {
        let t = |side: &str, faces: [u64; 6]| Tally {
            side: side.into(),
            reason: "all rolls".into(),
            dice: faces.iter().sum(),
            faces,
            mean: 3.5,
            chi_square: 0.0,
            enough: false,
        };
        let c = dice_charts(&[t("crown", [0, 0, 0, 0, 0, 3]), t("all", [0, 0, 0, 0, 0, 3])]);
        // One side only: its chart, not a second copy as "all".
        assert_eq!(c["charts"].as_array().unwrap().len(), 1);
        let chart = &c["charts"][0];
        assert_eq!(chart["bars"][5]["height"], json!(PLOT_HEIGHT));
        assert_eq!(chart["bars"][0]["height"], json!(0.0));
        // Three dice: half a die expected on each face, a sixth of the tallest bar.
        assert_eq!(chart["expected"], json!(0.5));
        let want = r1(PLOT_TOP + PLOT_HEIGHT - PLOT_HEIGHT / 6.0);
        assert_eq!(chart["expected_y"], json!(want));
        // Three dice give no chi-square worth printing (under 30).
        assert_eq!(chart["enough"], json!(false));
        let two = dice_charts(&[
            t("crown", [1, 0, 0, 0, 0, 0]),
            t("patriot", [0, 1, 0, 0, 0, 0]),
            t("all", [1, 1, 0, 0, 0, 0]),
        ]);
        assert_eq!(two["charts"].as_array().unwrap().len(), 3);
    }
}
