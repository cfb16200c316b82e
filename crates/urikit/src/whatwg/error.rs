//! Validation errors, named as the URL Standard names them (section 1.2,
//! "Validation").
//!
//! Some validation errors make the parser fail (a [`ValidationError`] is then
//! the error of [`Url::parse`](super::Url::parse)); the others are
//! reported while parsing goes on (see
//! [`Url::parse_with_violations`](super::Url::parse_with_violations)),
//! as browsers read the input anyway.

/// A validation error and the byte index in the input where it occurred.
///
/// The index is a byte offset into the string given to the parser (tabs and
/// newlines that the parser removes included).
///
/// ```
/// use urikit::whatwg::ValidationErrorKind;
/// assert_eq!(ValidationErrorKind::HostMissing.name(), "host-missing");
/// assert_eq!(ValidationErrorKind::Ipv4TooManyParts.name(), "IPv4-too-many-parts");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    index: usize,
    kind: ValidationErrorKind,
}

macro_rules! kinds {
    ($($(#[$doc:meta])* $v:ident = $name:literal, $fails:literal, $expected:literal;)*) => {
        /// The standard's validation errors.
        ///
        /// [`name`](ValidationErrorKind::name) is the standard's own name
        /// (`"IPv4-empty-part"`, `"host-missing"`...).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum ValidationErrorKind {
            $($(#[$doc])* $v,)*
        }

        impl ValidationErrorKind {
            /// Every kind, in the order of the standard's table.
            pub const ALL: &'static [ValidationErrorKind] = &[$(ValidationErrorKind::$v,)*];

            /// The standard's name of the validation error.
            pub const fn name(self) -> &'static str {
                match self { $(ValidationErrorKind::$v => $name,)* }
            }

            /// Whether the standard's table marks this error as a failure
            /// (the parser stops). Some are failures only in some steps
            /// (`IPv4-out-of-range-part` fails for a part before the last one).
            pub const fn can_fail(self) -> bool {
                match self { $(ValidationErrorKind::$v => $fails,)* }
            }

            /// What the parser expected where the error occurred.
            pub const fn expected(self) -> &'static str {
                match self { $(ValidationErrorKind::$v => $expected,)* }
            }
        }
    };
}

kinds! {
    /// UTS 46 processing (IDNA) of the domain failed.
    DomainToAscii = "domain-to-ASCII", true, "a domain that IDNA (UTS 46 ToASCII) accepts";
    /// The domain holds a forbidden domain code point.
    DomainInvalidCodePoint = "domain-invalid-code-point", true,
        "a domain without forbidden domain code points (C0 controls, space, #%/:<>?@[\\]^|, DEL)";
    /// UTS 46 ToUnicode of the domain reported an error (not used by the parser).
    DomainToUnicode = "domain-to-Unicode", false, "a domain that UTS 46 ToUnicode accepts";
    /// An opaque host holds a forbidden host code point.
    HostInvalidCodePoint = "host-invalid-code-point", true,
        "an opaque host without forbidden host code points (NUL, tab, LF, CR, space, #/:<>?@[\\]^|)";
    /// An IPv4 address ends with a dot.
    Ipv4EmptyPart = "IPv4-empty-part", false, "no trailing dot in an IPv4 address";
    /// An IPv4 address has more than four parts.
    Ipv4TooManyParts = "IPv4-too-many-parts", true, "at most four parts in an IPv4 address";
    /// An IPv4 address part is not a number.
    Ipv4NonNumericPart = "IPv4-non-numeric-part", true, "a decimal, octal (0) or hexadecimal (0x) number";
    /// An IPv4 address part is written in octal or hexadecimal.
    Ipv4NonDecimalPart = "IPv4-non-decimal-part", false, "a decimal IPv4 address part";
    /// An IPv4 address part is too large.
    Ipv4OutOfRangePart = "IPv4-out-of-range-part", true,
        "parts of at most 255, the last one fitting the bytes left";
    /// An IPv6 address has no closing `]`.
    Ipv6Unclosed = "IPv6-unclosed", true, "a \"]\" closing the IPv6 address";
    /// An IPv6 address starts with a single `:`.
    Ipv6InvalidCompression = "IPv6-invalid-compression", true, "\"::\", not a single \":\", at the start";
    /// An IPv6 address has more than eight pieces.
    Ipv6TooManyPieces = "IPv6-too-many-pieces", true, "at most eight pieces";
    /// An IPv6 address has more than one `::`.
    Ipv6MultipleCompression = "IPv6-multiple-compression", true, "at most one \"::\"";
    /// An IPv6 address holds a code point that cannot be there.
    Ipv6InvalidCodePoint = "IPv6-invalid-code-point", true, "a hex digit, \":\" or \".\"";
    /// An IPv6 address without `::` has fewer than eight pieces.
    Ipv6TooFewPieces = "IPv6-too-few-pieces", true, "eight pieces, or \"::\"";
    /// An IPv6 address with an IPv4 part has more than six pieces before it.
    Ipv4InIpv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces", true, "at most six pieces before an IPv4 part";
    /// The IPv4 part of an IPv6 address holds a bad code point.
    Ipv4InIpv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point", true,
        "a decimal number without leading zero, or \".\"";
    /// A part of the IPv4 part of an IPv6 address is over 255.
    Ipv4InIpv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part", true, "a part of at most 255";
    /// The IPv4 part of an IPv6 address has fewer than four parts.
    Ipv4InIpv6TooFewParts = "IPv4-in-IPv6-too-few-parts", true, "four parts";
    /// A code point that is not a URL code point, or a `%` not followed by
    /// two hex digits.
    InvalidUrlUnit = "invalid-URL-unit", false, "a URL code point, or \"%\" and two hex digits";
    /// A special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus", false,
        "\"//\" after a special scheme";
    /// No scheme, and no base URL to resolve against (or one with an opaque path).
    MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-URL", true,
        "a scheme, or a base URL that is not opaque";
    /// A `\` where a `/` belongs.
    InvalidReverseSolidus = "invalid-reverse-solidus", false, "\"/\" rather than \"\\\"";
    /// The input has credentials (a userinfo).
    InvalidCredentials = "invalid-credentials", false, "no credentials (user:password@)";
    /// A special URL (or one with credentials or a port) has an empty host.
    HostMissing = "host-missing", true, "a host";
    /// The port is over 65535.
    PortOutOfRange = "port-out-of-range", true, "a port of at most 65535";
    /// The port holds something other than digits.
    PortInvalid = "port-invalid", true, "a port of digits only";
    /// A relative `file:` reference starts with a Windows drive letter.
    FileInvalidWindowsDriveLetter = "file-invalid-Windows-drive-letter", false,
        "no Windows drive letter at the start of a relative file reference";
    /// A `file:` host is a Windows drive letter.
    FileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host", false,
        "a file host that is not a Windows drive letter";
}

impl ValidationError {
    /// A validation error of `kind` at byte `index`.
    pub const fn new(index: usize, kind: ValidationErrorKind) -> ValidationError {
        ValidationError { index, kind }
    }

    /// The byte offset in the input where the error occurred.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> ValidationErrorKind {
        self.kind
    }

    /// The same error, `by` bytes further on: for a part (a host, a port)
    /// parsed on its own, the error's index in the whole input.
    pub const fn shifted(self, by: usize) -> ValidationError {
        ValidationError {
            index: self.index + by,
            kind: self.kind,
        }
    }
}

crate::error::impl_expected_at_byte!(ValidationError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_displayed() {
        let mut names: alloc::vec::Vec<_> =
            ValidationErrorKind::ALL.iter().map(|k| k.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ValidationErrorKind::ALL.len());
        let e = ValidationError::new(7, ValidationErrorKind::PortInvalid);
        assert_eq!(
            alloc::format!("{e}"),
            "at byte 7: expected a port of digits only"
        );
    }
}
