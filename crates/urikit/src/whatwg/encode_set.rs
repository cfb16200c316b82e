//! The URL Standard's percent-encode sets (section 1.3, "Percent-encoded
//! bytes"), as the ASCII bytes each one *keeps*.
//!
//! The standard defines each set by the code points it encodes, every set
//! containing the one before it:
//!
//! | set | encodes, besides the previous set |
//! |---|---|
//! | C0 control | C0 controls (`0x00`-`0x1F`) and every code point above `~` (`0x7F` and non-ASCII) |
//! | fragment | C0 control set, space, `"`, `<`, `>`, `` ` `` |
//! | query | C0 control set, space, `"`, `#`, `<`, `>` (not the fragment set) |
//! | special-query | query set, `'` |
//! | path | query set, `?`, `` ` ``, `{`, `}` |
//! | userinfo | path set, `/`, `:`, `;`, `=`, `@`, `[` to `^` (`[`, `\`, `]`, `^`), `\|` |
//! | component | userinfo set, `$`, `%`, `&`, `+`, `,` |
//! | application/x-www-form-urlencoded | component set, `!`, `'`, `(`, `)`, `~` |
//!
//! Written as the bytes that stay, each set is a [`Table`], so encoding goes
//! through the crate's one encoder ([`pct::push_encoded`]): every byte outside
//! the table, non-ASCII included, becomes `%XX` with uppercase hex. Only the
//! component and form sets encode `%` itself; the URL parser never encodes a
//! `%` (it leaves `%zz` as it is).
//!
//! ```
//! use urikit::whatwg::EncodeSet;
//!
//! assert_eq!(EncodeSet::Path.encode("/a b/{c}?"), "/a%20b/%7Bc%7D%3F");
//! assert_eq!(EncodeSet::Query.encode("a b'c"), "a%20b'c");
//! assert_eq!(EncodeSet::SpecialQuery.encode("a b'c"), "a%20b%27c");
//! assert_eq!(EncodeSet::Userinfo.encode("a:b@c"), "a%3Ab%40c");
//! assert_eq!(EncodeSet::Component.encode("100% é"), "100%25%20%C3%A9");
//! assert_eq!(EncodeSet::Fragment.encode("#x`"), "#x%60");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;

use crate::pct;
use crate::table::Table;

/// A percent-encode set of the URL Standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodeSet {
    /// The C0 control percent-encode set: opaque paths and opaque hosts.
    C0Control,
    /// The fragment percent-encode set.
    Fragment,
    /// The query percent-encode set: the query of a URL whose scheme is not
    /// special.
    Query,
    /// The special-query percent-encode set: the query of a special URL
    /// (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
    SpecialQuery,
    /// The path percent-encode set.
    Path,
    /// The userinfo percent-encode set: usernames and passwords.
    Userinfo,
    /// The component percent-encode set (JavaScript's `encodeURIComponent`,
    /// plus the bytes it lets through that the standard encodes).
    Component,
    /// The `application/x-www-form-urlencoded` percent-encode set. Encoding
    /// with it writes a space as `%20`; the form serializer writes it as `+`
    /// ([`pct::encode_form`]).
    Form,
}

/// Printable ASCII, `0x20`-`0x7E`: what the C0 control set keeps.
const C0_CONTROL_KEEP: Table = Table::range(0x20, 0x7e);
const FRAGMENT_KEEP: Table = C0_CONTROL_KEEP.minus(Table::new(b" \"<>`"));
const QUERY_KEEP: Table = C0_CONTROL_KEEP.minus(Table::new(b" \"#<>"));
const SPECIAL_QUERY_KEEP: Table = QUERY_KEEP.minus(Table::new(b"'"));
const PATH_KEEP: Table = QUERY_KEEP.minus(Table::new(b"?`{}"));
const USERINFO_KEEP: Table = PATH_KEEP.minus(Table::new(b"/:;=@[\\]^|"));
const COMPONENT_KEEP: Table = USERINFO_KEEP.minus(Table::new(b"$%&+,"));
const FORM_KEEP: Table = COMPONENT_KEEP.minus(Table::new(b"!'()~"));

impl EncodeSet {
    /// Every set, smallest first.
    pub const ALL: [EncodeSet; 8] = [
        EncodeSet::C0Control,
        EncodeSet::Fragment,
        EncodeSet::Query,
        EncodeSet::SpecialQuery,
        EncodeSet::Path,
        EncodeSet::Userinfo,
        EncodeSet::Component,
        EncodeSet::Form,
    ];

    /// The ASCII bytes the set leaves as they are (every other byte is encoded).
    pub const fn keep(self) -> Table {
        match self {
            EncodeSet::C0Control => C0_CONTROL_KEEP,
            EncodeSet::Fragment => FRAGMENT_KEEP,
            EncodeSet::Query => QUERY_KEEP,
            EncodeSet::SpecialQuery => SPECIAL_QUERY_KEEP,
            EncodeSet::Path => PATH_KEEP,
            EncodeSet::Userinfo => USERINFO_KEEP,
            EncodeSet::Component => COMPONENT_KEEP,
            EncodeSet::Form => FORM_KEEP,
        }
    }

    /// The query set of a URL: special-query for a special scheme.
    pub const fn query(special: bool) -> EncodeSet {
        if special {
            EncodeSet::SpecialQuery
        } else {
            EncodeSet::Query
        }
    }

    /// Whether the set encodes byte `b` (a UTF-8 byte of a code point).
    #[inline]
    pub const fn encodes(self, b: u8) -> bool {
        !self.keep().contains(b)
    }

    /// UTF-8 percent-encodes `s` with this set; borrows when nothing changes.
    ///
    /// # Example
    /// ```
    /// use urikit::whatwg::EncodeSet;
    /// assert_eq!(EncodeSet::C0Control.encode("a b\u{7f}é"), "a b%7F%C3%A9");
    /// ```
    pub fn encode(self, s: &str) -> Cow<'_, str> {
        pct::encode(s.as_bytes(), &self.keep())
    }

    /// Appends `s` to `out`, UTF-8 percent-encoded with this set.
    #[inline]
    pub fn push(self, out: &mut String, s: &str) {
        pct::push_encoded(out, s.as_bytes(), &self.keep());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets as the standard writes them: the code points each encodes.
    fn encoded_by_standard(set: EncodeSet, b: u8) -> bool {
        let c0 = !(0x20..=0x7e).contains(&b);
        let fragment = c0 || b" \"<>`".contains(&b);
        let query = c0 || b" \"#<>".contains(&b);
        let special_query = query || b == b'\'';
        let path = query || b"?`{}".contains(&b);
        let userinfo = path || b"/:;=@|".contains(&b) || (b'['..=b'^').contains(&b);
        let component = userinfo || (b'$'..=b'&').contains(&b) || b"+,".contains(&b);
        let form = component || b"!'()~".contains(&b);
        match set {
            EncodeSet::C0Control => c0,
            EncodeSet::Fragment => fragment,
            EncodeSet::Query => query,
            EncodeSet::SpecialQuery => special_query,
            EncodeSet::Path => path,
            EncodeSet::Userinfo => userinfo,
            EncodeSet::Component => component,
            EncodeSet::Form => form,
        }
    }

    #[test]
    fn sets_are_the_standards() {
        for set in EncodeSet::ALL {
            for b in 0..=255u8 {
                assert_eq!(
                    set.encodes(b),
                    encoded_by_standard(set, b),
                    "{set:?} {b:#x}"
                );
            }
        }
        assert_eq!(EncodeSet::Form.keep(), pct::FORM_KEEP);
        assert!(!EncodeSet::Userinfo.encodes(b'%') && EncodeSet::Component.encodes(b'%'));
    }

    #[test]
    fn encoding() {
        assert!(matches!(EncodeSet::Path.encode("/a/b"), Cow::Borrowed(_)));
        assert_eq!(EncodeSet::Path.encode("/%zz/\0"), "/%zz/%00");
        assert_eq!(EncodeSet::Form.encode("a b~"), "a%20b%7E");
        let mut out = String::from("x");
        EncodeSet::Fragment.push(&mut out, "<é>");
        assert_eq!(out, "x%3C%C3%A9%3E");
    }
}
