//! Names in and out of URNs: translating any Unicode identifier into an NSS
//! (draft-03 section 2.2, RFC 8141 section 2.2), decoding it back, and showing
//! a URN to people (draft-03 section 4).

use alloc::borrow::Cow;
use alloc::string::String;

use super::error::{UrnError, UrnErrorKind as K};
use super::{Urn, UrnProfile};
use crate::grammar::ucs::{is_iprivate, shows_plainly};
use crate::pct;
use crate::table;

/// Translates a name into an NSS: UTF-8, with every byte outside `pchar`
/// (the URN character repertoire, without `%`) percent-encoded in uppercase
/// hex. Borrowed when nothing needs encoding. The result is a valid NSS under
/// every profile when `name` is not empty (and, for draft-03, has no NUL).
///
/// # Example
/// ```
/// use urikit::urn::encode_nss;
/// assert_eq!(encode_nss("Gödel, Escher/Bach 100%?"), "G%C3%B6del,%20Escher%2FBach%20100%25%3F");
/// assert_eq!(encode_nss("a:b@c"), "a:b@c");
/// ```
pub fn encode_nss(name: &str) -> Cow<'_, str> {
    pct::encode(name.as_bytes(), &table::PCHAR)
}

/// Decodes the percent-encoding of an NSS (or any component) into UTF-8 text.
///
/// # Errors
/// [`K::InvalidPercentEncoding`] at a `%` without two hex digits;
/// [`K::InvalidUtf8`] at the first byte (or `%`) of a sequence that is not UTF-8.
///
/// # Example
/// ```
/// use urikit::urn::decode_nss;
/// assert_eq!(decode_nss("example.org:resource:test%20space")?, "example.org:resource:test space");
/// assert_eq!(decode_nss("a%FFb").unwrap_err().index(), 1);
/// # Ok::<_, urikit::urn::UrnError>(())
/// ```
pub fn decode_nss(nss: &str) -> Result<Cow<'_, str>, UrnError> {
    let b = nss.as_bytes();
    if let Some(i) = (0..b.len()).find(|&i| b[i] == b'%' && pct::triplet_at(b, i).is_none()) {
        return Err(UrnError::new(i, K::InvalidPercentEncoding));
    }
    pct::decode_utf8(nss).map_err(|e| {
        // Walk the input to the triplet or byte that decoded to byte `valid_up_to`.
        let (mut i, mut decoded) = (0, 0);
        while decoded < e.valid_up_to && i < b.len() {
            i += if b[i] == b'%' { 3 } else { 1 };
            decoded += 1;
        }
        UrnError::new(i, K::InvalidUtf8)
    })
}

impl<'a> Urn<'a> {
    /// Builds the URN `urn:{nid}:{NSS}` whose NSS is `name` translated by
    /// [`encode_nss`], checked under `profile`.
    ///
    /// # Errors
    /// An invalid NID, an empty name ([`K::InvalidNss`]), or under draft-03 a
    /// name with NUL ([`K::EncodedNul`]); indexes are in the built string.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{Urn, UrnProfile};
    /// let s = Urn::from_name("example", "Ünïcödé name/1", UrnProfile::Rfc8141)?;
    /// assert_eq!(s, "urn:example:%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20name%2F1");
    /// assert_eq!(Urn::parse(&s)?.name()?, "Ünïcödé name/1");
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    pub fn from_name(nid: &str, name: &str, profile: UrnProfile) -> Result<String, UrnError> {
        let nss = encode_nss(name);
        let mut s = String::with_capacity(5 + nid.len() + nss.len());
        s.push_str("urn:");
        s.push_str(nid);
        s.push(':');
        s.push_str(&nss);
        Urn::parse_with(&s, profile)?;
        Ok(s)
    }

    /// The NSS decoded into text: the name the URN was made from.
    ///
    /// # Errors
    /// [`K::InvalidUtf8`] when the decoded bytes are not UTF-8 (index in the URN).
    pub fn name(&self) -> Result<Cow<'a, str>, UrnError> {
        decode_nss(self.nss()).map_err(|e| e.shifted(self.meta.nid_end + 1))
    }

    /// The URN for people: percent-encoded UTF-8 characters after the NID are
    /// shown as the characters themselves, where that cannot mislead. ASCII
    /// stays encoded (`%2C` is not `,`, `%2F` not `/`, and a namespace may give
    /// the two different meanings: draft-03 section 4), and so do invalid
    /// UTF-8, controls, spaces, invisible and bidirectional formatting
    /// characters, and private-use characters. Everything else is kept as written. Look-alike letters
    /// (Cyrillic `а` for Latin `a`) are shown as they are: use the canonical
    /// form to compare.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::Urn;
    /// let urn = Urn::parse("urn:example:%D0%B0123,z456%2C%E2%80%AEx%C3")?;
    /// assert_eq!(urn.to_display(), "urn:example:а123,z456%2C%E2%80%AEx%C3");
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    pub fn to_display(&self) -> String {
        let s = self.as_str();
        let b = s.as_bytes();
        let start = self.meta.nid_end + 1;
        let mut out = String::with_capacity(s.len());
        out.push_str(&s[..start]);
        let mut i = start;
        let mut run = start;
        while i < b.len() {
            if b[i] == b'%' {
                let shown = |c: char| shows_plainly(c) && !is_iprivate(c as u32);
                if let Some((c, len)) = pct::char_at(b, i).filter(|&(c, _)| shown(c)) {
                    out.push_str(&s[run..i]);
                    out.push(c);
                    i += len;
                    run = i;
                    continue;
                }
            }
            i += 1;
        }
        out.push_str(&s[run..]);
        out
    }
}
