//! Byte-class tables for the RFC 3986 grammar.
//!
//! Each table is a `const` 128-bit set over ASCII: a byte outside ASCII is never
//! a member, because RFC 3986 URIs are ASCII-only (non-ASCII data must be
//! percent-encoded). The `%` of a `pct-encoded` triplet is *not* in any table:
//! the parser handles it separately, so that it can check the two hex digits.
//!
//! Every table names the ABNF rule (RFC 3986, Appendix A) it implements.

/// A set of ASCII bytes, built at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    lo: u64,
    hi: u64,
}

impl Table {
    /// The empty set.
    pub const fn empty() -> Table {
        Table { lo: 0, hi: 0 }
    }

    /// The set of the given bytes (each must be ASCII).
    pub const fn new(bytes: &[u8]) -> Table {
        let mut t = Table::empty();
        let mut i = 0;
        while i < bytes.len() {
            t = t.with(bytes[i]);
            i += 1;
        }
        t
    }

    /// The inclusive range `lo..=hi` (ASCII).
    pub const fn range(lo: u8, hi: u8) -> Table {
        let mut t = Table::empty();
        let mut b = lo;
        while b <= hi {
            t = t.with(b);
            if b == 127 {
                break;
            }
            b += 1;
        }
        t
    }

    /// This set with one more byte.
    pub const fn with(self, b: u8) -> Table {
        assert!(b < 128, "tables hold ASCII only");
        if b < 64 {
            Table {
                lo: self.lo | (1 << b),
                hi: self.hi,
            }
        } else {
            Table {
                lo: self.lo,
                hi: self.hi | (1 << (b - 64)),
            }
        }
    }

    /// The union of two sets.
    pub const fn or(self, other: Table) -> Table {
        Table {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }

    /// This set without the members of `other`.
    pub const fn minus(self, other: Table) -> Table {
        Table {
            lo: self.lo & !other.lo,
            hi: self.hi & !other.hi,
        }
    }

    /// Whether `b` is in the set.
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        if b < 64 {
            self.lo & (1 << b) != 0
        } else if b < 128 {
            self.hi & (1 << (b - 64)) != 0
        } else {
            false
        }
    }

    /// Whether every member of `self` is in `other`.
    pub const fn is_subset(&self, other: &Table) -> bool {
        self.lo & !other.lo == 0 && self.hi & !other.hi == 0
    }
}

/// `ALPHA = %x41-5A / %x61-7A` (RFC 5234)
pub const ALPHA: Table = Table::range(b'A', b'Z').or(Table::range(b'a', b'z'));

/// `DIGIT = %x30-39` (RFC 5234)
pub const DIGIT: Table = Table::range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 5234; case-insensitive
/// per RFC 3986 section 2.1)
pub const HEXDIG: Table = DIGIT
    .or(Table::range(b'A', b'F'))
    .or(Table::range(b'a', b'f'));

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the bytes after the first.
pub const SCHEME: Table = ALPHA.or(DIGIT).or(Table::new(b"+-."));

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub const UNRESERVED: Table = ALPHA.or(DIGIT).or(Table::new(b"-._~"));

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
pub const GEN_DELIMS: Table = Table::new(b":/?#[]@");

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub const SUB_DELIMS: Table = Table::new(b"!$&'()*+,;=");

/// `reserved = gen-delims / sub-delims`
pub const RESERVED: Table = GEN_DELIMS.or(SUB_DELIMS);

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
pub const USERINFO: Table = UNRESERVED.or(SUB_DELIMS).with(b':');

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
pub const REG_NAME: Table = UNRESERVED.or(SUB_DELIMS);

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`: the tail.
pub const IPV_FUTURE: Table = UNRESERVED.or(SUB_DELIMS).with(b':');

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub const PCHAR: Table = UNRESERVED.or(SUB_DELIMS).with(b':').with(b'@');

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`: a `pchar`
/// without `":"`.
pub const SEGMENT_NC: Table = PCHAR.minus(Table::new(b":"));

/// `path-abempty` and friends: `pchar` or `"/"`.
pub const PATH: Table = PCHAR.with(b'/');

/// `query = *( pchar / "/" / "?" )`, and `fragment`, which has the same rule.
pub const QUERY: Table = PCHAR.with(b'/').with(b'?');

/// `fragment = *( pchar / "/" / "?" )`
pub const FRAGMENT: Table = QUERY;

/// Every byte that may appear anywhere in a URI reference, `%` included.
pub const URI_CHAR: Table = RESERVED.or(UNRESERVED).with(b'%');

/// The value of an ASCII hex digit, or `None`.
#[inline]
pub const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Uppercase hex digits, for writing `%XX` (RFC 3986 section 2.1: "should use
/// uppercase hexadecimal digits").
pub const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_hold_what_the_grammar_says() {
        assert!(UNRESERVED.contains(b'~') && !UNRESERVED.contains(b'%'));
        assert!(SUB_DELIMS.is_subset(&PCHAR));
        assert!(PCHAR.contains(b':') && !SEGMENT_NC.contains(b':'));
        assert!(QUERY.contains(b'?') && !PATH.contains(b'?'));
        assert!(!REG_NAME.contains(b':') && USERINFO.contains(b':'));
        for b in 0u8..=255 {
            let expected = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
            assert_eq!(UNRESERVED.contains(b), expected, "byte {b}");
            assert_eq!(HEXDIG.contains(b), b.is_ascii_hexdigit(), "byte {b}");
            assert!(!URI_CHAR.contains(b) || b.is_ascii_graphic());
        }
        // Every printable ASCII byte but these is a URI character.
        for b in b"\"<>\\^`{|} " {
            assert!(!URI_CHAR.contains(*b));
        }
    }
}
