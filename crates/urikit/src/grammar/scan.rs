//! Fast scanning over runs of ordinary bytes, for the parser and the
//! percent-decoder.
//!
//! The [`crate::table`] sets are the definition of each byte class; this module
//! folds the ones the parser's hot loops need into one 256-entry table,
//! [`CLASS`], one bit per class, so that testing a byte is one load and one
//! `and` (no branch on the byte's range, no bounds check: a `u8` index is always
//! in range). Runs are scanned eight bytes at a time: the eight class entries
//! are and-ed together and the whole block is skipped when they share the
//! class bit, which is the common case in real URLs. No `unsafe` is needed.
//!
//! The parser's three long runs (path, query and fragment, reg-name) go
//! faster still where the target has 16-byte vector compares: each of those
//! classes is also written as a few byte-range tests ([`scan_path`],
//! [`scan_query`], [`scan_reg_name`]), which the compiler turns into SSE2 or
//! NEON compares over a block of sixteen bytes, from plain safe code.

use crate::error::{ParseError, ParseErrorKind as K};
use crate::grammar::nibbles::{Nibbles, Ssse3};
use crate::grammar::ucs::{self, Place};
use crate::table;

/// `pchar / "/"` ([`table::PATH`]).
pub(crate) const PATH: u8 = 1 << 0;
/// `pchar / "/" / "?"` ([`table::QUERY`], also `fragment`).
pub(crate) const QUERY: u8 = 1 << 1;
/// `unreserved / sub-delims / ":"` ([`table::USERINFO`]).
pub(crate) const USERINFO: u8 = 1 << 2;
/// `unreserved / sub-delims` ([`table::REG_NAME`]).
pub(crate) const REG_NAME: u8 = 1 << 3;
/// `ALPHA / DIGIT / "+" / "-" / "."` ([`table::SCHEME`]).
pub(crate) const SCHEME: u8 = 1 << 4;
/// `DIGIT` ([`table::DIGIT`]).
pub(crate) const DIGIT: u8 = 1 << 5;
/// `HEXDIG` ([`table::HEXDIG`]).
pub(crate) const HEXDIG: u8 = 1 << 6;

/// Every byte but `A`-`Z` and `%`, non-ASCII ones included: the bytes a
/// host's normalization copies as they are.
pub(crate) const KEEP_IN_HOST: u8 = 1 << 7;

/// The class bits of every byte (bytes outside ASCII belong to no class but
/// [`KEEP_IN_HOST`]).
pub(crate) static CLASS: [u8; 256] = build();

/// Each class bit and the set it stands for.
const SETS: [(table::Table, u8); 7] = [
    (table::PATH, PATH),
    (table::QUERY, QUERY),
    (table::USERINFO, USERINFO),
    (table::REG_NAME, REG_NAME),
    (table::SCHEME, SCHEME),
    (table::DIGIT, DIGIT),
    (table::HEXDIG, HEXDIG),
];

const fn build() -> [u8; 256] {
    let sets = SETS;
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if !(b == b'%' as usize || (b >= b'A' as usize && b <= b'Z' as usize)) {
            t[b] = KEEP_IN_HOST;
        }
        b += 1;
    }
    let mut b = 0;
    while b < 128 {
        let mut k = 0;
        while k < sets.len() {
            if sets[k].0.contains(b as u8) {
                t[b] |= sets[k].1;
            }
            k += 1;
        }
        b += 1;
    }
    t
}

/// Whether `c` is in `class` (one of the bit constants above, or several or-ed).
#[inline(always)]
pub(crate) fn is(c: u8, class: u8) -> bool {
    CLASS[usize::from(c)] & class != 0
}

/// The index of the first byte at or after `i` that is not in `class` (one
/// class bit), or `b.len()`.
///
/// Blocks of eight bytes: the class entries of the eight bytes are packed
/// into one `u64` (byte `k` of it is the entry of byte `k`), the class bit is
/// moved to the low bit of each byte, and then one compare says whether the
/// whole block is in the class (the common case: skip it) and `trailing_zeros`
/// of the complement says where the run ends, with no byte loop and its
/// hard-to-predict exit. The last block of the input, when shorter than eight,
/// is read as the last eight bytes with the ones before `i` shifted out.
#[inline(always)]
pub(crate) fn run(b: &[u8], i: usize, class: u8) -> usize {
    debug_assert!(class.is_power_of_two());
    let mut blocks = b.get(i..).unwrap_or_default().chunks_exact(8);
    let mut at = i;
    for block in blocks.by_ref() {
        let out = outside(block, class);
        if out != 0 {
            return at + (out.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    // Fewer than eight bytes are left.
    let left = blocks.remainder().len();
    if left == 0 {
        return at;
    }
    if let Some(last) = b.last_chunk::<8>() {
        // Byte `8 - left` of the last block is the byte at `at`; the marks of
        // the bytes before it are shifted out.
        let out = outside(last, class) >> (8 * (8 - left));
        return at + (out.trailing_zeros() / 8).min(left as u32) as usize;
    }
    at + blocks
        .remainder()
        .iter()
        .position(|&c| !is(c, class))
        .unwrap_or(left)
}

/// For a block of eight bytes: bit 0 of byte `k` of the result is set when
/// `block[k]` is *not* in `class` (one class bit); every other bit is clear.
#[inline(always)]
fn outside(block: &[u8], class: u8) -> u64 {
    const LO: u64 = 0x0101_0101_0101_0101;
    let mut v = 0u64;
    for (k, &c) in block.iter().enumerate() {
        v |= u64::from(CLASS[usize::from(c)]) << (8 * k);
    }
    !(v >> class.trailing_zeros()) & LO
}

/// Advances over bytes of `class` and valid `%XX` triplets, returning the
/// index of the first byte that is neither.
///
/// # Errors
/// A `%` not followed by two hex digits (index of the `%`).
#[inline(always)]
pub(crate) fn scan(b: &[u8], mut i: usize, class: u8) -> Result<usize, ParseError> {
    loop {
        i = pct_run(b, run(b, i, class))?;
        if !b.get(i).is_some_and(|&c| is(c, class)) {
            return Ok(i);
        }
    }
}

// ---- The parser's three long runs, sixteen bytes at a time. ----
//
// Each class below is written as a few byte-range tests instead of a table
// lookup, so that the compiler turns the test of a block of sixteen bytes
// into vector compares (SSE2 on x86-64, NEON on AArch64) without any
// `unsafe`: `marks` is plain code over an array. The tests are checked
// against the `table` sets for all 256 bytes (`stop_tests_agree_with_the_sets`).

/// Whether `c` ends a run of [`table::PATH`] bytes: a control or space
/// (below `!`), `DEL` or any non-ASCII byte, or one of `" # % < > ? [ \ ] ^ ` { | }`.
#[inline(always)]
fn stops_path(c: u8) -> bool {
    outside_printable_or_brace(c)
        | (c.wrapping_sub(b'"') < 2) // " #
        | (c == b'%')
        | (c == b'<')
        | (c.wrapping_sub(b'>') < 2) // > ?
        | (c.wrapping_sub(b'[') < 4) // [ \ ] ^
        | (c == b'`')
}

/// Whether `c` is a control, space, `DEL` or non-ASCII byte, or one of
/// `{ | }`: the stop bytes every class below shares at both ends of ASCII.
/// One range test from `{` round to `!` (wrapping), less `~`, takes fewer
/// vector operations than two range tests.
#[inline(always)]
fn outside_printable_or_brace(c: u8) -> bool {
    (c.wrapping_sub(b'{') < 0xA6) & (c != b'~')
}

/// Whether `c` ends a run of [`table::QUERY`] bytes: as [`stops_path`], but
/// for `?`.
#[inline(always)]
fn stops_query(c: u8) -> bool {
    outside_printable_or_brace(c)
        | (c.wrapping_sub(b'"') < 2)
        | (c == b'%')
        | (c == b'<')
        | (c == b'>')
        | (c.wrapping_sub(b'[') < 4)
        | (c == b'`')
}

/// Whether `c` ends a run of [`table::REG_NAME`] bytes: as [`stops_path`],
/// and also `/`, `:` and `@`.
#[inline(always)]
fn stops_reg_name(c: u8) -> bool {
    outside_printable_or_brace(c)
        | (c.wrapping_sub(b'"') < 2)
        | (c == b'%')
        | (c == b'/')
        | (c == b':')
        | (c == b'<')
        | (c.wrapping_sub(b'>') < 3) // > ? @
        | (c.wrapping_sub(b'[') < 4)
        | (c == b'`')
}

/// The width of a block of [`run_wide`].
pub(crate) const W: usize = 16;

/// How the wide scans read blocks: a constant in each copy of the parser
/// (`crate::parse::parse_with`), so that each copy keeps one case's code.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocks {
    /// The input is shorter than a block: it is read as one padded block.
    pub(crate) short: bool,
    /// The copy compiled with SSSE3: blocks are tested by nibble lookup.
    pub(crate) ssse3: Option<Ssse3>,
}

/// The wide scans' classes as nibble tables ([`nibbles`]).
static NIBBLES_PATH: Nibbles = Nibbles::of(table::PATH);
static NIBBLES_QUERY: Nibbles = Nibbles::of(table::QUERY);
static NIBBLES_REG_NAME: Nibbles = Nibbles::of(table::REG_NAME);

/// Whether the target has the 16-byte vector compares that [`marks`] compiles
/// to. Elsewhere the range tests would run byte by byte, slower than a table
/// lookup, so the `scan_*` functions below use the table scan ([`scan`])
/// instead. Both are plain safe code; the tests check the wide scans against
/// the table scans on every target.
const WIDE: bool = cfg!(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "x86", target_feature = "sse2"),
    all(target_arch = "arm", target_feature = "neon"),
    all(target_arch = "wasm32", target_feature = "simd128"),
));

/// Byte `k` of the result is 1 when `stop(block[k])`, else 0. Written so
/// that it compiles to vector compares and one 16-byte load.
#[inline(always)]
fn marks(block: &[u8; W], stop: impl Fn(u8) -> bool) -> u128 {
    let mut m = [0u8; W];
    for (m, &c) in m.iter_mut().zip(block) {
        *m = u8::from(stop(c));
    }
    u128::from_le_bytes(m)
}

/// The index of the first byte at or after `i` for which `stop` holds, or
/// `b.len()`: [`run`] for a class given as range tests, sixteen bytes a
/// block. The last block of an input of sixteen bytes or more is read as its
/// last sixteen bytes, with the marks of the ones before `i` cleared; a
/// shorter input is read as one block padded with a stop byte when `short`
/// is set, byte by byte otherwise.
///
/// `blocks` is a constant where the parser inlines this: it parses inputs
/// shorter than a block with `short` set, others without, so that each copy
/// keeps the code of its case only (the padded block, or the block loop
/// with its last block); and the copy compiled with SSSE3 tests a block with
/// `class`'s nibble tables, the others with `stop` ([`run_blocks`]).
#[inline(always)]
fn run_wide(
    b: &[u8],
    i: usize,
    stop: impl Fn(u8) -> bool + Copy,
    class: &Nibbles,
    blocks: Blocks,
) -> usize {
    match blocks.ssse3 {
        Some(t) => run_blocks(b, i, stop, blocks.short, |block| t.stops(block, class)),
        None => run_blocks(b, i, stop, blocks.short, |block| marks(block, stop)),
    }
}

/// The stop marks of a block, as a block test gives them: one byte per byte
/// of the block (`u128`, [`marks`]) or one bit (`u32`, the nibble test).
trait StopMarks: Copy {
    /// Whether no byte of the block is marked.
    fn none(self) -> bool;
    /// The index of the first marked byte (at least [`W`] when none is).
    fn first(self) -> usize;
    /// The marks of bytes `k..W` only (`k < W`).
    fn after(self, k: usize) -> Self;
    /// For the last block of an input, whose first `seen` bytes were looked
    /// at already and whose other `left` bytes were not (`seen + left ==
    /// W`): the index of the first marked byte among those, counted from
    /// the first of them; `left` when none is.
    fn first_of_last(self, seen: usize, left: usize) -> usize;
}

impl StopMarks for u128 {
    #[inline(always)]
    fn none(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn first(self) -> usize {
        (self.trailing_zeros() / 8) as usize
    }
    #[inline(always)]
    fn after(self, k: usize) -> u128 {
        self & AFTER[k & (W - 1)]
    }
    #[inline(always)]
    fn first_of_last(self, seen: usize, _left: usize) -> usize {
        // No mark left: `W - seen`, which is `left`.
        self.after(seen).first() - seen
    }
}

impl StopMarks for u32 {
    #[inline(always)]
    fn none(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn after(self, k: usize) -> u32 {
        self & (u32::MAX << k)
    }
    #[inline(always)]
    fn first_of_last(self, seen: usize, left: usize) -> usize {
        (self >> seen).first().min(left)
    }
}

/// The index of the first byte at or after `i` that `test` marks in its
/// block (`stop` for the few bytes no block covers), or `b.len()`: the loop
/// of [`run_wide`], whichever block test it uses.
#[inline(always)]
fn run_blocks<M: StopMarks>(
    b: &[u8],
    i: usize,
    stop: impl Fn(u8) -> bool,
    short: bool,
    test: impl Fn(&[u8; W]) -> M,
) -> usize {
    if short && b.len() < W {
        // `i` is at most the length, below `W`; the padding stops the run
        // at the end.
        return test(&padded(b)).after(i).first();
    }
    let mut at = i;
    // The blocks that start at or before `last` are whole.
    let last = b.len().wrapping_sub(W);
    while at <= last && b.len() >= W {
        let Some(block) = b.get(at..).and_then(<[u8]>::first_chunk::<W>) else {
            break; // (never: `at + W <= b.len()`)
        };
        let m = test(block);
        if !m.none() {
            return at + m.first();
        }
        at += W;
    }
    let left = b.len().saturating_sub(at);
    if left == 0 {
        return at;
    }
    if let Some(last) = b.last_chunk::<W>() {
        // Byte `W - left` of the last block is the byte at `at`.
        return at + test(last).first_of_last(W - left, left);
    }
    at + b[at..].iter().position(|&c| stop(c)).unwrap_or(left)
}

/// The byte every class of [`run_wide`] stops at, to pad a short input with.
const PAD: u8 = b' ';

/// `b` (shorter than [`W`] bytes) at the start of a block, [`PAD`] after it.
/// Built in two `u64` registers from at most two overlapping loads of a
/// fixed size (no call to a variable-length copy for a few bytes, and no
/// block written to memory in pieces and read back whole, which would
/// wait for the pieces).
#[inline(always)]
fn padded(b: &[u8]) -> [u8; W] {
    const PADS: u64 = u64::from_le_bytes([PAD; 8]);
    let n = b.len();
    let (lo, hi) = if let (Some(first), Some(last)) = (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        // 8 <= n < 16: bytes 8..n are the last n - 8 of `last` (two shifts:
        // one of 64 bits would overflow at n = 8).
        let tail = (u64::from_le_bytes(*last) >> (8 * (15 - n))) >> 8;
        (u64::from_le_bytes(*first), tail | PADS << (8 * (n - 8)))
    } else if let (Some(first), Some(last)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        // 4 <= n < 8: the two pieces overlap where they hold the same bytes.
        let head = u64::from(u32::from_le_bytes(*first));
        let tail = u64::from(u32::from_le_bytes(*last)) << (8 * (n - 4));
        (head | tail | PADS << (8 * n), PADS)
    } else {
        let mut lo = PADS;
        for (k, &c) in b.iter().enumerate() {
            lo = lo & !(0xff << (8 * k)) | u64::from(c) << (8 * k);
        }
        (lo, PADS)
    };
    (u128::from(lo) | u128::from(hi) << 64).to_le_bytes()
}

/// `AFTER[k]` keeps the marks of bytes `k..W` of a block.
static AFTER: [u128; W] = {
    let mut t = [0; W];
    let mut k = 0;
    while k < W {
        t[k] = u128::MAX << (8 * k);
        k += 1;
    }
    t
};

/// [`scan`] for a class given as range tests ([`run_wide`]).
#[inline(always)]
fn scan_wide(
    b: &[u8],
    mut i: usize,
    stop: impl Fn(u8) -> bool + Copy,
    class: &Nibbles,
    blocks: Blocks,
) -> Result<usize, ParseError> {
    loop {
        i = run_wide(b, i, stop, class, blocks);
        if b.get(i) != Some(&b'%') {
            return Ok(i);
        }
        i = pct_run(b, i)?;
    }
}

/// The index past the run of `%XX` triplets at `i` (`i` itself when there
/// is none), each checked: a run of triplets (`%20%41...`) is read without
/// going back to the block scan after each.
#[inline(always)]
fn pct_run(b: &[u8], mut i: usize) -> Result<usize, ParseError> {
    while b.get(i) == Some(&b'%') {
        check_pct(b, i)?;
        i += 3;
    }
    Ok(i)
}

/// [`scan`] over `path` bytes (`pchar / "/"`).
#[inline(always)]
pub(crate) fn scan_path(b: &[u8], i: usize, blocks: Blocks) -> Result<usize, ParseError> {
    if WIDE {
        scan_wide(b, i, stops_path, &NIBBLES_PATH, blocks)
    } else {
        scan(b, i, PATH)
    }
}

/// [`scan`] over `query` (and `fragment`) bytes (`pchar / "/" / "?"`).
#[inline(always)]
pub(crate) fn scan_query(b: &[u8], i: usize, blocks: Blocks) -> Result<usize, ParseError> {
    if WIDE {
        scan_wide(b, i, stops_query, &NIBBLES_QUERY, blocks)
    } else {
        scan(b, i, QUERY)
    }
}

/// [`scan`] over `reg-name` bytes (`unreserved / sub-delims`).
#[inline(always)]
pub(crate) fn scan_reg_name(b: &[u8], i: usize, blocks: Blocks) -> Result<usize, ParseError> {
    if WIDE {
        scan_wide(b, i, stops_reg_name, &NIBBLES_REG_NAME, blocks)
    } else {
        scan(b, i, REG_NAME)
    }
}

// ---- IRIs (RFC 3987): the same runs, with characters outside ASCII. ----
//
// Every class above stops at a byte outside ASCII, an error in a URI. In an
// IRI's path, query, fragment, userinfo and reg-name it starts a character
// that `ucs::check_char` checks against the component's rule (`ucschar`; in
// the query also `iprivate`), and the run goes on after it: the characters
// of a script come in words, checked one after the other before the block
// scan resumes. With `IRI` clear these are the URI scans, unchanged: the
// parser's URI copy has no code for the IRI case.

/// Which URI run an IRI run resumes after its non-ASCII characters
/// ([`iri_run`]): the three wide scans, or the table scan of a class.
const RUN_PATH: u8 = 0;
const RUN_QUERY: u8 = 1;
const RUN_REG_NAME: u8 = 2;
const RUN_TABLE: u8 = 3;

/// The URI run `RUN` from `i` (`class` for [`RUN_TABLE`]). A function rather
/// than a closure, so that it is always inlined: a closure called in
/// [`iri_run`]'s loop was left out of line, and the IRI parse cost a seventh
/// more.
#[inline(always)]
fn resume<const RUN: u8>(
    b: &[u8],
    i: usize,
    blocks: Blocks,
    class: u8,
) -> Result<usize, ParseError> {
    match RUN {
        RUN_PATH => scan_path(b, i, blocks),
        RUN_QUERY => scan_query(b, i, blocks),
        RUN_REG_NAME => scan_reg_name(b, i, blocks),
        _ => scan(b, i, class),
    }
}

/// Goes on with a run the URI scan `RUN` stopped at `i`, when the byte
/// there is outside ASCII: the characters there are checked, then the scan
/// goes on after them, until it stops at an ASCII byte (or the end).
#[inline(always)]
fn iri_run<const RUN: u8>(
    b: &[u8],
    mut i: usize,
    place: Place,
    blocks: Blocks,
    class: u8,
) -> Result<usize, ParseError> {
    while b.get(i).is_some_and(|&c| c >= 0x80) {
        // The characters of a word of a script, one after the other.
        while b.get(i).is_some_and(|&c| c >= 0x80) {
            i = ucs::check_char(b, i, place)?;
        }
        i = resume::<RUN>(b, i, blocks, class)?;
    }
    Ok(i)
}

/// The run `RUN` from `i`: the URI scan ([`resume`]), and for an IRI
/// [`iri_run`] after it. The scan is picked by a constant, not passed as a
/// function or closure: passed, it was left out of line and the URI parse
/// went from 399 to 493 instructions per URL (kasztp, callgrind).
#[inline(always)]
fn scan_run<const IRI: bool, const RUN: u8>(
    b: &[u8],
    i: usize,
    blocks: Blocks,
    class: u8,
    place: Place,
) -> Result<usize, ParseError> {
    let at = resume::<RUN>(b, i, blocks, class)?;
    if IRI {
        iri_run::<RUN>(b, at, place, blocks, class)
    } else {
        Ok(at)
    }
}

/// [`scan_path`]; for an IRI, `ipath` (`ucschar` too).
#[inline(always)]
pub(crate) fn scan_ipath<const IRI: bool>(
    b: &[u8],
    i: usize,
    blocks: Blocks,
) -> Result<usize, ParseError> {
    scan_run::<IRI, RUN_PATH>(b, i, blocks, PATH, Place::Other)
}

/// [`scan_query`] for the query; for an IRI, `iquery` (`ucschar` and `iprivate`).
#[inline(always)]
pub(crate) fn scan_iquery<const IRI: bool>(
    b: &[u8],
    i: usize,
    blocks: Blocks,
) -> Result<usize, ParseError> {
    scan_run::<IRI, RUN_QUERY>(b, i, blocks, QUERY, Place::Query)
}

/// [`scan_query`] for the fragment; for an IRI, `ifragment` (`ucschar`).
#[inline(always)]
pub(crate) fn scan_ifragment<const IRI: bool>(
    b: &[u8],
    i: usize,
    blocks: Blocks,
) -> Result<usize, ParseError> {
    scan_run::<IRI, RUN_QUERY>(b, i, blocks, QUERY, Place::Other)
}

/// [`scan_reg_name`]; for an IRI, `ireg-name` (`ucschar` too).
#[inline(always)]
pub(crate) fn scan_ireg_name<const IRI: bool>(
    b: &[u8],
    i: usize,
    blocks: Blocks,
) -> Result<usize, ParseError> {
    scan_run::<IRI, RUN_REG_NAME>(b, i, blocks, REG_NAME, Place::Other)
}

/// [`scan`] over one of the authority's classes ([`USERINFO`],
/// [`REG_NAME`]), for the rare authorities the general routine reads and a
/// relative reference's first segment; for an IRI, with `ucschar` too.
#[inline(always)]
pub(crate) fn scan_iauth<const IRI: bool>(
    b: &[u8],
    i: usize,
    class: u8,
) -> Result<usize, ParseError> {
    // The table scan reads no blocks.
    let blocks = Blocks {
        short: false,
        ssse3: None,
    };
    scan_run::<IRI, RUN_TABLE>(b, i, blocks, class, Place::Other)
}

/// Checks the `pct-encoded = "%" HEXDIG HEXDIG` triplet starting at `i`.
#[inline]
pub(crate) fn check_pct(b: &[u8], i: usize) -> Result<(), ParseError> {
    match b.get(i + 1..i + 3) {
        Some(&[h, l]) if is(h, HEXDIG) && is(l, HEXDIG) => Ok(()),
        _ => Err(ParseError::new(i, K::InvalidPercentEncoding)),
    }
}

/// The index of the first `byte` in `b`, reading eight bytes at a time (SWAR:
/// the classic "has a zero byte" test on the block xor-ed with the byte
/// repeated, whose lowest set bit marks the first match exactly). The last
/// block of an input of eight bytes or more is read as its last eight bytes,
/// the ones already looked at shifted out; shorter inputs go byte by byte.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn find_byte(b: &[u8], byte: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let pattern = LO * u64::from(byte);
    // High bit of each byte of `x` that is zero, and maybe of bytes above the
    // first zero one (never below it).
    let zeros = |block: &[u8; 8]| {
        let x = u64::from_le_bytes(*block) ^ pattern;
        x.wrapping_sub(LO) & !x & HI
    };
    let mut i = 0;
    while let Some(block) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let z = zeros(block);
        if z != 0 {
            return Some(i + (z.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let left = b.len() - i;
    if left == 0 {
        return None;
    }
    if let Some(last) = b.last_chunk::<8>() {
        // The low `8 - left` bytes were looked at and hold no match, so no
        // borrow comes out of them: the shifted mask is exact.
        let z = zeros(last) >> (8 * (8 - left));
        return (z != 0).then(|| i + (z.trailing_zeros() / 8) as usize);
    }
    b.iter().position(|&c| c == byte)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_table_agrees_with_the_sets() {
        for c in 0..=255u8 {
            for (set, bit) in SETS {
                assert_eq!(is(c, bit), set.contains(c), "byte {c} bit {bit}");
            }
            let kept = c != b'%' && !c.is_ascii_uppercase();
            assert_eq!(is(c, KEEP_IN_HOST), kept, "byte {c}");
        }
    }

    /// The byte-at-a-time definition of [`run`].
    fn run_slow(b: &[u8], i: usize, class: u8) -> usize {
        b[i..]
            .iter()
            .position(|&c| !is(c, class))
            .map_or(b.len(), |k| i + k)
    }

    #[test]
    fn run_and_find_byte_match_the_slow_versions_at_every_offset() {
        let text = b"http://example.com/a/b-c_d.e~f/%41%zz?q=1&r=2#frag ment\x80\xff/..";
        for len in 0..=text.len() {
            let b = &text[..len];
            for i in 0..=len {
                for class in [
                    PATH,
                    QUERY,
                    USERINFO,
                    REG_NAME,
                    SCHEME,
                    DIGIT,
                    HEXDIG,
                    KEEP_IN_HOST,
                ] {
                    assert_eq!(run(b, i, class), run_slow(b, i, class), "{len} {i} {class}");
                }
            }
            #[cfg(feature = "alloc")]
            for byte in [b'%', b'/', b'?', b'#', b' ', 0x80, 0xff, 0] {
                assert_eq!(find_byte(b, byte), b.iter().position(|&c| c == byte));
            }
        }
    }

    #[test]
    fn stop_tests_agree_with_the_sets() {
        for c in 0..=255u8 {
            let not = |set: table::Table| !set.contains(c);
            assert_eq!(stops_path(c), not(table::PATH), "byte {c}");
            assert_eq!(stops_query(c), not(table::QUERY), "byte {c}");
            assert_eq!(stops_query(c), not(table::FRAGMENT), "byte {c}");
            assert_eq!(stops_reg_name(c), not(table::REG_NAME), "byte {c}");
        }
        // Short inputs are padded with a byte every wide scan stops at.
        assert!(stops_path(PAD) && stops_query(PAD) && stops_reg_name(PAD));
    }

    /// Each wide class: its table bit, its range tests, its nibble tables
    /// and the scan the parser calls.
    type ParserScan = fn(&[u8], usize, Blocks) -> Result<usize, ParseError>;
    type WideClass = (u8, fn(u8) -> bool, &'static Nibbles, ParserScan);
    static WIDE_CLASSES: [WideClass; 3] = [
        (PATH, stops_path, &NIBBLES_PATH, scan_path),
        (QUERY, stops_query, &NIBBLES_QUERY, scan_query),
        (REG_NAME, stops_reg_name, &NIBBLES_REG_NAME, scan_reg_name),
    ];

    /// Every way the wide scans read blocks: short or not, and with the
    /// nibble test where the CPU has SSSE3.
    fn every_blocks() -> impl Iterator<Item = Blocks> {
        core::iter::once(None)
            .chain(Ssse3::detect().map(Some))
            .flat_map(|ssse3| [true, false].map(|short| Blocks { short, ssse3 }))
    }

    #[test]
    fn wide_scans_match_the_table_scans_at_every_offset() {
        let text =
            b"http://example.com/a/b-c_d.e~f/%41%zz?q=1&r=2#frag ment\x80\xff/..[]@:{}`^<>\"\x7f";
        for len in 0..=text.len() {
            let b = &text[..len];
            for i in 0..=len {
                // The wide scans, whichever the target uses, against the
                // table scans, and what the parser calls; short inputs both
                // ways (padded block, byte by byte).
                for blocks in every_blocks() {
                    for (k, &(class, stop, nibbles, parser_scan)) in WIDE_CLASSES.iter().enumerate()
                    {
                        let want = scan(b, i, class);
                        let at = format!("{len} {i} {blocks:?} class {k}");
                        assert_eq!(scan_wide(b, i, stop, nibbles, blocks), want, "{at}");
                        assert_eq!(parser_scan(b, i, blocks), want, "{at}");
                    }
                }
            }
        }
    }

    #[cfg(feature = "std")]
    use proptest::prelude::*;

    #[cfg(feature = "std")]
    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Blocks, tails and `%` runs at random lengths and offsets.
        #[test]
        fn wide_scans_match_the_table_scans(
            b in proptest::collection::vec(any::<u8>().prop_map(|c| match c % 8 {
                0 => b'%',
                1 => b"0aF/:@?#"[usize::from(c / 8 % 8)],
                _ => c,
            }), 0..80),
            i in 0usize..80,
        ) {
            let i = i.min(b.len());
            for blocks in every_blocks() {
                for &(class, stop, nibbles, parser_scan) in &WIDE_CLASSES {
                    let want = scan(&b, i, class);
                    prop_assert_eq!(scan_wide(&b, i, stop, nibbles, blocks), want);
                    prop_assert_eq!(parser_scan(&b, i, blocks), want);
                }
            }
        }
    }

    #[test]
    fn padded_is_the_input_then_pad_bytes() {
        let text = b"abcdefghijklmno";
        for n in 0..W {
            let mut want = [PAD; W];
            want[..n].copy_from_slice(&text[..n]);
            assert_eq!(padded(&text[..n]), want, "{n}");
        }
    }

    #[test]
    fn scan_stops_at_bad_percent_encoding() {
        assert_eq!(scan(b"ab%41cd/", 0, PATH), Ok(8));
        assert_eq!(scan(b"abcdefghij%4", 0, PATH).unwrap_err().index(), 10);
        assert_eq!(scan(b"a%g1", 0, PATH).unwrap_err().index(), 1);
        assert_eq!(scan(b"abc def", 0, PATH), Ok(3));
    }
}
