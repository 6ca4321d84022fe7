#!/bin/sh
# Times the working tree's library against the one built at a git revision, side by side in one
# process (benches/ab.c): the same calls on the same data, the two builds taking turns
# repetition by repetition, so that a shared machine's noisy spells fall on both alike. Each row
# gives both medians with their quartiles, B / A (B the working tree) and whether both builds
# answered the same. Two identical builds differ by up to about 7% (where each one's code lands
# in memory): a difference smaller than that is no figure.
#
#   benches/ab.sh REV [REPS] [ROW...]
#     REV   the revision to compare against (A), e.g. HEAD or HEAD~1
#     REPS  repetitions of each row (default 15)
#     ROW   sweep_rect, capsule_circle_contact, capsule_contact, ray_poly, world_build,
#           world_frame (default: all)
#   e.g. benches/ab.sh HEAD 21 sweep_rect
set -eu
[ $# -ge 1 ] || { sed -n '9,14p' "$0" >&2; exit 2; }
cd "$(dirname "$0")/.."
rev=$1
shift
reps=15
if [ $# -ge 1 ]; then
    reps=$1
    shift
fi
out=target/ab
base=$out/base
rm -rf "$base"
git worktree prune
mkdir -p "$out"
git worktree add --detach --force "$base" "$rev" >/dev/null
trap 'git worktree remove --force "$base" 2>/dev/null || true' EXIT
(cd "$base" && CARGO_TARGET_DIR="$PWD/../base-target" cargo build --release --quiet)
cargo build --release --quiet
# Copies, so that a later build does not change a library under a run.
cp "$out/base-target/release/libcollide2d.so" "$out/a.so"
cp target/release/libcollide2d.so "$out/b.so"
${CC:-cc} -std=c99 -Wall -Wextra -O2 -Iinclude benches/ab.c -ldl -lm -o "$out/ab"
"$out/ab" "$out/a.so" "$out/b.so" "$reps" "$@"
