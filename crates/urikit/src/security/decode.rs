//! Percent-decoding for protocol use (RFC 3986 section 7.2): decode a
//! component to hand it to a protocol, but refuse to produce the bytes that
//! could "simulate an extra operation or parameter in that protocol", CR and
//! LF first among them.
//!
//! ```
//! use urikit::security::decode::{ProtocolDecoder, DecodeErrorKind};
//!
//! const DECODER: ProtocolDecoder = ProtocolDecoder::new();
//! assert_eq!(DECODER.decode("a%20b")?, b"a b".as_slice());
//! let err = DECODER.decode("x%0D%0AQUIT").unwrap_err();
//! assert_eq!((err.index(), err.kind()), (1, DecodeErrorKind::RefusedByte(b'\r')));
//! # Ok::<_, urikit::security::decode::DecodeError>(())
//! ```

use alloc::borrow::Cow;
use core::fmt;

use crate::pct;
use crate::table::Table;

/// The C0 control characters and DEL: `%x00-1F / %x7F` (RFC 5234 `CTL`).
pub const CONTROLS: Table = Table::range(0x00, 0x1f).with(0x7f);

/// A percent-decoder that refuses some bytes: by default every control
/// character ([`CONTROLS`]). `const`-built, so a configuration can be a
/// `const`.
#[derive(Clone, Copy, Debug)]
pub struct ProtocolDecoder {
    refuse: Table,
}

impl Default for ProtocolDecoder {
    fn default() -> Self {
        ProtocolDecoder::new()
    }
}

impl ProtocolDecoder {
    /// Refuses the control characters.
    pub const fn new() -> ProtocolDecoder {
        ProtocolDecoder { refuse: CONTROLS }
    }

    /// Refuses these bytes too (say `/` for a path segment handed to a file
    /// system, or `@` and `:` for a mail address).
    ///
    /// ```
    /// use urikit::security::decode::ProtocolDecoder;
    /// use urikit::table::Table;
    ///
    /// const SEGMENT: ProtocolDecoder = ProtocolDecoder::new().refuse(Table::new(b"/\\"));
    /// assert!(SEGMENT.decode("..%2F..%2Fetc").is_err());
    /// assert!(SEGMENT.decode("a%20b").is_ok());
    /// ```
    pub const fn refuse(self, bytes: Table) -> ProtocolDecoder {
        ProtocolDecoder {
            refuse: self.refuse.or(bytes),
        }
    }

    /// Allows these bytes again (say a tab, for a protocol that takes it).
    pub const fn allow(self, bytes: Table) -> ProtocolDecoder {
        ProtocolDecoder {
            refuse: self.refuse.minus(bytes),
        }
    }

    /// Decodes `s`, unless it holds a refused byte, percent-encoded or not.
    /// Borrows when there is nothing to decode.
    ///
    /// # Errors
    /// [`DecodeErrorKind::RefusedByte`] at the `%` of the first triplet that
    /// decodes to a refused byte, or at a refused byte written as is.
    pub fn decode<'a>(&self, s: &'a str) -> Result<Cow<'a, [u8]>, DecodeError> {
        self.first_refused(s)?;
        Ok(pct::decode(s))
    }

    /// Decodes `s` to UTF-8 text, refusing as [`decode`](Self::decode) does.
    ///
    /// # Errors
    /// A refused byte, or [`DecodeErrorKind::NotUtf8`] at the index in `s`
    /// of the triplet (or character) where the decoded text stops being UTF-8.
    ///
    /// ```
    /// use urikit::security::decode::ProtocolDecoder;
    ///
    /// assert_eq!(ProtocolDecoder::new().decode_utf8("caf%C3%A9")?, "café");
    /// assert_eq!(ProtocolDecoder::new().decode_utf8("ab%FF").unwrap_err().index(), 2);
    /// # Ok::<_, urikit::security::decode::DecodeError>(())
    /// ```
    pub fn decode_utf8<'a>(&self, s: &'a str) -> Result<Cow<'a, str>, DecodeError> {
        self.first_refused(s)?;
        pct::decode_utf8(s)
            .map_err(|e| DecodeError::new(source_index(s, e.valid_up_to), DecodeErrorKind::NotUtf8))
    }

    fn first_refused(&self, s: &str) -> Result<(), DecodeError> {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let (v, len) = match pct::triplet_at(b, i) {
                Some(v) => (v, 3),
                None => (b[i], 1),
            };
            if self.refuse.contains(v) {
                return Err(DecodeError::new(i, DecodeErrorKind::RefusedByte(v)));
            }
            i += len;
        }
        Ok(())
    }
}

/// The index in `s` of the `n`th decoded byte.
fn source_index(s: &str, n: usize) -> usize {
    let b = s.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() && k < n {
        i += if pct::triplet_at(b, i).is_some() {
            3
        } else {
            1
        };
        k += 1;
    }
    i
}

/// Why a component was not decoded, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    index: usize,
    kind: DecodeErrorKind,
}

/// What kind of problem a [`DecodeError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The component would decode to this refused byte.
    RefusedByte(u8),
    /// The decoded bytes are not UTF-8.
    NotUtf8,
}

impl DecodeErrorKind {
    /// The stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            DecodeErrorKind::RefusedByte(_) => "refused_byte",
            DecodeErrorKind::NotUtf8 => "not_utf8",
        }
    }
}

impl DecodeError {
    const fn new(index: usize, kind: DecodeErrorKind) -> DecodeError {
        DecodeError { index, kind }
    }

    /// The byte offset in the input of the `%XX` triplet (or byte) at fault.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of problem.
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DecodeErrorKind::RefusedByte(b) => write!(
                f,
                "at byte {}: expected no byte 0x{b:02X} (refused for protocol use), encoded or not",
                self.index
            ),
            DecodeErrorKind::NotUtf8 => {
                write!(f, "at byte {}: expected UTF-8 once decoded", self.index)
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn refuses_every_control_encoded_or_raw() {
        let d = ProtocolDecoder::new();
        for b in (0u8..0x20).chain([0x7f]) {
            for s in [alloc::format!("ok%{b:02X}"), alloc::format!("ok%{b:02x}")] {
                let e = d.decode(&s).unwrap_err();
                assert_eq!((e.index(), e.kind()), (2, DecodeErrorKind::RefusedByte(b)));
            }
            let raw = alloc::format!("ok{}", b as char);
            assert_eq!(d.decode(&raw).unwrap_err().index(), 2);
        }
        assert!(matches!(d.decode("plain"), Ok(Cow::Borrowed(_))));
        assert_eq!(d.decode("%41%20%7E").unwrap(), b"A ~".as_slice());
        // %25 decodes to "%", not to what follows it.
        assert_eq!(d.decode("%250D").unwrap(), b"%0D".as_slice());
        let tab_ok = ProtocolDecoder::new().allow(Table::new(b"\t"));
        assert!(tab_ok.decode("a%09b").is_ok());
        assert!(tab_ok.decode("a%0Ab").is_err());
        assert_eq!(DecodeErrorKind::NotUtf8.name(), "not_utf8");
        assert_eq!(
            d.decode_utf8("%C3%A9%C3").unwrap_err().kind(),
            DecodeErrorKind::NotUtf8
        );
        assert_eq!(d.decode_utf8("%C3%A9%C3").unwrap_err().index(), 6);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// Whatever the input, the decoder either refuses it or produces no
        /// control byte, and when it accepts it agrees with `pct::decode`.
        #[test]
        fn never_produces_a_control(s in "([a-zA-Z0-9 ]|%[0-9A-Fa-f]{2}){0,24}") {
            match ProtocolDecoder::new().decode(&s) {
                Ok(v) => {
                    prop_assert!(v.iter().all(|&b| !CONTROLS.contains(b)));
                    prop_assert_eq!(&*v, &*pct::decode(&s));
                }
                Err(e) => {
                    let decoded = pct::decode(&s[e.index()..]);
                    prop_assert!(CONTROLS.contains(decoded[0]));
                }
            }
        }
    }
}
