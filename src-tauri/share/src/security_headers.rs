//! The headers every answer of the share carries (the router's `secure` layer, and hyper's own
//! refusals on their way out, `refusal_headers`).

/// What every answer, a 404 included, carries. The page loads only its own files and talks only
/// to its own server; no other site may frame it, embed its files, learn its address from a
/// referrer or keep a copy of the view.
pub(crate) const SECURITY_HEADERS: [(&str, &str); 6] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-store"),
    ("x-frame-options", "DENY"),
    ("cross-origin-resource-policy", "same-origin"),
];
