//! Generational handles: `slot | key` packed in a `u64`.
//!
//! * bits 42..64: the slot index, so ascending handles within a world are ascending slots (a
//!   world holds at most 2^22 items at once);
//! * bits 0..42: the slot's key, from the world's tag and the slot's generation (bumped on every
//!   removal): the generation's low 10 bits, and above them the tag (32 bits, never 0) mixed
//!   with the generation's high bits. While a slot is reused fewer than 1,024 times the key's
//!   top is the tag itself, so a handle from another world is stale here rather than naming one
//!   of this world's items (tags repeat only after 2^32 - 1 worlds have been made); beyond, the
//!   mixing keeps keys of different worlds apart unless 32 bits agree by chance.
//!
//! The key of one slot takes a different value at each of 2^32 generations, so a removed handle
//! never becomes valid again: a slot is retired only after 2^32 reuses (a world then survives
//! at least 2^54 removals, some 9,000 years at a million a second).

use std::sync::atomic::{AtomicU64, Ordering};

const LOW_BITS: u32 = 10;
const TAG_BITS: u32 = 32;
const KEY_BITS: u32 = LOW_BITS + TAG_BITS;
const SLOT_BITS: u32 = 64 - KEY_BITS;

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

/// The key of generation `gen` of a slot in the world tagged `tag`: different for each `gen`
/// (the multiplier is odd, so the mixing is a bijection of 32 bits), the tag itself above the
/// low bits for generations below 1,024.
fn key(tag: u64, gen: u32) -> u64 {
    let mixed = (gen >> LOW_BITS).wrapping_mul(0x9e37_79b9);
    ((tag ^ mixed as u64) << LOW_BITS) | (gen & ((1 << LOW_BITS) - 1)) as u64
}

/// The handle of generation `gen` of slot `slot` in the world tagged `tag`.
pub(crate) fn encode(tag: u64, slot: u32, gen: u32) -> u64 {
    ((slot as u64) << KEY_BITS) | key(tag, gen)
}

/// The slot a handle names (its generation and world are checked by comparing handles).
pub(crate) fn slot_of(h: u64) -> usize {
    (h >> KEY_BITS) as usize
}

/// The generation a slot of the world tagged `tag` takes after `gen`: the next whose handles
/// are never 0, or none once 2^32 generations are spent (the slot is then retired).
pub(crate) fn next_gen(tag: u64, gen: u32) -> Option<u32> {
    let next = gen.checked_add(1)?;
    if key(tag, next) == 0 {
        // Slot 0's handle would be 0: skip this generation.
        return next.checked_add(1);
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_order_by_slot_and_name_their_slot() {
        let t = next_tag();
        assert_ne!(t, 0);
        for gen in [0, 1023, 1024, 5 << 20, u32::MAX] {
            assert_eq!(slot_of(encode(t, 12345, gen)), 12345);
            assert_eq!(
                slot_of(encode(t, SLOT_LIMIT as u32 - 1, gen)),
                SLOT_LIMIT - 1
            );
        }
        // Ascending slots give ascending handles whatever the generations.
        assert!(encode(t, 1, u32::MAX) < encode(t, 2, 0));
        assert_ne!(encode(t, 0, 0), 0);
        // Below 1,024 generations the tag sits unchanged above the generation.
        assert_eq!(
            encode(t, 3, 1023) & ((1 << KEY_BITS) - 1),
            t << LOW_BITS | 1023
        );
    }

    #[test]
    fn a_slot_reused_past_1024_generations_keeps_new_handles_coming() {
        // A slot whose generation is near the old 10-bit limit, and far beyond it.
        let t = next_tag();
        // (Fewer under Miri, where each step is interpreted.)
        let (steps, sample) = if cfg!(miri) {
            (40u32, 1u32 << 8)
        } else {
            (2000, 1 << 16)
        };
        for start in [1000u32, (1 << 20) - 3, u32::MAX - steps] {
            let mut seen = std::collections::HashSet::new();
            let mut gen = start;
            for _ in 0..steps {
                let h = encode(t, 7, gen);
                assert!(seen.insert(h), "generation {gen} repeats a handle");
                assert_ne!(h, 0);
                match next_gen(t, gen) {
                    Some(g) => {
                        assert!(g > gen);
                        gen = g;
                    }
                    None => {
                        assert_eq!(
                            gen,
                            u32::MAX,
                            "retired only when 2^32 generations are spent"
                        );
                        break;
                    }
                }
            }
        }
        // Every generation has its own key (the mixing is a bijection): no two of a sample of
        // high generations, 1,024 apart, share one.
        let keys: std::collections::HashSet<u64> =
            (0..sample).map(|k| key(t, k << LOW_BITS)).collect();
        assert_eq!(keys.len(), sample as usize);
    }

    #[test]
    fn generation_zero_keys_of_two_worlds_differ() {
        let (a, b) = (next_tag(), next_tag());
        assert_ne!(encode(a, 0, 0), encode(b, 0, 0));
        assert_ne!(encode(a, 9, 500), encode(b, 9, 500));
    }

    #[test]
    fn a_generation_whose_handle_would_be_zero_is_skipped() {
        // The tag whose key at generation 1024 is 0.
        let tag = (1u32.wrapping_mul(0x9e37_79b9)) as u64;
        assert_eq!(key(tag, 1024), 0);
        assert_eq!(next_gen(tag, 1023), Some(1025));
        assert_ne!(encode(tag, 0, 1025), 0);
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
