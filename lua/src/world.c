/* collide2d Lua module, the world's core: the userdata, bump.lua's argument checks, item indices
 * and handles, cells, newWorld and the item methods. One part of lua/collide2d.c, which includes
 * the parts in order (see lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

/* ---- world: bump.lua 3.1.7's world over the double-precision c2d_world_*_d ------------------------
 * newWorld(cellSize) -> a full userdata with every method of bump.lua's world, its argument
 * checks and its error texts. Coordinates stay Lua numbers (doubles) end to end.
 *
 * Items are any Lua values but nil and NaN. Each gets a small integer index, kept as the c2d
 * item's `user` value, so that a handle the library returns leads to its item through one
 * c2d_world_get_d and one array read. The world's Lua tables hang off the userdata itself (its
 * user value; its environment table on 5.1 and LuaJIT), never off the registry: an item that
 * refers back to its world (`entity.world = world`) makes a cycle the collector sees whole, so a
 * dropped world goes with its items. The user value is the items array (index -> item); its keys
 * UV_* (never an index) hold the rest.
 *
 * Each world has a metatable of its own whose __index and __newindex are a table of the world's
 * own fields (`cellSize`, and whatever a game or a test double sets, as on bump.lua's table
 * world), itself falling back to the shared methods.
 *
 * A Lua filter of a move runs inside lua_pcall from the C filter callback, so no Lua error ever
 * unwinds through the library's frames: the first error is kept, every later pair is ignored, and
 * the error is raised again once the library has returned. The filters of queries and projections
 * run after the library has answered.
 *
 * A world whose __gc has run has no c2d_world any more; a finalizer of another object may still
 * bring it back into reach, and then every method raises an error instead of touching it. */

#define C2DL_WORLD_MT "collide2d.world"

#if LUA_VERSION_NUM >= 502
#define c2dl_getuservalue(L, idx) lua_getuservalue(L, idx)
#define c2dl_setuservalue(L, idx) lua_setuservalue(L, idx)
#else
#define c2dl_getuservalue(L, idx) lua_getfenv(L, idx)
#define c2dl_setuservalue(L, idx) lua_setfenv(L, idx)
#endif

/* Keys of the user value besides the item indices. */
#define UV_HANDLES 0    /* item -> index */
#define UV_RESPONSES -1 /* name -> function, from addResponse (absent until then) */
#define UV_GHOSTS -2    /* weak keys: cells emptied by remove, counted until the next collection */
#define UV_ANSWERS -3   /* scratch: a move's filter answers that name no response, by index */
#define UV_MOVED -4     /* moveSolid's spare report buffer (see take_moved) */
#define UV_SERIALS -5   /* weak values: add serial -> item, for restore (made by the first snapshot) */
#define UV_DEPARTED -6  /* handle bytes -> item removed since the last events() (sensing worlds) */

/* Field names of the tables the world returns, interned once: upvalues 1..WK_COUNT of every
 * world method and response function (WK(k) is key k's upvalue), so that building a collision
 * table interns nothing. */
enum {
    WK_ITEM,
    WK_OTHER,
    WK_TYPE,
    WK_OVERLAPS,
    WK_TI,
    WK_MOVE,
    WK_NORMAL,
    WK_TOUCH,
    WK_ITEMRECT,
    WK_OTHERRECT,
    WK_SLIDE,
    WK_BOUNCE,
    WK_CROSS,
    WK_X,
    WK_Y,
    WK_W,
    WK_H,
    WK_TI1,
    WK_TI2,
    WK_X1,
    WK_Y1,
    WK_X2,
    WK_Y2,
    WK_PROJECT,
    WK_COUNT
};

static const char *const world_keys[WK_COUNT] = {
    "item", "other", "type", "overlaps", "ti", "move", "normal", "touch", "itemRect",
    "otherRect", "slide", "bounce", "cross", "x", "y", "w", "h", "ti1", "ti2", "x1", "y1", "x2",
    "y2", "project",
};

#define WK(k) lua_upvalueindex((k) + 1)
/* Upvalue WK_COUNT + 1 of every world method: the table of the built-in responses. */
#define W_BUILTINS lua_upvalueindex(WK_COUNT + 1)

/* The response names by code (C2D_SLIDE..C2D_BOUNCE), and the key holding each name. */
static const char *const response_types[] = {NULL, "slide", "touch", "cross", "bounce"};
static const int response_keys[] = {0, WK_SLIDE, WK_TOUCH, WK_CROSS, WK_BOUNCE};

static const char c2dl_world_tag = 'w';

/* The last world token given out (snapshots name the world they are of). */
static uint64_t c2dl_world_tokens;

typedef struct {
    const char *tag; /* &c2dl_world_tag: tells a world from other userdata of its size */
    c2d_world *w;    /* NULL once __gc has run */
    uint64_t *ids;   /* ids[i]: the handle of the item of index i (1 <= i <= top); 0 when free */
    unsigned char *ints; /* ints[i]: which of x, y, w, h (bits 0..3) were last given as integers */
    size_t *free;    /* the free indices, nfree of them */
    uint64_t *serials; /* serials[i]: the add serial of the item of index i; 0 when free */
    size_t nfree, top, cap;
    double cell;
    int custom; /* addResponse was called: moves run bump.lua's loop here, over project */
    /* Snapshots: the world's token (which world a snapshot is of), the serial of the last add
     * (never rolled back by restore, so each add of the world's life has its own), and the last
     * serial whose item is known to UV_SERIALS. */
    uint64_t token, serial, registered;
    /* setSensor or restore was called: removed items are kept in UV_DEPARTED until events()
     * has named them */
    int sensing;
    /* The items of tile layers, whose user value in the library is their tag, not an index:
     * their indices by handle, an open-addressing table of tcap slots (a power of two, at most
     * half full; key 0 marks an empty slot, as no handle is 0). */
    uint64_t *tkeys;
    size_t *tvals;
    size_t tcap, tcount;
} c2dl_world;

/* tostring(value), pushed; honours __tostring as bump.lua's messages do. */
static const char *c2dl_tostring(lua_State *L, int idx)
{
#if LUA_VERSION_NUM >= 502
    return luaL_tolstring(L, idx, NULL);
#else
    idx = idx < 0 ? lua_gettop(L) + idx + 1 : idx;
    lua_getglobal(L, "tostring");
    if (lua_isfunction(L, -1)) {
        lua_pushvalue(L, idx);
        lua_call(L, 1, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            return lua_tostring(L, -1);
        }
    }
    lua_pop(L, 1);
    return lua_pushfstring(L, "%s: %p", luaL_typename(L, idx), lua_topointer(L, idx));
#endif
}

/* ---- bump.lua's argument checks, with its messages ---- */

static lua_Number want_number(lua_State *L, int idx, const char *name)
{
    if (lua_type(L, idx) != LUA_TNUMBER) {
        const char *tn = type_name(L, idx);
        luaL_error(L, "%s must be a number, but was %s(a %s)", name, c2dl_tostring(L, idx), tn);
    }
    return lua_tonumber(L, idx);
}

/* Infinite and NaN coordinates have no place in the world (bump.lua lets them corrupt its grid). */
static lua_Number want_finite(lua_State *L, int idx, const char *name)
{
    lua_Number v = want_number(L, idx, name);
    if (!isfinite(v)) {
        luaL_error(L, "%s must be a finite number, but was %s", name, c2dl_tostring(L, idx));
    }
    return v;
}

static lua_Number want_size(lua_State *L, int idx, const char *name)
{
    lua_Number v = 0;
    if (lua_type(L, idx) != LUA_TNUMBER || !((v = lua_tonumber(L, idx)) > 0)) {
        const char *tn = type_name(L, idx);
        luaL_error(L, "%s must be a positive integer, but was %s(%s)", name, c2dl_tostring(L, idx),
                   tn);
    }
    if (!isfinite(v)) {
        luaL_error(L, "%s must be a finite number, but was %s", name, c2dl_tostring(L, idx));
    }
    return v;
}

/* Arguments idx..idx+3 as a rect, checked in bump.lua's order (x, y, w, h). */
static c2d_rectd want_rect(lua_State *L, int idx)
{
    c2d_rectd r;
    want_number(L, idx, "x");
    want_number(L, idx + 1, "y");
    want_size(L, idx + 2, "w");
    want_size(L, idx + 3, "h");
    r.x = want_finite(L, idx, "x");
    r.y = want_finite(L, idx + 1, "y");
    r.w = lua_tonumber(L, idx + 2);
    r.h = lua_tonumber(L, idx + 3);
    return r;
}

/* ---- the world userdata ---- */

static c2dl_world *to_world(lua_State *L, int idx)
{
    c2dl_world *cw;
    if (lua_type(L, idx) != LUA_TUSERDATA || (size_t)c2dl_rawlen(L, idx) != sizeof(c2dl_world)) {
        return NULL;
    }
    cw = (c2dl_world *)lua_touserdata(L, idx);
    return cw->tag == &c2dl_world_tag ? cw : NULL;
}

/* Stack layout of every method after world_begin: 1 = self, 2..nargs+1 = arguments (absent ones
 * nil), then the user value (the items array) and the handles table. */
#define W_ITEMS(nargs) ((nargs) + 2)
#define W_HANDLES(nargs) ((nargs) + 3)

static c2dl_world *world_begin(lua_State *L, const char *fn, int nargs)
{
    c2dl_world *cw = to_world(L, 1);
    if (cw == NULL) {
        luaL_error(L, "calling '%s' on bad self (world expected, got %s)", fn, type_name(L, 1));
    }
    if (cw->w == NULL) {
        luaL_error(L, "calling '%s' on a world that was already collected (a finalizer brought "
                      "it back after its own __gc ran)", fn);
    }
    lua_settop(L, nargs + 1);
    c2dl_getuservalue(L, 1);
    lua_rawgeti(L, -1, UV_HANDLES);
    return cw;
}

/* Arguments first..first+n-1 that are numeric strings become the numbers Lua's arithmetic
 * reads in them ("30" an integer on 5.3 and 5.4, "0.5" a float), as bump.lua's arithmetic on
 * goals, points and segments takes them; anything else is left for the checks to name. */
static void coerce_numbers(lua_State *L, int first, int n)
{
    int k;
    for (k = first; k < first + n; k++) {
        if (lua_type(L, k) == LUA_TSTRING) {
#if LUA_VERSION_NUM >= 503
            if (lua_stringtonumber(L, lua_tostring(L, k)) != 0) {
                lua_replace(L, k);
            }
#else
            if (lua_isnumber(L, k)) {
                lua_pushnumber(L, lua_tonumber(L, k));
                lua_replace(L, k);
            }
#endif
        }
    }
}

/* The index of the item at idx, 0 when it is not in the world. */
static size_t item_index(lua_State *L, int idx, int handles)
{
    size_t i = 0;
    if (!lua_isnil(L, idx)) {
        lua_pushvalue(L, idx);
        lua_rawget(L, handles);
        if (lua_type(L, -1) == LUA_TNUMBER) {
            i = (size_t)lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
    }
    return i;
}

/* The index of the item at idx, or bump.lua's error for an item not in the world. */
static size_t item_member(lua_State *L, int idx, int handles)
{
    size_t i = item_index(L, idx, handles);
    if (i == 0) {
        luaL_error(L,
                   "Item %s must be added to the world before getting its rect. Use "
                   "world:add(item, x,y,w,h) to add it first.",
                   c2dl_tostring(L, idx));
    }
    return i;
}

/* Pushes the item of index i (nil for 0). */
static void push_index(lua_State *L, int items, size_t i)
{
    if (i != 0) {
        lua_rawgeti(L, items, (int)i);
    } else {
        lua_pushnil(L);
    }
}

static size_t tmap_get(const c2dl_world *cw, uint64_t id);

/* The index of the item of handle id, 0 for a stale handle: an item added by world:add has its
 * index as its c2d user value; a tile layer's item is found by its handle. */
static size_t id_index(const c2dl_world *cw, uint64_t id, c2d_rectd *rect)
{
    uint64_t user = 0;
    if (c2d_world_get_d(cw->w, id, rect, &user) != C2D_OK) {
        return 0;
    }
    if (user != 0 && user <= cw->top && cw->ids[user] == id) {
        return (size_t)user;
    }
    return tmap_get(cw, id);
}

/* Room for indices 0..need - 1 in the per-index arrays; raises "not enough memory" (leaving
 * the arrays as they were, only perhaps larger) when there is none. */
static void index_reserve(lua_State *L, c2dl_world *cw, size_t need)
{
    if (need > cw->cap) {
        size_t cap = cw->cap != 0 ? 2 * cw->cap : 64;
        uint64_t *ids;
        uint64_t *serials;
        unsigned char *ints;
        size_t *fr;
        while (cap < need) {
            cap *= 2;
        }
        if (cap > (size_t)-1 / sizeof *ids || cap > (size_t)C2D_WORLD_CAPACITY * 4 + 256) {
            luaL_error(L, "not enough memory");
        }
        ids = (uint64_t *)realloc(cw->ids, cap * sizeof *ids);
        if (ids == NULL) {
            luaL_error(L, "not enough memory");
        }
        cw->ids = ids;
        ints = (unsigned char *)realloc(cw->ints, cap);
        if (ints == NULL) {
            luaL_error(L, "not enough memory");
        }
        cw->ints = ints;
        fr = (size_t *)realloc(cw->free, cap * sizeof *fr);
        if (fr == NULL) {
            luaL_error(L, "not enough memory");
        }
        cw->free = fr;
        serials = (uint64_t *)realloc(cw->serials, cap * sizeof *serials);
        if (serials == NULL) {
            luaL_error(L, "not enough memory");
        }
        cw->serials = serials;
        cw->cap = cap;
    }
}

/* A free index for a new item; raises "not enough memory" before anything changes. */
static size_t index_alloc(lua_State *L, c2dl_world *cw)
{
    if (cw->nfree > 0) {
        return cw->free[--cw->nfree];
    }
    if (cw->top + 1 >= cw->cap) {
        if (cw->cap > (size_t)C2D_WORLD_CAPACITY * 2 + 64) {
            luaL_error(L, "not enough memory");
        }
        index_reserve(L, cw, cw->top + 2);
    }
    cw->ids[++cw->top] = 0;
    cw->ints[cw->top] = 0;
    cw->serials[cw->top] = 0;
    return cw->top;
}

static void index_free(c2dl_world *cw, size_t i)
{
    cw->ids[i] = 0;
    cw->serials[i] = 0;
    cw->free[cw->nfree++] = i;
}

/* ---- the indices of tile layers' items, by handle ---- */

/* The home slot of handle id in a table of cap slots. */
static size_t tmap_home(uint64_t id, size_t cap)
{
    uint64_t h = id * 0x9e3779b97f4a7c15u;
    return (size_t)(h ^ (h >> 32)) & (cap - 1);
}

/* The index of tile item id, 0 when it has none. */
static size_t tmap_get(const c2dl_world *cw, uint64_t id)
{
    size_t s;
    if (cw->tcount == 0) {
        return 0;
    }
    for (s = tmap_home(id, cw->tcap); cw->tkeys[s] != 0; s = (s + 1) & (cw->tcap - 1)) {
        if (cw->tkeys[s] == id) {
            return cw->tvals[s];
        }
    }
    return 0;
}

/* Room for `more` entries beyond those held; raises "not enough memory" (the table unchanged)
 * when there is none. */
static void tmap_reserve(lua_State *L, c2dl_world *cw, size_t more)
{
    size_t cap = cw->tcap != 0 ? cw->tcap : 16, k, s;
    uint64_t *keys;
    size_t *vals;
    if (more <= cw->tcap / 2 - cw->tcount) {
        return;
    }
    while (cap / 2 < cw->tcount + more) {
        if (cap > ((size_t)-1 / 2) / sizeof *vals) {
            luaL_error(L, "not enough memory");
        }
        cap *= 2;
    }
    keys = (uint64_t *)calloc(cap, sizeof *keys);
    vals = (size_t *)malloc(cap * sizeof *vals);
    if (keys == NULL || vals == NULL) {
        free(keys);
        free(vals);
        luaL_error(L, "not enough memory");
    }
    for (k = 0; k < cw->tcap; k++) {
        if (cw->tkeys[k] != 0) {
            for (s = tmap_home(cw->tkeys[k], cap); keys[s] != 0; s = (s + 1) & (cap - 1)) {
            }
            keys[s] = cw->tkeys[k];
            vals[s] = cw->tvals[k];
        }
    }
    free(cw->tkeys);
    free(cw->tvals);
    cw->tkeys = keys;
    cw->tvals = vals;
    cw->tcap = cap;
}

/* Tile item id has index i (room reserved by tmap_reserve). */
static void tmap_put(c2dl_world *cw, uint64_t id, size_t i)
{
    size_t s;
    for (s = tmap_home(id, cw->tcap); cw->tkeys[s] != 0; s = (s + 1) & (cw->tcap - 1)) {
    }
    cw->tkeys[s] = id;
    cw->tvals[s] = i;
    cw->tcount++;
}

/* Forgets tile item id: the entries after it in its run move back (no tombstones). */
static void tmap_del(c2dl_world *cw, uint64_t id)
{
    size_t mask = cw->tcap - 1, s, j;
    if (cw->tcount == 0) {
        return;
    }
    for (s = tmap_home(id, cw->tcap); cw->tkeys[s] != id; s = (s + 1) & mask) {
        if (cw->tkeys[s] == 0) {
            return;
        }
    }
    cw->tcount--;
    for (j = s;;) {
        cw->tkeys[s] = 0;
        do {
            j = (j + 1) & mask;
            if (cw->tkeys[j] == 0) {
                return;
            }
            /* an entry stays where it is when its home lies cyclically in (s, j] */
        } while (((j - tmap_home(cw->tkeys[j], cw->tcap)) & mask) < ((j - s) & mask));
        cw->tkeys[s] = cw->tkeys[j];
        cw->tvals[s] = cw->tvals[j];
        s = j;
    }
}

/* t[key] = v for the table on top of the stack (keys from the upvalues). */
static void wset_num(lua_State *L, int key, lua_Number v)
{
    lua_pushvalue(L, WK(key));
    lua_pushnumber(L, v);
    lua_rawset(L, -3);
}

static void wset_xy(lua_State *L, int key, lua_Number x, lua_Number y)
{
    lua_pushvalue(L, WK(key));
    lua_createtable(L, 0, 2);
    wset_num(L, WK_X, x);
    wset_num(L, WK_Y, y);
    lua_rawset(L, -3);
}

/* t[key] = the value at idx */
static void wset_value(lua_State *L, int key, int idx)
{
    idx = idx < 0 ? lua_gettop(L) + idx + 1 : idx;
    lua_pushvalue(L, WK(key));
    lua_pushvalue(L, idx);
    lua_rawset(L, -3);
}

/* Integer coordinates. bump.lua keeps the numbers it is given, so on Lua 5.3 and later a
 * coordinate given as an integer comes back as one (and one computed from a contact comes back
 * as a float, as bump.lua computes it); the world keeps doubles, and these bits remember which
 * of an item's x, y, w, h were last given as integers (always 0 before 5.3: one number type). */
#define INT_X 1u
#define INT_Y 2u
#define INT_W 4u
#define INT_H 8u
/* Not a coordinate: the item is a tile layer's, made by the binding (a "tile proxy"). */
#define INT_TILE 16u

/* INT_X, INT_Y, INT_W, INT_H for the integer arguments among idx..idx+3 */
static unsigned int int_bits(lua_State *L, int idx)
{
    unsigned int bits = 0;
#if LUA_VERSION_NUM >= 503
    int k;
    for (k = 0; k < 4; k++) {
        if (lua_isinteger(L, idx + k)) {
            bits |= 1u << k;
        }
    }
#else
    (void)L;
    (void)idx;
#endif
    return bits;
}

/* Pushes v, as an integer when `integer` (and v fits one exactly). */
static void push_coord(lua_State *L, lua_Number v, int integer)
{
#if LUA_VERSION_NUM >= 503
    if (integer && v >= -9007199254740992.0 && v <= 9007199254740992.0 && v == floor(v)) {
        lua_pushinteger(L, (lua_Integer)v);
        return;
    }
#else
    (void)integer;
#endif
    lua_pushnumber(L, v);
}

/* t[key] = v, for the table on top, as push_coord pushes it */
static void wset_coord(lua_State *L, int key, lua_Number v, int integer)
{
    lua_pushvalue(L, WK(key));
    push_coord(L, v, integer);
    lua_rawset(L, -3);
}

/* t[key] = {x=, y=} with the integer bits INT_X, INT_Y of `ints` */
static void wset_xy_ints(lua_State *L, int key, lua_Number x, lua_Number y, unsigned int ints)
{
    lua_pushvalue(L, WK(key));
    lua_createtable(L, 0, 2);
    wset_coord(L, WK_X, x, (ints & INT_X) != 0);
    wset_coord(L, WK_Y, y, (ints & INT_Y) != 0);
    lua_rawset(L, -3);
}

/* t[key] = {x=, y=, w=, h=} with the integer bits of `ints` */
static void wset_rect_ints(lua_State *L, int key, c2d_rectd r, unsigned int ints)
{
    lua_pushvalue(L, WK(key));
    lua_createtable(L, 0, 4);
    wset_coord(L, WK_X, r.x, (ints & INT_X) != 0);
    wset_coord(L, WK_Y, r.y, (ints & INT_Y) != 0);
    wset_coord(L, WK_W, r.w, (ints & INT_W) != 0);
    wset_coord(L, WK_H, r.h, (ints & INT_H) != 0);
    lua_rawset(L, -3);
}

static int w_gc(lua_State *L)
{
    c2dl_world *cw = to_world(L, 1);
    if (cw != NULL) {
        c2d_world_free(cw->w);
        cw->w = NULL;
        free(cw->ids);
        free(cw->ints);
        free(cw->free);
        free(cw->serials);
        free(cw->tkeys);
        free(cw->tvals);
        cw->tkeys = NULL;
        cw->tvals = NULL;
        cw->tcap = cw->tcount = 0;
        cw->ids = NULL;
        cw->ints = NULL;
        cw->free = NULL;
        cw->serials = NULL;
        cw->cap = cw->top = cw->nfree = 0;
    }
    return 0;
}

static int w_tostring(lua_State *L)
{
    lua_pushfstring(L, "collide2d.world: %p", lua_topointer(L, 1));
    return 1;
}

/* newWorld([cellSize]) -> world; cellSize defaults to 64 and must be a positive number. */
static int l_newWorld(lua_State *L)
{
    c2dl_world *cw;
    lua_Number cell;
    lua_settop(L, 1);
    if (lua_isnil(L, 1)) {
        lua_pushinteger(L, 64);
        lua_replace(L, 1);
    }
    cell = want_size(L, 1, "cellSize");
    cw = (c2dl_world *)lua_newuserdata(L, sizeof *cw); /* 2 */
    memset(cw, 0, sizeof *cw);
    cw->tag = &c2dl_world_tag;
    cw->cell = cell;
    cw->token = ++c2dl_world_tokens;
    /* its metatable (3), with the world's own fields (4) in front of the shared methods */
    lua_createtable(L, 0, 5);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, 1);
    lua_setfield(L, 4, "cellSize");
    luaL_getmetatable(L, C2DL_WORLD_MT);
    lua_setmetatable(L, 4);
    lua_pushvalue(L, 4);
    lua_setfield(L, 3, "__index");
    lua_setfield(L, 3, "__newindex");
    lua_pushcfunction(L, w_gc);
    lua_setfield(L, 3, "__gc");
    lua_pushcfunction(L, w_tostring);
    lua_setfield(L, 3, "__tostring");
    lua_pushliteral(L, "collide2d.world");
    lua_setfield(L, 3, "__metatable");
    lua_setmetatable(L, 2);
    /* the user value: items, handles, ghost cells, scratch answers */
    lua_newtable(L);
    lua_newtable(L);
    lua_rawseti(L, 3, UV_HANDLES);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawseti(L, 3, UV_GHOSTS);
    lua_newtable(L);
    lua_rawseti(L, 3, UV_ANSWERS);
    c2dl_setuservalue(L, 2);
    cw->w = c2d_world_new_d(cell);
    if (cw->w == NULL) {
        luaL_error(L, "not enough memory");
    }
    return 1;
}

/* ---- cells, as bump.lua's grid counts them ---- */

/* The cells of rect r: columns cl..cr, rows ct..cb (bump.lua's grid_toCellRect). */
static void cell_rect(double cell, c2d_rectd r, double *cl, double *ct, double *cr, double *cb)
{
    *cl = floor(r.x / cell) + 1;
    *ct = floor(r.y / cell) + 1;
    *cr = ceil((r.x + r.w) / cell);
    *cb = ceil((r.y + r.h) / cell);
}

/* More cells than this in one rect are not listed one by one (countCells counts them, capped). */
#define C2DL_MAX_CELLS 65536.0

/* Pushes a cell's column or row as bump.lua's grid keys it: an integer on 5.3 and 5.4. */
static void push_cell_index(lua_State *L, double c)
{
#if LUA_VERSION_NUM >= 503
    if (c >= -9.2233720368547758e18 && c < 9.2233720368547758e18) {
        lua_pushinteger(L, (lua_Integer)c);
        return;
    }
#endif
    lua_pushnumber(L, c);
}

/* Pushes the key of cell (cx, cy). */
static void push_cell_key(lua_State *L, double cx, double cy)
{
    lua_pushnumber(L, cx);
    lua_pushliteral(L, ",");
    lua_pushnumber(L, cy);
    lua_concat(L, 3);
}

/* Records the cells of a removed item's rect in the ghosts table (the value at ghosts): bump.lua
 * keeps an emptied cell in its grid until the next garbage collection, and countCells counts it
 * until then. Each ghost is keyed by a fresh table held only weakly. */
static void add_ghosts(lua_State *L, const c2dl_world *cw, c2d_rectd r, int ghosts)
{
    double cl, ct, cr, cb, cx, cy;
    cell_rect(cw->cell, r, &cl, &ct, &cr, &cb);
    if ((cr - cl + 1) * (cb - ct + 1) > C2DL_MAX_CELLS) {
        return;
    }
    for (cy = ct; cy <= cb; cy++) {
        for (cx = cl; cx <= cr; cx++) {
            lua_newtable(L);
            push_cell_key(L, cx, cy);
            lua_rawset(L, ghosts);
        }
    }
}

/* The cells of the item at index i (0 when it is not in the world): those of its rect, or for a
 * rect over more than C2DL_MAX_CELLS cells the 256 x 256 block at its top-left cell (beyond any
 * game's grid). */
static int item_cells(const c2dl_world *cw, size_t i, double *cl, double *ct, double *cr,
                      double *cb)
{
    c2d_rectd r;
    if (cw->ids[i] == 0 || c2d_world_get_d(cw->w, cw->ids[i], &r, NULL) != C2D_OK) {
        return 0;
    }
    cell_rect(cw->cell, r, cl, ct, cr, cb);
    if ((*cr - *cl + 1) * (*cb - *ct + 1) > C2DL_MAX_CELLS) {
        *cr = *cl + 255;
        *cb = *ct + 255;
    }
    return 1;
}

/* world:countCells() -> the number of cells of bump.lua's grid: those holding an item, and those
 * a remove emptied, until the next garbage collection. */
static int w_countCells(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "countCells", 0);
    size_t i;
    lua_Integer n = 0;
    int set;
    lua_newtable(L);
    set = lua_gettop(L);
    for (i = 1; i <= cw->top; i++) {
        double cl, ct, cr, cb, cx, cy;
        if (!item_cells(cw, i, &cl, &ct, &cr, &cb)) {
            continue;
        }
        for (cy = ct; cy <= cb; cy++) {
            for (cx = cl; cx <= cr; cx++) {
                push_cell_key(L, cx, cy);
                lua_pushboolean(L, 1);
                lua_rawset(L, set);
            }
        }
    }
    lua_rawgeti(L, W_ITEMS(0), UV_GHOSTS);
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        lua_pushboolean(L, 1);
        lua_rawset(L, set);
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, set) != 0) {
        lua_pop(L, 1);
        n++;
    }
    lua_pushinteger(L, n);
    return 1;
}

/* cx * cell in Lua's arithmetic: an integer when both are integers (5.3+), else a float. */
static void push_scaled(lua_State *L, int idx, lua_Number v, int cell_idx)
{
#if LUA_VERSION_NUM >= 503
    if (lua_isinteger(L, idx) && lua_isinteger(L, cell_idx)) {
        lua_Unsigned a = (lua_Unsigned)lua_tointeger(L, idx) - 1u;
        lua_pushinteger(L, (lua_Integer)(a * (lua_Unsigned)lua_tointeger(L, cell_idx)));
        return;
    }
#else
    (void)idx;
    (void)cell_idx;
#endif
    lua_pushnumber(L, v);
}

/* world:getCells() -> rows, count: bump.lua's grid as its `world.rows` holds it, for debug
 * drawing: rows[cy][cx] = {x = cx, y = cy, itemCount = n, items = {[item] = true, ...}} for each
 * cell holding an item (cells as item_cells gives them), and the number of those cells. A new
 * table on each call: writing to it changes nothing. */
static int w_getCells(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getCells", 0);
    size_t i;
    lua_Integer n = 0;
    int rows;
    lua_newtable(L);
    rows = lua_gettop(L);
    for (i = 1; i <= cw->top; i++) {
        double cl, ct, cr, cb, cx, cy;
        if (!item_cells(cw, i, &cl, &ct, &cr, &cb)) {
            continue;
        }
        for (cy = ct; cy <= cb; cy++) {
            push_cell_index(L, cy);
            lua_pushvalue(L, -1);
            lua_rawget(L, rows);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushvalue(L, -2);
                lua_pushvalue(L, -2);
                lua_rawset(L, rows);
            }
            for (cx = cl; cx <= cr; cx++) {
                lua_Integer count = 0;
                push_cell_index(L, cx);
                lua_rawget(L, -2);
                if (lua_isnil(L, -1)) {
                    lua_pop(L, 1);
                    lua_createtable(L, 0, 4);
                    push_cell_index(L, cx);
                    lua_setfield(L, -2, "x");
                    push_cell_index(L, cy);
                    lua_setfield(L, -2, "y");
                    lua_newtable(L);
                    lua_setfield(L, -2, "items");
                    push_cell_index(L, cx);
                    lua_pushvalue(L, -2);
                    lua_rawset(L, -4);
                    n++;
                } else {
                    lua_getfield(L, -1, "itemCount");
                    count = lua_tointeger(L, -1);
                    lua_pop(L, 1);
                }
                lua_pushinteger(L, count + 1);
                lua_setfield(L, -2, "itemCount");
                lua_getfield(L, -1, "items");
                lua_rawgeti(L, W_ITEMS(0), (int)i);
                lua_pushboolean(L, 1);
                lua_rawset(L, -3);
                lua_pop(L, 2);
            }
            lua_pop(L, 2);
        }
    }
    lua_pushinteger(L, n);
    return 2;
}

/* world:toWorld(cx, cy) -> x, y: the top-left corner of cell (cx, cy). */
static int w_toWorld(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "toWorld", 2);
    coerce_numbers(L, 2, 2);
    lua_Number cx = want_number(L, 2, "cx"), cy = want_number(L, 3, "cy");
    lua_pushvalue(L, 1);
    lua_getfield(L, -1, "cellSize");
    if (lua_type(L, -1) != LUA_TNUMBER || lua_tonumber(L, -1) != cw->cell) {
        lua_pushnumber(L, cw->cell);
    }
    {
        int cell = lua_gettop(L);
        push_scaled(L, 2, (cx - 1) * cw->cell, cell);
        push_scaled(L, 3, (cy - 1) * cw->cell, cell);
    }
    return 2;
}

/* floor(v / cell) + 1, an integer where Lua's math.floor gives one */
static void push_cell(lua_State *L, lua_Number v, double cell)
{
    lua_Number f = floor(v / cell);
#if LUA_VERSION_NUM >= 503
    if (f >= -9.2233720368547758e18 && f < 9.2233720368547758e18) {
        lua_pushinteger(L, (lua_Integer)f + 1);
        return;
    }
#endif
    lua_pushnumber(L, f + 1);
}

/* world:toCell(x, y) -> cx, cy: the cell holding point (x, y). */
static int w_toCell(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "toCell", 2);
    coerce_numbers(L, 2, 2);
    lua_Number x = want_number(L, 2, "x"), y = want_number(L, 3, "y");
    push_cell(L, x, cw->cell);
    push_cell(L, y, cw->cell);
    return 2;
}

/* ---- items ---- */

/* world:add(item, x, y, w, h) -> item */
static int w_add(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "add", 5);
    c2d_rectd r;
    size_t i;
    uint64_t id = 0;
    c2d_status st;
    if (item_index(L, 2, W_HANDLES(5)) != 0) {
        luaL_error(L, "Item %s added to the world twice.", c2dl_tostring(L, 2));
    }
    r = want_rect(L, 3);
    if (lua_isnil(L, 2)) {
        luaL_error(L, "table index is nil");
    }
    if (!lua_rawequal(L, 2, 2)) {
        luaL_error(L, "table index is NaN");
    }
    i = index_alloc(L, cw);
    /* The Lua tables first (they may raise a memory error), then the library. */
    lua_pushvalue(L, 2);
    lua_rawseti(L, W_ITEMS(5), (int)i);
    lua_pushvalue(L, 2);
    lua_pushinteger(L, (lua_Integer)i);
    lua_rawset(L, W_HANDLES(5));
    st = c2d_world_add_checked(cw->w, r, (uint64_t)i, &id);
    if (st != C2D_OK) {
        lua_pushnil(L);
        lua_rawseti(L, W_ITEMS(5), (int)i);
        lua_pushvalue(L, 2);
        lua_pushnil(L);
        lua_rawset(L, W_HANDLES(5));
        index_free(cw, i);
        luaL_error(L, "collide2d: cannot add the item: %s", c2d_status_str(st));
    }
    cw->ids[i] = id;
    cw->ints[i] = (unsigned char)int_bits(L, 3);
    cw->serials[i] = ++cw->serial;
    lua_pushvalue(L, 2);
    return 1;
}

/* The binding forgets the item at stack index `item`, of index i, which has left the world. */
static void forget_item(lua_State *L, c2dl_world *cw, size_t i, int item, int items, int handles)
{
    if (cw->sensing) {
        /* events() may still name the item: keep it by its handle until then */
        lua_rawgeti(L, items, UV_DEPARTED);
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_rawseti(L, items, UV_DEPARTED);
        }
        lua_pushlstring(L, (const char *)&cw->ids[i], sizeof cw->ids[i]);
        lua_pushvalue(L, item);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    lua_rawseti(L, items, (int)i);
    lua_pushvalue(L, item);
    lua_pushnil(L);
    lua_rawset(L, handles);
    index_free(cw, i);
}

/* world:remove(item) */
static int w_remove(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "remove", 1);
    size_t i = item_member(L, 2, W_HANDLES(1));
    c2d_rectd r;
    if ((cw->ints[i] & INT_TILE) != 0) {
        luaL_error(L, "collide2d: %s is a tile of a layer: set its tiles to 0 (world:setTile) or "
                      "remove the layer (world:removeTiles)",
                   c2dl_tostring(L, 2));
    }
    if (c2d_world_get_d(cw->w, cw->ids[i], &r, NULL) == C2D_OK) {
        lua_rawgeti(L, W_ITEMS(1), UV_GHOSTS);
        add_ghosts(L, cw, r, lua_gettop(L));
    }
    c2d_world_remove(cw->w, cw->ids[i]);
    forget_item(L, cw, i, 2, W_ITEMS(1), W_HANDLES(1));
    return 0;
}

/* world:update(item, x, y[, w, h]): a teleport; w and h default to the current size. */
static int w_update(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "update", 5);
    size_t i = item_member(L, 2, W_HANDLES(5));
    c2d_rectd r, old;
    unsigned int kept = 0; /* w and h left as they were, integers or not */
    c2d_world_get_d(cw->w, cw->ids[i], &old, NULL);
    if (lua_isnil(L, 5)) {
        lua_pushnumber(L, old.w);
        lua_replace(L, 5);
        kept |= INT_W;
    }
    if (lua_isnil(L, 6)) {
        lua_pushnumber(L, old.h);
        lua_replace(L, 6);
        kept |= INT_H;
    }
    r = want_rect(L, 3);
    if (r.x != old.x || r.y != old.y || r.w != old.w || r.h != old.h) {
        c2d_world_update_d(cw->w, cw->ids[i], r);
        cw->ints[i] = (unsigned char)((int_bits(L, 3) & ~kept) | (cw->ints[i] & kept));
    }
    return 0;
}

/* world:getRect(item) -> x, y, w, h */
static int w_getRect(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getRect", 1);
    size_t i = item_member(L, 2, W_HANDLES(1));
    unsigned int ints = cw->ints[i];
    c2d_rectd r = {0.0, 0.0, 0.0, 0.0};
    c2d_world_get_d(cw->w, cw->ids[i], &r, NULL);
    push_coord(L, r.x, (ints & INT_X) != 0);
    push_coord(L, r.y, (ints & INT_Y) != 0);
    push_coord(L, r.w, (ints & INT_W) != 0);
    push_coord(L, r.h, (ints & INT_H) != 0);
    return 4;
}

/* world:hasItem(item) -> boolean */
static int w_hasItem(lua_State *L)
{
    world_begin(L, "hasItem", 1);
    lua_pushboolean(L, item_index(L, 2, W_HANDLES(1)) != 0);
    return 1;
}

/* world:countItems() -> integer */
static int w_countItems(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "countItems", 0);
    lua_pushinteger(L, (lua_Integer)c2d_world_count(cw->w));
    return 1;
}

/* world:getItems() -> items, len (in no particular order, as bump.lua) */
static int w_getItems(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getItems", 0);
    size_t i;
    int n = 0;
    lua_createtable(L, (int)c2d_world_count(cw->w), 0);
    for (i = 1; i <= cw->top; i++) {
        if (cw->ids[i] != 0) {
            lua_rawgeti(L, W_ITEMS(0), (int)i);
            lua_rawseti(L, -2, ++n);
        }
    }
    lua_pushinteger(L, n);
    return 2;
}

/* world:addResponse(name, response): a response for filters to name, used by moves and checks
 * from then on (a built-in name is replaced for this world). */
static int w_addResponse(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "addResponse", 2);
    lua_rawgeti(L, W_ITEMS(2), UV_RESPONSES);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, W_ITEMS(2), UV_RESPONSES);
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    cw->custom = 1;
    return 0;
}

#endif /* C2DL_UNITY */
