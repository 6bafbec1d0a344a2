//! The QR code reads back as the link, by a decoder that shares nothing with the encoder.

use rollbook_share::qr_svg;

/// Paints the SVG's dark rectangles (the renderer's `M{x} {y}h{w}v{h}H{x}V{y}` runs) onto a white
/// greyscale canvas the size of its `viewBox`.
fn paint(svg: &str) -> (usize, usize, Vec<u8>) {
    let number_after = |text: &str, key: &str| -> usize {
        let start = text.find(key).unwrap() + key.len();
        let digits: String = text[start..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().unwrap()
    };
    let (width, height) = (
        number_after(svg, "width=\""),
        number_after(svg, "height=\""),
    );
    let mut pixels = vec![255u8; width * height];
    let path = svg
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    for rect in path.split('M').filter(|rect| !rect.is_empty()) {
        let numbers: Vec<usize> = rect
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(|n| n.parse().unwrap())
            .collect();
        let [left, top, w, h, ..] = numbers[..] else {
            panic!("unexpected path segment {rect}")
        };
        for y in top..top + h {
            for x in left..left + w {
                pixels[y * width + x] = 0;
            }
        }
    }
    (width, height, pixels)
}

#[test]
fn the_qr_code_decodes_back_to_the_link() {
    for link in [
        "http://192.168.1.23:8080/p/0123456789abcdef0123456789abcdef/",
        "http://[fe80::1ff:fe23:4567:890a]:49152/p/ffffffffffffffffffffffffffffffff/",
    ] {
        let svg = qr_svg(link);
        assert!(
            svg.starts_with("<svg"),
            "ready to put into a page: {}",
            &svg[..40]
        );
        let (width, height, pixels) = paint(&svg);
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
            pixels[y * width + x]
        });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1);
        let (_, content) = grids[0].decode().unwrap();
        assert_eq!(content, link);
    }
}
