#!/bin/sh
# A game that ships the module in its own folder: a temporary folder holding only the module's
# files, the library and lua/hosts/game/main.lua, loaded by every interpreter (LuaJIT twice: the
# FFI path and the C module) from another working folder, with package.path and package.cpath
# set to that folder and nothing else (no LUA_PATH, LUA_CPATH or LD_LIBRARY_PATH). Then the same
# folder without libcollide2d.so.1: loading must fail with the loader's own message naming it.
# Then, when `love` is installed, the folder run as a LÖVE game (headless, under xvfb-run when
# there is no display). Needs `cargo build --release` and lua/build.sh. Exits non-zero on failure.
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
    cp lua/hosts/game/main.lua lua/hosts/game/conf.lua "$1/"
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

if command -v love >/dev/null 2>&1; then
    game="$tmp/love-game"
    make_game "$game" jit
    run_love() { (cd "$tmp/elsewhere" && env -u LD_LIBRARY_PATH -u LUA_PATH -u LUA_CPATH love "$game"); }
    printf 'love: '
    if [ -n "${DISPLAY:-}" ] || ! command -v xvfb-run >/dev/null 2>&1; then
        run_love || status=1
    else
        # xvfb-run -a picks a free display; LÖVE needs one even without a window.
        (cd "$tmp/elsewhere" && env -u LD_LIBRARY_PATH -u LUA_PATH -u LUA_CPATH \
            xvfb-run -a love "$game") || status=1
    fi
else
    echo "love: not installed, LÖVE game folder skipped"
fi

[ $status -eq 0 ] && echo "game folder: all interpreters loaded the module" || echo "game folder: FAILURES"
exit $status
