//! Reproducible generators for the unit tests: the same cases on every run.

/// A small xorshift generator.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A value in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An f32 of either sign, its magnitude spread over `2^-lo..2^hi`.
    pub fn spread(&mut self, lo: i32, hi: i32) -> f32 {
        let x = self.next();
        let unit = (x >> 40) as f32 / (1u64 << 24) as f32;
        let e = lo + (x % (hi + lo + 1) as u64) as i32;
        let v = (1.0 + unit) * 2f32.powi(e - lo);
        if x & (1 << 20) != 0 {
            -v
        } else {
            v
        }
    }
}

/// Runs `case(k, rng)` for each `k` in `0..cases`, with one generator seeded `seed`; under Miri,
/// whose interpreter takes as long over a few cases as the machine over all, for the first
/// `miri_cases` only.
pub(crate) fn for_cases(
    seed: u64,
    cases: i32,
    miri_cases: i32,
    mut case: impl FnMut(i32, &mut Rng),
) {
    let mut rng = Rng(seed);
    for k in 0..if cfg!(miri) { miri_cases } else { cases } {
        case(k, &mut rng);
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
pub(crate) struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// A value in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}
