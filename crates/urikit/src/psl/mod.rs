//! The Public Suffix List (<https://publicsuffix.org/>): a host's public
//! suffix, registrable domain, subdomain and the list section that decided
//! them.
//!
//! ```
//! use urikit::psl::{List, Section};
//!
//! let d = List::embedded().domain("www.images.amazon.co.uk")?;
//! assert_eq!(d.public_suffix(), "co.uk");
//! assert_eq!(d.registrable_domain(), Some("amazon.co.uk"));
//! assert_eq!(d.subdomain(), Some("www.images"));
//! assert_eq!(d.section(), Some(Section::Icann));
//!
//! // Private-section rules count unless asked otherwise.
//! let d = List::embedded().domain("foo.blogspot.com")?;
//! assert_eq!((d.public_suffix(), d.section()), ("blogspot.com", Some(Section::Private)));
//! let d = List::embedded().domain_icann("foo.blogspot.com")?;
//! assert_eq!(d.registrable_domain(), Some("blogspot.com"));
//! # Ok::<_, urikit::psl::DomainError>(())
//! ```
//!
//! # The algorithm
//!
//! The list's own (<https://publicsuffix.org/list/>): the rule with the most
//! labels matching the host from the right prevails, an exception rule
//! (`!www.ck`) over every other, and the implicit rule `*` (the last label)
//! when none matches ([`Domain::section`] is then `None`). The registrable
//! domain is the public suffix and one more label; a host that is a public
//! suffix has none.
//!
//! # Hosts
//!
//! A host is a domain name: labels separated by `.`, at most one final `.`
//! (kept in the answers, which are slices of the host). ASCII letters match
//! in any case. A label with non-ASCII characters matches the rule written
//! in Unicode or in its `xn--` form, whichever the host uses; it is not
//! mapped first (UTS #46 case folding and normalization are the caller's,
//! see `urikit::canon`). Refused: the empty host, an empty label (`.com`,
//! `a..b`), and IP addresses (a bracketed literal, or a host whose last label
//! is a number, as the WHATWG URL Standard reads `127.1` or `0x7f.1`).
//!
//! # The list
//!
//! [`List::embedded`] (feature `psl`) is the list vendored in the crate
//! (`data/public_suffix_list.dat`), made into a table when the crate is
//! built: no file or network access at run time, nothing to initialize.
//! [`List::parse`] reads a newer copy at run time into the same table.
//! A lookup hashes each label of the host once, from the right, and stops at
//! the first suffix the list does not know: no allocation.

mod punycode;
mod table;

use alloc::borrow::Cow;
use core::fmt;

use crate::word::{ascii_lowercase, bytes_equal, HI};
use punycode::{encode_label, MAX_LABEL};
use table::{fingerprint, hash_piece, home, label_hash, node_hash, Slot, PRIVATE};
pub use table::{BuildError as ListError, BuildErrorKind as ListErrorKind};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/psl_table.rs"));
}

/// The section of the list a rule is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// `===BEGIN ICANN DOMAINS===`: suffixes of the domain registries.
    Icann,
    /// `===BEGIN PRIVATE DOMAINS===`: suffixes their owners asked for
    /// (`blogspot.com`, `github.io`...).
    Private,
}

impl Section {
    /// `"icann"` or `"private"`.
    pub const fn name(self) -> &'static str {
        match self {
            Section::Icann => "icann",
            Section::Private => "private",
        }
    }
}

/// A public suffix list, ready for lookups.
#[derive(Clone, Debug)]
pub struct List {
    slots: Cow<'static, [u64]>,
    text: Cow<'static, str>,
    bits: u32,
}

static EMBEDDED: List = List {
    slots: Cow::Borrowed(&embedded::SLOTS),
    text: Cow::Borrowed(embedded::TEXT),
    bits: embedded::BITS,
};

impl List {
    /// The list vendored in the crate (feature `psl`).
    ///
    /// # Example
    /// ```
    /// let d = urikit::psl::List::embedded().domain("a.b.example.uk.com")?;
    /// assert_eq!(d.registrable_domain(), Some("example.uk.com"));
    /// # Ok::<_, urikit::psl::DomainError>(())
    /// ```
    pub fn embedded() -> &'static List {
        &EMBEDDED
    }

    /// Reads a list in the `public_suffix_list.dat` format (a newer copy of
    /// it, or a list of your own): one rule a line (`co.uk`, `*.ck`,
    /// `!www.ck`, Unicode or `xn--` labels), `//` comments, the
    /// `===BEGIN PRIVATE DOMAINS===` comment starting the private section.
    ///
    /// # Errors
    /// A [`ListError`] with the line of a rule that has an empty or too long
    /// label or a misplaced `*` or `!`.
    ///
    /// # Example
    /// ```
    /// use urikit::psl::{List, Section};
    /// let list = List::parse("// ===BEGIN ICANN DOMAINS===\nexample\n*.zone.example\n!www.zone.example\n")?;
    /// let d = list.domain("a.b.zone.example").unwrap();
    /// assert_eq!((d.public_suffix(), d.section()), ("b.zone.example", Some(Section::Icann)));
    /// assert_eq!(list.domain("www.zone.example").unwrap().public_suffix(), "zone.example");
    /// assert_eq!(List::parse("a..b").unwrap_err().line, 1);
    /// # Ok::<_, urikit::psl::ListError>(())
    /// ```
    pub fn parse(list: &str) -> Result<List, ListError> {
        let built = table::build(list)?;
        Ok(List {
            slots: Cow::Owned(built.slots),
            text: Cow::Owned(built.text),
            bits: built.bits,
        })
    }

    /// The public suffix, registrable domain and subdomain of `host`, by
    /// every rule of the list.
    ///
    /// # Errors
    /// A [`DomainError`] for a host that is not a domain name (see the
    /// [module docs](self)).
    pub fn domain<'a>(&self, host: &'a str) -> Result<Domain<'a>, DomainError> {
        self.lookup(host, 0)
    }

    /// As [`domain`](Self::domain), with the rules of the ICANN section only
    /// (what `tldextract` does by default, and the DNS registries' view).
    ///
    /// # Errors
    /// As [`domain`](Self::domain).
    pub fn domain_icann<'a>(&self, host: &'a str) -> Result<Domain<'a>, DomainError> {
        self.lookup(host, PRIVATE)
    }

    /// The registrable domain of `host` (`None` when the host is a public
    /// suffix or not a domain name): the common question, in one call.
    ///
    /// # Example
    /// ```
    /// let list = urikit::psl::List::embedded();
    /// assert_eq!(list.registrable_domain("WwW.example.COM"), Some("example.COM"));
    /// assert_eq!(list.registrable_domain("co.uk"), None);
    /// ```
    pub fn registrable_domain<'a>(&self, host: &'a str) -> Option<&'a str> {
        self.domain(host).ok()?.registrable_domain()
    }

    /// The node `label` under `parent` (slot + 1, 0 at the top), where
    /// `label_hash` is [`label_hash`]`(label)` and `head` its first piece
    /// (the whole label when it has at most eight bytes): its slot index and
    /// flags.
    #[inline(always)]
    fn find(&self, parent: u32, label: &[u8], label_hash: u64, head: u64) -> Option<(u32, u8)> {
        let hash = node_hash(label_hash, parent);
        let mask = (1usize << self.bits) - 1;
        let mut i = home(hash, self.bits);
        loop {
            let slot = Slot(*self.slots.get(i)?);
            if slot.is_empty() {
                return None;
            }
            if slot.fingerprint() == fingerprint(hash)
                && slot.parent() == parent
                && self.is_label(slot, label, head)
            {
                return Some((i as u32, slot.flags()));
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether the label of `slot` is `label` (ASCII, any case), whose first
    /// piece is `head` (read only when the label has at most eight bytes:
    /// then `head` is the whole label, as [`table::piece`] makes it): a
    /// comparison of words when the label has at most eight bytes and eight
    /// bytes of text follow its start.
    #[inline]
    fn is_label(&self, slot: Slot, label: &[u8], head: u64) -> bool {
        let (start, end) = slot.label();
        let text = self.text.as_bytes();
        if end - start != label.len() {
            return false;
        }
        match text.get(start..).and_then(<[u8]>::first_chunk::<8>) {
            Some(&word) if label.len() <= 8 => {
                let stored = u64::from_le_bytes(word) & (u64::MAX >> (64 - 8 * label.len()));
                stored == ascii_lowercase(head)
            }
            _ => text
                .get(start..end)
                .is_some_and(|l| l.eq_ignore_ascii_case(label)),
        }
    }

    fn lookup<'a>(&self, host: &'a str, ignore: u8) -> Result<Domain<'a>, DomainError> {
        let err = |index, kind| Err(DomainError { index, kind });
        let b = host.as_bytes();
        if b.is_empty() {
            return err(0, DomainErrorKind::Empty);
        }
        if b[0] == b'[' {
            return err(0, DomainErrorKind::IpAddress);
        }
        // The name without one final dot.
        let name = b.strip_suffix(b".").unwrap_or(b);
        // Walk the labels from the right: `start..end` is the current one,
        // read once backwards for its hash.
        let mut end = name.len();
        let (mut start, mut hash, mut head, mut non_ascii) = label_ending_at(name, end);
        if start == end {
            return err(start, DomainErrorKind::EmptyLabel);
        }
        if name[start].is_ascii_digit() && is_number(&name[start..end]) {
            return err(start, DomainErrorKind::IpAddress);
        }
        // The implicit rule `*` (the last label), unless a rule matches.
        let mut suffix_start = start;
        let mut section = None;
        let mut wildcard = None;
        let mut parent = 0u32;
        loop {
            let label = &name[start..end];
            let found = if !non_ascii {
                self.find(parent, label, hash, head)
            } else {
                // Non-ASCII labels are matched in their `xn--` form (the
                // label is a whole UTF-8 sequence: `.` is ASCII); one too
                // long for DNS matches nothing.
                let mut buf = [0u8; MAX_LABEL];
                let text = core::str::from_utf8(label).unwrap_or_default();
                encode_label(text, &mut buf).and_then(|n| {
                    let label = &buf[..n];
                    self.find(parent, label, label_hash(label), table::piece(label))
                })
            };
            // A wildcard rule of the parent makes this label part of the
            // suffix, known or not.
            if let Some(s) = wildcard.take() {
                suffix_start = start;
                section = Some(s);
            }
            // Deeper rules hang below a node only: stop at the first suffix
            // that is none.
            let Some((slot, flags)) = found else {
                break;
            };
            let flags = flags & !ignore;
            if flags & (table::EXC_ICANN | table::EXC_PRIVATE) != 0 {
                // The exception prevails: the suffix is the labels after this one.
                suffix_start = end + 1;
                section = Some(section_of(flags, table::EXC_ICANN));
                break;
            }
            if flags & (table::RULE_ICANN | table::RULE_PRIVATE) != 0 {
                suffix_start = start;
                section = Some(section_of(flags, table::RULE_ICANN));
            }
            if flags & (table::WILD_ICANN | table::WILD_PRIVATE) != 0 {
                wildcard = Some(section_of(flags, table::WILD_ICANN));
            }
            if start == 0 {
                break;
            }
            parent = slot + 1;
            end = start - 1;
            (start, hash, head, non_ascii) = label_ending_at(name, end);
            if start == end {
                return err(start, DomainErrorKind::EmptyLabel);
            }
        }
        // Every label left of the ones read must be a label too.
        if let Some(k) = find_empty_label(&name[..start]) {
            return err(k, DomainErrorKind::EmptyLabel);
        }
        // The label before the suffix: the last one read, or further left
        // (after an exception or a wildcard).
        let registrable_start = (suffix_start > 0).then(|| {
            if end + 1 == suffix_start {
                start
            } else {
                name[..suffix_start - 1]
                    .iter()
                    .rposition(|&c| c == b'.')
                    .map_or(0, |k| k + 1)
            }
        });
        Ok(Domain {
            host,
            suffix_start,
            registrable_start,
            section,
        })
    }
}

/// The eight bytes of `b` before `end` as a little-endian word (`b[end - 1]`
/// its highest byte), bytes before the start of `b` zero.
#[inline]
fn word_before(b: &[u8], end: usize) -> u64 {
    if let Some(&word) = b[..end].last_chunk::<8>() {
        return u64::from_le_bytes(word);
    }
    // Near the start: the first eight bytes shifted up past `end`.
    let first = match b.first_chunk::<8>() {
        Some(&word) => u64::from_le_bytes(word),
        None => table::piece(b),
    };
    first.checked_shl(8 * (8 - end) as u32).unwrap_or(0)
}

/// The label of `name` that ends at `end` (before a `.` or the end of the
/// name): its start, its [`label_hash`], its first piece of eight bytes
/// or less (the one [`label_hash`] hashes last: the whole label when it has
/// at most eight bytes, the only case [`List::is_label`] reads it), and
/// whether it has a non-ASCII byte. Read eight bytes at a time from its end.
#[inline(always)]
fn label_ending_at(name: &[u8], mut end: usize) -> (usize, u64, u64, bool) {
    let mut hash = 0;
    let mut piece = 0;
    let mut high = 0;
    loop {
        let word = word_before(name, end);
        // The high bit of each byte that is a `.`, exactly.
        let dots = bytes_equal(word, b'.');
        // The bytes of the label in this word: those above its highest `.`,
        // within `name`.
        let n = ((dots.leading_zeros() / 8) as usize).min(end);
        if n == 8 {
            piece = word;
            hash = hash_piece(hash, piece);
            high |= piece;
            end -= 8;
            continue;
        }
        if n > 0 {
            piece = word >> (64 - 8 * n);
            hash = hash_piece(hash, piece);
            high |= piece;
        }
        return (end - n, hash, piece, high & HI != 0);
    }
}

/// The section of the flag pair whose ICANN bit is `icann` (its private bit
/// is the next one).
fn section_of(flags: u8, icann: u8) -> Section {
    if flags & icann != 0 {
        Section::Icann
    } else {
        Section::Private
    }
}

/// Whether a label is a number (decimal, or `0x` hex): the WHATWG URL
/// Standard's "ends in a number", which makes a host an IPv4 address.
fn is_number(label: &[u8]) -> bool {
    match label {
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        _ => label.iter().all(u8::is_ascii_digit),
    }
}

/// The index of the first empty label of `prefix` (the part of a host left
/// of a suffix, its `.` included), if any.
fn find_empty_label(prefix: &[u8]) -> Option<usize> {
    if prefix.first() == Some(&b'.') {
        return Some(0);
    }
    // From dot to dot (eight bytes at a time in between).
    let mut from = 0;
    while let Some(k) = crate::scan::find_byte(&prefix[from..], b'.') {
        let i = from + k;
        if prefix.get(i + 1) == Some(&b'.') {
            return Some(i + 1);
        }
        from = i + 1;
    }
    None
}

/// A host taken apart by a [`List`]: the answers are slices of the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Domain<'a> {
    host: &'a str,
    suffix_start: usize,
    registrable_start: Option<usize>,
    section: Option<Section>,
}

impl<'a> Domain<'a> {
    /// The host as given.
    pub const fn host(&self) -> &'a str {
        self.host
    }

    /// The public suffix (`co.uk` of `www.amazon.co.uk`).
    pub fn public_suffix(&self) -> &'a str {
        &self.host[self.suffix_start..]
    }

    /// The registrable domain: the public suffix and one more label
    /// (`amazon.co.uk`); `None` when the host is itself a public suffix.
    pub fn registrable_domain(&self) -> Option<&'a str> {
        self.registrable_start.map(|k| &self.host[k..])
    }

    /// What is left of the registrable domain (`www.images` of
    /// `www.images.amazon.co.uk`); `None` when nothing is.
    pub fn subdomain(&self) -> Option<&'a str> {
        match self.registrable_start {
            Some(k) if k > 0 => Some(&self.host[..k - 1]),
            _ => None,
        }
    }

    /// The section of the rule that decided the public suffix; `None` for the
    /// implicit rule `*` (a top-level label the list does not know).
    pub const fn section(&self) -> Option<Section> {
        self.section
    }

    /// Whether the host is itself a public suffix.
    pub const fn is_public_suffix(&self) -> bool {
        self.registrable_start.is_none()
    }
}

/// Why a host has no public suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DomainError {
    index: usize,
    kind: DomainErrorKind,
}

/// The kinds of [`DomainError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DomainErrorKind {
    /// The host is empty.
    Empty,
    /// A label is empty (`.com`, `a..b`).
    EmptyLabel,
    /// The host is an IP address (a bracketed literal, or its last label is
    /// a number).
    IpAddress,
}

impl DomainErrorKind {
    /// A stable snake_case name: `empty_host`, `empty_label`, `ip_address`.
    pub const fn name(self) -> &'static str {
        match self {
            DomainErrorKind::Empty => "empty_host",
            DomainErrorKind::EmptyLabel => "empty_label",
            DomainErrorKind::IpAddress => "ip_address",
        }
    }
}

impl DomainError {
    /// The byte index of the problem in the host.
    pub const fn index(&self) -> usize {
        self.index
    }
    /// What the problem is.
    pub const fn kind(&self) -> DomainErrorKind {
        self.kind
    }
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            DomainErrorKind::Empty => "the host is empty",
            DomainErrorKind::EmptyLabel => "empty label: expected a name between dots",
            DomainErrorKind::IpAddress => "the host is an IP address, not a domain name",
        };
        write!(f, "at byte {}: {what}", self.index)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DomainError {}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ListErrorKind::EmptyLabel => "a rule has an empty label",
            ListErrorKind::LabelTooLong => "a label is longer than 63 bytes",
            ListErrorKind::BadWildcard => {
                "`*` must be a whole leftmost label, `!` must start an exception rule"
            }
            ListErrorKind::TooBig => "the list has more rules than a table can hold",
        };
        write!(f, "line {}: {what}", self.line)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ListError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_is_the_first_eight_bytes_zero_filled() {
        let b = *b"abcdefghij";
        for len in 0..=b.len() {
            let mut word = [0u8; 8];
            let n = len.min(8);
            word[..n].copy_from_slice(&b[..n]);
            assert_eq!(table::piece(&b[..len]), u64::from_le_bytes(word), "{len}");
        }
    }

    #[test]
    fn label_ending_at_is_its_byte_by_byte_definition() {
        let pieces = ["a", "B", ".", "xn--", "\u{e9}", "0", "-", "\0", "abcdefgh"];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let name: alloc::string::String = (0..seed % 12)
                .map(|k| pieces[((seed >> (4 * k + 8)) % pieces.len() as u64) as usize])
                .collect();
            let name = name.as_bytes();
            for end in 0..=name.len() {
                let start = name[..end]
                    .iter()
                    .rposition(|&c| c == b'.')
                    .map_or(0, |k| k + 1);
                let label = &name[start..end];
                let head = label.rchunks(8).last().map_or(0, table::piece);
                let expected = (start, label_hash(label), head, !label.is_ascii());
                assert_eq!(label_ending_at(name, end), expected, "{name:?} {end}");
            }
        }
    }
}
