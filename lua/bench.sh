#!/bin/sh
# Calls per second of seed 002's four functions, binding vs the article's pure Lua, of the
# motion calls, and of a world's move and queryRect (1,000 and 10,000 items), on lua5.1, lua5.3,
# lua5.4 and luajit (FFI path and C module). Needs `cargo build --release`; builds the module.
# Usage: lua/bench.sh [seconds-per-case]   (0.5: about a minute in all)
set -eu
cd "$(dirname "$0")/.."
./lua/build.sh >/dev/null
export LUA_PATH='lua/?.lua;lua/?/init.lua;lua/tests/?.lua;;'
export LD_LIBRARY_PATH=target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for v in 5.1 5.3 5.4 jit; do
    i=lua$v
    [ "$v" = jit ] && i=luajit
    LUA_CPATH="target/lua/$v/?.so;;" "$i" lua/bench.lua "${1:-0.3}"
    echo
done
