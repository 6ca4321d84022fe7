#!/bin/sh
# Builds the Lua module (lua/build.sh) and runs lua/tests on lua5.1, lua5.3, lua5.4 and luajit
# (LuaJIT twice: require("collide2d") = the FFI path, and the C module as collide2d.core), then
# the hosts of lua/hosts: a game folder on every interpreter (and LÖVE), an embedding app.
# Installs missing interpreters and -dev packages with apt-get (as root). Run from anywhere;
# needs `cargo build --release` first. Exits non-zero on any failure.
set -eu
cd "$(dirname "$0")/.."

missing=""
for p in lua5.1 liblua5.1-0-dev lua5.3 liblua5.3-dev lua5.4 liblua5.4-dev luajit libluajit-5.1-dev \
    love xvfb xauth zip lua-busted; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get update
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $missing
fi

./lua/build.sh

export LUA_PATH='lua/?.lua;lua/?/init.lua;lua/tests/?.lua;;'
export LD_LIBRARY_PATH=target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
status=0
run() { # version interpreter module
    echo "== $2 ($3)"
    LUA_CPATH="target/lua/$1/?.so;;" "$2" lua/tests/run.lua "$3" lua/tests/test_*.lua || status=1
}
run 5.1 lua5.1 collide2d
run 5.3 lua5.3 collide2d
run 5.4 lua5.4 collide2d
run jit luajit collide2d
run jit luajit collide2d.core
# bump.lua 3.1.7's own specs against a bump.lua that is only `return require("collide2d.bump")`,
# on every interpreter (busted itself on 5.1 when installed, lua/tests/spec_runner.lua on all),
# and the differential check against bump.lua; both need bump.lua, which is not part of this
# repository: BUMP_LUA_DIR, else ../shared/oracles/bump.lua beside the checkout.
bump_dir=${BUMP_LUA_DIR:-../shared/oracles/bump.lua}
if [ -f "$bump_dir/bump.lua" ] && [ -d "$bump_dir/spec" ]; then
    shim=$(mktemp -d)
    echo 'return require("collide2d.bump")' >"$shim/bump.lua"
    cp -r "$bump_dir/spec" "$shim/spec"
    spec_run() { # version interpreter [lua code run first]
        echo "== bump.lua's specs on collide2d.bump: $2 ${3:+($3)}"
        LUA_PATH="$shim/?.lua;lua/?.lua;lua/?/init.lua;lua/tests/?.lua;;" LUA_CPATH="target/lua/$1/?.so;;" \
            "$2" -e "${3:-}" lua/tests/spec_runner.lua "$shim"/spec/*_spec.lua || status=1
    }
    spec_run 5.1 lua5.1
    spec_run 5.3 lua5.3
    spec_run 5.4 lua5.4
    spec_run jit luajit
    spec_run jit luajit 'package.loaded["collide2d"] = require("collide2d.core")'
    if command -v busted >/dev/null 2>&1; then
        echo "== bump.lua's specs under busted (lua5.1)"
        (cd "$shim" && LUA_PATH="$shim/?.lua;$OLDPWD/lua/?.lua;$OLDPWD/lua/?/init.lua;;" \
            LUA_CPATH="$OLDPWD/target/lua/5.1/?.so;;" LD_LIBRARY_PATH="$OLDPWD/target/release" \
            lua5.1 "$(command -v busted)" -o utfTerminal spec) || status=1
    fi
    rm -rf "$shim"
    for v in "5.1 lua5.1" "5.3 lua5.3" "5.4 lua5.4" "jit luajit"; do
        # shellcheck disable=SC2086
        set -- $v
        echo "== collide2d.bump against bump.lua, random worlds ($2)"
        LUA_CPATH="target/lua/$1/?.so;;" "$2" lua/tests/bump_diff.lua "$bump_dir/bump.lua" 3000 || status=1
    done
else
    echo "== bump.lua not found in $bump_dir: its specs and the differential check skipped"
fi
echo "== examples/mainscene.lua (lua5.4)"
LUA_CPATH='target/lua/5.4/?.so;;' lua5.4 examples/mainscene.lua >/dev/null || status=1
echo "== a game folder holding the module (every interpreter; LÖVE when installed)"
lua/hosts/game_folder.sh || status=1
echo "== an app embedding Lua 5.1 with the module in package.preload (cocos2d-x's way)"
lua/hosts/cocos_host.sh || status=1
[ $status -eq 0 ] && echo "lua: all suites passed" || echo "lua: FAILURES"
exit $status
