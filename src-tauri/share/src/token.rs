//! The share's secret: the only thing that tells a player's phone from anyone else on the network.

use subtle::ConstantTimeEq;

/// 128 bits: far too many to guess at the rate the server answers.
const TOKEN_BYTES: usize = 16;

/// A token, as lower-case hex (so it survives a URL and a QR code untouched).
#[derive(Clone)]
pub(crate) struct Token(String);

impl Token {
    /// A new token from the operating system's random source; a failing source is an error
    /// rather than a weaker token.
    pub(crate) fn new() -> Result<Token, getrandom::Error> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes)?;
        let mut hex = String::with_capacity(TOKEN_BYTES * 2);
        for byte in bytes {
            hex.push(char::from_digit(u32::from(byte >> 4), 16).expect("a nibble"));
            hex.push(char::from_digit(u32::from(byte & 0xf), 16).expect("a nibble"));
        }
        Ok(Token(hex))
    }

    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `candidate` is this token, in time that does not depend on where they differ, so
    /// timing the answers cannot reveal the token one character at a time. (The length is no
    /// secret: every token has the same.)
    pub(crate) fn matches(&self, candidate: &str) -> bool {
        self.0.as_bytes().ct_eq(candidate.as_bytes()).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = Token::new().unwrap();
        let b = Token::new().unwrap();
        assert_eq!(a.as_str().len(), 32);
        assert!(a
            .as_str()
            .bytes()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(a.as_str(), b.as_str());
    }

    #[test]
    fn matches_only_the_exact_token() {
        let t = Token::new().unwrap();
        let s = t.as_str();
        assert!(t.matches(s));
        assert!(!t.matches(&s.to_uppercase()));
        assert!(!t.matches(&s[..31]));
        assert!(!t.matches(&format!("{s}0")));
        assert!(!t.matches(""));
    }
}
