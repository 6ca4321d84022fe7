#!/bin/sh
# Makes a static library link beside any other: the Rust static library cargo builds holds, as
# well as collide2d, the parts of Rust's standard library and compiler runtime it uses, with
# their global symbols (rust_eh_personality, __rust_alloc, __muldc3, ...); a program linking two
# Rust static libraries then fails with "multiple definition of `rust_eh_personality'". Here the
# archive is linked into one relocatable object holding only what the c2d_* functions reach
# (ld -r --gc-sections, rooted at them), every global symbol but c2d_* is made local, the
# embedded LLVM bitcode and the debug sections are dropped, and the archive is rewritten with
# that one object. What it still needs from outside is the C library and the unwinder, which
# every C compiler driver links.
#   packaging/prelink.sh ARCHIVE [TOOL-PREFIX]   (e.g. x86_64-w64-mingw32- for MinGW)
set -eu
archive=$1
prefix=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The exports: the c2d_* functions and data the archive defines.
"${prefix}readelf" -sW "$archive" |
    awk '$5 == "GLOBAL" && $7 != "UND" && $8 ~ /^c2d_/ { print $8 }' | sort -u >"$tmp/keep"
[ -s "$tmp/keep" ] || { echo "prelink.sh: no c2d_ symbols in $archive" >&2; exit 1; }

roots=$(sed 's/^/--require-defined=/' "$tmp/keep")
# shellcheck disable=SC2086
"${prefix}ld" -r --whole-archive "$archive" --gc-sections $roots -o "$tmp/all.o"
# A section group (COMDAT) is kept once per program by its signature symbol: another Rust
# library's DW.ref.rust_eh_personality would be dropped in favour of this one, now local, and
# its references left dangling. Renamed, the groups here are this library's alone.
"${prefix}readelf" -gW "$tmp/all.o" | sed -n 's/^COMDAT group section .*\[\(.*\)\] contains.*/\1/p' |
    grep -v '^c2d_' | sed 's/.*/& collide2d.&/' >"$tmp/renames" || true
"${prefix}objcopy" --redefine-syms="$tmp/renames" --keep-global-symbols="$tmp/keep" --strip-debug \
    --remove-section=.llvmbc --remove-section=.llvmcmd "$tmp/all.o" "$tmp/collide2d.o"

others=$("${prefix}readelf" -sW "$tmp/collide2d.o" |
    awk '($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" && $8 !~ /^c2d_/ { print $8 }')
if [ -n "$others" ]; then
    echo "prelink.sh: global symbols other than c2d_* remain:" $others >&2
    exit 1
fi
rm -f "$archive.new"
"${prefix}ar" rcs "$archive.new" "$tmp/collide2d.o"
mv "$archive.new" "$archive"
echo "prelinked $archive: $(wc -l <"$tmp/keep") c2d_* symbols exported, nothing else"
