//! Every piece image must be recognisable alone at 20 px: within each built-in variant, no two
//! piece kinds may look alike when the standalone White image is rasterized at 20 x 20.
//!
//! Metric: each kind's standalone White image (`standalone_svg(image, true)`, the text of
//! `static/pieces/NAME.svg`) is rendered by resvg at 20 x 20 pixels over a mid-grey (#808080)
//! background; each pixel's luminance is L = (0.2126 R + 0.7152 G + 0.0722 B) / 255; the
//! distance of two images is the mean over the 400 pixels of |L_A - L_B|. Two kinds of one
//! variant sharing an image (after aliases) is a failure in itself. resvg is built without its
//! text feature, so the generic image's letter is not drawn; every built-in kind has a drawing.
//!
//! Run with `--nocapture` to see the closest pairs of every variant (for calibrating
//! [`MIN_DISTANCE`]); set `PLYPOST_PIECES_PNG=DIR` to also write every image at 20 and 60 px as
//! PNG files into DIR, for looking at them.
use plypost_board::{canonical_image, standalone_svg};
use plypost_rules::Variant;
use resvg::tiny_skia::{Color, Pixmap, Transform};

/// Side of the small rendering, in pixels.
const SMALL_PX: u32 = 20;

/// The smallest distance allowed between two kinds of one variant at 20 px (0 = the same
/// picture, 1 = white against black everywhere). 0.035 is about 16 of the 400 pixels going from
/// the light body to the dark outline (a 4 x 4 patch), or 29 going from the grey background to
/// the body: a difference of silhouette or of a large inner shape, not of a small badge. The
/// closest orthodox pieces, Bishop and Pawn, are 0.039 apart (King and Queen 0.043); the old
/// compounds of a Knight beside a small piece were 0.022-0.034 apart, and pieces marked only by
/// a small crown or badge (Nightpotentate, Camelpotentate, Wildeguard) 0.009-0.013 from the
/// plain piece.
const MIN_DISTANCE: f64 = 0.035;

/// How many of the closest pairs of each variant `--nocapture` shows.
const SHOWN: usize = 4;

/// The luminance of each pixel of `svg` rendered at `px` x `px` over #808080, row by row; the
/// pixmap too, for writing PNG files.
fn render(svg: &str, px: u32) -> (Vec<f64>, Pixmap) {
    // The images are our own generated SVG: a parse failure is a bug the test should report.
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("unparsable SVG: {e}\n{svg}"));
    let mut pixmap = Pixmap::new(px, px).expect("non-zero size");
    pixmap.fill(Color::from_rgba8(0x80, 0x80, 0x80, 0xff));
    let scale = px as f32 / tree.size().width();
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let lum = pixmap
        .pixels()
        .iter()
        .map(|p| {
            // Opaque background, so premultiplied equals straight colour; demultiply anyway.
            let c = p.demultiply();
            (0.2126 * f64::from(c.red())
                + 0.7152 * f64::from(c.green())
                + 0.0722 * f64::from(c.blue()))
                / 255.0
        })
        .collect();
    (lum, pixmap)
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>() / a.len() as f64
}

#[test]
fn kinds_of_a_variant_differ_at_20_px() {
    let png_dir = std::env::var_os("PLYPOST_PIECES_PNG").map(std::path::PathBuf::from);
    let mut failures = Vec::new();
    for &variant_name in Variant::builtin_names() {
        let variant = Variant::builtin(variant_name).expect("built-in variant loads");
        // (kind name, image name, luminances)
        let kinds: Vec<(&str, String, Vec<f64>)> = variant
            .pieces()
            .iter()
            .map(|k| {
                let image = canonical_image(&k.image).unwrap_or(&k.image).to_string();
                let svg = standalone_svg(&image, true);
                let (lum, small) = render(&svg, SMALL_PX);
                if let Some(dir) = &png_dir {
                    std::fs::create_dir_all(dir).expect("PNG directory");
                    let (_, big) = render(&svg, 3 * SMALL_PX);
                    for (pixmap, px) in [(&small, SMALL_PX), (&big, 3 * SMALL_PX)] {
                        let path = dir.join(format!("{image}-{px}.png"));
                        pixmap.save_png(&path).expect("PNG written");
                    }
                }
                (k.name.as_str(), image, lum)
            })
            .collect();
        let mut pairs = Vec::new();
        for (i, (name_a, image_a, lum_a)) in kinds.iter().enumerate() {
            for (name_b, image_b, lum_b) in &kinds[i + 1..] {
                let d = distance(lum_a, lum_b);
                let pair = format!("{name_a} ({image_a}) / {name_b} ({image_b})");
                if image_a == image_b {
                    failures.push(format!("{variant_name}: {pair} share one image"));
                } else if d < MIN_DISTANCE {
                    failures.push(format!("{variant_name}: {pair}: {d:.4}"));
                }
                pairs.push((d, pair));
            }
        }
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let closest: Vec<String> = pairs
            .iter()
            .take(SHOWN)
            .map(|(d, p)| format!("{d:.4} {p}"))
            .collect();
        println!("{variant_name}: {}", closest.join("; "));
    }
    assert!(
        failures.is_empty(),
        "{} pair(s) of piece images closer than {MIN_DISTANCE} at {SMALL_PX} px:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
