#!/bin/sh
# Calls per second of the cocos2d-x calls, binding vs their pure-Lua versions, of the motion
# calls, and of a world's move and queryRect (1,000 and 10,000 items) against bump.lua 3.1.7's in
# the same run (BUMP_LUA, else ../shared/oracles/bump.lua/bump.lua beside the checkout, when
# there), on lua5.1, lua5.3, lua5.4 and luajit (FFI path and C module). Needs
# `cargo build --release`; builds the module.
# Usage: lua/bench.sh [seconds-per-case]   (0.5: about a minute in all)
set -eu
cd "$(dirname "$0")/.."
./lua/build.sh >/dev/null
export LUA_PATH='lua/?.lua;lua/?/init.lua;lua/tests/?.lua;;'
export LD_LIBRARY_PATH=target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [ -z "${BUMP_LUA:-}" ] && [ -f ../shared/oracles/bump.lua/bump.lua ]; then
    BUMP_LUA=$(cd ../shared/oracles/bump.lua && pwd)/bump.lua
fi
export BUMP_LUA=${BUMP_LUA:-}
for v in 5.1 5.3 5.4 jit; do
    i=lua$v
    [ "$v" = jit ] && i=luajit
    LUA_CPATH="target/lua/$v/?.so;;" "$i" lua/bench.lua "${1:-0.3}"
    echo
done
