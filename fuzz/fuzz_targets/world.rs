//! The world (API.md "World") driven through its C functions by random add / update / remove /
//! get / query / pairs / move sequences, every answer compared with a brute-force model: handles
//! are never 0 and never reused, removed and foreign handles are stale for good, queries find
//! exactly the items the strict predicates find (in the documented order, `cap` respected, the
//! total returned), pairs are every strictly overlapping pair once, and a move never ends
//! inside an item (by more than the band: touching as the game means it) it did not overlap at
//! the start (responses other than CROSS/IGNORE; one-way items only when solid for that move).
//! The movement kit too: one-way normals set and read back, ground flags against the brute-force
//! touch test, push-out ending clear or leaving the item in place, and a moving solid that no
//! item ends inside unless reported squashed.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::world::{Pair, WorldHit};
use collide2d::{Circle, Rect, Segment, Vec2};
use common::*;
use libfuzzer_sys::fuzz_target;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

struct Item {
    id: u64,
    rect: Rect,
    user: u64,
    /// The one-way normal, a unit vector along an axis.
    one_way: Option<(f64, f64)>,
}

/// Edges of a rect in f64 (exact for the checkable values): `(lo, hi)` per axis.
fn span_d(r: Rect) -> [(f64, f64); 2] {
    let axis = |o: f32, s: f32| {
        let (o, s) = (o as f64, s as f64);
        if s < 0.0 {
            (o + s, o)
        } else {
            (o, o + s)
        }
    };
    [axis(r.x, r.w), axis(r.y, r.h)]
}

/// Whether `m` lies entirely on the side of `o`'s face with outward normal `n` (touching counts).
fn beyond(m: Rect, o: Rect, n: (f64, f64)) -> bool {
    let (m, o) = (span_d(m), span_d(o));
    let k = if n.0 != 0.0 { 0 } else { 1 };
    if n.0 + n.1 > 0.0 {
        o[k].1 <= m[k].0
    } else {
        m[k].1 <= o[k].0
    }
}

/// The length `m` and `o` share across axis `k` (0 when none).
fn shared(m: Rect, o: Rect, k: usize) -> f64 {
    let (m, o) = (span_d(m), span_d(o));
    (m[k].1.min(o[k].1) - m[k].0.max(o[k].0)).max(0.0)
}

/// The directions along the axes.
const DIRS: [(f64, f64); 4] = [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)];

/// The f32 value of a world item's double-precision rect, put back on f32 values in the world
/// when a kit call left it between them (so the f32 model stays the world).
unsafe fn sync(w: *mut collide2d::world::World, it: &mut Item) {
    let mut d = collide2d::world::RectD::default();
    // SAFETY: a live world (the caller's).
    unsafe {
        assert_eq!(c2d_world_get_d(w, it.id, &mut d, null_mut()), C2D_OK);
        // (Clamped to the f32 range: a solid's move may take an item beyond it.)
        let m = f32::MAX as f64;
        let c = |v: f64| v.clamp(-m, m);
        let f = collide2d::world::RectD::new(c(d.x), c(d.y), c(d.w), c(d.h)).to_f32();
        if collide2d::world::RectD::from(f) != d {
            assert_eq!(c2d_world_update(w, it.id, f), C2D_OK);
        }
        it.rect = f;
    }
}

fn finite(r: Rect) -> bool {
    rect_f(r).iter().all(|v| v.is_finite())
}

/// Mostly small grid rects (many overlaps and touches), sometimes any bit pattern.
fn rect(b: &mut Bytes) -> Rect {
    if b.u8() % 8 == 0 {
        return b.rect();
    }
    let mut s = || (b.u8() as i8 as f32) * 0.5;
    Rect::new(s(), s(), s() / 2.0, s() / 2.0)
}

fn point(b: &mut Bytes) -> Vec2 {
    if b.u8() % 8 == 0 {
        return b.vec2();
    }
    Vec2::new((b.u8() as i8 as f32) * 0.5, (b.u8() as i8 as f32) * 0.5)
}

/// A query's output contract: the total, and the first `cap` entries written, the rest untouched.
/// `exact` when every item and the query are on the grid domain, where the predicates are
/// exact: the answer is theirs. Off it, their f64 sums may round (a rect 3e38 wide loses an
/// offset of 5e13; -0.5 + 5e-44 is -0.5) while the world adds edges exactly, so the answers may
/// differ either way: only the output contract is checked.
fn check_out<T: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    total: usize,
    buf: &[T],
    cap: usize,
    want: &[T],
    fill: T,
    exact: bool,
) {
    let n = cap.min(total);
    if exact {
        assert_eq!(total, want.len(), "{what}: total");
        assert_eq!(&buf[..n], &want[..n], "{what}: entries");
    }
    assert!(
        buf[n..].iter().all(|v| *v == fill),
        "{what}: wrote past min(cap, total)"
    );
}

extern "C-unwind" fn respond(_item: u64, _other: u64, ctx: *mut c_void) -> c2d_response {
    // SAFETY: ctx points to the response chosen for this move.
    unsafe { *(ctx as *const u32) }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let cell = match b.u8() % 8 {
        0 => b.f32(),
        k => k as f32 * 4.0,
    };
    let w = c2d_world_new(cell);
    if !(cell > 0.0 && cell.is_finite()) {
        assert!(w.is_null(), "a world for cell size {cell}");
        return;
    }
    assert!(!w.is_null(), "no world for cell size {cell}");
    // A second world whose handles this one must reject.
    let other = c2d_world_new(8.0);
    // SAFETY (every call below): `w` and `other` are live worlds made above; out pointers are
    // valid for the capacities given; NULL is passed only where the contract allows it.
    unsafe {
        let foreign = c2d_world_add(other, Rect::new(0.0, 0.0, 1.0, 1.0), 5);
        assert_ne!(foreign, 0);
        // NULL worlds.
        assert_eq!(c2d_world_count(null()), 0);
        assert_eq!(
            c2d_world_add(null_mut(), Rect::new(0.0, 0.0, 1.0, 1.0), 0),
            0
        );
        assert_eq!(c2d_world_remove(null_mut(), foreign), C2D_ERR_NULL);
        assert_eq!(
            c2d_world_query_rect(null(), Rect::new(0.0, 0.0, 1.0, 1.0), null_mut(), 0),
            0
        );

        let mut items: Vec<Item> = Vec::new();
        let mut dead: Vec<u64> = vec![foreign, 0];
        let mut seen = std::collections::HashSet::new();
        let pick = |b: &mut Bytes, items: &Vec<Item>, dead: &Vec<u64>| -> (u64, Option<usize>) {
            let k = b.u8() as usize;
            if !items.is_empty() && k % 4 != 0 {
                let i = k % items.len();
                (items[i].id, Some(i))
            } else if k % 8 == 4 {
                (b.u32() as u64 | (b.u32() as u64) << 32, None)
            } else {
                (dead[k % dead.len()], None)
            }
        };
        let mut steps = 0;
        while !b.is_empty() && steps < 200 {
            steps += 1;
            match b.u8() % 13 {
                0 | 1 => {
                    let (r, user) = (rect(&mut b), b.u8() as u64);
                    let id = c2d_world_add(w, r, user);
                    if finite(r) {
                        assert_ne!(id, 0, "add({r:?}) failed");
                        assert!(seen.insert(id), "handle {id} issued twice");
                        items.push(Item {
                            id,
                            rect: r,
                            user,
                            one_way: None,
                        });
                    } else {
                        assert_eq!(id, 0, "add({r:?}) of a non-finite rect");
                    }
                }
                2 => {
                    let (id, i) = pick(&mut b, &items, &dead);
                    let r = rect(&mut b);
                    let s = c2d_world_update(w, id, r);
                    match i {
                        Some(i) if finite(r) => {
                            assert_eq!(s, C2D_OK, "update({id}, {r:?})");
                            items[i].rect = r;
                        }
                        Some(_) => assert_eq!(s, C2D_ERR_INVALID, "update({id}, {r:?})"),
                        None => {
                            let live = items.iter().any(|it| it.id == id);
                            if !live {
                                assert!(
                                    s == C2D_ERR_STALE || (s == C2D_ERR_INVALID && !finite(r)),
                                    "update of stale {id}: {s}"
                                );
                            }
                        }
                    }
                }
                3 => {
                    let (id, i) = pick(&mut b, &items, &dead);
                    let s = c2d_world_remove(w, id);
                    match i.or_else(|| items.iter().position(|it| it.id == id)) {
                        Some(i) => {
                            assert_eq!(s, C2D_OK, "remove({id})");
                            items.swap_remove(i);
                            dead.push(id);
                        }
                        None => assert_eq!(s, C2D_ERR_STALE, "remove of stale {id}"),
                    }
                }
                4 => {
                    let (id, _) = pick(&mut b, &items, &dead);
                    let (mut r, mut u) = (Rect::new(7.0, 7.0, 7.0, 7.0), 77u64);
                    let s = c2d_world_get(w, id, &mut r, &mut u);
                    match items.iter().find(|it| it.id == id) {
                        Some(it) => {
                            assert_eq!(s, C2D_OK);
                            assert_eq!((rect_f(r), u), (rect_f(it.rect), it.user), "get({id})");
                            assert_eq!(c2d_world_get(w, id, null_mut(), null_mut()), C2D_OK);
                        }
                        None => {
                            assert_eq!(s, C2D_ERR_STALE, "get of stale {id}");
                            assert_eq!(
                                (r, u),
                                (Rect::new(7.0, 7.0, 7.0, 7.0), 77),
                                "written on error"
                            );
                        }
                    }
                    assert_eq!(c2d_world_count(w), items.len());
                }
                5 => {
                    // Queries: rect, point, circle.
                    let exact_items = items.iter().all(|it| grid(&rect_f(it.rect)));
                    let cap = b.u8() as usize % 12;
                    let mut buf = vec![u64::MAX; cap];
                    let q = rect(&mut b);
                    let exact = exact_items && grid(&rect_f(q));
                    let mut want: Vec<u64> = items
                        .iter()
                        .filter(|it| c2d_overlap_rect_rect(it.rect, q))
                        .map(|it| it.id)
                        .collect();
                    want.sort_unstable();
                    let n = c2d_world_query_rect(w, q, buf.as_mut_ptr(), cap);
                    check_out(
                        &format!("query_rect({q:?})"),
                        n,
                        &buf,
                        cap,
                        &want,
                        u64::MAX,
                        exact,
                    );
                    let p = point(&mut b);
                    let mut want: Vec<u64> = items
                        .iter()
                        .filter(|it| c2d_overlap_point_rect(p, it.rect))
                        .map(|it| it.id)
                        .collect();
                    want.sort_unstable();
                    buf.fill(u64::MAX);
                    let n = c2d_world_query_point(w, p, buf.as_mut_ptr(), cap);
                    let exact = exact_items && grid(&vec_f(p));
                    check_out(
                        &format!("query_point({p:?})"),
                        n,
                        &buf,
                        cap,
                        &want,
                        u64::MAX,
                        exact,
                    );
                    let c = Circle::new(p.x, p.y, (b.u8() % 32) as f32 * 0.5 - 1.0);
                    let mut want: Vec<u64> = items
                        .iter()
                        .filter(|it| c2d_overlap_rect_circle(it.rect, c))
                        .map(|it| it.id)
                        .collect();
                    want.sort_unstable();
                    buf.fill(u64::MAX);
                    let n = c2d_world_query_circle(w, c, buf.as_mut_ptr(), cap);
                    let exact = exact_items && grid(&circle_f(c));
                    check_out(
                        &format!(
                            "query_circle({c:?}) in {:?}",
                            items
                                .iter()
                                .map(|it| (it.id, rect_f(it.rect)))
                                .collect::<Vec<_>>()
                        ),
                        n,
                        &buf,
                        cap,
                        &want,
                        u64::MAX,
                        exact,
                    );
                    assert_eq!(
                        c2d_world_query_rect(w, q, null_mut(), 0),
                        c2d_world_query_rect(w, q, buf.as_mut_ptr(), cap)
                    );
                }
                6 => {
                    let s = Segment::new(point(&mut b), point(&mut b));
                    let cap = b.u8() as usize % 12;
                    let fill = WorldHit {
                        id: 7,
                        hit: Default::default(),
                    };
                    let mut buf = vec![fill; cap];
                    let n = c2d_world_query_segment(w, s, buf.as_mut_ptr(), cap);
                    // Exactly the items the closed segment meets (since 1.1 the world decides
                    // this on the segment itself, in exact arithmetic).
                    let mut want: Vec<u64> = items
                        .iter()
                        .filter(|it| c2d_intersect_segment_rect(s, it.rect))
                        .map(|it| it.id)
                        .collect();
                    want.sort_unstable();
                    // The segment predicate is exact on the grid domain (the world's is exact
                    // everywhere: off the grid, a subnormal end point can tell them apart).
                    let exact = grid(&seg_f(s)) && items.iter().all(|it| grid(&rect_f(it.rect)));
                    if !exact {
                        continue;
                    }
                    assert_eq!(n, want.len(), "query_segment({s:?}) total");
                    let got = &buf[..cap.min(n)];
                    for pair in got.windows(2) {
                        let (x, y) = (pair[0], pair[1]);
                        assert!(
                            x.hit.t < y.hit.t || (x.hit.t == y.hit.t && x.id < y.id),
                            "query_segment order {got:?}"
                        );
                    }
                    for h in got {
                        assert!(
                            want.binary_search(&h.id).is_ok(),
                            "query_segment found {}",
                            h.id
                        );
                        assert!(
                            (0.0..=1.0).contains(&h.hit.t),
                            "query_segment t {}",
                            h.hit.t
                        );
                    }
                    if cap >= n {
                        let mut ids: Vec<u64> = got.iter().map(|h| h.id).collect();
                        ids.sort_unstable();
                        assert_eq!(ids, want, "query_segment({s:?}) items");
                    }
                    assert!(
                        buf[cap.min(n)..].iter().all(|h| *h == fill),
                        "query_segment wrote past the total"
                    );
                }
                7 => {
                    let exact = items.iter().all(|it| grid(&rect_f(it.rect)));
                    let mut want = Vec::new();
                    for x in &items {
                        for y in &items {
                            if x.id < y.id && c2d_overlap_rect_rect(x.rect, y.rect) {
                                want.push(Pair { a: x.id, b: y.id });
                            }
                        }
                    }
                    want.sort_unstable();
                    let cap = b.u8() as usize % 16;
                    let fill = Pair { a: 7, b: 7 };
                    let mut buf = vec![fill; cap];
                    let n = c2d_world_pairs(w, buf.as_mut_ptr(), cap);
                    check_out("pairs", n, &buf, cap, &want, fill, exact);
                }
                10 => {
                    let (id, i) = pick(&mut b, &items, &dead);
                    let n = match b.u8() % 6 {
                        k @ 0..=3 => DIRS[k as usize],
                        4 => (0.0, 0.0),
                        _ => {
                            let v = point(&mut b);
                            (v.x as f64, v.y as f64)
                        }
                    };
                    let s = c2d_world_set_one_way(w, id, Vec2::new(n.0 as f32, n.1 as f32));
                    let valid = n.0.is_finite() && n.1.is_finite() && (n.0 == 0.0 || n.1 == 0.0);
                    match i.or_else(|| items.iter().position(|it| it.id == id)) {
                        Some(i) if valid => {
                            assert_eq!(s, C2D_OK, "set_one_way({n:?})");
                            let unit = |v: f64| if v == 0.0 { 0.0 } else { v.signum() };
                            items[i].one_way = (n != (0.0, 0.0)).then(|| (unit(n.0), unit(n.1)));
                            let mut got = Vec2::new(7.0, 7.0);
                            assert_eq!(c2d_world_get_one_way(w, id, &mut got), C2D_OK);
                            let want = items[i].one_way.unwrap_or((0.0, 0.0));
                            assert_eq!((got.x as f64, got.y as f64), want, "get_one_way");
                        }
                        Some(_) => assert_eq!(s, C2D_ERR_INVALID, "set_one_way({n:?})"),
                        None => assert_eq!(s, C2D_ERR_STALE, "set_one_way of stale {id}"),
                    }
                }
                11 => {
                    // Ground flags against the brute-force closed touch test, and push-out.
                    let (id, i) = pick(&mut b, &items, &dead);
                    let up = DIRS[b.u8() as usize % 4];
                    let mut g = collide2d::world::Ground::default();
                    let s = c2d_world_ground(
                        w,
                        id,
                        Vec2::new(up.0 as f32, up.1 as f32),
                        None,
                        null_mut(),
                        &mut g,
                    );
                    let Some(i) = i.or_else(|| items.iter().position(|it| it.id == id)) else {
                        assert_eq!(s, C2D_ERR_STALE, "ground of stale {id}");
                        continue;
                    };
                    assert_eq!(s, C2D_OK);
                    let m = items[i].rect;
                    if items.iter().all(|it| grid(&rect_f(it.rect))) {
                        let a = if up.0 != 0.0 { 0 } else { 1 };
                        let faces = [(a, -1.0), (a, 1.0), (1 - a, -1.0), (1 - a, 1.0)];
                        let up_sign = up.0 + up.1;
                        for (f, &(k, side)) in faces.iter().enumerate() {
                            // Face f's outward direction along axis k.
                            let out = match f {
                                0 => -up_sign,
                                1 => up_sign,
                                _ => side,
                            };
                            let ms = span_d(m);
                            let want = items.iter().any(|it| {
                                let os = span_d(it.rect);
                                let flush = if out > 0.0 {
                                    ms[k].1 == os[k].0
                                } else {
                                    ms[k].0 == os[k].1
                                };
                                let face_ok = match it.one_way {
                                    None => true,
                                    Some(n) => f == 0 && n == up,
                                };
                                it.id != id && face_ok && flush && shared(m, it.rect, 1 - k) > 0.0
                            });
                            assert_eq!(
                                g.flags & (1 << f) != 0,
                                want,
                                "ground face {f} of {m:?} up {up:?} among {:?}",
                                items
                                    .iter()
                                    .map(|it| (it.id == id, rect_f(it.rect), it.one_way))
                                    .collect::<Vec<_>>()
                            );
                        }
                    }
                    let max = match b.u8() % 8 {
                        0 => -1.0,
                        1 => f32::NAN,
                        k => k as f32 * 3.0,
                    };
                    let mut at = Vec2::new(7.0, 7.0);
                    let s = c2d_world_push_out(w, id, max, None, null_mut(), &mut at);
                    if !(max >= 0.0) {
                        assert_eq!(s, C2D_ERR_INVALID);
                        continue;
                    }
                    let before = m;
                    sync(w, &mut items[i]);
                    let after = items[i].rect;
                    if s == C2D_STUCK {
                        assert_eq!(rect_f(after), rect_f(before), "push_out moved a stuck item");
                        continue;
                    }
                    assert_eq!(s, C2D_OK, "push_out");
                    if items.iter().all(|it| grid(&rect_f(it.rect))) && grid(&rect_f(before)) {
                        let (dx, dy) = ((after.x - before.x) as f64, (after.y - before.y) as f64);
                        assert!(
                            dx * dx + dy * dy <= (max as f64) * (max as f64),
                            "pushed too far"
                        );
                        for it in &items {
                            if it.id != id && it.one_way.is_none() {
                                assert!(
                                    !c2d_overlap_rect_rect(after, it.rect),
                                    "pushed into {:?}",
                                    it.rect
                                );
                            }
                        }
                    }
                }
                12 => {
                    // A moving solid: nothing that overlapped nothing ends inside it unless
                    // reported squashed.
                    let (id, i) = pick(&mut b, &items, &dead);
                    let delta = point(&mut b);
                    let up = DIRS[b.u8() as usize % 4];
                    let cap = b.u8() as usize % 8;
                    let mut moved = vec![collide2d::world::Moved::default(); cap];
                    let (mut at, mut count) = (Vec2::new(7.0, 7.0), 777usize);
                    let s = c2d_world_move_solid(
                        w,
                        id,
                        delta,
                        Vec2::new(up.0 as f32, up.1 as f32),
                        None,
                        null_mut(),
                        &mut at,
                        moved.as_mut_ptr(),
                        cap,
                        &mut count,
                    );
                    let Some(i) = i.or_else(|| items.iter().position(|it| it.id == id)) else {
                        assert_eq!(s, C2D_ERR_STALE, "move_solid of stale {id}");
                        continue;
                    };
                    if !(delta.x.is_finite() && delta.y.is_finite()) {
                        assert_eq!(s, C2D_ERR_INVALID);
                        continue;
                    }
                    if s == C2D_ERR_INVALID {
                        continue; // A sum beyond the f64 range.
                    }
                    assert_eq!(s, C2D_OK, "move_solid");
                    let before: Vec<Rect> = items.iter().map(|it| it.rect).collect();
                    assert!(count <= items.len(), "move_solid reported {count}");
                    for m in &moved[..cap.min(count)] {
                        assert!(
                            items.iter().any(|it| it.id == m.id && it.id != id),
                            "move_solid moved {}",
                            m.id
                        );
                    }
                    let checkable =
                        items.iter().all(|it| grid(&rect_f(it.rect))) && grid(&vec_f(delta));
                    for it in items.iter_mut() {
                        sync(w, it);
                    }
                    if !checkable || cap < count {
                        continue;
                    }
                    let solid = items[i].rect;
                    for (j, it) in items.iter().enumerate() {
                        let alone = before
                            .iter()
                            .enumerate()
                            .all(|(k, r)| k == j || !c2d_overlap_rect_rect(before[j], *r));
                        let squashed = moved[..count]
                            .iter()
                            .any(|m| m.id == it.id && m.what & C2D_SQUASHED != 0);
                        if j != i
                            && alone
                            && !squashed
                            && it.one_way.is_none()
                            && items[i].one_way.is_none()
                        {
                            assert!(
                                !c2d_overlap_rect_rect(it.rect, solid),
                                "{:?} ends inside the solid {:?} (was {:?}, moved by {delta:?})",
                                it.rect,
                                solid,
                                before[j]
                            );
                        }
                    }
                }
                _ => {
                    let (id, i) = pick(&mut b, &items, &dead);
                    let goal = point(&mut b);
                    let mut response: u32 = match b.u8() % 6 {
                        k @ 0..=4 => k as u32,
                        _ => b.u32(),
                    };
                    let filter: c2d_filter_fn = if b.u8() % 4 == 0 { None } else { Some(respond) };
                    if filter.is_none() {
                        response = C2D_SLIDE;
                    }
                    let cap = b.u8() as usize % 8;
                    let mut hits = vec![WorldHit::default(); cap];
                    let (mut actual, mut count) = (Vec2::new(7.0, 7.0), 777usize);
                    let ctx = &mut response as *mut u32 as *mut c_void;
                    let s = c2d_world_move(
                        w,
                        id,
                        goal,
                        filter,
                        ctx,
                        &mut actual,
                        hits.as_mut_ptr(),
                        cap,
                        &mut count,
                    );
                    let Some(i) = i.or_else(|| items.iter().position(|it| it.id == id)) else {
                        assert_eq!(s, C2D_ERR_STALE, "move of stale {id}");
                        assert_eq!(
                            (actual, count),
                            (Vec2::new(7.0, 7.0), 777),
                            "written on error"
                        );
                        continue;
                    };
                    if !(goal.x.is_finite() && goal.y.is_finite()) {
                        assert_eq!(s, C2D_ERR_INVALID, "move to {goal:?}");
                        continue;
                    }
                    // Off the moderate range the motion can overflow f32 (an item at -f32::MAX moved to a
                    // finite goal): the world answers C2D_ERR_INVALID and leaves the item.
                    if s == C2D_ERR_INVALID
                        && !moderate(&[&rect_f(items[i].rect)[..], &vec_f(goal)].concat())
                    {
                        continue;
                    }
                    assert_eq!(
                        s,
                        C2D_OK,
                        "move({id} at {:?}, {goal:?}, response {response}) among {:?}",
                        rect_f(items[i].rect),
                        items.iter().map(|it| rect_f(it.rect)).collect::<Vec<_>>()
                    );
                    assert!(count <= C2D_MOVE_MAX_HITS, "move: {count} hits");
                    let start = items[i].rect;
                    let end = Rect::new(actual.x, actual.y, start.w, start.h);
                    let mut r = Rect::default();
                    assert_eq!(c2d_world_get(w, id, &mut r, null_mut()), C2D_OK);
                    assert_eq!(
                        rect_f(r),
                        rect_f(end),
                        "move: the item is not where `actual` says"
                    );
                    items[i].rect = end;
                    // The predicate's f64 sums are exact while no two values are more than
                    // 2^28 apart in magnitude (f32 values 0 or within 2^-8..2^20).
                    let sums_exact = |v: &[f32]| {
                        v.iter()
                            .all(|&x| x == 0.0 || (x.abs() >= 1.0 / 256.0 && x.abs() <= 1048576.0))
                    };
                    let checkable = sums_exact(&rect_f(start))
                        && sums_exact(&rect_f(end))
                        && items.iter().all(|it| sums_exact(&rect_f(it.rect)));
                    if response != C2D_CROSS && response != C2D_IGNORE && checkable {
                        let d = (
                            goal.x as f64 - start.x as f64,
                            goal.y as f64 - start.y as f64,
                        );
                        for it in &items {
                            // A one-way item is solid for a move that starts on its solid side
                            // and goes against its normal.
                            let solid = it.one_way.is_none_or(|n| {
                                beyond(start, it.rect, n) && d.0 * n.0 + d.1 * n.1 < 0.0
                            });
                            if it.id != id && solid && !overlap_band(start, it.rect) {
                                assert!(
                                    !overlap_band(end, it.rect),
                                    "move({start:?} to {goal:?}, response {response}) ends at {end:?} inside {:?}",
                                    it.rect
                                );
                            }
                        }
                    }
                    for h in &hits[..cap.min(count)] {
                        assert!(
                            items.iter().any(|it| it.id == h.id && it.id != id),
                            "move hit {}",
                            h.id
                        );
                        assert!((0.0..=1.0).contains(&h.hit.t), "move hit t {}", h.hit.t);
                    }
                }
            }
        }
        assert_eq!(c2d_world_count(w), items.len());
        c2d_world_free(w);
        c2d_world_free(other);
        c2d_world_free(null_mut());
    }
});
