//! Internationalized domain names: UTS #46 ToASCII and ToUnicode, and the
//! form of a host to show to people (feature `idna`).
//!
//! The Unicode data and the processing steps (mapping, normalization,
//! Punycode, the validity criteria, the bidi and joiner rules) are the
//! [`idna`](https://docs.rs/idna) crate's, whose data comes from ICU4X; this
//! module gives them UTS #46's own options and an error with a byte index.
//!
//! ```
//! use urikit::idna::Uts46;
//!
//! const IDNA: Uts46 = Uts46::new();
//! assert_eq!(IDNA.to_ascii("Bücher.example")?, "xn--bcher-kva.example");
//! assert_eq!(IDNA.to_unicode("xn--bcher-kva.example").0, "bücher.example");
//! // Transitional processing maps the deviation characters (ß, ς, ZWJ, ZWNJ).
//! assert_eq!(IDNA.transitional(true).to_ascii("faß.de")?, "fass.de");
//! assert_eq!(IDNA.to_ascii("faß.de")?, "xn--fa-hia.de");
//!
//! let err = IDNA.to_ascii("example.xn--a.com").unwrap_err();
//! assert_eq!((err.index(), err.kind().name()), (8, "invalid_label"));
//! # Ok::<_, urikit::idna::IdnaError>(())
//! ```
//!
//! ## The options (UTS #46 section 4)
//!
//! | UTS #46 flag | here | default |
//! |---|---|---|
//! | `CheckHyphens` | [`Uts46::check_hyphens`] | on |
//! | `CheckBidi` | always on | on |
//! | `CheckJoiners` | always on | on |
//! | `UseSTD3ASCIIRules` | [`Uts46::use_std3_ascii_rules`] | on |
//! | `Transitional_Processing` | [`Uts46::transitional`] | off |
//! | `VerifyDnsLength` | [`Uts46::verify_dns_length`] (ToASCII only) | on |
//! | `IgnoreInvalidPunycode` | always off | off |
//!
//! The defaults are those of the conformance test file (`IdnaTestV2.txt`),
//! which passes in full (`tests/idna.rs`). `CheckBidi` and `CheckJoiners`
//! cannot be turned off: the `idna` crate always checks them, as the WHATWG
//! URL Standard does even in its lenient mode. Transitional processing
//! (deprecated by UTS #46 since 15.1) is done as the standard describes it,
//! by mapping the four deviation characters before the rest of the
//! processing: `ß` (and `ẞ`, which maps to it) to `ss`, `ς` to `σ`, and ZERO
//! WIDTH JOINER and NON-JOINER to nothing.
//!
//! ## Display
//!
//! [`Uts46::to_display`] is ToUnicode for people: a label is shown in Unicode
//! only when the spoofing policy of [`check_label`] finds nothing suspicious in
//! it (mixed scripts beyond UTS #39's Moderately Restrictive level, characters
//! outside UTS #39's identifier profile, invisible characters, labels that
//! look like an ASCII one); otherwise in Punycode.
//!
//! This feature needs Rust 1.88 (the `icu` crates under `idna`).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use idna::uts46::{self, AsciiDenyList, DnsLength, Hyphens};

mod display;

pub use display::{check_label, Suspicion};

/// UTS #46 processing with its options: a `const` value, built with the
/// option methods from [`Uts46::new`] (the conformance defaults).
///
/// ```
/// use urikit::idna::Uts46;
///
/// // The options of the WHATWG URL Standard's "domain to ASCII".
/// const LENIENT: Uts46 = Uts46::new()
///     .check_hyphens(false)
///     .use_std3_ascii_rules(false)
///     .verify_dns_length(false);
/// assert_eq!(LENIENT.to_ascii("a_b--c.example")?, "a_b--c.example");
/// assert!(Uts46::new().to_ascii("a_b--c.example").is_err());
/// # Ok::<_, urikit::idna::IdnaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uts46 {
    check_hyphens: bool,
    use_std3_ascii_rules: bool,
    transitional: bool,
    verify_dns_length: bool,
}

impl Default for Uts46 {
    fn default() -> Uts46 {
        Uts46::new()
    }
}

/// Why a domain name failed UTS #46 processing, and where.
///
/// The index is the byte offset, in the input, of the first label in error
/// (0 when the processing changed the number of labels, which a character
/// mapped to a string with a `.` can do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdnaError {
    index: usize,
    kind: IdnaErrorKind,
}

/// What kind of mistake an [`IdnaError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaErrorKind {
    /// A label breaks UTS #46 processing: a disallowed character (with
    /// `UseSTD3ASCIIRules`, any ASCII but letters, digits and `-`), an `xn--`
    /// label that is not valid Punycode or decodes to an invalid label, a
    /// hyphen where `CheckHyphens` forbids one, the bidi rule (RFC 5893) or
    /// the joiner rules (RFC 5892 Appendix A).
    InvalidLabel,
    /// `VerifyDnsLength`: an empty label, a label longer than 63 bytes or a
    /// name longer than 253 bytes in ASCII form.
    DnsLength,
}

impl IdnaErrorKind {
    /// The stable snake_case name of the kind.
    pub const fn name(self) -> &'static str {
        match self {
            IdnaErrorKind::InvalidLabel => "invalid_label",
            IdnaErrorKind::DnsLength => "dns_length",
        }
    }

    /// What UTS #46 expected at the error's index.
    pub const fn expected(self) -> &'static str {
        match self {
            IdnaErrorKind::InvalidLabel => {
                "a label UTS #46 accepts (no disallowed character, valid Punycode after \"xn--\", hyphen, bidi and joiner rules)"
            }
            IdnaErrorKind::DnsLength => {
                "labels of 1 to 63 bytes, and at most 253 bytes in all, in ASCII form (VerifyDnsLength)"
            }
        }
    }
}

impl IdnaError {
    /// The byte offset of the first label in error.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> IdnaErrorKind {
        self.kind
    }

    /// An [`IdnaErrorKind::InvalidLabel`] at `index`.
    pub(crate) const fn invalid_label(index: usize) -> IdnaError {
        IdnaError {
            index,
            kind: IdnaErrorKind::InvalidLabel,
        }
    }

    /// The error with its index moved by `by` (the domain name's offset in a
    /// larger string).
    pub(crate) const fn shifted(self, by: usize) -> IdnaError {
        IdnaError {
            index: self.index + by,
            kind: self.kind,
        }
    }
}

crate::error::impl_expected_at_byte!(IdnaError);

/// The characters UTS #46 maps to `.` (its label separators): FULL STOP,
/// IDEOGRAPHIC FULL STOP, FULLWIDTH FULL STOP, HALFWIDTH IDEOGRAPHIC FULL STOP.
fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The byte offset in `input` of label number `label` (0-based), when the
/// input has `labels` labels; 0 otherwise.
fn label_start(input: &str, label: usize, labels: usize) -> usize {
    let starts = core::iter::once(0).chain(
        input
            .char_indices()
            .filter(|&(_, c)| is_label_separator(c))
            .map(|(i, c)| i + c.len_utf8()),
    );
    let starts: Vec<usize> = starts.collect();
    if starts.len() == labels {
        starts[label]
    } else {
        0
    }
}

impl Uts46 {
    /// The conformance defaults: `CheckHyphens`, `CheckBidi`,
    /// `CheckJoiners`, `UseSTD3ASCIIRules` and `VerifyDnsLength` on,
    /// nontransitional.
    pub const fn new() -> Uts46 {
        Uts46 {
            check_hyphens: true,
            use_std3_ascii_rules: true,
            transitional: false,
            verify_dns_length: true,
        }
    }

    /// `CheckHyphens`: no `-` first or last in a label, nor in both the third
    /// and fourth positions (`ab--c`).
    pub const fn check_hyphens(self, on: bool) -> Uts46 {
        Uts46 {
            check_hyphens: on,
            ..self
        }
    }

    /// `UseSTD3ASCIIRules`: the only ASCII allowed in a label are letters,
    /// digits and `-` (no `_`, no space, no `*`...).
    pub const fn use_std3_ascii_rules(self, on: bool) -> Uts46 {
        Uts46 {
            use_std3_ascii_rules: on,
            ..self
        }
    }

    /// `Transitional_Processing` (deprecated by UTS #46 15.1): `ß`, `ς`,
    /// ZWJ and ZWNJ are mapped (to `ss`, `σ`, nothing, nothing) instead of
    /// kept, the IDNA 2003 reading; so is `ẞ` (U+1E9E), which UTS #46 maps
    /// to `ß`.
    pub const fn transitional(self, on: bool) -> Uts46 {
        Uts46 {
            transitional: on,
            ..self
        }
    }

    /// `VerifyDnsLength` (ToASCII only): every label 1 to 63 bytes, the
    /// name at most 253 bytes, no trailing root `.`.
    pub const fn verify_dns_length(self, on: bool) -> Uts46 {
        Uts46 {
            verify_dns_length: on,
            ..self
        }
    }

    fn deny_list(&self) -> AsciiDenyList {
        if self.use_std3_ascii_rules {
            AsciiDenyList::STD3
        } else {
            AsciiDenyList::EMPTY
        }
    }

    fn hyphens(&self) -> Hyphens {
        if self.check_hyphens {
            Hyphens::Check
        } else {
            Hyphens::Allow
        }
    }

    /// The input with the deviation characters mapped, under transitional
    /// processing (borrowed otherwise, or when it has none).
    fn premapped<'a>(&self, domain: &'a str) -> Cow<'a, str> {
        let deviation = |c: char| {
            matches!(
                c,
                '\u{DF}' | '\u{1E9E}' | '\u{3C2}' | '\u{200C}' | '\u{200D}'
            )
        };
        if !self.transitional || !domain.contains(deviation) {
            return Cow::Borrowed(domain);
        }
        let mut out = String::with_capacity(domain.len() + 4);
        for c in domain.chars() {
            match c {
                '\u{DF}' | '\u{1E9E}' => out.push_str("ss"),
                '\u{3C2}' => out.push('\u{3C3}'),
                '\u{200C}' | '\u{200D}' => {}
                c => out.push(c),
            }
        }
        Cow::Owned(out)
    }

    /// UTS #46 ToASCII (section 4.2): the domain name in ASCII, every label
    /// with non-ASCII characters as `xn--` Punycode. Borrowed when the input
    /// is already its own ASCII form.
    ///
    /// # Errors
    /// [`IdnaErrorKind::InvalidLabel`] or [`IdnaErrorKind::DnsLength`], at
    /// the start of the first label in error.
    ///
    /// ```
    /// use urikit::idna::Uts46;
    /// assert_eq!(Uts46::new().to_ascii("例え.JP")?, "xn--r8jz45g.jp");
    /// let err = Uts46::new().to_ascii("a..b").unwrap_err();
    /// assert_eq!((err.index(), err.kind().name()), (2, "dns_length"));
    /// # Ok::<_, urikit::idna::IdnaError>(())
    /// ```
    pub fn to_ascii<'a>(&self, domain: &'a str) -> Result<Cow<'a, str>, IdnaError> {
        let input = self.premapped(domain);
        let processor = uts46::Uts46::new();
        let ascii = processor.to_ascii(
            input.as_bytes(),
            self.deny_list(),
            self.hyphens(),
            DnsLength::Ignore,
        );
        let Ok(ascii) = ascii else {
            return Err(self.locate_invalid(domain));
        };
        if self.verify_dns_length && !uts46::verify_dns_length(&ascii, false) {
            return Err(IdnaError {
                index: dns_length_error_label(domain, &ascii),
                kind: IdnaErrorKind::DnsLength,
            });
        }
        Ok(rebased(written(ascii), input))
    }

    /// UTS #46 ToUnicode (section 4.3): the domain name with every `xn--`
    /// label decoded, mapped and normalized; and whether processing found an
    /// error. The text is always given (with U+FFFD marking the errors, as
    /// UTS #46 allows): it may be shown to say what is wrong, never used to
    /// look a name up.
    ///
    /// # Errors
    /// The second item: the first label in error (`VerifyDnsLength` is not
    /// part of ToUnicode).
    ///
    /// ```
    /// use urikit::idna::Uts46;
    /// let (text, result) = Uts46::new().to_unicode("xn--r8jz45g.xn--zckzah");
    /// assert_eq!((text.as_ref(), result), ("例え.テスト", Ok(())));
    /// let (text, result) = Uts46::new().to_unicode("ok.xn--a");
    /// assert_eq!(text, "ok.\u{FFFD}");
    /// assert_eq!(result.unwrap_err().index(), 3);
    /// ```
    pub fn to_unicode<'a>(&self, domain: &'a str) -> (Cow<'a, str>, Result<(), IdnaError>) {
        self.to_unicode_with(domain, |_| true)
    }

    /// ToUnicode for people: each label in Unicode when [`check_label`]
    /// finds nothing suspicious in it, in Punycode (its ToASCII form)
    /// otherwise. ASCII labels stay as they are after mapping (lowercase).
    ///
    /// # Errors
    /// As [`to_ascii`](Uts46::to_ascii) without `VerifyDnsLength`: a name
    /// that is not a valid IDN has no safe form to show.
    ///
    /// ```
    /// use urikit::idna::Uts46;
    /// const IDNA: Uts46 = Uts46::new();
    /// assert_eq!(IDNA.to_display("xn--bcher-kva.de")?, "bücher.de");
    /// // Cyrillic "а" (U+0430) among Latin letters: mixed scripts.
    /// assert_eq!(IDNA.to_display("\u{430}pple.com")?, "xn--pple-43d.com");
    /// // All Cyrillic, but every letter looks like a Latin one.
    /// assert_eq!(IDNA.to_display("xn--80ak6aa92e.com")?, "xn--80ak6aa92e.com");
    /// # Ok::<_, urikit::idna::IdnaError>(())
    /// ```
    pub fn to_display<'a>(&self, domain: &'a str) -> Result<Cow<'a, str>, IdnaError> {
        let (text, result) = self.to_unicode_with(domain, |label| check_label(label).is_ok());
        result.map(|()| text)
    }

    /// ToUnicode, with `show(label)` deciding which error-free non-ASCII
    /// labels stay in Unicode (the others are written in Punycode).
    fn to_unicode_with<'a>(
        self,
        domain: &'a str,
        show: impl Fn(&str) -> bool,
    ) -> (Cow<'a, str>, Result<(), IdnaError>) {
        let input = self.premapped(domain);
        let mut label = String::new();
        let (text, result) = uts46::Uts46::new().to_user_interface(
            input.as_bytes(),
            self.deny_list(),
            self.hyphens(),
            |chars, _, _| {
                label.clear();
                label.extend(chars);
                show(&label)
            },
        );
        let text = rebased(written(text), input);
        let result = match result {
            Ok(()) => Ok(()),
            Err(_) => Err(IdnaError {
                index: marked_label(domain, &text),
                kind: IdnaErrorKind::InvalidLabel,
            }),
        };
        (text, result)
    }

    /// The error of a failed ToASCII: found again by ToUnicode, whose output
    /// marks the labels in error with U+FFFD.
    #[cold]
    fn locate_invalid(&self, domain: &str) -> IdnaError {
        let (text, _) = self.to_unicode(domain);
        IdnaError {
            index: marked_label(domain, &text),
            kind: IdnaErrorKind::InvalidLabel,
        }
    }
}

/// What processing wrote, `None` when it passed its input through.
fn written(out: Cow<'_, str>) -> Option<String> {
    match out {
        Cow::Borrowed(_) => None,
        Cow::Owned(s) => Some(s),
    }
}

/// The output of processing `input` ([`written`]): the input itself, which
/// may be the caller's string (borrowed) or a premapped copy, when nothing
/// was written.
fn rebased(written: Option<String>, input: Cow<'_, str>) -> Cow<'_, str> {
    match written {
        Some(s) => Cow::Owned(s),
        None => input,
    }
}

/// The input offset of the first label of `marked` (a ToUnicode output of
/// `input`) that holds U+FFFD.
fn marked_label(input: &str, marked: &str) -> usize {
    let labels = marked.split('.').count();
    match marked.split('.').position(|l| l.contains('\u{FFFD}')) {
        Some(k) => label_start(input, k, labels),
        None => 0,
    }
}

/// The input offset of the first label of `ascii` (the ToASCII form of
/// `input`) that breaks `VerifyDnsLength`: empty, over 63 bytes, or reaching
/// past byte 253 of the name.
#[cold]
fn dns_length_error_label(input: &str, ascii: &str) -> usize {
    let labels = ascii.split('.').count();
    let mut end = 0;
    for (k, l) in ascii.split('.').enumerate() {
        end += l.len() + usize::from(k > 0);
        if l.is_empty() || l.len() > 63 || end > 253 {
            return label_start(input, k, labels);
        }
    }
    0
}

/// Punycode (RFC 3492) of a label's characters, without the `xn--` prefix;
/// `None` when the label is too long to encode (over 1000 characters, a limit
/// against quadratic time).
///
/// ```
/// assert_eq!(urikit::idna::punycode_encode("bücher").as_deref(), Some("bcher-kva"));
/// ```
pub fn punycode_encode(label: &str) -> Option<String> {
    idna::punycode::encode_str(label)
}

/// The characters of a Punycode label (without `xn--`); `None` when it is
/// not valid Punycode (or longer than 2000 bytes).
///
/// ```
/// assert_eq!(urikit::idna::punycode_decode("bcher-kva").as_deref(), Some("bücher"));
/// assert_eq!(urikit::idna::punycode_decode("99999999999"), None);
/// ```
pub fn punycode_decode(encoded: &str) -> Option<String> {
    idna::punycode::decode_to_string(encoded)
}
