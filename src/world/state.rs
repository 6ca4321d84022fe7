//! A world's state as data: a hash of it, snapshots that restore it, and clones.
//!
//! The state is what decides every later answer: per slot its generation, and per live item its
//! rect (the f64 bits as given), category and mask, one-way face and shape; the order in
//! which free slots are reused (it decides the handles of the next items added); and the tile
//! layers (see `layer.rs`). Everything else a world holds (the broad phase's cells, scratch
//! buffers, which item covers which tile) is worked out again from that. User values are
//! carried by snapshots and clones but are not part of the hash: they are often pointers,
//! which differ from one machine to the next.
//!
//! A snapshot is a byte string of fixed layout, little-endian on every target:
//!
//! ```text
//! "C2DW"  version: u16  precision: u8 (0 f32, 1 f64)  sections: u8 (bit 0: sensors' state)
//! cell: f64  extent: f64  tag: u64  slots: u32  free: u32  live: u32  layers: u32
//! per slot:  generation: u32  flags: u8 (bit 0 live; bits 1-3 one-way face, 0 none, else
//!            1 + 2 * axis + positive; bits 4-5 shape, 0 rect, 1 slope, 2 polygon; bit 6
//!            sensor)
//!            when live:  x y w h: f64  user: u64  category: u64  mask: u64
//!                        a slope:  corner: u8
//!                        a polygon:  n: u8, then n vertices as x y: f64
//! per free slot, in the order of reuse:  slot: u32
//! when layers > 0:  ids: u32 (layer ids issued so far)
//!     per tile layer, by ascending id:  id: u32  cols: u32  rows: u32  x y w h: f64
//!         category: u64  mask: u64  cols * rows codes: u32 (row by row)
//!         items: u32, then each item's slot: u32 (in order of its first tile, row by row)
//! when bit 0 of `sections` is set, the sensors' pending state:
//!     pairs overlapping at the last call:  n: u32, then n × sensor: u64 item: u64 (ascending)
//!     slots changed since:  n: u32, then n × slot: u32 (ascending)
//!     pairs passed through since:  n: u32, then n × sensor: u64 item: u64 (ascending)
//!     items removed since:  n: u32, then n × id: u64 m: u32, m × sensor: u64 item: u64
//!     events not handed out yet:  n: u32, then n × sensor: u64 item: u64 kind: u32 flags: u32
//! check: u64 (the mix of every field before it)
//! ```
//!
//! A world without sensors (and nothing pending from them) has no sensor bit and no sensors'
//! section, and one without tile layers writes `layers = 0` and no layer section: the snapshot
//! and the hash of a world with neither are those of the library before both (a library of
//! that time refuses a snapshot with either as corrupt). A layer's items are those of a fresh
//! merge of its codes (see `layer.rs`): the snapshot names only their slots.
//!
//! The world's tag travels with it: a restored world or a clone answers to the handles of the
//! world it was taken from.

use super::events::{Event, Removal};
use super::handle;
use super::kit::Dir;
use super::slope::Shape;
use super::{World, DEFAULT_CATEGORY, TILE_LAYER_MAX};
use crate::query::band::Precision;
use crate::query::poly_double::cover;
use crate::query::Convex;
use crate::shape::POLY_MAX;
use crate::shape::{RectD, Vec2D};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// The snapshot layout this library writes (and the newest it reads).
/// cbindgen:ignore
pub const SNAPSHOT_VERSION: u16 = 1;

const MAGIC: [u8; 4] = *b"C2DW";

/// Why a snapshot could not be restored; the world is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SnapshotError {
    /// Not a whole snapshot of this library: truncated, corrupted, or with values no world
    /// holds.
    Corrupt,
    /// A snapshot from a newer version of the library, whose layout this one does not know.
    Version,
}

/// A 64-bit mix of a sequence of words, the same on every target: each word is folded in
/// by a xor and MurmurHash3's finaliser (a bijection), so states differing in any word give
/// different hashes but by chance. Not a cryptographic hash.
#[derive(Clone, Copy)]
struct Mix(u64);

impl Mix {
    const SEED: u64 = 0x6c62_272e_07bb_0142;

    fn add(&mut self, w: u64) {
        let mut x = (self.0 ^ w).wrapping_add(0x9e37_79b9_7f4a_7c15);
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^= x >> 33;
        self.0 = x;
    }
}

/// What a slot holds, as a snapshot records it.
struct Slot {
    gen: u32,
    item: Option<Item>,
}

struct Item {
    rect: RectD,
    user: u64,
    cats: [u64; 2],
    one_way: Option<Dir>,
    shape: Option<Shape>,
    sensor: bool,
}

/// The sensors' pending state as a snapshot records it (see `events.rs`), each list in a
/// canonical order.
#[derive(Default)]
struct Pending {
    touching: Vec<(u64, u64)>,
    dirty: Vec<u32>,
    passed: Vec<(u64, u64)>,
    removed: Vec<Removal>,
    ready: Vec<Event>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.touching.is_empty()
            && self.dirty.is_empty()
            && self.passed.is_empty()
            && self.removed.is_empty()
            && self.ready.is_empty()
    }

    fn len(&self) -> usize {
        let removed: usize = self.removed.iter().map(|r| 12 + 16 * r.pairs.len()).sum();
        20 + 16 * self.touching.len()
            + 4 * self.dirty.len()
            + 16 * self.passed.len()
            + removed
            + 24 * self.ready.len()
    }

    fn emit(&self, sink: &mut Sink) {
        let pairs = |sink: &mut Sink, ps: &[(u64, u64)]| {
            sink.u32(ps.len() as u32);
            for &(a, b) in ps {
                sink.u64(a);
                sink.u64(b);
            }
        };
        pairs(sink, &self.touching);
        sink.u32(self.dirty.len() as u32);
        for &d in &self.dirty {
            sink.u32(d);
        }
        pairs(sink, &self.passed);
        sink.u32(self.removed.len() as u32);
        for r in &self.removed {
            sink.u64(r.id);
            pairs(sink, &r.pairs);
        }
        sink.u32(self.ready.len() as u32);
        for e in &self.ready {
            sink.u64(e.sensor);
            sink.u64(e.item);
            sink.u32(e.kind);
            sink.u32(e.flags);
        }
    }

    fn read(src: &mut Source) -> Result<Pending, SnapshotError> {
        // Every entry takes at least 4 bytes: a count beyond what is left is caught before
        // anything is allocated for it.
        fn count(src: &mut Source) -> Result<usize, SnapshotError> {
            let n = src.u32()? as usize;
            if n > src.data.len() / 4 {
                return Err(SnapshotError::Corrupt);
            }
            Ok(n)
        }
        fn pairs(src: &mut Source) -> Result<Vec<(u64, u64)>, SnapshotError> {
            let n = count(src)?;
            (0..n).map(|_| Ok((src.u64()?, src.u64()?))).collect()
        }
        let touching = pairs(src)?;
        let n = count(src)?;
        let dirty = (0..n).map(|_| src.u32()).collect::<Result<Vec<_>, _>>()?;
        let passed = pairs(src)?;
        let n = count(src)?;
        let removed = (0..n)
            .map(|_| {
                Ok(Removal {
                    id: src.u64()?,
                    pairs: pairs(src)?,
                })
            })
            .collect::<Result<Vec<_>, SnapshotError>>()?;
        let n = count(src)?;
        let ready = (0..n)
            .map(|_| {
                let (sensor, item) = (src.u64()?, src.u64()?);
                let (kind, flags) = (src.u32()?, src.u32()?);
                if !(1..=2).contains(&kind) || flags > 3 {
                    return Err(SnapshotError::Corrupt);
                }
                Ok(Event {
                    sensor,
                    item,
                    kind,
                    flags,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Pending {
            touching,
            dirty,
            passed,
            removed,
            ready,
        })
    }
}

fn dir_code(d: Option<Dir>) -> u8 {
    d.map_or(0, |d| 1 + 2 * d.axis as u8 + d.pos as u8)
}

fn dir_of(code: u8) -> Option<Option<Dir>> {
    match code {
        0 => Some(None),
        1..=4 => Some(Some(Dir {
            axis: ((code - 1) / 2) as usize,
            pos: (code - 1) % 2 == 1,
        })),
        _ => None,
    }
}

/// Where the fields of a state go: counted, written into a buffer, mixed, or several of these.
/// Every field is also one word of the mix, so the check at the end of a snapshot covers them.
struct Sink<'a> {
    out: Option<&'a mut [u8]>,
    len: usize,
    mix: Mix,
}

impl Sink<'_> {
    fn bytes(&mut self, b: &[u8]) {
        if let Some(out) = self.out.as_deref_mut() {
            out[self.len..self.len + b.len()].copy_from_slice(b);
        }
        self.len += b.len();
    }
    fn u8(&mut self, v: u8) {
        self.mix.add(v as u64);
        self.bytes(&[v]);
    }
    fn u16(&mut self, v: u16) {
        self.mix.add(v as u64);
        self.bytes(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.mix.add(v as u64);
        self.bytes(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.mix.add(v);
        self.bytes(&v.to_le_bytes());
    }
    fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
}

/// Reads a snapshot front to back, mixing every field as [`Sink`] did.
struct Source<'a> {
    data: &'a [u8],
    mix: Mix,
}

impl Source<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], SnapshotError> {
        let (head, rest) = self
            .data
            .split_first_chunk::<N>()
            .ok_or(SnapshotError::Corrupt)?;
        self.data = rest;
        Ok(*head)
    }
    fn u8(&mut self) -> Result<u8, SnapshotError> {
        let [v] = self.take::<1>()?;
        self.mix.add(v as u64);
        Ok(v)
    }
    fn u16(&mut self) -> Result<u16, SnapshotError> {
        let v = u16::from_le_bytes(self.take()?);
        self.mix.add(v as u64);
        Ok(v)
    }
    fn u32(&mut self) -> Result<u32, SnapshotError> {
        let v = u32::from_le_bytes(self.take()?);
        self.mix.add(v as u64);
        Ok(v)
    }
    fn u64(&mut self) -> Result<u64, SnapshotError> {
        let v = u64::from_le_bytes(self.take()?);
        self.mix.add(v);
        Ok(v)
    }
    fn f64(&mut self) -> Result<f64, SnapshotError> {
        self.u64().map(f64::from_bits)
    }
}

impl World {
    /// The fields of the world's state, in snapshot order, into `sink`; `hash` leaves out what
    /// the hash does not cover (the header, user values, the tag and the extent).
    fn emit(&self, sink: &mut Sink, hash: bool) {
        let pending = self.pending();
        if !hash {
            sink.bytes(&MAGIC);
            sink.u16(SNAPSHOT_VERSION);
        }
        sink.u8((self.precision == Precision::Double) as u8);
        if !hash {
            sink.u8(!pending.is_empty() as u8);
        }
        sink.f64(self.cell);
        if !hash {
            sink.f64(self.extent);
            sink.u64(self.tag);
        }
        sink.u32(self.gens.len() as u32);
        sink.u32(self.free.len() as u32);
        sink.u32(self.count as u32);
        if !hash {
            sink.u32(self.layers.live() as u32);
        }
        for s in 0..self.gens.len() {
            let live = self.live[s];
            let shape = if live {
                self.shapes[s].as_deref()
            } else {
                None
            };
            let kind = match shape {
                None => 0,
                Some(Shape::Slope(_)) => 1,
                Some(Shape::Poly(_)) => 2,
            };
            let one_way = if live { self.one_way[s] } else { None };
            // In the hash, a free slot counts only through the free list below.
            if hash && !live {
                continue;
            }
            if hash {
                sink.u32(s as u32);
            }
            sink.u32(self.gens[s]);
            let sensor = live && self.sensing.is[s];
            sink.u8(live as u8 | dir_code(one_way) << 1 | kind << 4 | (sensor as u8) << 6);
            if !live {
                continue;
            }
            let r = self.rects[s];
            for v in [r.x, r.y, r.w, r.h] {
                sink.f64(v);
            }
            if !hash {
                sink.u64(self.users[s]);
            }
            sink.u64(self.cats[s][0]);
            sink.u64(self.cats[s][1]);
            match shape {
                None => {}
                Some(&Shape::Slope(c)) => sink.u8(c),
                Some(Shape::Poly(c)) => {
                    sink.u8(c.verts().len() as u8);
                    for &(x, y) in c.verts() {
                        sink.f64(x);
                        sink.f64(y);
                    }
                }
            }
        }
        for &f in &self.free {
            sink.u32(f);
            if hash {
                sink.u32(self.gens[f as usize]);
            }
        }
        if self.layers.live() > 0 {
            self.emit_layers(sink, hash);
        }
        if !pending.is_empty() {
            pending.emit(sink);
        }
    }

    /// The sensors' pending state, in canonical order.
    fn pending(&self) -> Pending {
        let sn = &self.sensing;
        if sn.quiet() {
            return Pending::default();
        }
        let mut dirty = sn.dirty.clone();
        crate::sort::sort(&mut dirty);
        let mut passed = sn.passed.clone();
        crate::sort::sort(&mut passed);
        passed.dedup();
        let mut removed = sn.removed.clone();
        for r in &mut removed {
            crate::sort::sort(&mut r.pairs);
        }
        crate::sort::sort_by_key(&mut removed, |r| r.id);
        Pending {
            touching: sn.touching.iter().copied().collect(),
            dirty,
            passed,
            removed,
            ready: sn.ready.iter().copied().collect(),
        }
    }

    /// Takes in the sensors' pending state a snapshot recorded (or a clone's).
    fn take_pending(&mut self, p: Pending) -> Option<()> {
        let sn = &mut self.sensing;
        for &pair in &p.touching {
            sn.insert(pair);
        }
        for &d in &p.dirty {
            let d = d as usize;
            if d >= self.gens.len() {
                return None;
            }
            sn.mark_anyway(d);
        }
        sn.passed = p.passed;
        sn.removed = p.removed;
        sn.ready = p.ready.into_iter().collect();
        Some(())
    }

    /// The tile layers' fields (see the module's notes); the hash counts their number first.
    fn emit_layers(&self, sink: &mut Sink, hash: bool) {
        if hash {
            sink.u32(self.layers.live() as u32);
        }
        sink.u32(self.layers.issued);
        for (id, l) in &self.layers.list {
            let Some(l) = l else {
                continue;
            };
            sink.u32(*id);
            sink.u32(l.cols);
            sink.u32(l.rows);
            for v in [l.origin.x, l.origin.y, l.tile.x, l.tile.y] {
                sink.f64(v);
            }
            sink.u64(l.cats[0]);
            sink.u64(l.cats[1]);
            for &c in &l.codes {
                sink.u32(c);
            }
            let order = l.ordered();
            sink.u32(order.len() as u32);
            for p in order {
                sink.u32(handle::slot_of(l.pieces[p as usize].item) as u32);
            }
        }
    }

    /// A 64-bit hash of the world's state: every live item's handle (its slot and generation,
    /// not the world's tag), rect bits, category, mask, one-way face and shape, the order in
    /// which free slots will be reused, the cell size, the precision and the tile layers (none
    /// add nothing: a world without layers hashes as before them). Equal states hash
    /// equal on every target, however they were reached; user values do not count.
    pub fn state_hash(&self) -> u64 {
        let mut sink = Sink {
            out: None,
            len: 0,
            mix: Mix(Mix::SEED),
        };
        self.emit(&mut sink, true);
        sink.mix.0
    }

    /// The length in bytes of the world's snapshot.
    pub fn snapshot_len(&self) -> usize {
        // The layout's sizes (see the module's notes), counted without walking the fields.
        let shapes: usize = (0..self.gens.len())
            .filter(|&s| self.live[s])
            .filter_map(|s| self.shapes[s].as_deref())
            .map(|sh| match sh {
                Shape::Slope(_) => 1,
                Shape::Poly(c) => 1 + 16 * c.verts().len(),
            })
            .sum();
        let pending = self.pending();
        let events = if pending.is_empty() { 0 } else { pending.len() };
        let layers: usize = match self.layers.live() {
            0 => 0,
            _ => {
                4 + self
                    .layers
                    .list
                    .iter()
                    .filter_map(|e| e.1.as_ref())
                    .map(|l| 64 + 4 * l.codes.len() + 4 * l.live_count())
                    .sum::<usize>()
            }
        };
        48 + 5 * self.gens.len()
            + 56 * self.count
            + shapes
            + 4 * self.free.len()
            + layers
            + events
            + 8
    }

    /// Writes the world's snapshot into `out` when it has room for it ([`World::snapshot_len`]
    /// bytes), else writes nothing; answers the snapshot's length either way.
    pub fn snapshot_into(&self, out: &mut [u8]) -> usize {
        let len = self.snapshot_len();
        if out.len() < len {
            return len;
        }
        let mut sink = Sink {
            out: Some(out),
            len: 0,
            mix: Mix(Mix::SEED),
        };
        self.emit(&mut sink, false);
        let check = sink.mix.0;
        sink.bytes(&check.to_le_bytes());
        debug_assert_eq!(sink.len, len, "snapshot_len counts every field");
        len
    }

    /// The world's snapshot as a byte vector.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out = alloc::vec![0u8; self.snapshot_len()];
        self.snapshot_into(&mut out);
        out
    }

    /// Restores the state a snapshot recorded: the same items under the same handles (handles
    /// issued since stay stale or name what the snapshot had), the same slots for the next
    /// items added, the same hash. A snapshot that is not whole, not consistent or from a newer
    /// layout is an error and leaves the world as it was.
    pub fn restore(&mut self, bytes: &[u8]) -> Result<(), SnapshotError> {
        let restored = read(bytes)?;
        self.take_state(restored);
        Ok(())
    }

    /// Takes every field of `other` but the scratch buffers (a caller may be inside a query
    /// that holds them), counting a change past both worlds' counts.
    fn take_state(&mut self, other: World) {
        let World {
            tag,
            precision,
            extent,
            inv,
            cell,
            gens,
            handles,
            live,
            rects,
            users,
            cats,
            one_way,
            shapes,
            shaped,
            sorted_out,
            changes,
            homes,
            free,
            count,
            tiles,
            sensing,
            layers,
            scratch: _,
        } = other;
        self.changes = self.changes.max(changes) + 1;
        (self.tag, self.precision, self.extent, self.inv, self.cell) =
            (tag, precision, extent, inv, cell);
        (self.gens, self.handles, self.live, self.rects, self.users) =
            (gens, handles, live, rects, users);
        (self.cats, self.one_way, self.shapes, self.shaped) = (cats, one_way, shapes, shaped);
        (
            self.sorted_out,
            self.homes,
            self.free,
            self.count,
            self.tiles,
        ) = (sorted_out, homes, free, count, tiles);
        self.sensing = sensing;
        self.layers = layers;
    }

    /// The slots as a snapshot records them.
    fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        (0..self.gens.len()).map(move |s| Slot {
            gen: self.gens[s],
            item: self.live[s].then(|| Item {
                rect: self.rects[s],
                user: self.users[s],
                cats: self.cats[s],
                one_way: self.one_way[s],
                shape: self.shapes[s].as_deref().copied(),
                sensor: self.sensing.is[s],
            }),
        })
    }

    /// A world holding the same state: the same items under the same handles (the tag is
    /// shared), the same slots for the next items added, the same hash.
    pub fn duplicate(&self) -> World {
        let header = Header {
            precision: self.precision,
            cell: self.cell,
            extent: self.extent,
            tag: self.tag,
        };
        let mut w = build(&header, self.slots(), self.free.clone())
            .expect("a live world's own state is a valid one");
        // The same slots hold the same items: the layers carry over as they are.
        w.layers = self.layers.clone();
        w.take_pending(self.pending())
            .expect("a live world's own state is a valid one");
        w
    }
}

/// A snapshot's world-wide fields.
struct Header {
    precision: Precision,
    cell: f64,
    extent: f64,
    tag: u64,
}

/// A world of `slots` (the free ones reused in the order of `free`), checked as it is built:
/// `None` for a state no world holds.
fn build(h: &Header, slots: impl Iterator<Item = Slot>, free: Vec<u32>) -> Option<World> {
    let mut w = World::with_precision(h.cell, h.precision)?;
    if !(h.extent >= 0.0 && h.extent.is_finite()) || h.tag == 0 || h.tag >> 32 != 0 {
        return None;
    }
    w.tag = h.tag;
    for slot in slots {
        let s = w.new_slot().ok()? as usize;
        w.gens[s] = slot.gen;
        w.handles[s] = handle::encode(w.tag, s as u32, slot.gen);
        let Some(item) = slot.item else {
            continue;
        };
        if w.handles[s] == 0 || !item.rect.finite() {
            return None;
        }
        if let Some(shape) = item.shape {
            let fits = match shape {
                Shape::Slope(c) => c <= 3,
                // A polygon item's rect is its polygon's box.
                Shape::Poly(c) => cover(&c) == item.rect,
            };
            if !fits {
                return None;
            }
            w.shapes[s] = Some(Box::new(shape));
            w.shaped += 1;
        }
        w.live[s] = true;
        w.users[s] = item.user;
        w.cats[s] = item.cats;
        w.sorted_out |= item.cats != DEFAULT_CATEGORY;
        w.one_way[s] = item.one_way;
        w.place(s as u32, item.rect);
        w.count += 1;
        if item.sensor {
            w.sensing.is[s] = true;
            w.sensing.live += 1;
        }
    }
    let mut seen = alloc::vec![false; w.gens.len()];
    for &f in &free {
        let f = f as usize;
        if f >= w.gens.len() || w.live[f] || core::mem::replace(&mut seen[f], true) {
            return None;
        }
    }
    w.free = free;
    w.extent = w.extent.max(h.extent);
    Some(w)
}

/// The world a snapshot records.
fn read(bytes: &[u8]) -> Result<World, SnapshotError> {
    use SnapshotError::Corrupt;
    let mut src = Source {
        data: bytes,
        mix: Mix(Mix::SEED),
    };
    if src.take::<4>()? != MAGIC {
        return Err(Corrupt);
    }
    // A newer layout may use any field after the version differently.
    match src.u16()? {
        SNAPSHOT_VERSION => {}
        v if v > SNAPSHOT_VERSION => return Err(SnapshotError::Version),
        _ => return Err(Corrupt),
    }
    let precision = match src.u8()? {
        0 => Precision::Single,
        1 => Precision::Double,
        _ => return Err(Corrupt),
    };
    let sensing = match src.u8()? {
        0 => false,
        1 => true,
        _ => return Err(Corrupt),
    };
    let header = Header {
        precision,
        cell: src.f64()?,
        extent: src.f64()?,
        tag: src.u64()?,
    };
    let (slots, frees, lives, layers) = (
        src.u32()? as usize,
        src.u32()? as usize,
        src.u32()? as usize,
        src.u32()? as usize,
    );
    if slots > World::CAPACITY || frees > slots || lives > slots {
        return Err(Corrupt);
    }
    // Every slot takes at least 5 bytes, every free entry 4: a short buffer is caught before
    // anything is allocated for it.
    if src.data.len() < slots * 5 + frees * 4 + 8 {
        return Err(Corrupt);
    }
    let mut list = Vec::with_capacity(slots);
    for _ in 0..slots {
        let gen = src.u32()?;
        let flags = src.u8()?;
        let one_way = dir_of(flags >> 1 & 7).ok_or(Corrupt)?;
        let sensor = flags & 64 != 0;
        if flags >> 7 != 0 {
            return Err(Corrupt);
        }
        if flags & 1 == 0 {
            if flags != 0 {
                return Err(Corrupt);
            }
            list.push(Slot { gen, item: None });
            continue;
        }
        let rect = RectD::new(src.f64()?, src.f64()?, src.f64()?, src.f64()?);
        let (user, cats) = (src.u64()?, [src.u64()?, src.u64()?]);
        let shape = match flags >> 4 & 3 {
            0 => None,
            1 => Some(Shape::Slope(src.u8()?)),
            2 => {
                let n = src.u8()? as usize;
                if !(3..=POLY_MAX).contains(&n) {
                    return Err(Corrupt);
                }
                let mut vs = [(0.0, 0.0); POLY_MAX];
                for v in vs.iter_mut().take(n) {
                    *v = (src.f64()?, src.f64()?);
                }
                if !vs[..n].iter().all(|v| v.0.is_finite() && v.1.is_finite()) {
                    return Err(Corrupt);
                }
                Some(Shape::Poly(Convex::of_ccw(&vs[..n]).ok_or(Corrupt)?))
            }
            _ => return Err(Corrupt),
        };
        list.push(Slot {
            gen,
            item: Some(Item {
                rect,
                user,
                cats,
                one_way,
                shape,
                sensor,
            }),
        });
    }
    let free = (0..frees)
        .map(|_| src.u32())
        .collect::<Result<Vec<_>, _>>()?;
    let tile_layers = if layers > 0 {
        read_layers(&mut src, layers)?
    } else {
        (0, Vec::new())
    };
    let pending = if sensing {
        Pending::read(&mut src)?
    } else {
        Pending::default()
    };
    let check = src.mix.0;
    if src.data != check.to_le_bytes() {
        return Err(Corrupt);
    }
    if list.iter().filter(|s| s.item.is_some()).count() != lives {
        return Err(Corrupt);
    }
    let mut w = build(&header, list.into_iter(), free).ok_or(Corrupt)?;
    let (ids, tile_layers) = tile_layers;
    w.layers.issued = ids;
    for l in tile_layers {
        w.load_layer(l.id, l.grid, l.cats, l.codes, &l.slots)
            .ok_or(Corrupt)?;
    }
    w.take_pending(pending).ok_or(Corrupt)?;
    Ok(w)
}

/// A tile layer as a snapshot records it.
struct LayerState {
    id: u32,
    grid: (u32, u32, Vec2D, Vec2D),
    cats: [u64; 2],
    codes: Vec<u32>,
    slots: Vec<u32>,
}

/// The layer section of a snapshot with `n` layers: the ids issued and the layers, by
/// ascending id.
fn read_layers(src: &mut Source, n: usize) -> Result<(u32, Vec<LayerState>), SnapshotError> {
    use SnapshotError::Corrupt;
    let ids = src.u32()?;
    // Every layer takes at least 64 bytes: a short buffer is caught before allocating (by
    // division: on a 32-bit target the products of counts read from the bytes may overflow).
    if n > ids as usize || n > src.data.len() / 64 {
        return Err(Corrupt);
    }
    let mut out: Vec<LayerState> = Vec::with_capacity(n);
    for _ in 0..n {
        let id = src.u32()?;
        if id == 0 || id > ids || out.last().is_some_and(|l| l.id >= id) {
            return Err(Corrupt);
        }
        let (cols, rows) = (src.u32()?, src.u32()?);
        let origin = Vec2D::new(src.f64()?, src.f64()?);
        let tile = Vec2D::new(src.f64()?, src.f64()?);
        let cats = [src.u64()?, src.u64()?];
        let tiles = cols as u64 * rows as u64;
        if tiles > TILE_LAYER_MAX as u64 || tiles >= (src.data.len() / 4) as u64 {
            return Err(Corrupt);
        }
        let tiles = tiles as usize;
        let codes = (0..tiles)
            .map(|_| src.u32())
            .collect::<Result<Vec<_>, _>>()?;
        let items = src.u32()? as usize;
        if items > tiles || items > src.data.len() / 4 {
            return Err(Corrupt);
        }
        let slots = (0..items)
            .map(|_| src.u32())
            .collect::<Result<Vec<_>, _>>()?;
        out.push(LayerState {
            id,
            grid: (cols, rows, origin, tile),
            cats,
            codes,
            slots,
        });
    }
    Ok((ids, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (World, Vec<u64>) {
        let mut w = World::new_d(16.0).unwrap();
        let ids: Vec<u64> = (0..6)
            .map(|k| {
                w.add_d(RectD::new(k as f64 * 10.5, 3.25, 8.0, 8.0), k)
                    .unwrap()
            })
            .collect();
        w.remove(ids[2]).unwrap();
        w.remove(ids[4]).unwrap();
        w.set_category(ids[1], 2, 5).unwrap();
        w.set_one_way(ids[3], super::super::Vec2D::new(0.0, -1.0))
            .unwrap();
        w.set_slope(ids[5], 1).unwrap();
        (w, ids)
    }

    #[test]
    fn a_snapshot_restores_the_same_hash_handles_and_next_slots() {
        let (mut w, ids) = sample();
        let (hash, snap) = (w.state_hash(), w.snapshot());
        assert_eq!(snap.len(), w.snapshot_len());
        let later = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 9).unwrap();
        w.remove(ids[0]).unwrap();
        assert_ne!(w.state_hash(), hash);
        w.restore(&snap).unwrap();
        assert_eq!(w.state_hash(), hash);
        assert!(w.contains(ids[0]) && !w.contains(ids[2]) && !w.contains(later));
        assert_eq!(w.snapshot(), snap);
        let mut c = w.duplicate();
        assert_eq!(c.state_hash(), hash);
        assert_eq!(
            c.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0),
            w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0)
        );
    }

    #[test]
    fn every_cut_and_every_flipped_byte_of_a_snapshot_is_refused_and_changes_nothing() {
        let (mut w, _) = sample();
        let (hash, snap) = (w.state_hash(), w.snapshot());
        let step = if cfg!(miri) { 17 } else { 1 };
        for n in (0..snap.len()).step_by(step) {
            assert_eq!(w.restore(&snap[..n]), Err(SnapshotError::Corrupt));
            let mut bad = snap.clone();
            bad[n] ^= 0x10;
            assert!(w.restore(&bad).is_err(), "byte {n} flipped");
            assert_eq!(w.state_hash(), hash);
        }
        let mut newer = snap.clone();
        newer[4] = 2;
        assert_eq!(w.restore(&newer), Err(SnapshotError::Version));
    }
}
