//! Parse errors: a byte index and a kind, small enough to copy.

/// Why a string is not a URI reference, and where.
///
/// `index` is the byte offset of the first byte that could not be accepted: the
/// offending character, the `%` of a bad percent-encoding, the start of a bad IP
/// literal's content, or the length of the input when it ended too early.
///
/// Inputs longer than 4294966272 bytes (4 GiB minus 1 KiB) are not parsed: a
/// parsed value stores its offsets as `u32`, which keeps it small (48 bytes
/// for a [`UriRef`](crate::UriRef)), and the 1 KiB below `u32::MAX` is room
/// for what normalization may add. They are a [`ParseErrorKind::TooLong`]
/// error at index 4294966272.
///
/// ```
/// use urikit::ParseErrorKind;
/// assert_eq!(ParseErrorKind::TooLong.name(), "too_long");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    index: usize,
    kind: ParseErrorKind,
}

/// What kind of mistake a [`ParseError`] reports.
///
/// The snake_case [`name`](ParseErrorKind::name) of each kind is stable: the CLI
/// prints it in its JSON output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The scheme is empty, does not start with a letter, or holds a byte other
    /// than `ALPHA / DIGIT / "+" / "-" / "."`.
    InvalidScheme,
    /// A `%` not followed by two hex digits.
    InvalidPercentEncoding,
    /// A byte not allowed in the userinfo or host (before `@` or `:`).
    UnexpectedCharInAuthority,
    /// A byte not allowed in a reg-name host.
    UnexpectedCharInHost,
    /// An `[...]` literal whose content is not a valid `IPv6address`.
    InvalidIpv6,
    /// An `[v...]` literal whose content is not a valid `IPvFuture`.
    InvalidIpvFuture,
    /// An IP literal without its closing `]`.
    UnclosedIpLiteral,
    /// A port holding a byte other than a digit.
    InvalidPort,
    /// A byte not allowed in the path.
    UnexpectedCharInPath,
    /// A byte not allowed in the query.
    UnexpectedCharInQuery,
    /// A byte not allowed in the fragment.
    UnexpectedCharInFragment,
    /// A relative reference whose first path segment holds `:`, which would read
    /// as a scheme (RFC 3986 section 4.2: write `./a:b`).
    ColonInFirstSegment,
    /// The input is a relative reference where an absolute URI (with a scheme)
    /// was required.
    MissingScheme,
    /// The input has a fragment where an absolute URI (without one) was required.
    UnexpectedFragment,
    /// The input is longer than the parser takes: 4 GiB minus 1 KiB
    /// (4294966272 bytes). A parsed value stores its offsets as `u32`; the
    /// 1 KiB below `u32::MAX` is room for normalization, which may lengthen
    /// a value by a few bytes (an IPv6 literal in RFC 5952 form, a `/` for
    /// an empty path). The index is that limit, the first byte past it.
    TooLong,
    /// Raw bytes that are not UTF-8 (an IRI parsed from bytes): a byte that
    /// cannot start a character, an overlong form, a surrogate, a code point
    /// past U+10FFFF, or a sequence cut short. The index is the sequence's
    /// first byte.
    InvalidUtf8,
    /// An IRI character outside ASCII that is not an RFC 3987 `ucschar`
    /// (a C1 control, a noncharacter, a tag...), or non-ASCII where an IRI
    /// has none (scheme, port, IP literal: those stay as in a URI).
    NotUcschar,
    /// A private-use character (`iprivate`) outside the query: RFC 3987
    /// allows them in `iquery` only.
    PrivateUseOutsideQuery,
    /// A bidirectional formatting character (LRM, RLM, ALM, LRE, RLE, PDF,
    /// LRO, RLO, LRI, RLI, FSI, PDI), which RFC 3987 section 4.1 forbids.
    BidiFormattingChar,
}

impl ParseErrorKind {
    /// The stable snake_case name of the kind, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidScheme => "invalid_scheme",
            ParseErrorKind::InvalidPercentEncoding => "invalid_percent_encoding",
            ParseErrorKind::UnexpectedCharInAuthority => "unexpected_char_in_authority",
            ParseErrorKind::UnexpectedCharInHost => "unexpected_char_in_host",
            ParseErrorKind::InvalidIpv6 => "invalid_ipv6",
            ParseErrorKind::InvalidIpvFuture => "invalid_ipvfuture",
            ParseErrorKind::UnclosedIpLiteral => "unclosed_ip_literal",
            ParseErrorKind::InvalidPort => "invalid_port",
            ParseErrorKind::UnexpectedCharInPath => "unexpected_char_in_path",
            ParseErrorKind::UnexpectedCharInQuery => "unexpected_char_in_query",
            ParseErrorKind::UnexpectedCharInFragment => "unexpected_char_in_fragment",
            ParseErrorKind::ColonInFirstSegment => "colon_in_first_segment",
            ParseErrorKind::MissingScheme => "missing_scheme",
            ParseErrorKind::UnexpectedFragment => "unexpected_fragment",
            ParseErrorKind::TooLong => "too_long",
            ParseErrorKind::InvalidUtf8 => "invalid_utf8",
            ParseErrorKind::NotUcschar => "not_ucschar",
            ParseErrorKind::PrivateUseOutsideQuery => "private_use_outside_query",
            ParseErrorKind::BidiFormattingChar => "bidi_formatting_char",
        }
    }

    /// What the grammar expected at the error's index.
    pub const fn expected(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidScheme => {
                "a scheme: a letter, then letters, digits, \"+\", \"-\" or \".\", before \":\""
            }
            ParseErrorKind::InvalidPercentEncoding => "\"%\" followed by two hex digits",
            ParseErrorKind::UnexpectedCharInAuthority => {
                "a userinfo or host character (unreserved, sub-delims, \":\", \"%XX\"), or \"/\", \"?\", \"#\" to end the authority"
            }
            ParseErrorKind::UnexpectedCharInHost => {
                "a host character (unreserved, sub-delims, \"%XX\"), \":\" before a port, or \"/\", \"?\", \"#\""
            }
            ParseErrorKind::InvalidIpv6 => "an IPv6 address (RFC 3986 IPv6address) inside \"[...]\"",
            ParseErrorKind::InvalidIpvFuture => {
                "an IPvFuture literal: \"v\", hex digits, \".\", then unreserved, sub-delims or \":\""
            }
            ParseErrorKind::UnclosedIpLiteral => "\"]\" to close the IP literal",
            ParseErrorKind::InvalidPort => "a port of decimal digits, then \"/\", \"?\", \"#\" or the end",
            ParseErrorKind::UnexpectedCharInPath => {
                "a path character (unreserved, sub-delims, \":\", \"@\", \"/\", \"%XX\"), or \"?\", \"#\""
            }
            ParseErrorKind::UnexpectedCharInQuery => {
                "a query character (pchar, \"/\", \"?\", \"%XX\"), or \"#\""
            }
            ParseErrorKind::UnexpectedCharInFragment => {
                "a fragment character (pchar, \"/\", \"?\", \"%XX\")"
            }
            ParseErrorKind::ColonInFirstSegment => {
                "no \":\" in the first segment of a relative path (write \"./\" before it)"
            }
            ParseErrorKind::MissingScheme => "an absolute URI, starting with a scheme and \":\"",
            ParseErrorKind::UnexpectedFragment => "no fragment in an absolute URI",
            ParseErrorKind::TooLong => "at most 4294966272 bytes (4 GiB minus 1 KiB) in all",
            ParseErrorKind::InvalidUtf8 => {
                "UTF-8 (no overlong form, surrogate, code point past U+10FFFF, stray or missing continuation byte)"
            }
            ParseErrorKind::NotUcschar => {
                "an IRI character: a non-ASCII one must be an RFC 3987 ucschar (no C1 control, noncharacter or tag), and only in userinfo, host, path, query or fragment"
            }
            ParseErrorKind::PrivateUseOutsideQuery => {
                "no private-use character (RFC 3987 iprivate) outside the query"
            }
            ParseErrorKind::BidiFormattingChar => {
                "no bidirectional formatting character (LRM, RLM, ALM, LRE-RLO, LRI-PDI: RFC 3987 section 4.1)"
            }
        }
    }
}

impl ParseError {
    #[cold]
    pub(crate) const fn new(index: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { index, kind }
    }

    /// The byte offset of the first byte that could not be accepted.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }
}

/// `Display` as `at byte {index}: expected {kind.expected()}`, and
/// `std::error::Error`, for an error struct with an `index: usize` and a
/// `kind` whose `expected()` says what was expected there: the one form of
/// the crate's syntax errors.
macro_rules! impl_expected_at_byte {
    ($error:ty) => {
        impl core::fmt::Display for $error {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(
                    f,
                    "at byte {}: expected {}",
                    self.index,
                    self.kind.expected()
                )
            }
        }

        #[cfg(feature = "std")]
        impl std::error::Error for $error {}
    };
}
pub(crate) use impl_expected_at_byte;

impl_expected_at_byte!(ParseError);
