/*
 * An application that embeds Lua the way a cocos2d-x app does: Lua linked statically into the
 * program, lua/collide2d.c compiled into it, the library linked in (here libcollide2d.a), and
 * the module registered in package.preload (cocos2d-x's lua_module_register does the same for
 * its own modules), so `require("collide2d")` finds it with no file on any search path. Then it
 * runs a script, as the app's LuaStack::executeScriptFile would.
 *
 *   cocos_host SCRIPT   -> exit status 0 when the script ran without error
 */
#include <stdio.h>

#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"

int luaopen_collide2d(lua_State *L);

/* package.preload[name] = open */
static void preload(lua_State *L, const char *name, lua_CFunction open)
{
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, open);
    lua_setfield(L, -2, name);
    lua_pop(L, 2);
}

int main(int argc, char **argv)
{
    lua_State *L;
    int status;
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCRIPT\n", argv[0]);
        return 2;
    }
    L = luaL_newstate();
    if (L == NULL) {
        fprintf(stderr, "cocos_host: no memory for a Lua state\n");
        return 1;
    }
    luaL_openlibs(L);
    preload(L, "collide2d", luaopen_collide2d);
    status = luaL_dofile(L, argv[1]);
    if (status != 0) {
        fprintf(stderr, "cocos_host: %s\n", lua_tostring(L, -1));
    }
    lua_close(L);
    return status == 0 ? 0 : 1;
}
