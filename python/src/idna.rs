//! `urikit.idna`: internationalized domain names, UTS #46 ToASCII and
//! ToUnicode with its options, and the form of a host to show people.

use pyo3::prelude::*;
use urikit::idna::{check_label, Uts46};

use crate::errors::{bad_option, idna_error};

/// The processing the keyword options describe (UTS #46 section 4; the
/// defaults are the conformance defaults).
fn uts46(
    transitional: bool,
    check_hyphens: bool,
    use_std3_ascii_rules: bool,
    verify_dns_length: bool,
) -> Uts46 {
    Uts46::new()
        .transitional(transitional)
        .check_hyphens(check_hyphens)
        .use_std3_ascii_rules(use_std3_ascii_rules)
        .verify_dns_length(verify_dns_length)
}

/// UTS #46 ToASCII: the domain name with every non-ASCII label as `xn--`
/// Punycode; `IdnaError` (`invalid_label`, `dns_length`) otherwise.
#[pyfunction]
#[pyo3(signature = (domain, *, transitional = false, check_hyphens = true, use_std3_ascii_rules = true, verify_dns_length = true))]
pub fn idna_to_ascii(
    domain: &str,
    transitional: bool,
    check_hyphens: bool,
    use_std3_ascii_rules: bool,
    verify_dns_length: bool,
) -> PyResult<String> {
    let p = uts46(
        transitional,
        check_hyphens,
        use_std3_ascii_rules,
        verify_dns_length,
    );
    match p.to_ascii(domain) {
        Ok(s) => Ok(s.into_owned()),
        Err(e) => Err(idna_error(domain, &e)),
    }
}

/// UTS #46 ToUnicode: the domain name with every `xn--` label decoded.
/// `errors="strict"`: `IdnaError` when processing finds an error;
/// `"replace"`: the text anyway, U+FFFD marking the errors (for showing
/// what is wrong, never for looking a name up).
#[pyfunction]
#[pyo3(signature = (domain, *, transitional = false, check_hyphens = true, use_std3_ascii_rules = true, errors = "strict"))]
pub fn idna_to_unicode(
    domain: &str,
    transitional: bool,
    check_hyphens: bool,
    use_std3_ascii_rules: bool,
    errors: &str,
) -> PyResult<String> {
    let strict = match errors {
        "strict" => true,
        "replace" => false,
        _ => return Err(bad_option("errors", errors, &["strict", "replace"])),
    };
    let p = uts46(transitional, check_hyphens, use_std3_ascii_rules, true);
    match p.to_unicode(domain) {
        (_, Err(e)) if strict => Err(idna_error(domain, &e)),
        (text, _) => Ok(text.into_owned()),
    }
}

/// The form of a domain name to show people: each label in Unicode when
/// the spoofing policy finds nothing suspicious in it (see `check_label`),
/// in Punycode otherwise; `IdnaError` for a name that is not a valid IDN.
#[pyfunction]
#[pyo3(signature = (domain, *, transitional = false, check_hyphens = true, use_std3_ascii_rules = true))]
pub fn idna_to_display(
    domain: &str,
    transitional: bool,
    check_hyphens: bool,
    use_std3_ascii_rules: bool,
) -> PyResult<String> {
    let p = uts46(transitional, check_hyphens, use_std3_ascii_rules, true);
    match p.to_display(domain) {
        Ok(s) => Ok(s.into_owned()),
        Err(e) => Err(idna_error(domain, &e)),
    }
}

/// Why the display policy would show a label (Unicode, as ToUnicode gives
/// it) in Punycode: `invisible_character`, `restricted_character`,
/// `mixed_scripts` or `looks_like_ascii`; `None` when it passes.
#[pyfunction]
pub fn idna_check_label(label: &str) -> Option<&'static str> {
    check_label(label).err().map(|s| s.name())
}
