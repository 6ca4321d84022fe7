#!/bin/sh
# Builds the Windows DLLs with MinGW and lays out, for each architecture (x86_64, i686):
#   target/windows/ARCH/collide2d.dll   the library (stripped), importing only KERNEL32 and msvcrt
#   target/windows/ARCH/collide2d.def   its exports
#   target/windows/ARCH/collide2d.lib   the import library for Visual Studio (and MinGW)
#   target/windows/ARCH/libcollide2d.a  the static library for MinGW (exports only c2d_*)
#   target/windows/ARCH/collide2d.h     the header
# Needs the Rust targets ARCH-pc-windows-gnu, mingw-w64, and llvm-dlltool (or MinGW's dlltool).
# Usage: packaging/windows.sh [ARCH...]   (default: x86_64 i686)
set -eu
cd "$(dirname "$0")/.."

ARCHS=${*:-"x86_64 i686"}
for arch in $ARCHS; do
    case $arch in
        x86_64) machine=i386:x86-64 ;;
        i686) machine=i386 ;;
        *) echo "windows.sh: unknown architecture $arch (x86_64 or i686)" >&2; exit 1 ;;
    esac
    triple=$arch-pc-windows-gnu
    mingw=$arch-w64-mingw32
    built=target/$triple/release
    dir=target/windows/$arch
    mkdir -p "$dir"
    # One crate type per build, so that the release profile's link-time optimisation applies
    # (cargo skips it when the crate is also built as a Rust library): a third of the size.
    cargo rustc --release --lib --target "$triple" --crate-type cdylib
    "$mingw-strip" -o "$dir/collide2d.dll" "$built/collide2d.dll"
    cargo rustc --release --lib --target "$triple" --crate-type staticlib
    cp "$built/libcollide2d.a" include/collide2d.h "$dir/"
    # Its Rust runtime renamed collide2d.*: it links beside another Rust static library.
    packaging/prelink.sh "$dir/libcollide2d.a" "$mingw-"

    # The .def lists what the DLL exports: the c2d_* functions, nothing else.
    {
        echo "LIBRARY collide2d.dll"
        echo "EXPORTS"
        "$mingw-objdump" -p "$dir/collide2d.dll" |
            sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/s/^[[:space:]]*\[ *[0-9]*\] //p'
    } > "$dir/collide2d.def"
    if ! grep -q '^c2d_' "$dir/collide2d.def"; then
        echo "windows.sh: no exports found in $dir/collide2d.dll" >&2
        exit 1
    fi

    # The import library in the short format link.exe makes; on i686, C names get the leading
    # underscore of the cdecl convention and import the undecorated export.
    if command -v llvm-dlltool >/dev/null 2>&1; then
        llvm-dlltool -m "$machine" -d "$dir/collide2d.def" -D collide2d.dll -l "$dir/collide2d.lib"
    else
        "$mingw-dlltool" -d "$dir/collide2d.def" -D collide2d.dll -l "$dir/collide2d.lib"
    fi
    echo "built $dir/collide2d.dll, collide2d.def, collide2d.lib, libcollide2d.a"
done
