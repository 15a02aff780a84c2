//! The stroke font of [`SvgOptions::text_as_paths`](super::SvgOptions::text_as_paths):
//! every character the diagram writes, as strokes, so that renderers without text
//! (nanosvg) still show it; and the one writer of text, as `<text>` or as paths.

use super::esc;
use core::fmt::Write as _;

/// The strokes of each glyph, in a box 4 wide with the baseline at y = 6 (capitals and
/// digits 6 high, lower case 4, descenders to 8). Each stroke is a run of points and
/// each point two characters, x then y, in half units written in base 17 (`0`–`9`,
/// then `a` = 10 … `g` = 16): `"00800c"` is (0, 0), (4, 0), (0, 6). Strokes are
/// separated by spaces. A space and any character not listed draw nothing.
const GLYPHS: &[(char, &str)] = &[
    ('0', "00808c0c00"),
    ('1', "22404c 2c6c"),
    ('2', "008086060c8c"),
    ('3', "00808c0c 2686"),
    ('4', "000686 808c"),
    ('5', "800006868c0c"),
    ('6', "80000c8c8606"),
    ('7', "00803c"),
    ('8', "00808c0c00 0686"),
    ('9', "860600808c0c"),
    ('A', "0c408c 2666"),
    ('B', "000c6c8a886606 0060828466"),
    ('C', "826020020a2c6c8a"),
    ('D', "000c5c88845000"),
    ('E', "80000c8c 0666"),
    ('F', "80000c 0666"),
    ('G', "826020020a2c6c8a8646"),
    ('H', "000c 808c 0686"),
    ('I', "2060 404c 2c6c"),
    ('J', "808a6c2c0a"),
    ('K', "000c 80068c"),
    ('L', "000c8c"),
    ('M', "0c0046808c"),
    ('N', "0c008c80"),
    ('O', "2060828a6c2c0a0220"),
    ('P', "0c006082846606"),
    ('Q', "2060828a6c2c0a0220 598c"),
    ('R', "0c006082846606 468c"),
    ('S', "82602002042666888a6c2c0a"),
    ('T', "0080 404c"),
    ('U', "000a2c6c8a80"),
    ('V', "004c80"),
    ('W', "002c446c80"),
    ('X', "008c 800c"),
    ('Y', "004680 464c"),
    ('Z', "00800c8c"),
    ('a', "14848c0c0888"),
    ('b', "000c8c8404"),
    ('c', "84040c8c"),
    ('d', "808c0c0484"),
    ('e', "088884040c8c"),
    ('f', "8040222c 0565"),
    ('g', "8c0c04848g0g"),
    ('h', "000c 04848c"),
    ('i', "444c 4041"),
    ('j', "646f5g1g 6061"),
    ('k', "000c 8409 378c"),
    ('l', "20404c"),
    ('m', "0c04848c 444c"),
    ('n', "0c04848c"),
    ('o', "04848c0c04"),
    ('p', "0g04848c0c"),
    ('q', "8g84040c8c"),
    ('r', "0c04 062484"),
    ('s', "840408888c0c"),
    ('t', "303c7c 0474"),
    ('u', "040c8c84"),
    ('v', "044c84"),
    ('w', "042c476c84"),
    ('x', "048c 840c"),
    ('y', "040c8c 848g0g"),
    ('z', "04840c8c"),
    ('\'', "4043"),
    ('(', "6033396c"),
    (')', "2053592c"),
    ('+', "0686 424a"),
    (',', "4b4c3e"),
    ('-', "2868"),
    ('.', "4b4c"),
    (':', "4546 4b4c"),
    ('[', "60303c6c"),
    (']', "20505c2c"),
    ('\u{d7}', "147a 741a"),
];

/// The strokes of `c`: lists of points in glyph units.
fn strokes(c: char) -> impl Iterator<Item = impl Iterator<Item = (f32, f32)>> {
    let code = GLYPHS.iter().find(|(g, _)| *g == c).map_or("", |(_, s)| s);
    code.split(' ').filter(|s| !s.is_empty()).map(|stroke| {
        stroke.as_bytes().chunks(2).map(|p| {
            let half = |b: u8| (b as char).to_digit(17).unwrap_or(0) as f32 / 2.0;
            (half(p[0]), half(p[1]))
        })
    })
}

/// How a piece of text is placed and drawn.
#[derive(Copy, Clone)]
pub(super) struct TextStyle<'a> {
    /// Font size: capitals are 0.7 of it high, as in the sans-serif font.
    pub size: f32,
    pub fill: &'a str,
    pub bold: bool,
    /// Centred on x (else starting at x).
    pub centred: bool,
    /// A class for the element ("" for none).
    pub class: &'a str,
    /// Struck through (a checkmated seat's name).
    pub struck: bool,
    /// As paths, the widest the text may be (narrower glyphs beyond it); 0 for no
    /// limit. (`<text>` is left to the renderer's font.)
    pub max_width: f32,
}

impl TextStyle<'_> {
    /// A plain left-aligned style.
    pub(super) const fn plain(size: f32, fill: &str) -> TextStyle<'_> {
        TextStyle {
            size,
            fill,
            bold: false,
            centred: false,
            class: "",
            struck: false,
            max_width: 0.0,
        }
    }
}

/// Writes `text` at (`x`, `y`) (the baseline), as a `<text>` element or, with
/// `paths`, as one stroked `<path>` of the glyphs above.
pub(super) fn write_text(
    out: &mut String,
    text: &str,
    (x, y): (f32, f32),
    style: TextStyle<'_>,
    paths: bool,
) -> core::fmt::Result {
    let class = if style.class.is_empty() {
        String::new()
    } else {
        format!(r#" class="{}""#, style.class)
    };
    let TextStyle { size, fill, .. } = style;
    if !paths {
        let weight = if style.bold {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let anchor = if style.centred {
            r#" text-anchor="middle""#
        } else {
            ""
        };
        let decoration = if style.struck {
            r#" text-decoration="line-through""#
        } else {
            ""
        };
        let text = esc(text).replace('\u{d7}', "&#215;");
        return writeln!(
            out,
            r#"<text{class} x="{x:.1}" y="{y:.1}" font-size="{size:.1}"{weight}{anchor} fill="{fill}"{decoration}>{text}</text>"#
        );
    }
    // Capitals 0.7 of the size high; glyphs a little narrower than tall, as in the
    // sans-serif font the `<text>` asks for.
    let s = size * 0.7 / 6.0;
    let n = text.chars().count() as f32;
    let mut sx = s * 0.8;
    let mut width = (n * 6.0 - 2.0).max(0.0) * sx;
    if style.max_width > 0.0 && width > style.max_width {
        sx *= style.max_width / width;
        width = style.max_width;
    }
    let x0 = if style.centred { x - width / 2.0 } else { x };
    write!(out, r#"<path{class} d=""#)?;
    for (i, c) in text.chars().enumerate() {
        for stroke in strokes(c) {
            for (j, (gx, gy)) in stroke.enumerate() {
                let px = x0 + (i as f32 * 6.0 + gx) * sx;
                let py = y - (6.0 - gy) * s;
                write!(out, "{}{px:.1},{py:.1}", if j == 0 { 'M' } else { 'L' })?;
            }
        }
    }
    if style.struck {
        write!(
            out,
            "M{x0:.1},{:.1}L{:.1},{:.1}",
            y - 3.0 * s,
            x0 + width,
            y - 3.0 * s
        )?;
    }
    let weight = if style.bold { 0.11 } else { 0.08 };
    writeln!(
        out,
        r#"" fill="none" stroke="{fill}" stroke-width="{:.1}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        (size * weight).max(1.2)
    )
}

#[cfg(test)]
mod tests {
    use super::{strokes, GLYPHS};

    #[test]
    fn every_glyph_is_well_formed_and_listed_once() {
        for (i, (c, code)) in GLYPHS.iter().enumerate() {
            assert!(GLYPHS[..i].iter().all(|(d, _)| d != c), "{c:?} twice");
            for stroke in code.split(' ') {
                assert!(
                    stroke.len() >= 4 && stroke.len() % 2 == 0,
                    "{c:?}: {stroke}"
                );
                assert!(stroke.chars().all(|d| d.is_digit(17)), "{c:?}: {stroke}");
            }
            for stroke in strokes(*c) {
                for (x, y) in stroke {
                    assert!(
                        (0.0..=4.0).contains(&x) && (0.0..=8.0).contains(&y),
                        "{c:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_font_covers_ascii_letters_and_digits() {
        for c in ('a'..='z').chain('A'..='Z').chain('0'..='9') {
            assert!(strokes(c).next().is_some(), "{c:?} has no strokes");
        }
    }
}
