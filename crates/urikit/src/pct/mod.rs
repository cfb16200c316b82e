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
//!
//! Per-component encode sets are in [`Component`]; `application/x-www-form-urlencoded`
//! (`+` for a space) in [`encode_form`] and [`decode_form`].
//!
//! Two rules keep data from being encoded or decoded twice by accident:
//! [`encode`] treats its input as data (a `%` becomes `%25`), while
//! [`encode_preserving`] treats it as text that may already be encoded (a valid
//! `%XX` triplet stays, only a stray `%` becomes `%25`); and the decoders decode
//! exactly once (`%2541` gives `%41`, never `A`).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::scan::{self, find_byte};
use crate::table::{hex_value, Table, UNRESERVED, UPPER_HEX};

mod component;

pub use component::Component;

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

/// Decodes one UTF-8 character from consecutive `%XX` triplets at `b[i]`,
/// if they hold a whole non-ASCII one; returns it and the bytes of input it
/// took (three a byte).
pub(crate) fn char_at(b: &[u8], i: usize) -> Option<(char, usize)> {
    let byte = |k: usize| triplet_at(b, i + 3 * k);
    let len = match byte(0)? {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [0u8; 4];
    for (k, slot) in buf.iter_mut().enumerate().take(len) {
        *slot = byte(k)?;
    }
    let c = core::str::from_utf8(&buf[..len]).ok()?.chars().next()?;
    Some((c, 3 * len))
}

/// Decodes every `%XX` triplet into its byte. A `%` that does not start a valid
/// triplet is kept as it is (a parsed component never has one).
pub fn decode(s: &str) -> Cow<'_, [u8]> {
    decode_bytes(s.as_bytes())
}

/// [`decode`] of bytes (canonicalization decodes pieces that need not be
/// UTF-8).
pub(crate) fn decode_bytes(b: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = find_byte(b, b'%') else {
        return Cow::Borrowed(b);
    };
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..first]);
    let mut i = first;
    // `b[i]` is a `%`: decode it, then copy the run up to the next one whole.
    while i < b.len() {
        match triplet_at(b, i) {
            Some(v) => {
                out.push(v);
                i += 3;
            }
            None => {
                out.push(b'%');
                i += 1;
            }
        }
        let rest = b.get(i..).unwrap_or_default();
        let run = find_byte(rest, b'%').unwrap_or(rest.len());
        out.extend_from_slice(&rest[..run]);
        i += run;
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
            push_triplet(out, c);
        }
    }
}

/// Encodes `text`, keeping the bytes of `keep` and every valid `%XX` triplet
/// as they are: only the other bytes, and a `%` that does not start a valid
/// triplet, become `%XX`. Encoding an already valid component therefore
/// changes nothing (its triplets are not encoded again), and encoding twice is
/// the same as encoding once.
///
/// # Example
/// ```
/// use urikit::{pct, table};
/// assert_eq!(pct::encode_preserving("a%2Fb c%zz", &table::PCHAR), "a%2Fb%20c%25zz");
/// assert_eq!(pct::encode_preserving("%7e", &table::PCHAR), "%7e"); // left alone
/// ```
pub fn encode_preserving<'a>(text: &'a str, keep: &Table) -> Cow<'a, str> {
    let b = text.as_bytes();
    let Some(first) = first_invalid(b, keep) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(b.len() + 16);
    out.push_str(&text[..first]);
    let mut i = first;
    while i < b.len() {
        let c = b[i];
        if keep.contains(c) {
            out.push(c as char);
            i += 1;
        } else if c == b'%' && triplet_at(b, i).is_some() {
            out.push_str(&text[i..i + 3]);
            i += 3;
        } else {
            push_triplet(&mut out, c);
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// The index of the first byte of `b` that is neither in `keep` nor part of a
/// valid `%XX` triplet.
pub(crate) fn first_invalid(b: &[u8], keep: &Table) -> Option<usize> {
    let mut i = 0;
    while i < b.len() {
        if keep.contains(b[i]) {
            i += 1;
        } else if triplet_at(b, i).is_some() {
            i += 3;
        } else {
            return Some(i);
        }
    }
    None
}

/// Appends `%XX` for byte `c` (uppercase hex).
#[inline]
fn push_triplet(out: &mut String, c: u8) {
    out.push('%');
    out.push(UPPER_HEX[usize::from(c >> 4)] as char);
    out.push(UPPER_HEX[usize::from(c & 15)] as char);
}

/// The bytes `application/x-www-form-urlencoded` leaves as they are:
/// `ALPHA / DIGIT / "*" / "-" / "." / "_"` (the WHATWG URL Standard's
/// urlencoded byte serializer; a space becomes `+`).
pub const FORM_KEEP: Table = crate::table::ALPHA
    .or(crate::table::DIGIT)
    .or(Table::new(b"*-._"));

/// Encodes data as `application/x-www-form-urlencoded`: a space becomes `+`,
/// bytes of [`FORM_KEEP`] stay, every other byte becomes `%XX`. The result is
/// valid in any query.
///
/// # Example
/// ```
/// assert_eq!(urikit::pct::encode_form(b"a b+c=d&"), "a+b%2Bc%3Dd%26");
/// ```
pub fn encode_form(data: &[u8]) -> Cow<'_, str> {
    if !data.iter().any(|&c| !FORM_KEEP.contains(c)) {
        return Cow::Borrowed(core::str::from_utf8(data).unwrap_or_default());
    }
    let mut out = String::with_capacity(data.len() + 16);
    for &c in data {
        if FORM_KEEP.contains(c) {
            out.push(c as char);
        } else if c == b' ' {
            out.push('+');
        } else {
            push_triplet(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// Decodes `application/x-www-form-urlencoded` text: `+` is a space, then
/// `%XX` triplets are decoded (once). Borrows when there is nothing to do.
///
/// # Example
/// ```
/// assert_eq!(urikit::pct::decode_form("a+b%2Bc"), b"a b+c".as_slice());
/// ```
pub fn decode_form(s: &str) -> Cow<'_, [u8]> {
    if !s.as_bytes().contains(&b'+') {
        return decode(s);
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(v) = triplet_at(b, i) {
            out.push(v);
            i += 3;
        } else {
            out.push(if b[i] == b'+' { b' ' } else { b[i] });
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// Decodes form text to UTF-8, replacing bytes that are not UTF-8 with U+FFFD.
pub fn decode_form_utf8_lossy(s: &str) -> Cow<'_, str> {
    match decode_form(s) {
        Cow::Borrowed(_) => Cow::Borrowed(s),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Appends `s` (the text of a parsed component) to `out` in the
/// syntax-normalized form of RFC 3986 section 6.2.2: a triplet of an
/// unreserved byte is decoded (section 6.2.2.2), every other triplet gets
/// uppercase hex (6.2.2.1), and, when `lowercase` is set (for a host), ASCII
/// letters are lowercased (decoded ones included). A `%` that does not start a
/// valid triplet (never the case in a parsed component) is copied as is.
pub(crate) fn push_normalized(out: &mut String, s: &str, lowercase: bool) {
    let b = s.as_bytes();
    let mut start = 0; // start of the run copied verbatim
    let mut i = 0;
    loop {
        // The next stop byte: a `%` (and for a host an uppercase letter).
        let rest = b.get(i..).unwrap_or_default();
        let next = if lowercase {
            // `%` and `A`-`Z`, found eight bytes at a time too.
            let k = scan::run(rest, 0, scan::KEEP_IN_HOST);
            (k < rest.len()).then_some(k)
        } else {
            find_byte(rest, b'%')
        };
        let Some(k) = next else { break };
        i += k;
        let c = b[i];
        out.push_str(&s[start..i]);
        if c != b'%' {
            out.push(c.to_ascii_lowercase() as char);
            i += 1;
        } else if let Some(v) = triplet_at(b, i) {
            if UNRESERVED.contains(v) {
                out.push(if lowercase { v.to_ascii_lowercase() } else { v } as char);
            } else {
                push_triplet(out, v);
            }
            i += 3;
        } else {
            out.push('%');
            i += 1;
        }
        start = i;
    }
    out.push_str(&s[start..]);
}

/// Whether [`push_normalized`] (without `lowercase`) copies `b` unchanged:
/// every `%` starts a triplet of a byte that is not unreserved, written
/// with uppercase hex. Only the `%`s are looked at, found a block at a time.
pub(crate) fn is_normalized(b: &[u8]) -> bool {
    let mut i = 0;
    while let Some(k) = find_byte(b.get(i..).unwrap_or_default(), b'%') {
        i += k;
        let upper = |k: usize| b.get(i + k).is_some_and(|c| !c.is_ascii_lowercase());
        match triplet_at(b, i) {
            Some(v) if !UNRESERVED.contains(v) && upper(1) && upper(2) => i += 3,
            _ => return false,
        }
    }
    true
}

/// Appends `s` with the hex digits of each `%XX` triplet in uppercase (the
/// case normalization of RFC 3986 section 6.2.2.1, alone): nothing is
/// decoded, and a `%` that does not start a triplet is copied as is.
pub(crate) fn push_uppercase_hex(out: &mut String, s: &str) {
    let b = s.as_bytes();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        match triplet_at(b, i) {
            Some(v) => {
                out.push_str(&s[start..i]);
                push_triplet(out, v);
                i += 3;
                start = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&s[start..]);
}

/// `s` as [`push_uppercase_hex`] writes it, borrowed when no triplet has a
/// lowercase hex digit.
pub(crate) fn uppercase_hex(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let lower = (0..b.len()).any(|i| {
        triplet_at(b, i).is_some()
            && (b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase())
    });
    if !lower {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    push_uppercase_hex(&mut out, s);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn is_normalized_says_whether_push_normalized_copies() {
        let alphabet = [
            "%", "2", "e", "E", "F", "f", "4", "1", "a", "/", "%7E", "%C3%A9", "%2f", "%2F",
        ];
        let mut n = 0u64;
        for len in 0..6u32 {
            for mut k in 0..alphabet.len().pow(len) {
                let mut s = String::new();
                for _ in 0..len {
                    s.push_str(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                let mut out = String::new();
                push_normalized(&mut out, &s, false);
                // A `%` that starts no triplet (never in a parsed
                // component) is copied, and not called normal.
                let b = s.as_bytes();
                let triplets = (0..b.len()).all(|i| b[i] != b'%' || triplet_at(b, i).is_some());
                assert_eq!(is_normalized(b), out == s && triplets, "{s:?}");
                n += u64::from(is_normalized(b));
            }
        }
        assert!(n > 1000);
    }

    use super::*;
    use crate::table;

    #[test]
    fn decode_matches_a_byte_by_byte_decoder() {
        fn slow(s: &str) -> Vec<u8> {
            let b = s.as_bytes();
            let (mut out, mut i) = (Vec::new(), 0);
            while i < b.len() {
                match triplet_at(b, i) {
                    Some(v) => (out.push(v), i += 3),
                    None => (out.push(b[i]), i += 1),
                };
            }
            out
        }
        let cases = [
            "",
            "%",
            "%%",
            "%%41",
            "%4",
            "a%41b%42cdefghijklmnop%43",
            "abcdefghijklmnopq%",
            "%41%42%43%44%45%46%47%48%49",
            "%e9%C3%a9/%2F%zz%",
            "no percent at all here",
        ];
        for s in cases {
            assert_eq!(decode(s), slow(s).as_slice(), "{s:?}");
        }
    }

    #[test]
    fn preserving_encode_keeps_triplets_and_is_idempotent() {
        let once = encode_preserving("/a b%20c%2%zz%", &table::PATH);
        assert_eq!(once, "/a%20b%20c%252%25zz%25");
        assert!(matches!(
            encode_preserving(&once, &table::PATH),
            Cow::Borrowed(_)
        ));
        assert_eq!(encode_preserving("é", &table::PATH), "%C3%A9");
    }

    #[test]
    fn form_encoding() {
        assert_eq!(encode_form(b"abc"), "abc");
        assert_eq!(encode_form("é ~".as_bytes()), "%C3%A9+%7E");
        assert_eq!(decode_form("a+b%20c"), b"a b c".as_slice());
        assert_eq!(decode_form("%2B"), b"+".as_slice());
        assert_eq!(decode_form_utf8_lossy("caf%C3%A9+x"), "café x");
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode_form(&encode_form(&all)), all.as_slice());
    }

    #[test]
    fn uppercase_hex_decodes_nothing() {
        assert_eq!(uppercase_hex("a%2fb%7e%C3%a9%zz%4"), "a%2Fb%7E%C3%A9%zz%4");
        assert!(matches!(uppercase_hex("a%2Fb%zz"), Cow::Borrowed(_)));
    }

    #[test]
    fn syntax_normalized_components() {
        let mut out = String::new();
        push_normalized(&mut out, "%7e%41b%2f%c3%A9%", false);
        assert_eq!(out, "~Ab%2F%C3%A9%");
        out.clear();
        push_normalized(&mut out, "EXamp%4ce%2ecom%2A", true);
        assert_eq!(out, "example.com%2A");
    }

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
