//! The same bits on every target: rotations made from angles (the only sines and cosines the
//! library takes) come from the library's own arithmetic, never from the platform's C library,
//! so a rotated box built from the same angle is the same box on x86-64, i686, aarch64 and
//! Windows. The fingerprint below was taken on x86-64; CI checks it again on i686 and, under
//! qemu, on aarch64.

use collide2d::Rot;

/// FNV-1a over 32-bit words.
fn fnv(h: &mut u64, word: u32) {
    for b in word.to_le_bytes() {
        *h = (*h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
}

/// Angles a game uses (whole and decimal degrees, `dt` steps, radians from 1e-6 to 1e6) and
/// random f32 bit patterns, finite or not.
fn angles() -> Vec<f32> {
    let mut v: Vec<f32> = (-720..=720).map(|d| d as f32).collect();
    v.extend((0..3600).map(|k| k as f32 * 0.1));
    v.extend((0..600).map(|k| k as f32 * (1.0 / 60.0) * 90.0));
    v.extend((-60..=60).map(|e| 10f32.powf(e as f32 / 10.0)));
    let mut x = 0x9e37_79b9u32;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v.push(f32::from_bits(x));
    }
    v
}

fn fingerprint(rot: impl Fn(f32) -> Rot) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for a in angles() {
        let r = rot(a);
        fnv(&mut h, r.c.to_bits());
        fnv(&mut h, r.s.to_bits());
    }
    h
}

#[test]
fn rotations_from_degrees_and_radians_are_the_same_bits_on_every_target() {
    assert_eq!(
        (
            fingerprint(Rot::from_degrees),
            fingerprint(Rot::from_radians)
        ),
        (0x926e_57b8_e0b9_07ef, 0xba54_2132_8097_796b),
        "fingerprints of {} angles",
        angles().len()
    );
}

/// Within one f32 ulp of the true rotation (the C library's f64 sine and cosine, rounded once,
/// of the angle in radians, whose own rounding of pi leaves up to 1e-15 near whole half turns),
/// for degrees and radians alike; a whole number of turns away gives the very same rotation.
#[test]
fn rotations_are_accurate_and_a_turn_away_is_the_same_rotation() {
    let ulp = |v: f32| (f32::from_bits(v.abs().to_bits() + 1) - v.abs()).max(1e-15);
    for a in angles()
        .into_iter()
        .filter(|a| a.is_finite() && a.abs() < 1e7)
    {
        for (r, rad) in [
            (Rot::from_degrees(a), (a as f64 % 360.0).to_radians()),
            (Rot::from_radians(a), a as f64),
        ] {
            let (s, c) = rad.sin_cos();
            assert!(
                (r.s - s as f32).abs() <= ulp(s as f32),
                "sin {a}: {} vs {s}",
                r.s
            );
            assert!(
                (r.c - c as f32).abs() <= ulp(c as f32),
                "cos {a}: {} vs {c}",
                r.c
            );
        }
    }
    for d in [0.0f32, 1.0, 12.5, 45.0, 89.75, 135.0, 300.0] {
        for turns in [-3.0f32, -1.0, 1.0, 2.0] {
            let (a, b) = (Rot::from_degrees(d), Rot::from_degrees(d + 360.0 * turns));
            assert_eq!(
                (a.c, a.s),
                (b.c, b.s),
                "{d} and {} degrees",
                d + 360.0 * turns
            );
        }
    }
}

/// Quarter turns are exact, with +0 components; an angle a hair below zero is (almost) no
/// rotation, not a quarter turn clockwise.
#[test]
fn quarter_turns_are_exact_and_a_hair_below_zero_is_no_turn() {
    let exact = [
        (0.0, 1.0, 0.0),
        (90.0, 0.0, 1.0),
        (180.0, -1.0, 0.0),
        (270.0, 0.0, -1.0),
    ];
    for (deg, c, s) in exact {
        for d in [deg, deg - 360.0, deg + 720.0, deg - 1080.0] {
            let r = Rot::from_degrees(d);
            assert_eq!((r.c, r.s), (c, s), "{d} degrees");
            assert!(r.c.to_bits() != (-0.0f32).to_bits() && r.s.to_bits() != (-0.0f32).to_bits());
        }
    }
    for tiny in [-1e-30f32, -1e-10, -f32::MIN_POSITIVE, -1e-45] {
        let r = Rot::from_degrees(tiny);
        assert_eq!(r.c, 1.0, "{tiny} degrees");
        assert!(r.s <= 0.0 && r.s > -1e-9, "{tiny} degrees: sin {}", r.s);
    }
    let r = Rot::from_degrees(f32::NAN);
    assert!(r.c.is_nan() && r.s.is_nan());
}
