//! The public suffix list as a hash table of nodes, and the builder that
//! makes it from the list's text.
//!
//! Each node is a suffix of a rule (`uk`, `co.uk`, ...), stored as the pair
//! (parent node, leftmost label) in an open-addressing table of `u64` slots,
//! so that a lookup walks a host's labels from the right, hashing each label
//! once and stopping at the first suffix that is no node. A slot packs:
//!
//! | bits | field |
//! |---|---|
//! | 0..20 | offset of the label in the label text |
//! | 20..26 | label length (1..=63; 0 marks an empty slot) |
//! | 26..42 | parent: its slot + 1, or 0 for a top-level label |
//! | 42..48 | rule flags ([`RULE_ICANN`] ...) |
//! | 48..64 | the top bits of the node's hash, to skip most slots unread |
//!
//! Labels are stored lowercase, non-ASCII ones in their `xn--` form.
//! A label is hashed eight bytes at a time ([`label_hash`]).
//!
//! This file is also compiled into the crate's build script, which makes the
//! table of the embedded list: it uses only `core`, `alloc` and
//! `super::punycode`.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::punycode::{encode_label, MAX_LABEL};

/// A rule `x.y` (the node is a public suffix), ICANN section.
pub const RULE_ICANN: u8 = 1;
/// A rule `x.y`, private section.
pub const RULE_PRIVATE: u8 = 2;
/// A wildcard rule `*.x.y` (every child of the node is a public suffix), ICANN section.
pub const WILD_ICANN: u8 = 4;
/// A wildcard rule, private section.
pub const WILD_PRIVATE: u8 = 8;
/// An exception rule `!x.y` (the node is not a public suffix: its parent is), ICANN section.
pub const EXC_ICANN: u8 = 16;
/// An exception rule, private section.
pub const EXC_PRIVATE: u8 = 32;
/// Every private-section flag.
pub const PRIVATE: u8 = RULE_PRIVATE | WILD_PRIVATE | EXC_PRIVATE;

const OFFSET_BITS: u32 = 20;
const LEN_SHIFT: u32 = 20;
const PARENT_SHIFT: u32 = 26;
const FLAGS_SHIFT: u32 = 42;
const FINGERPRINT_SHIFT: u32 = 48;
/// The most slots a table may have (its parents are 16-bit slot numbers + 1).
pub const MAX_SLOTS: usize = 1 << 15;
/// The most label text a table may have.
pub const MAX_TEXT: usize = 1 << OFFSET_BITS;

/// Every byte `0x20`: ORed into a piece of a label, it lowercases ASCII
/// letters and leaves digits, `-` and the bytes of `xn--` labels alone (the
/// bytes it confuses are told apart by the comparison that follows a hash
/// match).
const LOWER: u64 = 0x2020_2020_2020_2020;

/// The hash of a label's piece of up to eight bytes (the first byte lowest,
/// missing ones zero) added to the hash `h` of the pieces after it. No
/// multiplication: the node hash mixes.
#[inline]
pub const fn hash_piece(h: u64, piece: u64) -> u64 {
    h.rotate_left(23) ^ (piece | LOWER)
}

/// The hash of a label: [`hash_piece`] steps from 0 over its pieces of
/// eight bytes from its end, the first piece the shorter (a lookup reads a
/// host eight bytes at a time from its end).
#[inline]
pub fn label_hash(label: &[u8]) -> u64 {
    label
        .rchunks(8)
        .fold(0, |h, bytes| hash_piece(h, piece(bytes)))
}

/// The first eight bytes of `bytes` (all of them when fewer) as a word, the
/// first byte lowest, missing ones zero: from at most two overlapping loads
/// (no copy to a zeroed buffer).
#[inline]
pub fn piece(bytes: &[u8]) -> u64 {
    if let Some(&word) = bytes.first_chunk::<8>() {
        return u64::from_le_bytes(word);
    }
    let len = bytes.len();
    if let (Some(&lo), Some(&hi)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        u64::from(u32::from_le_bytes(lo)) | u64::from(u32::from_le_bytes(hi)) << (8 * (len - 4))
    } else if len > 0 {
        u64::from(bytes[0])
            | u64::from(bytes[len / 2]) << (8 * (len / 2))
            | u64::from(bytes[len - 1]) << (8 * (len - 1))
    } else {
        0
    }
}

/// The hash of a node: its [`label_hash`] mixed with its parent (slot + 1,
/// 0 at the top).
#[inline]
pub const fn node_hash(label_hash: u64, parent: u32) -> u64 {
    let h = (label_hash ^ (parent as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 31)
}

/// The first slot to probe for `hash` in a table of `2^bits` slots.
#[inline]
pub const fn home(hash: u64, bits: u32) -> usize {
    (hash >> (64 - bits)) as usize
}

/// The fingerprint of `hash` stored in a slot.
#[inline]
pub const fn fingerprint(hash: u64) -> u64 {
    hash & 0xffff
}

/// The fields of a slot.
#[derive(Clone, Copy, Debug)]
pub struct Slot(pub u64);

impl Slot {
    /// Whether the slot holds no node.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The label's byte range in the label text.
    #[inline]
    pub const fn label(self) -> (usize, usize) {
        let start = (self.0 & ((1 << OFFSET_BITS) - 1)) as usize;
        (start, start + ((self.0 >> LEN_SHIFT) & 63) as usize)
    }
    /// The parent's slot + 1, 0 for a top-level label.
    #[inline]
    pub const fn parent(self) -> u32 {
        ((self.0 >> PARENT_SHIFT) & 0xffff) as u32
    }
    /// The rule flags.
    #[inline]
    pub const fn flags(self) -> u8 {
        ((self.0 >> FLAGS_SHIFT) & 63) as u8
    }
    /// The stored fingerprint.
    #[inline]
    pub const fn fingerprint(self) -> u64 {
        self.0 >> FINGERPRINT_SHIFT
    }
    const fn pack(offset: usize, len: usize, parent: u32, flags: u8, hash: u64) -> Slot {
        Slot(
            offset as u64
                | (len as u64) << LEN_SHIFT
                | (parent as u64) << PARENT_SHIFT
                | (flags as u64) << FLAGS_SHIFT
                | fingerprint(hash) << FINGERPRINT_SHIFT,
        )
    }
}

/// What is wrong with a line of a list, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildError {
    /// The 1-based line number (0 when the list as a whole is too big).
    pub line: usize,
    /// What is wrong.
    pub kind: BuildErrorKind,
}

/// The kinds of [`BuildError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildErrorKind {
    /// A rule with an empty label (`a..b`, `.a`, `a.`).
    EmptyLabel,
    /// A label longer than 63 bytes (in its `xn--` form).
    LabelTooLong,
    /// A `*` that is not a whole leftmost label, or a `!` or `*` alone.
    BadWildcard,
    /// More nodes or label text than a table can address.
    TooBig,
}

/// A built table: slots, label text, and the number of slots as a power of two.
pub struct Built {
    /// The slots (`2^bits` of them).
    pub slots: Vec<u64>,
    /// Every label once, concatenated.
    pub text: String,
    /// The base-2 logarithm of the number of slots.
    pub bits: u32,
}

/// One label of a rule in its stored form: lowercase ASCII, `xn--` for
/// non-ASCII labels.
fn stored_label(label: &str) -> Result<Vec<u8>, BuildErrorKind> {
    if label.is_empty() {
        return Err(BuildErrorKind::EmptyLabel);
    }
    let mut buf = [0u8; MAX_LABEL];
    let bytes: Vec<u8> = match encode_label(label, &mut buf) {
        Some(n) => buf[..n].to_vec(),
        None if label.is_ascii() => label.bytes().map(|b| b.to_ascii_lowercase()).collect(),
        None => return Err(BuildErrorKind::LabelTooLong),
    };
    if bytes.len() > MAX_LABEL {
        return Err(BuildErrorKind::LabelTooLong);
    }
    if bytes.contains(&b'*') || bytes.contains(&b'!') {
        return Err(BuildErrorKind::BadWildcard);
    }
    Ok(bytes)
}

/// Builds the table of a list in the `public_suffix_list.dat` format: one rule
/// per line (up to the first white space), `//` comments, and the
/// `===BEGIN PRIVATE DOMAINS===` comment that starts the private section
/// (rules before it are ICANN's).
pub fn build(list: &str) -> Result<Built, BuildError> {
    // Nodes in creation order (a parent before its children): parent index +
    // 1 (0 at the top), label, flags.
    let mut nodes: Vec<(u32, Vec<u8>, u8)> = Vec::new();
    let mut index: BTreeMap<(u32, Vec<u8>), u32> = BTreeMap::new();
    let mut private = false;
    for (n, line) in list.lines().enumerate() {
        let line_no = n + 1;
        let err = |kind| BuildError {
            line: line_no,
            kind,
        };
        let line = line.trim();
        if let Some(comment) = line.strip_prefix("//") {
            if comment.contains("===BEGIN PRIVATE DOMAINS===") {
                private = true;
            } else if comment.contains("===BEGIN ICANN DOMAINS===") {
                private = false;
            }
            continue;
        }
        let Some(rule) = line.split_whitespace().next() else {
            continue;
        };
        let (rule, kind) = if let Some(r) = rule.strip_prefix('!') {
            (r, EXC_ICANN)
        } else if let Some(r) = rule.strip_prefix("*.") {
            (r, WILD_ICANN)
        } else {
            (rule, RULE_ICANN)
        };
        let flag = if private { kind << 1 } else { kind };
        let mut parent = 0u32;
        for label in rule.rsplit('.') {
            let label = stored_label(label).map_err(err)?;
            let next = nodes.len() as u32 + 1;
            let id = *index.entry((parent, label.clone())).or_insert(next);
            if id == next {
                nodes.push((parent, label, 0));
            }
            parent = id;
        }
        nodes[parent as usize - 1].2 |= flag;
    }
    // The smallest power of two that keeps the load at most 0.6.
    let mut bits = 4;
    while (1usize << bits) * 3 < nodes.len() * 5 {
        bits += 1;
    }
    if 1usize << bits > MAX_SLOTS {
        return Err(BuildError {
            line: 0,
            kind: BuildErrorKind::TooBig,
        });
    }
    let mut text = String::new();
    let mut offsets: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    let mut slots = alloc::vec![0u64; 1 << bits];
    let mut slot_of: Vec<u32> = Vec::with_capacity(nodes.len());
    for (parent, label, flags) in &nodes {
        let offset = *offsets.entry(label.clone()).or_insert_with(|| {
            let at = text.len();
            // Labels are ASCII (lowercase or `xn--`).
            text.extend(label.iter().map(|&b| b as char));
            at
        });
        if text.len() > MAX_TEXT {
            return Err(BuildError {
                line: 0,
                kind: BuildErrorKind::TooBig,
            });
        }
        let parent_slot = if *parent == 0 {
            0
        } else {
            slot_of[*parent as usize - 1] + 1
        };
        let hash = node_hash(label_hash(label), parent_slot);
        let mut i = home(hash, bits);
        while slots[i] != 0 {
            i = (i + 1) & ((1 << bits) - 1);
        }
        slots[i] = Slot::pack(offset, label.len(), parent_slot, *flags, hash).0;
        slot_of.push(i as u32);
    }
    Ok(Built { slots, text, bits })
}
