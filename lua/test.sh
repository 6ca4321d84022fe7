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
    love xvfb xauth; do
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
echo "== examples/mainscene.lua (lua5.4)"
LUA_CPATH='target/lua/5.4/?.so;;' lua5.4 examples/mainscene.lua >/dev/null || status=1
echo "== a game folder holding the module (every interpreter; LÖVE when installed)"
lua/hosts/game_folder.sh || status=1
echo "== an app embedding Lua 5.1 with the module in package.preload (cocos2d-x's way)"
lua/hosts/cocos_host.sh || status=1
[ $status -eq 0 ] && echo "lua: all suites passed" || echo "lua: FAILURES"
exit $status
