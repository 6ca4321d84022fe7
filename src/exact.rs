//! Error-free arithmetic for the few comparisons that need more than f64's 53 bits.
//!
//! Segment against circle compares a squared cross product with `r² · |d|²`: on the grid domain
//! each factor is exact in f64 but the products need about 95 bits. The product `a·b` is split
//! into its rounded value and the exact rounding error (Dekker's two-product, no FMA needed, so
//! the answer does not depend on the platform's `fma`), and the two pairs are compared exactly.
//!
//! The sweeps' slab bounds are sums of up to four f32 values; when f64 rounds them (sizes and
//! positions some 2^29 times apart: a rect 1e-30 high at y = -90) they are kept as exact sums
//! ([`Expansion`]) instead; so are the world's double-precision decisions too close to call in
//! f64.

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

/// Exactly `a·b <= c·d`, false when anything is NaN.
///
/// Rounding is monotone, so unequal rounded products already order the exact ones; equal rounded
/// products are ordered by their exact rounding errors. Equal infinite products (an infinite
/// input) compare as IEEE does, `inf <= inf`: they have no rounding error to order them by.
pub(crate) fn product_le(a: f64, b: f64, c: f64, d: f64) -> bool {
    let (p, q) = (a * b, c * d);
    if p != q || p.is_infinite() {
        return p <= q;
    }
    errors_le(a, b, p, c, d, q)
}

/// The tie of [`product_le`]: equal rounded products ordered by their exact errors. Rare, and
/// kept out of line so that the many callers inline only the rounded comparison.
#[cold]
#[inline(never)]
fn errors_le(a: f64, b: f64, p: f64, c: f64, d: f64, q: f64) -> bool {
    product_error(a, b, p) <= product_error(c, d, q)
}

/// The most components an [`Expansion`] holds: enough for a sum of two products of three-term
/// differences, the largest the world's predicates form (each term added makes at most one).
const TERMS: usize = 64;

/// A real number held exactly as a sum of f64 components of increasing magnitude that do not
/// overlap (Shewchuk's expansions): sums and products by an f64 are exact, and the sign is the
/// sign of the largest component.
#[derive(Clone, Copy)]
pub(crate) struct Expansion {
    len: usize,
    c: [f64; TERMS],
}

impl Expansion {
    /// Zero.
    pub fn new() -> Expansion {
        Expansion {
            len: 0,
            c: [0.0; TERMS],
        }
    }

    /// The exact value of one f64.
    pub fn of(v: f64) -> Expansion {
        let mut e = Expansion::new();
        e.push(v);
        e
    }

    /// Adds `x` in place, exactly (Shewchuk's grow-expansion with zero elimination: each part
    /// is written at or before where it was read).
    pub fn push(&mut self, x: f64) {
        let mut q = x;
        let mut m = 0;
        for i in 0..self.len {
            let (s, e) = two_sum(q, self.c[i]);
            if e != 0.0 {
                self.c[m] = e;
                m += 1;
            }
            q = s;
        }
        if q != 0.0 && m < TERMS {
            self.c[m] = q;
            m += 1;
        }
        self.len = m;
    }

    /// Adds `a·b` in place, exactly.
    pub fn add_product(&mut self, a: f64, b: f64) {
        let (p, e) = two_product(a, b);
        self.push(e);
        self.push(p);
    }

    /// `self + b`, exactly. (By value, as the others: a chain of them works in one place
    /// rather than copying all the components at each step.)
    pub fn add(mut self, b: f64) -> Expansion {
        self.push(b);
        self
    }

    /// `self + o`, exactly.
    pub fn sum(mut self, o: &Expansion) -> Expansion {
        for &c in &o.c[..o.len] {
            self.push(c);
        }
        self
    }

    /// `-self`.
    pub fn neg(mut self) -> Expansion {
        for c in &mut self.c[..self.len] {
            *c = -*c;
        }
        self
    }

    /// `self * b`, exactly (each component's two-product added in).
    pub fn scale(&self, b: f64) -> Expansion {
        let mut out = Expansion::new();
        for &c in &self.c[..self.len] {
            out.add_product(c, b);
        }
        out
    }

    /// `self * o`, exactly.
    pub fn mul(&self, o: &Expansion) -> Expansion {
        let mut out = Expansion::new();
        for &c in &o.c[..o.len] {
            for &d in &self.c[..self.len] {
                out.add_product(d, c);
            }
        }
        out
    }

    /// The sign of the exact value (components increase in magnitude and do not overlap: the
    /// last one decides).
    pub fn sign(&self) -> core::cmp::Ordering {
        match self.c[..self.len].last() {
            Some(v) => v.partial_cmp(&0.0).unwrap_or(core::cmp::Ordering::Equal),
            None => core::cmp::Ordering::Equal,
        }
    }

    /// The sign as -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.sign() as i32
    }

    /// The value rounded (close to, not always exactly, the nearest f64).
    pub fn approx(&self) -> f64 {
        self.c[..self.len].iter().sum()
    }
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
    fn expansions_are_exact_where_f64_rounds() {
        // 1e16 + 1 - 1e16 is 0 in f64, 1 exactly.
        let e = Expansion::of(1e16).add(1.0).add(-1e16);
        assert_eq!(e.signum(), 1);
        assert_eq!(e.approx(), 1.0);
        // (0.1 + 0.2)² - 0.3² is not what f64 says, but its sign is exact.
        let s = Expansion::of(0.1).add(0.2);
        let d = s.mul(&s).sum(&Expansion::of(0.3).scale(0.3).neg());
        assert_eq!(d.signum(), 1, "0.1 + 0.2 (as f64s) exceeds the f64 0.3");
        let z = s.sum(&s.neg());
        assert_eq!(z.signum(), 0);
    }

    #[test]
    fn nan_is_never_less_or_equal() {
        assert!(!product_le(f64::NAN, 1.0, 1.0, 1.0));
        assert!(!product_le(1.0, 1.0, f64::NAN, 1.0));
    }
}
