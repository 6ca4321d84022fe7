#!/bin/sh
# Builds lua/hosts/cocos_host.c against Lua 5.1 linked statically (liblua5.1.a), with
# lua/collide2d.c compiled in and libcollide2d.a linked, and runs examples/mainscene.lua in it
# (no LUA_PATH, LUA_CPATH or LD_LIBRARY_PATH: the module comes from package.preload). Its output
# must be the one lua5.1 prints with the module loaded from package.cpath. Then lua/README.md's
# preload snippet, in a C++ file, links and loads the module. Needs
# `cargo build --release` and lua/build.sh. Exits non-zero on failure.
set -eu
cd "$(dirname "$0")/../.."
out=target/lua/hosts
mkdir -p "$out"
CC=${CC:-cc}
liblua=$(for d in /usr/lib/x86_64-linux-gnu /usr/lib/*-linux-gnu /usr/lib; do
    [ -f "$d/liblua5.1.a" ] && echo "$d/liblua5.1.a" && break; done || true)
if [ -z "$liblua" ]; then
    echo "cocos_host.sh: liblua5.1.a not found (install liblua5.1-0-dev)" >&2
    exit 1
fi
$CC -std=c99 -O2 -Wall -Wextra -Werror -Iinclude -I/usr/include/lua5.1 \
    lua/hosts/cocos_host.c lua/collide2d.c "$liblua" target/release/libcollide2d.a \
    -lm -ldl -lpthread -o "$out/cocos_host"
env -u LUA_PATH -u LUA_CPATH -u LD_LIBRARY_PATH "$out/cocos_host" examples/mainscene.lua \
    >"$out/mainscene.embedded.txt"
LUA_PATH='' LUA_CPATH='target/lua/5.1/?.so' LD_LIBRARY_PATH=target/release \
    lua5.1 examples/mainscene.lua >"$out/mainscene.lua51.txt"
if ! diff -u "$out/mainscene.lua51.txt" "$out/mainscene.embedded.txt"; then
    echo "cocos_host: examples/mainscene.lua printed something else when embedded" >&2
    exit 1
fi
# lua/README.md's preload snippet, pasted into a C++ file as an app's AppDelegate.cpp would be,
# links against the module compiled as C and loads it.
CXX=${CXX:-c++}
{
    printf '%s\n' '#include <cstdio>' 'extern "C" {' '#include <lua.h>' '#include <lauxlib.h>' \
        '#include <lualib.h>' '}'
    sed -n '/^\/\/ AppDelegate.cpp/,/^```$/p' lua/README.md | sed '$d'
    cat <<'EOF'
int main()
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    preload_collide2d(L);
    int status = luaL_dostring(L, "local c2d = require('collide2d') "
                                  "assert(c2d.rectIntersectsRect({x=0,y=0,width=1,height=1}, "
                                  "{x=1,y=0,width=1,height=1}))");
    if (status != 0) {
        std::fprintf(stderr, "%s\n", lua_tostring(L, -1));
    }
    lua_close(L);
    return status;
}
EOF
} >"$out/app_delegate.cpp"
grep -q 'lua_pushcfunction(L, luaopen_collide2d)' "$out/app_delegate.cpp" ||
    { echo "cocos_host: the preload snippet is not in lua/README.md" >&2; exit 1; }
$CC -std=c99 -O2 -Iinclude -I/usr/include/lua5.1 -c lua/collide2d.c -o "$out/collide2d_module.o"
$CXX -O2 -Wall -Werror -I/usr/include/lua5.1 "$out/app_delegate.cpp" "$out/collide2d_module.o" \
    "$liblua" target/release/libcollide2d.a -lm -ldl -lpthread -o "$out/app_delegate"
env -u LUA_PATH -u LUA_CPATH -u LD_LIBRARY_PATH "$out/app_delegate"
echo "cocos_host: lua/README.md's preload snippet links from C++ and loads the module"
grep -c 'true$' "$out/mainscene.embedded.txt" | {
    read -r hits
    echo "cocos_host: examples/mainscene.lua ran in an app with Lua 5.1 and collide2d linked in" \
        "($(wc -l <"$out/mainscene.embedded.txt") lines, $hits steps touching, same as lua5.1)"
}
