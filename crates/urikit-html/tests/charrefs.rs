//! `decode_attribute` against a naive oracle written from the HTML
//! standard's tokenizer states (13.2.5.72 character reference state to
//! 13.2.5.80 numeric character reference end state), attribute-value
//! context, over the standard's table of named references.

use proptest::prelude::*;
use urikit_html::decode_attribute;

/// The numeric character reference end state's replacement table
/// (0x80..=0x9F); `None` where the standard keeps the code point.
const WINDOWS_1252: [Option<char>; 32] = [
    Some('\u{20AC}'),
    None,
    Some('\u{201A}'),
    Some('\u{0192}'),
    Some('\u{201E}'),
    Some('\u{2026}'),
    Some('\u{2020}'),
    Some('\u{2021}'),
    Some('\u{02C6}'),
    Some('\u{2030}'),
    Some('\u{0160}'),
    Some('\u{2039}'),
    Some('\u{0152}'),
    None,
    Some('\u{017D}'),
    None,
    None,
    Some('\u{2018}'),
    Some('\u{2019}'),
    Some('\u{201C}'),
    Some('\u{201D}'),
    Some('\u{2022}'),
    Some('\u{2013}'),
    Some('\u{2014}'),
    Some('\u{02DC}'),
    Some('\u{2122}'),
    Some('\u{0161}'),
    Some('\u{203A}'),
    Some('\u{0153}'),
    None,
    Some('\u{017E}'),
    Some('\u{0178}'),
];

fn oracle(input: &str) -> String {
    let b = input.as_bytes();
    let mut out: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'&' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(c) if c.is_ascii_alphanumeric() => {
                // Named character reference state: the longest name of the
                // table that the input starts with ("&" included).
                let longest = (1..=b.len() - i)
                    .rev()
                    .find_map(|len| htmlize::ENTITIES.get(&b[i..i + len]).map(|e| (len, *e)));
                match longest {
                    Some((len, expansion)) => {
                        let next = b.get(i + len);
                        let historical = b[i + len - 1] != b';'
                            && next.is_some_and(|&n| n == b'=' || n.is_ascii_alphanumeric());
                        if historical {
                            out.extend_from_slice(&b[i..i + len]);
                        } else {
                            out.extend_from_slice(expansion);
                        }
                        i += len;
                    }
                    None => {
                        out.push(b'&');
                        i += 1;
                    }
                }
            }
            Some(b'#') => {
                let hex = matches!(b.get(i + 2), Some(b'x' | b'X'));
                let digits_at = i + if hex { 3 } else { 2 };
                let radix = if hex { 16 } else { 10 };
                let n = b[digits_at..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()))
                    .count();
                if n == 0 {
                    // Absence of digits: "&#" or "&#x" flushed as written.
                    out.extend_from_slice(&b[i..digits_at]);
                    i = digits_at;
                    continue;
                }
                let mut code: u32 = 0;
                for &c in &b[digits_at..digits_at + n] {
                    let d = (c as char).to_digit(radix).unwrap_or(0);
                    // Saturate: anything past 0x10FFFF is out of range alike.
                    code = code.saturating_mul(radix).saturating_add(d).min(0x11_0000);
                }
                i = digits_at + n;
                if b.get(i) == Some(&b';') {
                    i += 1;
                }
                let c = match code {
                    0 | 0xD800..=0xDFFF | 0x11_0000.. => '\u{FFFD}',
                    0x80..=0x9F => WINDOWS_1252[(code - 0x80) as usize]
                        .unwrap_or_else(|| char::from_u32(code).unwrap_or('\u{FFFD}')),
                    _ => char::from_u32(code).unwrap_or('\u{FFFD}'),
                };
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            _ => {
                out.push(b'&');
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

#[test]
fn the_oracle_agrees_on_the_standards_cases() {
    for s in [
        "?a=1&copy=2",
        "&copy;",
        "&copy ",
        "&copy",
        "&notit;",
        "&notin;",
        "&amp",
        "&ampx",
        "&#x80;",
        "&#0;",
        "&#xD800;",
        "&#x110000;",
        "&#",
        "&#x;",
    ] {
        assert_eq!(decode_attribute(s), oracle(s), "{s:?}");
    }
    assert_eq!(oracle("?a=1&copy=2&copy;&copy"), "?a=1&copy=2\u{a9}\u{a9}");
}

#[test]
fn every_name_of_the_table_decodes_alone_and_in_context() {
    assert_eq!(htmlize::ENTITIES.len(), 2231);
    for (name, expansion) in htmlize::ENTITIES.entries() {
        let name = std::str::from_utf8(name).unwrap();
        let expansion = std::str::from_utf8(expansion).unwrap();
        assert_eq!(decode_attribute(name), expansion, "{name}");
        for s in [
            format!("{name}="),
            format!("{name}x"),
            format!("{name}/"),
            format!("?a{name}9"),
        ] {
            assert_eq!(decode_attribute(&s), oracle(&s), "{s}");
        }
    }
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("&".to_string()),
        Just("&#".to_string()),
        Just("&#x".to_string()),
        Just(";".to_string()),
        Just("=".to_string()),
        Just("é".to_string()),
        prop::sample::select(vec![
            "amp",
            "AMP",
            "copy",
            "not",
            "notin",
            "noti",
            "lt",
            "gt",
            "hellip",
            "nbsp",
            "CounterClockwiseContourIntegral",
            "Amp",
            "x",
            "X",
            "0",
            "80",
            "9F",
            "D800",
            "110000",
            "FFFFFFFFFF",
            "65",
            "a",
            "Z",
            " ",
            "/",
            "?",
        ])
        .prop_map(str::to_string),
        "[a-zA-Z0-9&#;= ]{0,6}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn matches_the_oracle(parts in prop::collection::vec(piece(), 0..16)) {
        let s = parts.concat();
        prop_assert_eq!(decode_attribute(&s).into_owned(), oracle(&s));
    }
}
