#!/bin/sh
# A game that ships the module in its own folder: a temporary folder holding only the module's
# files, the library, lua/hosts/game/main.lua and a Tiled map (examples/tiled/level.lua), loaded by every interpreter (LuaJIT twice: the
# FFI path and the C module) from another working folder, with package.path and package.cpath
# set to that folder and nothing else (no LUA_PATH, LUA_CPATH or LD_LIBRARY_PATH). Then the same
# folder without libcollide2d.so.1: loading must fail with the loader's own message naming it;
# and LuaJIT's FFI path without collide2d_cdef.lua, or without collide2d.so: clear errors.
# Then, when `love` is installed, the folder run as a LÖVE game, and the game as a .love file with
# the libraries beside it (headless, under xvfb-run when there is no display). Needs `cargo build --release` and lua/build.sh. Exits non-zero on failure.
set -eu
cd "$(dirname "$0")/../.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/elsewhere"
status=0

# make_game DIR VERSION: the files a game copies for that interpreter's module.
make_game() {
    mkdir -p "$1/collide2d"
    cp lua/collide2d/*.lua "$1/collide2d/"
    cp "target/lua/$2/collide2d.so" "$1/"
    [ "$2" = jit ] && cp target/lua/jit/collide2d_cdef.lua "$1/"
    cp -L target/release/libcollide2d.so.1 "$1/libcollide2d.so.1"
    cp lua/hosts/game/main.lua lua/hosts/game/conf.lua examples/tiled/level.lua "$1/"
}

# run_game DIR INTERPRETER [MODULE]
run_game() {
    (cd "$tmp/elsewhere" && env -u LUA_PATH -u LUA_CPATH -u LUA_PATH_5_3 -u LUA_CPATH_5_3 \
        -u LUA_PATH_5_4 -u LUA_CPATH_5_4 -u LD_LIBRARY_PATH "$2" \
        -e "package.path = '$1/?.lua;$1/?/init.lua'; package.cpath = '$1/?.so'" \
        "$1/main.lua" ${3:-})
}

for case in "5.1 lua5.1" "5.3 lua5.3" "5.4 lua5.4" "jit luajit" "jit luajit collide2d.core"; do
    # shellcheck disable=SC2086
    set -- $case
    game="$tmp/game-$1-${3:-default}"
    make_game "$game" "$1"
    printf '%s %s: ' "$2" "${3:-collide2d}"
    run_game "$game" "$2" "${3:-}" || status=1

    rm "$game/libcollide2d.so.1"
    if out=$(run_game "$game" "$2" "${3:-}" 2>&1); then
        echo "FAIL: $2 loaded the module without libcollide2d.so.1"
        status=1
    elif printf '%s' "$out" | grep -q 'libcollide2d.so.1: cannot open shared object file'; then
        echo "$2 without the library: the loader's own error"
    else
        echo "FAIL: $2 without the library, no loader error in:"
        printf '%s\n' "$out"
        status=1
    fi
done

# LuaJIT's FFI path, shipped incompletely. Without collide2d_cdef.lua: an error naming it, never
# a quiet fall back to the slower C module. Without the Lua module collide2d.so, with the C
# library libcollide2d.so on LD_LIBRARY_PATH: an error listing the paths looked for, never that
# library loaded in its place (which fails later with "undefined symbol: c2dl_...").
# expect_error NAME OUTPUT WANTED UNWANTED
expect_error() {
    if printf '%s' "$2" | grep -qF "$3" && ! printf '%s' "$2" | grep -qF "$4"; then
        echo "luajit $1: a clear error"
    else
        echo "FAIL: luajit $1, wanted \"$3\" and not \"$4\" in:"
        printf '%s\n' "$2"
        status=1
    fi
}
game="$tmp/game-ffi-parts"
make_game "$game" jit
rm "$game/collide2d_cdef.lua"
out=$(run_game "$game" luajit 2>&1) && { echo "FAIL: luajit loaded without collide2d_cdef.lua: $out"; status=1; }
expect_error "without collide2d_cdef.lua" "$out" "$game/collide2d_cdef.lua" "(c)"
make_game "$game" jit
rm "$game/collide2d.so"
mkdir -p "$tmp/syslib"
cp -L target/release/libcollide2d.so "$tmp/syslib/libcollide2d.so"
out=$(cd "$tmp/elsewhere" && env -u LUA_PATH -u LUA_CPATH LD_LIBRARY_PATH="$tmp/syslib:$game" luajit \
    -e "package.path = '$game/?.lua;$game/?/init.lua'; package.cpath = '$game/?.so'" \
    "$game/main.lua" 2>&1) && { echo "FAIL: luajit loaded without collide2d.so: $out"; status=1; }
expect_error "without collide2d.so, libcollide2d.so on the loader's path" "$out" \
    "collide2d.so not found; looked for:" "undefined symbol"

if command -v love >/dev/null 2>&1; then
    game="$tmp/love-game"
    make_game "$game" jit
    # love_run TARGET: LÖVE on a game folder or a .love file, under xvfb-run -a (a free display;
    # LÖVE needs one even without a window) when there is no display.
    love_run() {
        if [ -n "${DISPLAY:-}" ] || ! command -v xvfb-run >/dev/null 2>&1; then
            (cd "$tmp/elsewhere" && env -u LD_LIBRARY_PATH -u LUA_PATH -u LUA_CPATH love "$1")
        else
            (cd "$tmp/elsewhere" && env -u LD_LIBRARY_PATH -u LUA_PATH -u LUA_CPATH \
                xvfb-run -a love "$1")
        fi
    }
    printf 'love (game folder): '
    love_run "$game" || status=1
    # A .love file holds the Lua files; the libraries go beside it (they cannot load from an
    # archive), where the FFI path looks through love.filesystem.getSourceBaseDirectory().
    if command -v zip >/dev/null 2>&1; then
        dist="$tmp/love-dist"
        mkdir -p "$dist"
        (cd "$game" && zip -qr "$dist/game.love" main.lua conf.lua level.lua collide2d)
        cp "$game/collide2d.so" "$game/collide2d_cdef.lua" "$game/libcollide2d.so.1" "$dist/"
        printf 'love (a .love file, the libraries beside it): '
        love_run "$dist/game.love" || status=1
    else
        echo "love: zip not installed, .love file skipped"
    fi
else
    echo "love: not installed, LÖVE game folder skipped"
fi

[ $status -eq 0 ] && echo "game folder: all interpreters loaded the module" || echo "game folder: FAILURES"
exit $status
