//! Generational handles: `world tag | slot | generation` packed in a `u64`.
//!
//! * bits 44..64: the world's tag (never 0, so no handle is 0), so a handle from another world is
//!   stale here rather than naming one of this world's items;
//! * bits 18..44: the slot index, so ascending handles within a world are ascending slots;
//! * bits 0..18: the slot's generation, bumped on every removal; a slot whose generation would wrap
//!   is retired instead of reused, so a removed handle never becomes valid again.

use std::sync::atomic::{AtomicU64, Ordering};

const GEN_BITS: u32 = 18;
const SLOT_BITS: u32 = 26;
const TAG_BITS: u32 = 64 - GEN_BITS - SLOT_BITS;

/// Generations run `0..GEN_LIMIT`.
pub(crate) const GEN_LIMIT: u32 = 1 << GEN_BITS;
/// Slots run `0..SLOT_LIMIT`: a world holds at most this many items at once.
pub(crate) const SLOT_LIMIT: usize = 1 << SLOT_BITS;

/// A fresh non-zero tag for a new world (tags repeat only after about a million worlds).
pub(crate) fn next_tag() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    n % ((1 << TAG_BITS) - 1) + 1
}

pub(crate) fn encode(tag: u64, slot: u32, gen: u32) -> u64 {
    (tag << (GEN_BITS + SLOT_BITS)) | ((slot as u64) << GEN_BITS) | gen as u64
}

/// `(tag, slot, generation)` of a handle.
pub(crate) fn decode(h: u64) -> (u64, u32, u32) {
    (
        h >> (GEN_BITS + SLOT_BITS),
        ((h >> GEN_BITS) & ((1 << SLOT_BITS) - 1)) as u32,
        (h & ((1 << GEN_BITS) - 1)) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_order() {
        let t = next_tag();
        assert_ne!(t, 0);
        let h = encode(t, 12345, GEN_LIMIT - 1);
        assert_eq!(decode(h), (t, 12345, GEN_LIMIT - 1));
        // Ascending slots give ascending handles whatever the generations.
        assert!(encode(t, 1, GEN_LIMIT - 1) < encode(t, 2, 0));
        assert_ne!(encode(t, 0, 0), 0);
    }
}
