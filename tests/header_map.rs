//! The header's opening map names every exported function.
//!
//! Every symbol of the ABI snapshot (`.ci/abi/symbols.txt`, the functions the library exports)
//! must be found in the map at the top of `include/collide2d.h`, written out or in the map's
//! shorthand:
//! - `c2d_sweep_rect_rect, _circle_rect`: a name starting `_` continues the last full name, cut
//!   after one of its words (`c2d_sweep_` + `circle_rect`);
//! - `_move_ground[_d]`: the part in brackets is optional;
//! - `c2d_overlap_* and c2d_touch_* ... for rect_rect, circle_circle`: each pair after a name
//!   ending `_*`, on the same map entry, with each such name;
//! - `c2d_overlap_<q>_<items> ... for q = rect, point and items = rects, circles` (and `with
//!   _soa`): every combination, with and without the suffix.

use std::collections::BTreeSet;

/// The map: the lines from "Map of the functions" to the first empty comment line.
fn map(header: &str) -> Vec<String> {
    header
        .lines()
        .skip_while(|l| !l.contains("Map of the functions"))
        .skip(1)
        .take_while(|l| l.trim() != "*")
        .map(|l| l.trim_start_matches(" *").to_string())
        .collect()
}

/// The map's entries: a line starting with a title (text in the first 16 columns) opens one.
fn entries(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in lines {
        let text = l.get(16..).unwrap_or("");
        let titled = l.len() > 3 && !l[..l.len().min(16)].trim().is_empty();
        match out.last_mut() {
            Some(e) if !titled => {
                e.push(' ');
                e.push_str(text);
            }
            _ => out.push(text.to_string()),
        }
    }
    out
}

/// The words of an entry that may be names: runs of letters, digits, `_`, `*`, `<`, `>`, `[`
/// and `]`.
fn words(entry: &str) -> Vec<&str> {
    entry
        .split(|c: char| !(c.is_ascii_alphanumeric() || "_*<>[]".contains(c)))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A word with an optional part in brackets, as the names it stands for.
fn optional(word: &str) -> Vec<String> {
    match (word.find('['), word.find(']')) {
        (Some(a), Some(b)) if a < b => {
            let (head, opt, tail) = (&word[..a], &word[a + 1..b], &word[b + 1..]);
            vec![format!("{head}{tail}"), format!("{head}{opt}{tail}")]
        }
        _ => vec![word.to_string()],
    }
}

/// Every name one entry of the map stands for; `last` is the last function written out in full
/// (an entry may go on from the one before it).
fn named(entry: &str, last: &mut Option<String>) -> BTreeSet<String> {
    let ws = words(entry);
    let mut out = BTreeSet::new();
    let mut wild: Vec<&str> = Vec::new();
    for (i, &w) in ws.iter().enumerate() {
        if w.starts_with("c2d_") {
            if let Some(stem) = w.strip_suffix('*') {
                wild.push(stem);
            } else if w.contains('<') {
                // c2d_<op>_<q>_<items>: the lists follow `q =` and `items =`.
                let list = |key: &str| -> Vec<&str> {
                    let at = ws
                        .iter()
                        .position(|&x| x == key)
                        .map_or(ws.len(), |k| k + 1);
                    ws[at..]
                        .iter()
                        .copied()
                        .take_while(|x| *x != "and" && *x != "e")
                        .collect()
                };
                let stem = &w[..w.find('<').unwrap_or(w.len())];
                let soa = ws.contains(&"_soa");
                for op in [stem, &stem.replace("overlap", "touch")] {
                    for q in list("q") {
                        for items in list("items") {
                            out.insert(format!("{op}{q}_{items}"));
                            if soa {
                                out.insert(format!("{op}{q}_{items}_soa"));
                            }
                        }
                    }
                }
            } else if !is_type(w) {
                out.extend(optional(w));
                *last = Some(optional(w)[0].clone());
            }
        } else if w.starts_with('_') && w.len() > 1 {
            if let Some(full) = last.as_ref() {
                for (k, _) in full.match_indices('_') {
                    for tail in optional(w) {
                        out.insert(format!("{}{}", &full[..k], tail));
                    }
                }
            }
        } else if w.contains('_') && !wild.is_empty() && i > 0 {
            for stem in &wild {
                out.insert(format!("{stem}{w}"));
            }
        }
    }
    out
}

#[test]
fn the_header_map_names_every_exported_function() {
    let root = env!("CARGO_MANIFEST_DIR");
    let header = std::fs::read_to_string(format!("{root}/include/collide2d.h")).unwrap();
    let symbols = std::fs::read_to_string(format!("{root}/.ci/abi/symbols.txt")).unwrap();
    let lines = map(&header);
    assert!(lines.len() > 10, "no map at the top of the header");
    let (mut names, mut last) = (BTreeSet::new(), None);
    for e in entries(&lines) {
        names.extend(named(&e, &mut last));
    }
    let missing: Vec<&str> = symbols
        .lines()
        .filter(|s| !s.is_empty() && !names.contains(*s))
        .collect();
    assert!(missing.is_empty(), "not in the header's map: {missing:?}");
}

#[test]
fn the_header_map_names_no_function_that_is_not_exported() {
    let root = env!("CARGO_MANIFEST_DIR");
    let header = std::fs::read_to_string(format!("{root}/include/collide2d.h")).unwrap();
    let symbols = std::fs::read_to_string(format!("{root}/.ci/abi/symbols.txt")).unwrap();
    let exported: BTreeSet<&str> = symbols.lines().collect();
    // Only names written out in full: the shorthand stands for several candidates.
    let stray: Vec<String> = entries(&map(&header))
        .iter()
        .flat_map(|e| {
            words(e)
                .into_iter()
                .filter(|w| w.starts_with("c2d_") && !w.contains(['*', '<']))
                .flat_map(optional)
                .collect::<Vec<_>>()
        })
        .filter(|w| !exported.contains(w.as_str()) && !is_type(w))
        .collect();
    assert!(
        stray.is_empty(),
        "named in the header's map but not exported: {stray:?}"
    );
}

/// The type names the map mentions beside the functions.
fn is_type(w: &str) -> bool {
    [
        "c2d_rect",
        "c2d_circle",
        "c2d_obb",
        "c2d_vec2",
        "c2d_segment",
        "c2d_poly",
        "c2d_capsule",
        "c2d_recti",
        "c2d_circlei",
        "c2d_manifold",
        "c2d_vec2d",
        "c2d_rectd",
        "c2d_circled",
        "c2d_segmentd",
        "c2d_hitd",
        "c2d_world_hitd",
        "c2d_tile_run",
    ]
    .contains(&w)
}

#[test]
fn the_header_reads_within_100_columns() {
    let root = env!("CARGO_MANIFEST_DIR");
    let header = std::fs::read_to_string(format!("{root}/include/collide2d.h")).unwrap();
    let long: Vec<String> = header
        .lines()
        .enumerate()
        .filter(|(_, l)| l.chars().count() > 100)
        .map(|(i, l)| format!("line {}: {}", i + 1, l))
        .collect();
    assert!(
        long.is_empty(),
        "header lines over 100 columns:\n{}",
        long.join("\n")
    );
}
