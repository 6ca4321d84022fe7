/* collide2d Lua module: what every part of lua/collide2d.c shares (the headers, the
 * version, Lua 5.1 compatibility). */
#ifndef C2DL_H
#define C2DL_H

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lauxlib.h"
#include "lua.h"

#include "collide2d.h"

#define C2DL_STR2(x) #x
#define C2DL_STR(x) C2DL_STR2(x)
#define C2DL_VERSION                                                                   \
    C2DL_STR(C2D_VERSION_MAJOR) "." C2DL_STR(C2D_VERSION_MINOR) "." C2DL_STR(C2D_VERSION_PATCH)

/* ---- Lua 5.1 / LuaJIT compatibility ---------------------------------------------------------- */

/* Lua 5.1 lacks luaL_setfuncs; LuaJIT 2.1 has it (its lauxlib.h also defines the luaL_newlib
 * macro), so the shim is keyed on that macro rather than on LUA_VERSION_NUM. */
#ifndef luaL_newlib
static void c2dl_setfuncs(lua_State *L, const luaL_Reg *l, int nup)
{
    luaL_checkstack(L, nup + 1, "too many upvalues");
    for (; l->name != NULL; l++) {
        int i;
        for (i = 0; i < nup; i++) {
            lua_pushvalue(L, -nup);
        }
        lua_pushcclosure(L, l->func, nup);
        lua_setfield(L, -(nup + 2), l->name);
    }
    lua_pop(L, nup);
}
#define luaL_setfuncs c2dl_setfuncs
#endif

#endif /* C2DL_H */
