//! Generational handles: `world tag | slot | generation` packed in a `u64`.
//!
//! * bits 32..64: the world's tag (never 0, so no handle is 0), so a handle from another world is
//!   stale here rather than naming one of this world's items; tags repeat only after 2^32 - 1
//!   worlds have been made;
//! * bits 10..32: the slot index, so ascending handles within a world are ascending slots (a
//!   world holds at most 2^22 items at once);
//! * bits 0..10: the slot's generation, bumped on every removal; a slot whose generation would wrap
//!   is retired instead of reused, so a removed handle never becomes valid again (one slot's
//!   bookkeeping, a few dozen bytes, per 1024 removals).

use std::sync::atomic::{AtomicU64, Ordering};

const GEN_BITS: u32 = 10;
const SLOT_BITS: u32 = 22;
const TAG_BITS: u32 = 64 - GEN_BITS - SLOT_BITS;

/// Generations run `0..GEN_LIMIT`.
pub(crate) const GEN_LIMIT: u32 = 1 << GEN_BITS;
/// Slots run `0..SLOT_LIMIT`: a world holds at most this many items at once.
pub(crate) const SLOT_LIMIT: usize = 1 << SLOT_BITS;

/// A fresh non-zero tag for a new world (tags repeat only after `2^32 - 1` worlds).
pub(crate) fn next_tag() -> u64 {
    tag_of(NEXT.fetch_add(1, Ordering::Relaxed))
}

static NEXT: AtomicU64 = AtomicU64::new(0);

/// The tag of the `n`-th world made (0-based).
fn tag_of(n: u64) -> u64 {
    n % ((1 << TAG_BITS) - 1) + 1
}

/// Skips `n` tags, as if `n` worlds had been made and freed (for tests of tag reuse).
#[doc(hidden)]
pub fn skip_tags(n: u64) {
    NEXT.fetch_add(n, Ordering::Relaxed);
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

    #[test]
    fn tags_repeat_only_after_two_to_the_32_worlds() {
        let first = tag_of(0);
        assert_eq!(TAG_BITS, 32);
        // A scratch world made every frame at 60 fps for a day does not come back round.
        for n in [
            1u64,
            1 << 20,
            (1 << 20) + 1,
            60 * 60 * 60 * 24,
            (1 << 32) - 2,
        ] {
            assert_ne!(tag_of(n), first, "tag of world {n}");
            assert_ne!(tag_of(n), 0);
        }
        assert_eq!(tag_of((1 << 32) - 1), first);
    }
}
