//! Error-free arithmetic for the few comparisons that need more than f64's 53 bits.
//!
//! Segment against circle compares a squared cross product with `r² · |d|²`: on the grid domain
//! each factor is exact in f64 but the products need about 95 bits. The product `a·b` is split
//! into its rounded value and the exact rounding error (Dekker's two-product, no FMA needed, so
//! the answer does not depend on the platform's `fma`), and the two pairs are compared exactly.

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
