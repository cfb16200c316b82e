//! Character references in attribute values, as the HTML standard's
//! tokenizer decodes them (13.2.5.72 "character reference state" and the
//! states after it, in the attribute-value context).
//!
//! The entity table and the state machine are `htmlize`'s
//! ([`htmlize::unescape_attribute`], generated from the standard's
//! `entities.json`, 2,231 names); this module pins which rules apply:
//!
//! - every named reference of the table is decoded, the longest name that
//!   matches winning;
//! - a name without its `;` (the legacy forms such as `&copy`, `&amp`,
//!   `&not`) is decoded only when the next character is neither `=` nor an
//!   ASCII alphanumeric: in `?a=1&copy=2` it stays as written (the
//!   "historical reasons" rule for attribute values), and so does `&notit;`
//!   (whose longest match, `&not`, is followed by `i`);
//! - numeric references (`&#38;`, `&#x26;`, with or without `;`) are decoded
//!   with the standard's replacements: 0, surrogates and values above
//!   U+10FFFF give U+FFFD, 0x80..0x9F the Windows-1252 characters (0x80 is
//!   `€`); `&#` or `&#x` without digits stays as written;
//! - anything else (an unknown name, a lone `&`) stays as written.

use std::borrow::Cow;

/// `raw`, an attribute value as written, with its character references
/// decoded as the HTML standard decodes them in attribute values (see the
/// module docs); borrowed when there is nothing to decode.
///
/// ```
/// use urikit_html::decode_attribute;
///
/// assert_eq!(decode_attribute("?a=1&amp;b=2"), "?a=1&b=2");
/// // A legacy reference before '=' or an alphanumeric is not one.
/// assert_eq!(decode_attribute("?a=1&copy=2"), "?a=1&copy=2");
/// assert_eq!(decode_attribute("&copy; &copy"), "\u{a9} \u{a9}");
/// assert_eq!(decode_attribute("&#x80;&#0;"), "\u{20ac}\u{fffd}");
/// ```
pub fn decode_attribute(raw: &str) -> Cow<'_, str> {
    htmlize::unescape_attribute(raw)
}

#[cfg(test)]
mod tests {
    use super::decode_attribute as d;

    #[test]
    fn named_references() {
        // All of the table, not only the XML five.
        assert_eq!(
            d("&nbsp;&eacute;&hellip;&NotNestedGreaterGreater;"),
            "\u{a0}\u{e9}\u{2026}\u{2aa2}\u{338}"
        );
        assert_eq!(d("&CounterClockwiseContourIntegral;"), "\u{2233}");
        assert_eq!(d("&amp;&lt;&gt;&quot;&apos;"), "&<>\"'");
        // Names are case-sensitive.
        assert_eq!(d("&AMP;&Amp;"), "&&Amp;");
        // Unknown names and lone ampersands stay.
        assert_eq!(d("&bogus; & &; &&"), "&bogus; & &; &&");
        // Longest match: `&notin;` is a name, `&notit;` is not, and in an
        // attribute `&not` followed by a letter is left alone.
        assert_eq!(d("&notin;"), "\u{2209}");
        assert_eq!(d("&notit;"), "&notit;");
        assert_eq!(d("&not;it"), "\u{ac}it");
        assert_eq!(d("&not it"), "\u{ac} it");
        // Names without a legacy form need their ';'.
        assert_eq!(d("&hellip"), "&hellip");
        assert_eq!(d("&hellip x"), "&hellip x");
    }

    #[test]
    fn legacy_references_without_semicolon() {
        // At the end of the value.
        assert_eq!(d("&amp"), "&");
        assert_eq!(d("x&copy"), "x\u{a9}");
        // Followed by '=' or an alphanumeric: not decoded.
        assert_eq!(d("?a=1&copy=2"), "?a=1&copy=2");
        assert_eq!(d("?a&amp=1"), "?a&amp=1");
        assert_eq!(d("&copyx &copy9 &ampX"), "&copyx &copy9 &ampX");
        assert_eq!(d("?q=1&lang=en&not=3"), "?q=1&lang=en&not=3");
        // Followed by anything else: decoded.
        assert_eq!(
            d("&copy &copy# &copy/ &amp&amp &lt?"),
            "\u{a9} \u{a9}# \u{a9}/ && <?"
        );
        // Followed by ';': the name with its ';'.
        assert_eq!(d("&copy;=2 &amp;x"), "\u{a9}=2 &x");
        // `&lang` has no legacy form (`&lang;` only): stays in any case.
        assert_eq!(d("/?x=1&lang=en &lang"), "/?x=1&lang=en &lang");
    }

    #[test]
    fn numeric_references() {
        assert_eq!(d("&#38;&#x26;&#X26;&#0038;"), "&&&&");
        // Without ';' they are still decoded, up to the first non-digit.
        assert_eq!(d("&#38x &#x41g &#65=1"), "&x Ag A=1");
        // No digits: stays.
        assert_eq!(d("&# &#; &#x; &#xg &#"), "&# &#; &#x; &#xg &#");
        // The standard's replacements.
        assert_eq!(d("&#0;&#x0;"), "\u{fffd}\u{fffd}");
        assert_eq!(d("&#xD800;&#xDFFF;"), "\u{fffd}\u{fffd}");
        assert_eq!(d("&#x110000;&#99999999999999999999;"), "\u{fffd}\u{fffd}");
        assert_eq!(d("&#x10FFFF;"), "\u{10ffff}");
        assert_eq!(
            d("&#x80;&#x82;&#x99;&#x9F;&#150;"),
            "\u{20ac}\u{201a}\u{2122}\u{178}\u{2013}"
        );
        // 0x81, 0x8D, 0x8F, 0x90, 0x9D have no Windows-1252 character: kept.
        assert_eq!(d("&#x81;&#x9D;"), "\u{81}\u{9d}");
        // Controls and noncharacters are parse errors but kept.
        assert_eq!(d("&#x0D;&#x1;&#xFFFE;"), "\r\u{1}\u{fffe}");
        // Leading zeros, long runs: linear, no overflow panic.
        let zeros = format!("&#x{}41;", "0".repeat(100_000));
        assert_eq!(d(&zeros), "A");
        let nines = format!("&#{};", "9".repeat(100_000));
        assert_eq!(d(&nines), "\u{fffd}");
    }

    #[test]
    fn borrowed_when_unchanged_and_never_panics_on_non_ascii() {
        assert!(matches!(d("http://a/b?c&d"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(
            d("&\u{e9}&#\u{e9}&#x\u{e9}&amp\u{e9}"),
            "&\u{e9}&#\u{e9}&#x\u{e9}&\u{e9}"
        );
    }
}
