//! URNs against the shared vectors (`shared/vectors/urn/*.json`), each case
//! under the profile its `mode` names. Where a suite disagrees with the
//! profile, the case is listed below with the reason (README "URNs").

mod common;

use serde_json::Value;
use urikit::urn::{
    check_nid, decode_nss, Comparator, Namespace, Namespaces, Urn, UrnErrorKind, UrnProfile,
    UuidNamespace,
};

use common::{cases, str_field};

/// The profile a vector `mode` names. RFC 2141 itself is not a profile: its
/// cases run under draft-04, the draft whose stated aim is the smallest
/// change from RFC 2141. SCIM (RFC 7643) is a sub-namespace of `ietf`; its
/// cases run under RFC 8141.
fn profile_of(mode: Option<&str>) -> UrnProfile {
    match mode {
        None | Some("RFC 8141") | Some("RFC 7643 SCIM") => UrnProfile::Rfc8141,
        Some(m) if m.starts_with("RFC 2141") => UrnProfile::Draft04,
        Some(m) => panic!("unknown mode {m}"),
    }
}

/// go-urn's RFC 2141 mode accepts these; draft-04 rejects them on purpose:
/// its NID is `(alphanum) 0*30(ldh) (alphanum)`, 2 characters at least and
/// no trailing "-" (draft-04 says it "forbids the hyphen character "-" at
/// the end of a NID"). Vectors README disagreement 16.
const RFC2141_ONLY_VALID: &[(&str, &str)] = &[
    ("urn:a:b", "one-character NID"),
    ("urn:a::", "one-character NID"),
    ("urn:a:-", "one-character NID"),
    ("URN:x:abc%1Dz%2F%3az", "one-character NID"),
    ("URN:abcd-:x", "NID ending in \"-\""),
];

/// go-urn's RFC 2141 mode rejects these; draft-04's `NSS = 1*pchar` allows
/// "&" (draft-03 Appendix C: "&" and "~" were added on purpose).
const RFC2141_ONLY_INVALID: &[(&str, &str)] =
    &[("urn:ietf:params:scim:schemas:core:2.&", "\"&\" is a pchar")];

/// go-urn's SCIM mode rejects these valid RFC 8141 URNs by the rules of the
/// SCIM sub-namespace (`urn:ietf:params:scim:{schemas|api|param}:...`, RFC
/// 7643), which this crate does not check.
const SCIM_ONLY_INVALID: &[&str] = &[
    "urn:ietf:params:scim:WRONG:core",
    "urn:ietf:params:scim:schemas:$",
    "urn:ietf:params:scim:schemas:core-",
    "urn:ietf:params:scim:schemas:core:",
    "urn:ietf:params:scim:schemas:core:2.&",
    "urn:WRONG:schemas:core",
];

/// go-urn rejects a `?+` inside an r-component and a `?=` inside a
/// q-component (it reads each as the start of a second component); RFC 8141
/// section 2 makes both components `pchar *( pchar / "/" / "?" )`, so these
/// are valid, with the r-/q-components given (README "URNs").
const RFC8141_QUESTION_MARK_INSIDE: &[(&str, Option<&str>, Option<&str>)] = &[
    ("urn:ex:ex?+a?+", Some("a?+"), None),
    ("urn:ex:ex?=a?=", None, Some("a?=")),
    (
        "urn:ex:ex?+rcomponent?+rcomponent?=qcomponent",
        Some("rcomponent?+rcomponent"),
        Some("qcomponent"),
    ),
    (
        "urn:ex:ex?+rcomponent?=qcomponent?=q",
        Some("rcomponent"),
        Some("qcomponent?=q"),
    ),
];

/// go-urn's `String()` drops an empty f-component (`#` at the end).
const EMPTY_FRAGMENT_DROPPED: &[&str] = &["urn:TESTt3st:&/987/QWERTYUIOP/0#"];

/// Uppercases the hex of every `%XX`: go-urn's `normalized` lowercases it,
/// this crate uppercases it (RFC 3986 section 2.1; both compare it
/// case-insensitively). Vectors README disagreement 14.
fn upper_hex(s: &str) -> String {
    let mut out = String::new();
    let mut hex = 0;
    for c in s.chars() {
        if hex > 0 {
            out.push(c.to_ascii_uppercase());
            hex -= 1;
        } else {
            out.push(c);
            if c == '%' {
                hex = 2;
            }
        }
    }
    out
}

fn check_components(urn: &Urn<'_>, comps: &Value, ctx: &str) {
    let Some(comps) = comps.as_object() else {
        return;
    };
    for (key, want) in comps {
        let got = match key.as_str() {
            "prefix" | "scheme" => Some(urn.scheme()),
            "nid" => Some(urn.nid()),
            "nss" => Some(urn.nss()),
            "r_component" => urn.r_component(),
            "q_component" => urn.q_component(),
            "f_component" => urn.f_component(),
            "rqf" => Some(&urn.as_str()[urn.assigned_name().len()..]),
            _ => continue,
        };
        assert_eq!(got, want.as_str(), "{ctx}: component {key}");
    }
}

#[test]
fn go_urn() {
    let mut counted = [0usize; 4]; // valid, invalid, equivalence, listed disagreements
    for case in cases("urn/go-urn.json") {
        let mode = str_field(&case, "mode");
        let profile = profile_of(mode);
        let ctx = format!("go-urn {mode:?} {case}");
        if str_field(&case, "kind") == Some("equivalence") {
            let a = Urn::parse_with(str_field(&case, "a").unwrap(), profile).expect(&ctx);
            let b = Urn::parse_with(str_field(&case, "b").unwrap(), profile).expect(&ctx);
            assert_eq!(
                a.equivalent(&b),
                case["equivalent"].as_bool().unwrap(),
                "{ctx}"
            );
            assert_eq!(a.key() == b.key(), a.equivalent(&b), "{ctx}");
            counted[2] += 1;
            continue;
        }
        let input = str_field(&case, "input").unwrap();
        let valid = case["valid"].as_bool().unwrap();
        let got = Urn::parse_with(input, profile);
        let scim = mode == Some("RFC 7643 SCIM");
        if profile == UrnProfile::Draft04 {
            if let Some((_, why)) = RFC2141_ONLY_VALID.iter().find(|(s, _)| *s == input) {
                assert!(
                    valid && got.is_err(),
                    "{ctx}: listed as RFC 2141-only ({why})"
                );
                counted[3] += 1;
                continue;
            }
            if let Some((_, why)) = RFC2141_ONLY_INVALID.iter().find(|(s, _)| *s == input) {
                assert!(
                    !valid && got.is_ok(),
                    "{ctx}: listed as draft-04 only ({why})"
                );
                counted[3] += 1;
                continue;
            }
        }
        if scim && SCIM_ONLY_INVALID.contains(&input) {
            assert!(
                !valid && got.is_ok(),
                "{ctx}: listed as SCIM-only rejection"
            );
            counted[3] += 1;
            continue;
        }
        if let Some(&(_, r, q)) = RFC8141_QUESTION_MARK_INSIDE
            .iter()
            .find(|(s, _, _)| *s == input)
        {
            let urn = got.unwrap_or_else(|e| panic!("{ctx}: listed as valid, {e}"));
            assert!(
                !valid && (urn.r_component(), urn.q_component()) == (r, q),
                "{ctx}: listed as a `?` inside r/q disagreement"
            );
            counted[3] += 1;
            continue;
        }
        if !valid {
            assert!(got.is_err(), "{ctx}: accepted");
            counted[1] += 1;
            continue;
        }
        let urn = got.unwrap_or_else(|e| panic!("{ctx}: {e}"));
        if scim {
            // go-urn splits SCIM URNs as NID "ietf:params:scim" + the rest.
            assert_eq!(urn.nid(), "ietf", "{ctx}");
            let nss = case["components"]["nss"].as_str().unwrap();
            assert_eq!(urn.nss(), format!("params:scim:{nss}"), "{ctx}");
        } else {
            check_components(&urn, &case["components"], &ctx);
        }
        if let Some(s) = str_field(&case, "string") {
            if EMPTY_FRAGMENT_DROPPED.contains(&input) {
                // go-urn's String() drops an empty f-component; a URN keeps
                // its input (RFC 3986 tells `#` from no fragment).
                assert_eq!(
                    (urn.f_component(), format!("{s}#")),
                    (Some(""), urn.to_string()),
                    "{ctx}"
                );
                counted[3] += 1;
            } else {
                assert_eq!(urn.to_string(), s, "{ctx}");
            }
        }
        if let Some(n) = str_field(&case, "normalized") {
            assert_eq!(urn.canonical(), upper_hex(n), "{ctx}");
        }
        counted[0] += 1;
    }
    assert_eq!(
        counted,
        [94, 91, 16, 17],
        "cases seen: valid, invalid, equivalence, disagreements"
    );
}

#[test]
fn rfc8141_rfc2141_examples() {
    let mut seen = 0;
    for case in cases("urn/rfc8141-rfc2141-examples.json") {
        let rfc = str_field(&case, "rfc");
        // RFC 2141's section 5 examples are those of both drafts' section 5.1:
        // they hold under every profile.
        let profiles: &[UrnProfile] = match rfc {
            Some("RFC 8141") => &[UrnProfile::Rfc8141],
            _ => &[
                UrnProfile::Rfc8141,
                UrnProfile::Draft03,
                UrnProfile::Draft04,
            ],
        };
        for &profile in profiles {
            let ctx = format!("{profile:?} {case}");
            if str_field(&case, "kind") == Some("equivalence") {
                let a = Urn::parse_with(str_field(&case, "a").unwrap(), profile).expect(&ctx);
                let b = Urn::parse_with(str_field(&case, "b").unwrap(), profile).expect(&ctx);
                assert_eq!(
                    a.equivalent(&b),
                    case["equivalent"].as_bool().unwrap(),
                    "{ctx}"
                );
                assert_eq!(b.equivalent(&a), a.equivalent(&b), "{ctx}");
            } else {
                let input = str_field(&case, "input").unwrap();
                assert_eq!(
                    Urn::parse_with(input, profile).is_ok(),
                    case["valid"].as_bool().unwrap(),
                    "{ctx}"
                );
            }
            seen += 1;
        }
    }
    assert_eq!(seen, 14 + 61 + 3 * (6 + 15));
}

#[test]
fn uri_js() {
    let known = Namespaces::standard();
    let with_rules = Comparator::new().namespaces(&known);
    let mut seen = 0;
    for case in cases("urn/uri-js.json") {
        let ctx = case.to_string();
        if str_field(&case, "kind") == Some("equivalence") {
            // uri-js applies its URN and UUID handlers: namespace rules on.
            let a = Urn::parse(str_field(&case, "a").unwrap()).expect(&ctx);
            let b = Urn::parse(str_field(&case, "b").unwrap()).expect(&ctx);
            assert_eq!(
                with_rules.equivalent(&a, &b),
                case["equivalent"].as_bool().unwrap(),
                "{ctx}"
            );
            seen += 1;
            continue;
        }
        let input = str_field(&case, "input").unwrap();
        let parsed = Urn::parse(input);
        if !case["valid"].as_bool().unwrap() {
            // A valid RFC 8141 URN, but not a valid UUID URN.
            let urn = parsed.expect(&ctx);
            let err = known.check(&urn).expect_err(&ctx);
            assert_eq!(err.kind().name(), "uuid_syntax", "{ctx}");
            seen += 1;
            continue;
        }
        let urn = parsed.expect(&ctx);
        known.check(&urn).expect(&ctx);
        let ss = &case["scheme_specific"];
        let nid_override = case["options"]["nid"].as_str();
        assert_eq!(Some(urn.nid()), ss["nid"].as_str(), "{ctx}");
        if let Some(uuid) = ss["uuid"].as_str() {
            // The uuid handler (forced by the "nid" option) exposes the NSS as a UUID.
            assert!(urn.nid_is("uuid") || nid_override == Some("uuid"), "{ctx}");
            UuidNamespace.check(urn.nss()).expect(&ctx);
            assert_eq!(urn.nss(), uuid, "{ctx}");
        } else {
            assert_eq!(Some(urn.nss()), ss["nss"].as_str(), "{ctx}");
        }
        assert_eq!(
            urn.as_uri().scheme(),
            case["components"]["scheme"].as_str().unwrap(),
            "{ctx}"
        );
        seen += 1;
    }
    assert_eq!(seen, 10);
}

#[test]
fn urn_crate() {
    let mut seen = 0;
    for case in cases("urn/urn-crate.json") {
        let ctx = case.to_string();
        seen += 1;
        if str_field(&case, "kind") == Some("builder_sequence") {
            replay_builder(&case);
            continue;
        }
        let input = str_field(&case, "input").unwrap();
        let parsed = Urn::parse(input);
        if !case["valid"].as_bool().unwrap() {
            let err = parsed.expect_err(&ctx);
            let kinds: &[UrnErrorKind] = match str_field(&case, "error").unwrap() {
                "InvalidNid" => &[UrnErrorKind::InvalidNid],
                // This crate gives a bad "%" its own kind.
                "InvalidNss" => &[
                    UrnErrorKind::InvalidNss,
                    UrnErrorKind::InvalidPercentEncoding,
                ],
                "InvalidRComponent" => &[UrnErrorKind::InvalidRComponent],
                "InvalidQComponent" => &[UrnErrorKind::InvalidQComponent],
                e => panic!("{ctx}: unknown error {e}"),
            };
            assert!(kinds.contains(&err.kind()), "{ctx}: got {err:?}");
            continue;
        }
        let urn = parsed.unwrap_or_else(|e| panic!("{ctx}: {e}"));
        if let Some(s) = str_field(&case, "string") {
            assert_eq!(urn.as_str(), s, "{ctx}");
        }
        if case.get("components").is_some() {
            // The urn crate uppercases %-hex in place when parsing a mutable
            // buffer (its r_component "%A0" for input "%a0"); components here
            // are raw, so compare them with the hex uppercased.
            for (key, want) in case["components"].as_object().unwrap() {
                let got = match key.as_str() {
                    "nid" => Some(urn.nid()),
                    "nss" => Some(urn.nss()),
                    "r_component" => urn.r_component(),
                    "q_component" => urn.q_component(),
                    "f_component" => urn.f_component(),
                    _ => panic!("{ctx}: {key}"),
                };
                assert_eq!(
                    got.map(upper_hex),
                    want.as_str().map(upper_hex),
                    "{ctx}: {key}"
                );
            }
        }
        if let Some(eq) = case.get("equals_builder") {
            let built = format!(
                "urn:{}:{}",
                eq["nid"].as_str().unwrap(),
                eq["nss"].as_str().unwrap()
            );
            assert!(urn.equivalent(&Urn::parse(&built).unwrap()), "{ctx}");
        }
        if let Some(n) = str_field(&case, "normalized_in_place") {
            // Its in-place form keeps the q-component; the canonical form of
            // RFC 8141 equivalence leaves it out.
            let (name, rest) = n.split_at(n.find('?').unwrap());
            assert_eq!(urn.canonical(), name, "{ctx}");
            assert_eq!(&urn.as_str()[urn.assigned_name().len()..], rest, "{ctx}");
        }
    }
    assert_eq!(seen, 18);
}

/// Replays the urn crate's setter sequence with [`Urn::build`]: each step sets
/// one component and rebuilds; a failing step leaves the URN as it was.
fn replay_builder(case: &Value) {
    let start = Urn::parse(str_field(case, "input").unwrap()).unwrap();
    let (mut nid, mut nss) = (start.nid().to_owned(), start.nss().to_owned());
    let (mut r, mut q, mut f) = (None::<String>, None::<String>, None::<String>);
    for step in case["steps"].as_array().unwrap() {
        let (setter, value, expected) = (
            step[0].as_str().unwrap(),
            step[1].as_str(),
            step[2].as_str().unwrap(),
        );
        let (mut r2, mut q2, mut f2, mut nid2) = (r.clone(), q.clone(), f.clone(), nid.clone());
        match setter {
            "set_r_component" => r2 = value.map(str::to_owned),
            "set_q_component" => q2 = value.map(str::to_owned),
            "set_f_component" => f2 = value.map(str::to_owned),
            "set_nid" => nid2 = value.unwrap().to_owned(),
            s => panic!("unknown step {s}"),
        }
        let built = Urn::build(
            &nid2,
            &nss,
            r2.as_deref(),
            q2.as_deref(),
            f2.as_deref(),
            UrnProfile::Rfc8141,
        );
        if expected.starts_with("ERROR") {
            let err = built.expect_err(expected);
            assert_eq!(err.kind(), UrnErrorKind::InvalidQComponent, "{step}");
        } else {
            // The crate uppercases "%2a" as it sets it; compare hex case-insensitively.
            assert_eq!(upper_hex(&built.expect(expected)), expected, "{step}");
            (r, q, f, nid) = (r2, q2, f2, nid2);
        }
    }
    nss.clear();
}

#[test]
fn urnparse_python() {
    let mut seen = 0;
    for case in cases("urn/urnparse-python.json") {
        let ctx = case.to_string();
        seen += 1;
        match str_field(&case, "kind") {
            Some("equivalence") => {
                let a = Urn::parse(str_field(&case, "a").unwrap()).unwrap();
                let b = Urn::parse(str_field(&case, "b").unwrap()).unwrap();
                assert_eq!(
                    a.equivalent(&b),
                    case["equivalent"].as_bool().unwrap(),
                    "{ctx}"
                );
            }
            Some("nid") => {
                let nid = str_field(&case, "input").unwrap();
                assert_eq!(
                    check_nid(nid, UrnProfile::Rfc8141).is_ok(),
                    case["valid"].as_bool().unwrap(),
                    "{ctx}"
                );
            }
            Some("nss_decode") => {
                let got = decode_nss(str_field(&case, "input").unwrap()).unwrap();
                assert_eq!(got, str_field(&case, "expected_decoded").unwrap(), "{ctx}");
            }
            Some("rqf_build") => {
                // urnparse omits an empty r-component when serializing; RFC
                // 8141 has no empty r-component, so "" is "absent" here.
                let c = &case["components"];
                let r = c["r"].as_str().filter(|r| !r.is_empty());
                let built = Urn::build(
                    "ex",
                    "y",
                    r,
                    c["q"].as_str(),
                    c["f"].as_str(),
                    UrnProfile::Rfc8141,
                )
                .unwrap();
                assert_eq!(
                    &built["urn:ex:y".len()..],
                    str_field(&case, "expected").unwrap(),
                    "{ctx}"
                );
            }
            Some("build") => {
                let c = &case["components"];
                let built = Urn::build(
                    c["nid"].as_str().unwrap(),
                    c["nss"].as_str().unwrap(),
                    None,
                    None,
                    None,
                    UrnProfile::Rfc8141,
                )
                .unwrap();
                assert_eq!(built, str_field(&case, "expected").unwrap(), "{ctx}");
            }
            None => {
                let input = str_field(&case, "input").unwrap();
                let parsed = Urn::parse(input);
                assert_eq!(parsed.is_ok(), case["valid"].as_bool().unwrap(), "{ctx}");
                if let Ok(urn) = parsed {
                    check_components(&urn, &case["components"], &ctx);
                } else {
                    assert_eq!(parsed.unwrap_err().kind(), UrnErrorKind::NotUrn, "{ctx}");
                }
            }
            Some(k) => panic!("unknown kind {k}"),
        }
    }
    assert_eq!(seen, 9);
}
