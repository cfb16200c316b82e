//! Adversarial inputs for the scaling benchmark: one pattern repeated until the
//! input is about `size` bytes. A linear-time operation takes ten times as long
//! on 1 MB as on 100 KB (the same MB/s).

/// One adversarial family: a name and how to build an input of about `size` bytes.
pub struct Family {
    pub name: &'static str,
    pub build: fn(usize) -> String,
}

fn repeat(prefix: &str, unit: &str, suffix: &str, size: usize) -> String {
    let n = size.saturating_sub(prefix.len() + suffix.len()) / unit.len();
    let mut s = String::with_capacity(prefix.len() + n * unit.len() + suffix.len());
    s.push_str(prefix);
    for _ in 0..n {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

/// The families: long runs of `%41`, `../`, `/./`, `:` in a userinfo, `[` in a
/// host, and a very long IP literal.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "pct_runs",
        build: |n| repeat("http://h/", "%41", "?%61#%62", n),
    },
    Family {
        name: "dotdot",
        build: |n| repeat("", "../", "g", n),
    },
    Family {
        name: "dot",
        build: |n| repeat("http://h", "/.", "/g", n),
    },
    Family {
        name: "userinfo_colons",
        build: |n| repeat("http://", ":", "@h/", n),
    },
    Family {
        name: "colons_no_at",
        build: |n| repeat("http://", ":", "", n),
    },
    Family {
        name: "brackets",
        build: |n| repeat("http://", "[", "/", n),
    },
    Family {
        name: "long_ipvfuture",
        build: |n| repeat("http://[v1.", "a", "]/", n),
    },
];

/// The two sizes the scaling benchmark compares.
pub const SIZES: &[usize] = &[100_000, 1_000_000];
