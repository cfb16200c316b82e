//! URN errors: a byte index and a kind naming the rule that was broken.

use crate::error::ParseErrorKind;

/// Why a string is not a URN under the chosen [`UrnProfile`](super::UrnProfile),
/// or not a valid name in its namespace, and where.
///
/// `index` is the byte offset of the first byte that could not be accepted, or
/// the length of the input when it ended too early. For the rules of a
/// [`Namespace`](super::Namespace) it is the offset in the whole URN.
///
/// # Example
/// ```
/// use urikit::urn::{Urn, UrnErrorKind};
///
/// let err = Urn::parse("urn:ex-:nss").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (6, UrnErrorKind::InvalidNid));
/// assert_eq!(err.kind().name(), "invalid_nid");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrnError {
    index: usize,
    kind: UrnErrorKind,
}

/// A rule of a [`Namespace`](super::Namespace): its stable name and what it
/// expects, for error reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamespaceRule {
    /// The stable snake_case name (`uuid_syntax`, `isbn_check_digit`, ...).
    pub name: &'static str,
    /// What the rule expects, in a few words.
    pub expected: &'static str,
}

/// What kind of mistake a [`UrnError`] reports.
///
/// The snake_case [`name`](UrnErrorKind::name) of each kind is stable: the CLI
/// prints it in its JSON output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrnErrorKind {
    /// The input does not start with the scheme `urn` (any case) and `:`.
    NotUrn,
    /// The NID breaks `NID = (alphanum) 0*30(ldh) (alphanum)`: a byte other than
    /// a letter, digit or `-`, a leading or trailing `-`, fewer than 2 or more
    /// than 32 characters, or no `:` after it.
    InvalidNid,
    /// The NID is `urn` (any case), which every profile reserves.
    ReservedNid,
    /// RFC 8141 only: an NID starting with `urn-` that is not an informal
    /// namespace name, `"urn-" number` without leading zero (RFC 8141
    /// section 5.2).
    InvalidInformalNid,
    /// The NSS is missing (no `:` after the NID), empty, or holds a byte its
    /// profile does not allow.
    InvalidNss,
    /// A `%` not followed by two hex digits.
    InvalidPercentEncoding,
    /// draft-03 only: `%00`, which that draft forbids in URNs (section 2.5.3).
    EncodedNul,
    /// RFC 8141: a `?` that starts neither `?+` nor `?=`.
    InvalidQuery,
    /// RFC 8141: an empty r-component, a byte it does not allow, or a second
    /// `?+` inside it.
    InvalidRComponent,
    /// RFC 8141: an empty q-component, a byte it does not allow, or `?+`/`?=`
    /// inside it.
    InvalidQComponent,
    /// A byte the fragment (f-component) does not allow.
    InvalidFComponent,
    /// draft-03: a query that is not `directive *("&" directive)` with
    /// `directive = keywd "=" value`.
    InvalidDirective,
    /// draft-03: a registered keyword (`s`, `c`) given more than once.
    DuplicateDirective,
    /// draft-04: a query or fragment, which its `URN` rule does not have.
    UnexpectedComponent,
    /// A percent-encoded NSS that does not decode to UTF-8 text.
    InvalidUtf8,
    /// The input is not an RFC 3986 URI (only reported by conversions).
    Uri(ParseErrorKind),
    /// A rule of the URN's namespace (see [`Namespaces`](super::Namespaces)).
    Namespace(NamespaceRule),
}

impl UrnErrorKind {
    /// The stable snake_case name of the kind, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            UrnErrorKind::NotUrn => "not_urn",
            UrnErrorKind::InvalidNid => "invalid_nid",
            UrnErrorKind::ReservedNid => "reserved_nid",
            UrnErrorKind::InvalidInformalNid => "invalid_informal_nid",
            UrnErrorKind::InvalidNss => "invalid_nss",
            UrnErrorKind::InvalidPercentEncoding => "invalid_percent_encoding",
            UrnErrorKind::EncodedNul => "encoded_nul",
            UrnErrorKind::InvalidQuery => "invalid_query",
            UrnErrorKind::InvalidRComponent => "invalid_r_component",
            UrnErrorKind::InvalidQComponent => "invalid_q_component",
            UrnErrorKind::InvalidFComponent => "invalid_f_component",
            UrnErrorKind::InvalidDirective => "invalid_directive",
            UrnErrorKind::DuplicateDirective => "duplicate_directive",
            UrnErrorKind::UnexpectedComponent => "unexpected_component",
            UrnErrorKind::InvalidUtf8 => "invalid_utf8",
            UrnErrorKind::Uri(k) => k.name(),
            UrnErrorKind::Namespace(rule) => rule.name,
        }
    }

    /// What the grammar expected at the error's index.
    pub const fn expected(self) -> &'static str {
        match self {
            UrnErrorKind::NotUrn => "the scheme \"urn:\" (any case)",
            UrnErrorKind::InvalidNid => {
                "an NID of 2 to 32 letters, digits and \"-\" (not first or last), then \":\""
            }
            UrnErrorKind::ReservedNid => "an NID other than \"urn\" (reserved)",
            UrnErrorKind::InvalidInformalNid => {
                "an informal NID: \"urn-\" and a number without leading zero"
            }
            UrnErrorKind::InvalidNss => {
                "a non-empty NSS after \":\": unreserved, sub-delims, \":\", \"@\", \"%XX\" (RFC 8141: also \"/\" after the first)"
            }
            UrnErrorKind::InvalidPercentEncoding => "\"%\" followed by two hex digits",
            UrnErrorKind::EncodedNul => "no NUL octet (\"%00\") anywhere in the URN",
            UrnErrorKind::InvalidQuery => "\"?+\" (r-component) or \"?=\" (q-component) after \"?\"",
            UrnErrorKind::InvalidRComponent => {
                "a non-empty r-component: pchar, then pchar, \"/\" or \"?\" (not \"?+\")"
            }
            UrnErrorKind::InvalidQComponent => {
                "a non-empty q-component: pchar, then pchar, \"/\" or \"?\" (not \"?+\" or \"?=\")"
            }
            UrnErrorKind::InvalidFComponent => "a fragment character (pchar, \"/\", \"?\", \"%XX\")",
            UrnErrorKind::InvalidDirective => {
                "a directive keywd=value (keywd = ALPHA *([\"-\"] (ALPHA / DIGIT))), directives joined by \"&\""
            }
            UrnErrorKind::DuplicateDirective => "each registered keyword (s, c) at most once",
            UrnErrorKind::UnexpectedComponent => "the end of the URN (no query or fragment in draft-04)",
            UrnErrorKind::InvalidUtf8 => "percent-encoded UTF-8",
            UrnErrorKind::Uri(k) => k.expected(),
            UrnErrorKind::Namespace(rule) => rule.expected,
        }
    }
}

impl UrnError {
    #[cold]
    pub(crate) const fn new(index: usize, kind: UrnErrorKind) -> UrnError {
        UrnError { index, kind }
    }

    /// The byte offset of the first byte that could not be accepted.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> UrnErrorKind {
        self.kind
    }

    /// The same error with its index moved by `offset` bytes.
    pub(crate) const fn shifted(self, offset: usize) -> UrnError {
        UrnError {
            index: self.index + offset,
            kind: self.kind,
        }
    }
}

crate::error::impl_expected_at_byte!(UrnError);
