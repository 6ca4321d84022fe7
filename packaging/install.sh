#!/bin/sh
# Installs (or uninstalls) the library for C and C++ programs on Linux:
#   INCLUDEDIR/collide2d.h
#   LIBDIR/libcollide2d.so.X.Y.Z, libcollide2d.so.X -> it, libcollide2d.so -> libcollide2d.so.X
#   LIBDIR/libcollide2d.a
#   LIBDIR/pkgconfig/collide2d.pc
#   LIBDIR/cmake/collide2d/collide2d-config.cmake, collide2d-config-version.cmake
#   LIBDIR/cmake/collide2d/collide2d-install-manifest.txt: what install created (files, and the
#   folders that did not exist before), so that uninstall removes exactly that
# Usage: packaging/install.sh install|uninstall, with PREFIX (/usr/local), DESTDIR (empty),
# LIBDIR (PREFIX/lib) and INCLUDEDIR (PREFIX/include) from the environment (`make install`
# passes them). The libraries come from target/dist/release (`make dist`).
set -eu
cd "$(dirname "$0")/.."

action=${1:-install}
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
LIBDIR=${LIBDIR:-$PREFIX/lib}
INCLUDEDIR=${INCLUDEDIR:-$PREFIX/include}
DIST=target/dist/release

VERSION=$(sed -n 's/^version = "\([0-9.]*\)"$/\1/p' Cargo.toml | head -n 1)
MAJOR=${VERSION%%.*}
SO=libcollide2d.so.$VERSION
CMAKEDIR=$LIBDIR/cmake/collide2d
MANIFEST=$DESTDIR$CMAKEDIR/collide2d-install-manifest.txt
# Everything install writes, under DESTDIR.
FILES="$DESTDIR$INCLUDEDIR/collide2d.h $DESTDIR$LIBDIR/$SO $DESTDIR$LIBDIR/libcollide2d.so.$MAJOR
$DESTDIR$LIBDIR/libcollide2d.so $DESTDIR$LIBDIR/libcollide2d.a $DESTDIR$LIBDIR/pkgconfig/collide2d.pc
$DESTDIR$CMAKEDIR/collide2d-config.cmake $DESTDIR$CMAKEDIR/collide2d-config-version.cmake"

case $action in
install)
    for f in "$DIST/libcollide2d.so" "$DIST/libcollide2d.a"; do
        [ -f "$f" ] || { echo "install.sh: $f missing: run 'make dist' first" >&2; exit 1; }
    done
    # What a program linking libcollide2d.a also needs: nothing but the C library, which every
    # C compiler driver links (the library is built without Rust's standard library: `make
    # dist`), and --gc-sections: the archive is one object (packaging/prelink.sh) with a section
    # per function, of which the linker then keeps only those the program reaches.
    static_libs="-Wl,--gc-sections"
    bits=$(($(od -An -tu1 -j4 -N1 "$DIST/libcollide2d.so" | tr -d ' ') * 32))
    subst() {
        sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@LIBDIR@|$LIBDIR|g" -e "s|@INCLUDEDIR@|$INCLUDEDIR|g" \
            -e "s|@VERSION@|$VERSION|g" -e "s|@MAJOR@|$MAJOR|g" -e "s|@STATIC_LIBS@|$static_libs|g" \
            -e "s|@BITS@|$bits|g" -e "s|@SIZEOF_VOID_P@|$((bits / 8))|g" "$1" > "$2"
        chmod 644 "$2"
    }
    # The folders this install creates, parents first (uninstall removes them children first).
    created=""
    for d in "$DESTDIR$INCLUDEDIR" "$DESTDIR$LIBDIR/pkgconfig" "$DESTDIR$CMAKEDIR"; do
        missing=""
        while [ ! -d "$d" ]; do
            missing="$d $missing"
            d=$(dirname "$d")
        done
        created="$created $missing"
    done
    mkdir -p "$DESTDIR$INCLUDEDIR" "$DESTDIR$LIBDIR/pkgconfig" "$DESTDIR$CMAKEDIR"
    # A manifest left by an earlier install keeps the folders that one created.
    if [ -f "$MANIFEST" ]; then
        created="$(sed -n 's/^dir //p' "$MANIFEST") $created"
    fi
    install -m 644 include/collide2d.h "$DESTDIR$INCLUDEDIR/collide2d.h"
    install -m 755 "$DIST/libcollide2d.so" "$DESTDIR$LIBDIR/$SO"
    ln -sf "$SO" "$DESTDIR$LIBDIR/libcollide2d.so.$MAJOR"
    ln -sf "libcollide2d.so.$MAJOR" "$DESTDIR$LIBDIR/libcollide2d.so"
    # The archive without its debug sections: 3 MB instead of 8.
    strip --strip-debug -o "$DESTDIR$LIBDIR/libcollide2d.a" "$DIST/libcollide2d.a"
    chmod 644 "$DESTDIR$LIBDIR/libcollide2d.a"
    subst packaging/collide2d.pc.in "$DESTDIR$LIBDIR/pkgconfig/collide2d.pc"
    subst packaging/collide2d-config.cmake.in "$DESTDIR$CMAKEDIR/collide2d-config.cmake"
    subst packaging/collide2d-config-version.cmake.in "$DESTDIR$CMAKEDIR/collide2d-config-version.cmake"
    {
        for f in $FILES; do echo "file $f"; done
        for d in $created; do echo "dir $d"; done
    } | awk '!seen[$0]++' > "$MANIFEST"
    chmod 644 "$MANIFEST"
    echo "installed collide2d $VERSION into $DESTDIR$PREFIX"
    if [ -z "$DESTDIR" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null 2>&1; then
        ldconfig
    fi
    ;;
uninstall)
    if [ -f "$MANIFEST" ]; then
        files=$(sed -n 's/^file //p' "$MANIFEST")
        dirs=$(sed -n 's/^dir //p' "$MANIFEST" | awk '{ print length($0) " " $0 }' | sort -rn | cut -d' ' -f2-)
    else
        # Installed before the manifest existed: the files this version installs.
        files=$FILES
        dirs=$DESTDIR$CMAKEDIR
    fi
    found=0
    for f in $files; do
        if [ -e "$f" ] || [ -L "$f" ]; then
            rm -f "$f"
            found=1
        fi
    done
    rm -f "$MANIFEST"
    # The folders install created, deepest first, each only if nothing else is in it.
    for d in $dirs; do
        rmdir "$d" 2>/dev/null || true
    done
    if [ $found -eq 1 ]; then
        echo "uninstalled collide2d from $DESTDIR$PREFIX"
    else
        echo "collide2d is not installed in $DESTDIR$PREFIX: nothing to uninstall"
    fi
    ;;
*)
    echo "usage: $0 install|uninstall" >&2
    exit 1
    ;;
esac
