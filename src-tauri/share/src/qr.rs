//! The link as a QR code, so players join by pointing their phone's camera at the GM's screen.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// What the renderer puts first, for a standalone file; inside a page it would be noise.
const XML_DECLARATION: &str = r#"<?xml version="1.0" standalone="yes"?>"#;

/// `text` as a QR code in SVG: black modules on white with the standard quiet zone, 8 units a
/// module, with a `viewBox` so the window can scale it. No XML declaration, so it can be put
/// straight into a page. Medium error correction survives a screen's glare
/// without making the code too dense for a phone across the table.
///
/// A text too long for any QR code (over ~2 KB, far beyond a link) gives an SVG that says so.
pub fn qr_svg(text: &str) -> String {
    match QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M) {
        Ok(code) => code
            .render::<svg::Color<'_>>()
            .quiet_zone(true)
            .module_dimensions(8, 8)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build()
            .trim_start_matches(XML_DECLARATION)
            .to_owned(),
        Err(_) => String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 20"><text x="0" y="15">link too long for a QR code</text></svg>"#,
        ),
    }
}
