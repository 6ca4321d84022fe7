//! The world (API.md "World") driven through its C functions by random add / update / remove /
//! get / query / pairs / move sequences, every answer compared with a brute-force model: handles
//! are never 0 and never reused, removed and foreign handles are stale for good, queries find
//! exactly the items the strict predicates find (in the documented order, `cap` respected, the
//! total returned), pairs are every strictly overlapping pair once, and a move never ends
//! strictly inside an item it did not overlap at the start (responses other than CROSS/IGNORE).
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
            match b.u8() % 10 {
                0 | 1 => {
                    let (r, user) = (rect(&mut b), b.u8() as u64);
                    let id = c2d_world_add(w, r, user);
                    if finite(r) {
                        assert_ne!(id, 0, "add({r:?}) failed");
                        assert!(seen.insert(id), "handle {id} issued twice");
                        items.push(Item { id, rect: r, user });
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
                        for it in &items {
                            if it.id != id && !c2d_overlap_rect_rect(start, it.rect) {
                                assert!(
                                    !c2d_overlap_rect_rect(end, it.rect),
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
