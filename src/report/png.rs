//! The board picture as PNG: the SVG drawn in process by resvg with the one font adjutant
//! ships, so the picture is the same on every machine and in every mail client.

use resvg::{tiny_skia, usvg};

use crate::engine::Error;

/// The font family every board template names, so the SVG and the PNG show the same letters.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// DejaVu Sans (Bitstream Vera licence, `templates/fonts/LICENSE-DejaVu.txt`), built in so no
/// system font decides how the picture looks.
const FONT: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans.ttf");

/// Pixels per SVG unit: twice the picture's size, so its small labels stay sharp when a mail
/// client or a forum shrinks it to fit.
pub const SCALE: f32 = 2.0;

/// Draws `svg` (the rendered template `template`, named in errors) as PNG bytes.
///
/// # Errors
/// The SVG does not parse, or has no size to draw.
pub fn svg_to_png(svg: &str, template: &str) -> Result<Vec<u8>, Error> {
    let fail = |message: String| Error::Report {
        template: template.to_string(),
        message,
    };
    let mut opt = usvg::Options {
        font_family: FONT_FAMILY.into(),
        ..Default::default()
    };
    let db = opt.fontdb_mut();
    db.load_font_data(FONT.to_vec());
    // Whatever family a template names, only the shipped font can be chosen.
    db.set_sans_serif_family(FONT_FAMILY);
    db.set_serif_family(FONT_FAMILY);
    db.set_monospace_family(FONT_FAMILY);
    let tree = usvg::Tree::from_str(svg, &opt)
        .map_err(|e| fail(format!("the picture is not valid SVG: {e}")))?;
    let size = tree.size().to_int_size().scale_by(SCALE).ok_or_else(|| {
        fail(format!(
            "the picture's size {}x{} cannot be drawn",
            tree.size().width(),
            tree.size().height()
        ))
    })?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        fail(format!(
            "the picture's size {}x{} cannot be drawn",
            size.width(),
            size.height()
        ))
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(SCALE, SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| fail(format!("cannot encode the picture as PNG: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_with_text_is_drawn_at_twice_its_size() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#fff"/><text x="2" y="15" font-size="14" font-family="DejaVu Sans">Ab</text></svg>"##;
        let png = svg_to_png(svg, "t.svg").unwrap();
        let pix = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((pix.width(), pix.height()), (80, 40));
        // The text drew dark pixels on the white ground: the shipped font was found.
        assert!(pix.pixels().iter().any(|p| p.red() < 100));
    }

    #[test]
    fn broken_svg_names_the_template() {
        let e = svg_to_png("<svg", "x/board.svg").unwrap_err().to_string();
        assert!(
            e.contains("x/board.svg") && e.contains("not valid SVG"),
            "{e}"
        );
    }
}
