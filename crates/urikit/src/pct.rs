//! Percent-encoding, RFC 3986 section 2.1: `pct-encoded = "%" HEXDIG HEXDIG`.
//!
//! Decoding returns `Cow`: it borrows when there is nothing to decode. Encoding
//! writes uppercase hex, as section 2.1 recommends, and borrows when every byte
//! may stay as it is.
//!
//! ```
//! use urikit::{pct, table};
//!
//! assert_eq!(pct::decode("a%20b%2Fc"), b"a b/c".as_slice());
//! assert_eq!(pct::decode_utf8_lossy("caf%C3%A9"), "café");
//! assert_eq!(pct::encode("a b/c".as_bytes(), &table::UNRESERVED), "a%20b%2Fc");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::table::{hex_value, Table, UPPER_HEX};

/// The byte a `%XX` triplet at `b[i]` stands for, if `b[i..]` starts with one.
#[inline]
pub(crate) fn triplet_at(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*b.get(i + 1)?)?;
    let lo = hex_value(*b.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Decodes every `%XX` triplet into its byte. A `%` that does not start a valid
/// triplet is kept as it is (a parsed component never has one).
pub fn decode(s: &str) -> Cow<'_, [u8]> {
    let b = s.as_bytes();
    let Some(first) = b.iter().position(|&c| c == b'%') else {
        return Cow::Borrowed(b);
    };
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..first]);
    let mut i = first;
    while i < b.len() {
        match triplet_at(b, i) {
            Some(v) => {
                out.push(v);
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// The decoded bytes were not UTF-8; `valid_up_to` counts the decoded bytes
/// before the first bad one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeUtf8Error {
    /// How many decoded bytes form valid UTF-8 before the error.
    pub valid_up_to: usize,
}

impl core::fmt::Display for DecodeUtf8Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "decoded bytes are not UTF-8 after {} bytes",
            self.valid_up_to
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeUtf8Error {}

/// Decodes and checks that the result is UTF-8.
///
/// # Errors
/// [`DecodeUtf8Error`] when the decoded bytes are not UTF-8.
pub fn decode_utf8(s: &str) -> Result<Cow<'_, str>, DecodeUtf8Error> {
    match decode(s) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(s)),
        Cow::Owned(v) => String::from_utf8(v)
            .map(Cow::Owned)
            .map_err(|e| DecodeUtf8Error {
                valid_up_to: e.utf8_error().valid_up_to(),
            }),
    }
}

/// Decodes, replacing bytes that are not UTF-8 with U+FFFD.
pub fn decode_utf8_lossy(s: &str) -> Cow<'_, str> {
    match decode(s) {
        Cow::Borrowed(_) => Cow::Borrowed(s),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Encodes every byte of `data` outside `keep` as `%XX` (uppercase hex).
/// Bytes outside ASCII are always encoded. A `%` is encoded unless `keep` holds it.
pub fn encode<'a>(data: &'a [u8], keep: &Table) -> Cow<'a, str> {
    let Some(first) = data.iter().position(|&c| !keep.contains(c)) else {
        // Every byte is an ASCII member of `keep`.
        return Cow::Borrowed(core::str::from_utf8(data).unwrap_or_default());
    };
    let mut out = String::with_capacity(data.len() + 16);
    push_encoded(&mut out, &data[..first], keep);
    push_encoded(&mut out, &data[first..], keep);
    Cow::Owned(out)
}

/// Appends `data` to `out`, encoding every byte outside `keep` as `%XX`.
pub fn push_encoded(out: &mut String, data: &[u8], keep: &Table) {
    for &c in data {
        if keep.contains(c) {
            out.push(c as char);
        } else {
            out.push('%');
            out.push(UPPER_HEX[usize::from(c >> 4)] as char);
            out.push(UPPER_HEX[usize::from(c & 15)] as char);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table;

    #[test]
    fn decode_borrows_when_nothing_to_do() {
        assert!(matches!(decode("abc"), Cow::Borrowed(_)));
        assert!(matches!(decode_utf8("abc"), Ok(Cow::Borrowed(_))));
        assert_eq!(decode("%41%7e%7E"), b"A~~".as_slice());
        assert_eq!(decode("100%"), b"100%".as_slice());
        assert_eq!(decode("%zz%4"), b"%zz%4".as_slice());
    }

    #[test]
    fn decode_utf8_checked_and_lossy() {
        assert_eq!(decode_utf8("%C3%A9").as_deref(), Ok("é"));
        assert_eq!(decode_utf8("a%FF"), Err(DecodeUtf8Error { valid_up_to: 1 }));
        assert_eq!(decode_utf8_lossy("a%FF"), "a\u{FFFD}");
    }

    #[test]
    fn encode_uses_uppercase_and_borrows() {
        assert!(matches!(
            encode(b"abc", &table::UNRESERVED),
            Cow::Borrowed("abc")
        ));
        assert_eq!(encode("é/%".as_bytes(), &table::UNRESERVED), "%C3%A9%2F%25");
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&all, &table::UNRESERVED)), all.as_slice());
    }
}
