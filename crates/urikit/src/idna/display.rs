//! The spoofing policy for showing a host in Unicode.
//!
//! A label passes when none of these, checked in this order, holds (the
//! data is UTS #39's, from the `unicode-security` crate):
//!
//! 1. it has an invisible joiner (ZERO WIDTH JOINER or NON-JOINER, which
//!    IDNA allows in some contexts but nobody sees);
//! 2. it has a character outside UTS #39's General Security Profile
//!    (`Identifier_Status=Restricted`: symbols, punctuation, scripts of
//!    limited or historic use, deprecated, default-ignorable and bidi
//!    formatting characters);
//! 3. it mixes scripts beyond UTS #39's *Moderately Restrictive* level
//!    (section 5.2): one script, or Latin with Han and Hiragana/Katakana,
//!    with Han and Bopomofo, with Han and Hangul, or with one other
//!    Recommended script but Cyrillic or Greek, so `аpple` with a Cyrillic
//!    `а` and Latin with Greek fail;
//! 4. its confusable skeleton (UTS #39 section 4) is ASCII: it looks like an
//!    ASCII label, as all-Cyrillic `аррӏе`, Latin `ɑpple` (alpha) or `ıbm`
//!    (dotless i) do. This catches the whole-script confusables that matter
//!    most (a non-Latin label that reads as an ASCII name); confusables
//!    between two non-Latin scripts are not looked for.
//!
//! ASCII labels always pass: there is nothing to show differently. The
//! policy is per label and does not look at the top-level domain (a browser
//! may allow a Cyrillic label under a Cyrillic TLD; we do not).

use unicode_security::{skeleton, GeneralSecurityProfile};
use unicode_security::{RestrictionLevel, RestrictionLevelDetection};

/// Why [`check_label`] would not show a label in Unicode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Suspicion {
    /// An invisible character: ZERO WIDTH JOINER or NON-JOINER.
    InvisibleCharacter(char),
    /// A character outside UTS #39's General Security Profile.
    RestrictedCharacter(char),
    /// Scripts mixed beyond UTS #39's Moderately Restrictive level.
    MixedScripts,
    /// The label's confusable skeleton is ASCII: it can pass for an ASCII label.
    LooksLikeAscii,
}

impl Suspicion {
    /// The stable snake_case name of the reason.
    pub const fn name(self) -> &'static str {
        match self {
            Suspicion::InvisibleCharacter(_) => "invisible_character",
            Suspicion::RestrictedCharacter(_) => "restricted_character",
            Suspicion::MixedScripts => "mixed_scripts",
            Suspicion::LooksLikeAscii => "looks_like_ascii",
        }
    }
}

impl core::fmt::Display for Suspicion {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Suspicion::InvisibleCharacter(c) => {
                write!(f, "invisible character U+{:04X}", *c as u32)
            }
            Suspicion::RestrictedCharacter(c) => write!(
                f,
                "U+{:04X} is outside the UTS #39 identifier profile",
                *c as u32
            ),
            Suspicion::MixedScripts => {
                f.write_str("scripts mixed beyond UTS #39's Moderately Restrictive level")
            }
            Suspicion::LooksLikeAscii => f.write_str("confusable with an ASCII label"),
        }
    }
}

/// Checks a label (in Unicode, as ToUnicode gives it: mapped, lowercase, NFC)
/// against the spoofing policy of this module.
///
/// # Errors
/// The first [`Suspicion`] found.
///
/// ```
/// use urikit::idna::{check_label, Suspicion};
///
/// assert_eq!(check_label("bücher"), Ok(()));
/// assert_eq!(check_label("例え"), Ok(()));
/// assert_eq!(check_label("مثال"), Ok(()));
/// assert_eq!(check_label("\u{430}pple"), Err(Suspicion::MixedScripts));
/// assert_eq!(check_label("\u{430}\u{440}\u{440}\u{4CF}\u{435}"), Err(Suspicion::LooksLikeAscii));
/// ```
pub fn check_label(label: &str) -> Result<(), Suspicion> {
    if label.is_ascii() {
        return Ok(());
    }
    for c in label.chars() {
        if matches!(c, '\u{200C}' | '\u{200D}') {
            return Err(Suspicion::InvisibleCharacter(c));
        }
        if !c.identifier_allowed() {
            return Err(Suspicion::RestrictedCharacter(c));
        }
    }
    if label.detect_restriction_level() > RestrictionLevel::ModeratelyRestrictive {
        return Err(Suspicion::MixedScripts);
    }
    if skeleton(label).all(|c| c.is_ascii()) {
        return Err(Suspicion::LooksLikeAscii);
    }
    Ok(())
}
