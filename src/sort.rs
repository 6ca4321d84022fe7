//! The crate's sort: stable, small, and the same on every target and compiler.
//!
//! The standard library's sorts are fast but large: each element type and each ordering closure
//! instantiates a pattern-defeating quicksort or a driftsort with its sorting networks and small
//! sorts, 3 to 8 KB of machine code a call site. Here one merge sort (the runs the input holds
//! already, short ones lengthened by insertions, merged pairwise) has a body for each element
//! type sorted by its own order ([`sort`]), and one more that sorts positions for every other
//! order ([`sort_by`], [`sort_by_key`]), whose call sites cost a few hundred bytes. Being stable,
//! it also gives one order where keys tie, whatever the compiler: the world's events, snapshots
//! and replays do not depend on a library's choice of algorithm. (The pair sweep's sorts of a
//! row by left edge, the world's hottest, in `world/tiles/`, still use the standard one.)

use alloc::vec::Vec;
use core::cmp::Ordering;

/// Runs shorter than this are lengthened to it by insertions before the merges.
const RUN: usize = 32;

/// Sorts `v` by `order`, stable (equal elements keep their order). A short list (up to 32: a
/// move's few contacts) is sorted in place by insertions, without allocating. A longer one in
/// order already (a list kept sorted from frame to frame) costs one comparison an element and
/// moves nothing; otherwise it is sorted as positions, by one body of [`merge_sort`] for every
/// caller (the order called through a pointer), then each element is cloned once into its
/// place: plain copies for the `Copy` types of every frequent caller.
#[inline]
pub(crate) fn sort_by<T: Clone>(v: &mut [T], mut order: impl FnMut(&T, &T) -> Ordering) {
    let mut less = |a: &T, b: &T| order(a, b) == Ordering::Less;
    if v.len() <= RUN {
        insertion(v, 1, &mut less);
    } else if v.windows(2).any(|w| less(&w[1], &w[0])) {
        let mut positions: Vec<usize> = (0..v.len()).collect();
        sort_positions(&mut positions, &mut |i, j| less(&v[i], &v[j]));
        let sorted: Vec<T> = positions.into_iter().map(|i| v[i].clone()).collect();
        v.clone_from_slice(&sorted);
    }
}

/// [`merge_sort`] of positions by `less` (whether the element at the first sorts before the one
/// at the second): the one body that serves every [`sort_by`].
#[inline(never)]
fn sort_positions(positions: &mut [usize], less: &mut dyn FnMut(usize, usize) -> bool) {
    merge_sort(positions, |&i, &j| less(i, j));
}

/// Sorts `v` by `key`, stable.
pub(crate) fn sort_by_key<T: Clone, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` ascending: a body of [`merge_sort`] for each element type, its comparisons inline
/// (the world's per-frame lists of pairs and handles: sorted through a pointer, the sensors'
/// pairs made a frame's events cost 9% more instructions).
pub(crate) fn sort<T: Ord + Clone>(v: &mut [T]) {
    if v.len() >= 2 {
        merge_sort(v, |a, b| a < b);
    }
}

/// Sorts `v` by `less`, stable: the runs the input holds already (ascending, or strictly
/// descending and then reversed) kept whole, short ones lengthened by insertions, then
/// neighbouring runs merged pairwise. Input in order costs one comparison an element and moves
/// nothing, input of a few sorted runs a merge of them.
#[inline(never)]
fn merge_sort<T: Clone>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    if v.len() <= RUN {
        insertion(v, 1, &mut less);
        return;
    }
    // The runs, by where each ends.
    let mut ends: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < v.len() {
        let mut end = start + 1;
        if end < v.len() && less(&v[end], &v[end - 1]) {
            while end < v.len() && less(&v[end], &v[end - 1]) {
                end += 1;
            }
            v[start..end].reverse();
        } else {
            while end < v.len() && !less(&v[end], &v[end - 1]) {
                end += 1;
            }
        }
        if end - start < RUN {
            let short = end - start;
            end = (start + RUN).min(v.len());
            insertion(&mut v[start..end], short, &mut less);
        }
        ends.push(end);
        start = end;
    }
    // Neighbouring runs merged pairwise, each merge in place through a copy of its left run,
    // until one is left.
    let mut left: Vec<T> = Vec::new();
    while ends.len() > 1 {
        let mut merged = 0;
        let mut lo = 0;
        for k in (0..ends.len()).step_by(2) {
            let mid = ends[k];
            let hi = ends.get(k + 1).copied().unwrap_or(mid);
            if mid < hi && less(&v[mid], &v[mid - 1]) {
                left.clear();
                left.extend_from_slice(&v[lo..mid]);
                merge_into(&left, &mut v[lo..hi], &mut less);
            }
            ends[merged] = hi;
            merged += 1;
            lo = hi;
        }
        ends.truncate(merged);
    }
}

/// Sorts a short `v`, of which the first `sorted` elements are in order, by insertions.
fn insertion<T: Clone>(v: &mut [T], sorted: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    for i in sorted.max(1)..v.len() {
        if !less(&v[i], &v[i - 1]) {
            continue;
        }
        let e = v[i].clone();
        let mut j = i;
        while j > 0 && less(&e, &v[j - 1]) {
            v[j] = v[j - 1].clone();
            j -= 1;
        }
        v[j] = e;
    }
}

/// Merges `left`, a copy of the sorted run at the start of `v`, with the sorted run after it,
/// into `v`; `left`'s elements first on ties. What remains of the right run at the end is in
/// place already (each write lands before the right run's next unread element).
fn merge_into<T: Clone>(left: &[T], v: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    let (mut i, mut j) = (0, left.len());
    for k in 0..v.len() {
        if i == left.len() {
            break;
        }
        if j < v.len() && less(&v[j], &left[i]) {
            v[k] = v[j].clone();
            j += 1;
        } else {
            v[k] = left[i].clone();
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator: the tests need spread keys and many ties, not quality.
    fn lcg(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does_on_every_length() {
        let mut seed = 7;
        // Under Miri, whose interpreter takes minutes over every length, the lengths either side
        // of one and two runs, and up to nine runs.
        let lengths: Vec<usize> = if cfg!(miri) {
            [0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 100, 257].into()
        } else {
            (0..70).chain([100, 255, 256, 257, 1000, 4099]).collect()
        };
        for n in lengths {
            for (modulus, shape) in [1, 3, 50, u32::MAX]
                .into_iter()
                .flat_map(|m| [(m, 0), (m, 1)])
            {
                // Shape 1: runs of up to 40 ascending or descending keys, as a world's lists
                // often come (tile by tile, handle order within each).
                let mut key = 0u32;
                let v: Vec<(u32, usize)> = (0..n)
                    .map(|i| {
                        let r = lcg(&mut seed);
                        key = match shape {
                            0 => r % modulus,
                            _ if i % 40 == 0 => r % modulus,
                            _ if (i / 40) % 2 == 0 => key.saturating_add(r % 3).min(modulus - 1),
                            _ => key.saturating_sub(r % 3),
                        };
                        (key, i)
                    })
                    .collect();
                let mut ours = v.clone();
                sort_by_key(&mut ours, |e| e.0);
                let mut std_sorted = v;
                std_sorted.sort_by_key(|e| e.0);
                // The second field is the input position: equal keys must keep it ascending.
                assert_eq!(
                    ours, std_sorted,
                    "n = {n}, keys below {modulus}, shape {shape}"
                );
            }
        }
    }

    #[test]
    fn sorts_floats_by_a_total_order_with_ties_broken_by_id() {
        let mut v = [
            (1.5f64, 3u64),
            (-0.0, 9),
            (0.0, 1),
            (f64::NAN, 2),
            (1.5, 1),
            (-7.25, 4),
        ];
        sort_by(&mut v, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let ids: Vec<u64> = v.iter().map(|e| e.1).collect();
        assert_eq!(ids, [4, 9, 1, 1, 3, 2]);
    }

    #[test]
    fn sorts_already_sorted_and_reversed_input() {
        let mut up: Vec<u64> = (0..1000).collect();
        let mut down: Vec<u64> = (0..1000).rev().collect();
        sort(&mut up);
        sort(&mut down);
        assert_eq!(up, down);
        assert!(up.windows(2).all(|w| w[0] < w[1]));
    }
}
