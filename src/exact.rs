//! Error-free arithmetic for the few comparisons that need more than f64's 53 bits.
//!
//! Segment against circle compares a squared cross product with `r² · |d|²`: on the grid domain
//! each factor is exact in f64 but the products need about 95 bits. The product `a·b` is split
//! into its rounded value and the exact rounding error (Dekker's two-product, no FMA needed, so
//! the answer does not depend on the platform's `fma`), and the two pairs are compared exactly.
//!
//! The sweeps' slab bounds are sums of up to four f32 values; when f64 rounds them (sizes and
//! positions some 2^29 times apart: a rect 1e-30 high at y = -90) they are kept as exact sums
//! ([`Sum`]) instead.

/// Veltkamp's splitter for f64: 2^27 + 1.
const SPLITTER: f64 = 134_217_729.0;

fn split(a: f64) -> (f64, f64) {
    let c = SPLITTER * a;
    let hi = c - (c - a);
    (hi, a - hi)
}

/// The exact error of the rounded product `a * b`: `a * b == (a * b rounded) + error` exactly, for
/// finite inputs below 2^996 whose product does not underflow.
fn product_error(a: f64, b: f64, p: f64) -> f64 {
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    ((ah * bh - p) + ah * bl + al * bh) + al * bl
}

/// Double-double `a·b`: the rounded product and its exact error (Dekker, no FMA), for finite
/// inputs below 2^996 whose product does not underflow.
pub(crate) fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, product_error(a, b, p))
}

/// Knuth's two-sum: the rounded sum and its exact error, `a + b == s + e` exactly, for finite
/// inputs whose sum does not overflow.
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// The exact sum of up to [`Sum::CAPACITY`] f64 terms, kept as a nonoverlapping expansion
/// (Shewchuk's grow-expansion with zero elimination): the parts, in increasing magnitude, add up
/// to the sum exactly, and the largest one has its sign. For finite terms below 2^1000.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sum {
    parts: [f64; Sum::CAPACITY],
    n: usize,
}

impl Sum {
    /// The most terms a sum takes (each adds at most one part).
    pub const CAPACITY: usize = 32;

    pub fn new() -> Sum {
        Sum {
            parts: [0.0; Sum::CAPACITY],
            n: 0,
        }
    }

    /// Adds one term, exactly.
    pub fn add(&mut self, x: f64) {
        let mut q = x;
        let mut m = 0;
        for i in 0..self.n {
            let (s, e) = two_sum(q, self.parts[i]);
            if e != 0.0 {
                self.parts[m] = e; // m <= i: written in place
                m += 1;
            }
            q = s;
        }
        if q != 0.0 && m < Sum::CAPACITY {
            self.parts[m] = q;
            m += 1;
        }
        self.n = m;
    }

    /// Adds `a·b`, exactly.
    pub fn add_product(&mut self, a: f64, b: f64) {
        let (p, e) = two_product(a, b);
        self.add(e);
        self.add(p);
    }

    /// The sign of the exact sum.
    pub fn sign(&self) -> std::cmp::Ordering {
        match self.n {
            0 => std::cmp::Ordering::Equal,
            n => self.parts[n - 1]
                .partial_cmp(&0.0)
                .unwrap_or(std::cmp::Ordering::Equal),
        }
    }

    /// The sum rounded to f64 (within an ulp or two: the parts added from the smallest).
    pub fn approx(&self) -> f64 {
        self.parts[..self.n].iter().sum()
    }
}

/// Exactly `a·b <= c·d`, false when anything is NaN.
///
/// Rounding is monotone, so unequal rounded products already order the exact ones; equal rounded
/// products are ordered by their exact rounding errors.
pub(crate) fn product_le(a: f64, b: f64, c: f64, d: f64) -> bool {
    let (p, q) = (a * b, c * d);
    if p != q {
        return p < q;
    }
    product_error(a, b, p) <= product_error(c, d, q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_equal_after_rounding_are_told_apart_by_their_errors() {
        // 2^53+1 and 2^53 round to the same f64 product with 1.0, but exactly differ by one.
        let big = 9_007_199_254_740_992.0; // 2^53
        let a = 94_906_267.0; // a² = 2^53 + 2^27 + ... is not representable
        assert!(product_le(a, a, a, a));
        assert!(product_le(big, 1.0, a, a) == (big <= a * a));
        // 3·(2^52+1) vs 2^52·3 + 3: equal exactly.
        let x = 4_503_599_627_370_497.0; // 2^52 + 1
        assert!(product_le(3.0, x, x, 3.0));
        // (2^27+1)² = 2^54 + 2^28 + 1 rounds to 2^54 + 2^28; compare with (2^54 + 2^28)·1.
        let y = 134_217_729.0;
        let rounded = y * y;
        assert!(product_le(rounded, 1.0, y, y));
        assert!(!product_le(y, y, rounded, 1.0));
    }

    #[test]
    fn nan_is_never_less_or_equal() {
        assert!(!product_le(f64::NAN, 1.0, 1.0, 1.0));
        assert!(!product_le(1.0, 1.0, f64::NAN, 1.0));
    }
}
