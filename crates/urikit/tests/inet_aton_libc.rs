//! `parse_inet_aton` against the C library's `inet_aton()` (glibc on Linux):
//! the same strings must give the same address, or be rejected by both.
//!
//! glibc also accepts an address followed by white space and anything
//! (`"127.1 junk"`): `parse_inet_aton_glibc` does the same, and the strict
//! `parse_inet_aton` answers as glibc would on the text before the first
//! white-space character.

#![cfg(target_os = "linux")]
use proptest::prelude::*;
use urikit::security::rare_ip::{parse_inet_aton, parse_inet_aton_glibc};

/// What the C library answers: the address as a host-order u32, or None.
fn libc_inet_aton(s: &str) -> Option<u32> {
    libc_oracle::inet_aton_value(s)
}

fn ours(s: &str) -> Option<u32> {
    parse_inet_aton_glibc(s).ok().map(|a| a.value())
}

const CASES: &[&str] = &[
    // The forms of RFC 3986 section 7.4 and their edges.
    "127.0.0.1",
    "127.1",
    "127.0.1",
    "0x7f.1",
    "0X7F.1",
    "0177.0.0.1",
    "0177.1",
    "2130706433",
    "0x7f000001",
    "017700000001",
    "4294967295",
    "0xffffffff",
    "0xFFFFFFFF",
    "037777777777",
    "040000000000",
    "4294967296",
    "0x100000000",
    "0x0100000000",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "255.255.255.255",
    "256.255.255.255",
    "255.16777215",
    "255.16777216",
    "1.2.65535",
    "1.2.65536",
    "1.2.3.255",
    "1.2.3.256",
    "0",
    "00",
    "0x",
    "0x0",
    "0xg",
    "08",
    "09",
    "07",
    "010",
    "0.0.0.08",
    "1.2.3.4.5",
    "1.2.3.4.",
    "127.0.0.1.",
    "127.1.",
    "1.",
    ".1",
    "1..2",
    "..",
    "",
    " 1",
    "+1",
    "-1",
    "1e3",
    "0x1.0x2.0x3.0x4",
    "0x01.0x02.0x0304",
    "000000000000000000000000000001",
    "0x000000000000000000000000001",
    "1.2.3.04",
    "01.02.03.04",
    "192.168.0x101",
    "10.0x10203",
    "example.com",
    "localhost",
    "1a",
    "0x1g",
    "1.2.3.4a",
    "１２７.0.0.1",
    // glibc's trailing white space.
    "127.1 junk",
    "127.1\tjunk",
    "127.1\n",
    "1 .2",
    "1. 2",
    "1.2 ",
    "0x 1",
];

#[test]
fn agrees_with_the_c_library() {
    for s in CASES {
        assert_eq!(ours(s), libc_inet_aton(s), "{s:?}");
    }
}

#[test]
fn the_edge_values_from_the_issue() {
    assert_eq!(libc_inet_aton("4294967295"), Some(u32::MAX));
    assert_eq!(ours("4294967295"), Some(u32::MAX));
    assert_eq!(ours("0xffffffff"), Some(u32::MAX));
    assert_eq!(libc_inet_aton("0x100000000"), None);
    assert_eq!(ours("0x100000000"), None);
    assert_eq!(ours("0177.0.0.1"), Some(0x7f00_0001));
    assert_eq!(ours("08"), None);
}

/// The strict parser is glibc on the text before the first white space.
fn strict_prefix(s: &str) -> Option<u32> {
    let end = s
        .find([' ', '\t', '\n', '\x0b', '\x0c', '\r'])
        .unwrap_or(s.len());
    parse_inet_aton(&s[..end]).ok().map(|a| a.value())
}

#[test]
fn strict_is_glibc_before_white_space() {
    for s in CASES {
        assert_eq!(strict_prefix(s), libc_inet_aton(s), "{s:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn random_numbers_and_dots(s in "([0-9]{1,11}|0[xX][0-9a-fA-F]{0,9}|0[0-7]{0,12}|[.]|[ax89 ])(([.]|)([0-9]{1,11}|0[xX][0-9a-fA-F]{0,9}|0[0-7]{0,12}|[ax89 ])){0,4}") {
        prop_assert_eq!(ours(&s), libc_inet_aton(&s), "{:?}", s);
        prop_assert_eq!(strict_prefix(&s), libc_inet_aton(&s), "{:?}", s);
    }

    #[test]
    fn any_value_in_any_form(v in any::<u32>(), form in 0..6usize) {
        let [a, b, c, d] = v.to_be_bytes();
        let s = match form {
            0 => format!("{v}"),
            1 => format!("{v:#x}"),
            2 => format!("0{v:o}"),
            3 => format!("{a}.{}", v & 0xff_ffff),
            4 => format!("0{a:o}.{b:#x}.{}", u32::from(c) << 8 | u32::from(d)),
            _ => format!("{a}.{b}.{c}.{d}"),
        };
        prop_assert_eq!(ours(&s), Some(v), "{}", s);
        prop_assert_eq!(libc_inet_aton(&s), Some(v), "{}", s);
    }
}
