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
#
# MinGW's archive (COFF objects, which `ld -r` cannot merge with their unwind tables intact)
# keeps its members instead: every global symbol it defines other than c2d_* (the compiler
# runtime's __muldc3 and the like, rust_eh_personality) is renamed to collide2d.NAME in every
# member, definitions and references alike, so it can no longer meet another library's; the
# embedded LLVM bitcode is dropped.
#   packaging/prelink.sh ARCHIVE [TOOL-PREFIX]   (e.g. x86_64-w64-mingw32- for MinGW)
set -eu
archive=$1
prefix=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case $prefix in
*mingw32-)
    members=$("${prefix}ar" t "$archive")
    if [ -n "$(echo "$members" | sort | uniq -d)" ]; then
        echo "prelink.sh: $archive has members of the same name" >&2
        exit 1
    fi
    abs=$(cd "$(dirname "$archive")" && pwd)/$(basename "$archive")
    mkdir "$tmp/x"
    (cd "$tmp/x" && "${prefix}ar" x "$abs" 2>/dev/null) # (bfd's LLVM plugin chatters about bitcode)
    objects=""
    for m in $members; do
        case $m in
        *.o) # without its bitcode, whose symbols nm would not list
            "${prefix}objcopy" --remove-section=.llvmbc --remove-section=.llvmcmd "$tmp/x/$m"
            objects="$objects $m"
            ;;
        esac # the split-debug stubs (.dwo, no sections) are dropped
    done
    # shellcheck disable=SC2086
    (cd "$tmp/x" && "${prefix}nm" -g --defined-only $objects) | awk 'NF == 3 { print $3 }' |
        grep -Ev '^_?c2d_' | sort -u | sed 's/.*/& collide2d.&/' >"$tmp/renames" || true
    [ -s "$tmp/renames" ] || { echo "prelink.sh: nothing to rename in $archive" >&2; exit 1; }
    for m in $objects; do
        "${prefix}objcopy" --redefine-syms="$tmp/renames" "$tmp/x/$m"
    done
    rm -f "$abs.new"
    # shellcheck disable=SC2086
    (cd "$tmp/x" && "${prefix}ar" rcs "$abs.new" $objects)
    others=$("${prefix}nm" -g --defined-only "$abs.new" |
        awk 'NF == 3 && $3 !~ /^_?c2d_/ && $3 !~ /^collide2d\./ { print $3 }' | sort -u)
    if [ -n "$others" ]; then
        echo "prelink.sh: global symbols other than c2d_* remain:" $others >&2
        exit 1
    fi
    mv "$abs.new" "$abs"
    echo "renamed in $archive: $(wc -l <"$tmp/renames") private symbols to collide2d.*, the c2d_* functions exported"
    exit 0
    ;;
esac

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
