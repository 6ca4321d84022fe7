#!/bin/sh
# Builds the Lua module for every Lua whose headers are installed (or for those named in
# LUA_VERSIONS, which must all be there):
#   target/lua/5.1/collide2d.so  target/lua/5.3/collide2d.so
#   target/lua/5.4/collide2d.so  target/lua/jit/collide2d.so
# and target/lua/jit/collide2d_cdef.lua for the LuaJIT FFI path.
# Run from the repository root after `cargo build --release`.
set -eu

cd "$(dirname "$0")/.."
LIBDIR=target/release
if [ ! -e "$LIBDIR/libcollide2d.so" ]; then
    echo "build.sh: $LIBDIR/libcollide2d.so missing: run 'cargo build --release' first" >&2
    exit 1
fi

CC=${CC:-gcc}
# -fno-plt: the module's many calls into the Lua API (about three per table field read) go
# through the GOT directly rather than through PLT stubs, some 6-8% faster calls.
CFLAGS=${CFLAGS:--O2 -fno-plt}
VERSIONS=${LUA_VERSIONS:-"5.1 5.3 5.4 jit"}
REQUIRED=${LUA_VERSIONS:+yes}

headers_for() {
    case "$1" in
        jit) echo /usr/include/luajit-2.1 ;;
        *) echo "/usr/include/lua$1" ;;
    esac
}

dev_package() {
    case "$1" in
        jit) echo libluajit-5.1-dev ;;
        *) echo "liblua$1-dev" ;;
    esac
}

built=""
skipped=""
for v in $VERSIONS; do
    inc=$(headers_for "$v")
    if [ ! -f "$inc/lua.h" ]; then
        if [ -n "$REQUIRED" ]; then
            echo "build.sh: no Lua headers in $inc (install $(dev_package "$v"))" >&2
            exit 1
        fi
        skipped="$skipped $v"
        continue
    fi
    built="$built $v"
    mkdir -p "target/lua/$v"
    # $ORIGIN: the module finds libcollide2d.so.1 in its own folder (a game ships them together).
    # shellcheck disable=SC2086
    $CC -shared -fPIC $CFLAGS -std=c99 -Wall -Wextra -Werror \
        -Iinclude -I"$inc" lua/collide2d.c \
        -L"$LIBDIR" -lcollide2d -Wl,-rpath,'$ORIGIN' -o "target/lua/$v/collide2d.so"
    echo "built target/lua/$v/collide2d.so"
done

if [ -n "$skipped" ]; then
    echo "build.sh: skipped Lua${skipped} (no headers; install$(for v in $skipped; do printf ' %s' "$(dev_package "$v")"; done))"
fi

# The LuaJIT FFI path's declarations, generated from the header beside the module they describe.
for v in $built; do
    if [ "$v" = jit ]; then
        gen=""
        for i in luajit lua5.4 lua5.3 lua5.1 lua; do
            if command -v "$i" >/dev/null 2>&1; then gen=$i; break; fi
        done
        if [ -z "$gen" ]; then
            echo "build.sh: no Lua interpreter to run lua/gen_cdef.lua" >&2
            exit 1
        fi
        "$gen" lua/gen_cdef.lua include/collide2d.h target/lua/jit/collide2d_cdef.lua lua/api.h
        echo "generated target/lua/jit/collide2d_cdef.lua"
    fi
done
