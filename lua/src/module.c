/* collide2d Lua module, the world's method table, the module's function table and
 * luaopen_collide2d. One part of lua/collide2d.c, which includes the parts in order (see
 * lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

static const luaL_Reg world_methods[] = {
    {"add", w_add},
    {"remove", w_remove},
    {"update", w_update},
    {"move", w_move},
    {"check", w_check},
    {"project", w_project},
    {"queryRect", w_queryRect},
    {"queryPoint", w_queryPoint},
    {"querySegment", w_querySegment},
    {"querySegmentWithCoords", w_querySegmentWithCoords},
    {"getRect", w_getRect},
    {"hasItem", w_hasItem},
    {"countItems", w_countItems},
    {"getItems", w_getItems},
    {"countCells", w_countCells},
    {"getCells", w_getCells},
    {"toWorld", w_toWorld},
    {"toCell", w_toCell},
    {"addResponse", w_addResponse},
    {"setOneWay", w_setOneWay},
    {"getOneWay", w_getOneWay},
    {"setSensor", w_setSensor},
    {"isSensor", w_isSensor},
    {"events", w_events},
    {"addTiles", w_addTiles},
    {"setTile", w_setTile},
    {"getTile", w_getTile},
    {"getTiles", w_getTiles},
    {"removeTiles", w_removeTiles},
    {"setSlope", w_setSlope},
    {"setShape", w_setShape},
    {"getShape", w_getShape},
    {"ground", w_ground},
    {"moveGround", w_moveGround},
    {"fits", w_fits},
    {"pushOut", w_pushOut},
    {"moveSolid", w_moveSolid},
    {"hash", w_hash},
    {"snapshot", w_snapshot},
    {"restore", w_restore},
    {NULL, NULL},
};

static void push_world_keys(lua_State *L)
{
    int k;
    luaL_checkstack(L, WK_COUNT + 2, "collide2d");
    for (k = 0; k < WK_COUNT; k++) {
        lua_pushstring(L, world_keys[k]);
    }
}

/* Leaves the module's `responses` table (bump.responses) on the stack and registers the shared
 * world metatable, whose __index holds the methods. */
static void register_world(lua_State *L)
{
    int responses;
    lua_newtable(L);
    responses = lua_gettop(L);
    push_world_keys(L);
    luaL_setfuncs(L, response_funcs, WK_COUNT);
    luaL_newmetatable(L, C2DL_WORLD_MT);
    lua_newtable(L);
    push_world_keys(L);
    lua_pushvalue(L, responses);
    luaL_setfuncs(L, world_methods, WK_COUNT + 1);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}

/* The module's functions: every line of lua/api.h. */
static const luaL_Reg c2dl_funcs[] = {
#define C2DL_FN(family, lname, cfn, A, B) {#lname, l_##lname},
#define C2DL_AKA C2DL_FN
#include "../api.h"
#undef C2DL_FN
#undef C2DL_AKA
    {NULL, NULL},
};

/* ---- module ---------------------------------------------------------------------------------- */

/* A shared library with another major version has another ABI: refuse it rather than misread. */
static void check_library_version(lua_State *L)
{
    uint32_t v = c2d_version();
    if ((v >> 16) != (uint32_t)C2D_VERSION_MAJOR) {
        luaL_error(L, "collide2d: loaded library is %d.%d.%d, this module was built for " C2DL_VERSION,
                   (int)(v >> 16), (int)((v >> 8) & 0xff), (int)(v & 0xff));
    }
}

/* module.tiles: collide2d.tiles, a Lua file shipped beside the module's, required on first use
 * (the C module alone, preloaded by an app, works without it). */
static int module_index(lua_State *L)
{
    if (lua_type(L, 2) != LUA_TSTRING || strcmp(lua_tostring(L, 2), "tiles") != 0) {
        return 0;
    }
    lua_getglobal(L, "require");
    lua_pushliteral(L, "collide2d.tiles");
    lua_call(L, 1, 1);
    lua_pushliteral(L, "tiles");
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
}

int luaopen_collide2d(lua_State *L);
int luaopen_collide2d_core(lua_State *L);

int luaopen_collide2d(lua_State *L)
{
    int k;
    check_library_version(L);
    lua_createtable(L, 0, (int)(sizeof c2dl_funcs / sizeof c2dl_funcs[0] - 1));
    /* Every function gets the field keys as upvalues (see push_field), then its spare buffer and
     * the polygon metatable (shared through the registry by every copy of the module). */
    luaL_checkstack(L, C2DL_NUPVALUES + 2, "collide2d");
    for (k = 0; k < K_COUNT; k++) {
        lua_pushstring(L, key_names[k]);
    }
    lua_pushnil(L);
    if (luaL_newmetatable(L, C2DL_POLY_MT)) {
        lua_pushcfunction(L, poly_tostring);
        lua_setfield(L, -2, "__tostring");
        lua_pushliteral(L, C2DL_POLY_MT);
        lua_setfield(L, -2, "__metatable");
    }
    luaL_setfuncs(L, c2dl_funcs, C2DL_NUPVALUES);
    register_world(L);
    lua_setfield(L, -2, "responses");
    lua_pushliteral(L, C2DL_VERSION);
    lua_setfield(L, -2, "_VERSION");
    lua_pushliteral(L, "c");
    lua_setfield(L, -2, "_IMPL");
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, module_index);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    return 1;
}

/* The same module under the name lua/collide2d/init.lua loads on PUC Lua: require("collide2d.core")
 * finds this file through package.cpath's all-in-one loader (collide2d.so, luaopen_collide2d_core). */
int luaopen_collide2d_core(lua_State *L)
{
    return luaopen_collide2d(L);
}

#endif /* C2DL_UNITY */
