/* collide2d Lua module, the world's state: hash, snapshot and restore. One part of
 * lua/collide2d.c, which includes the parts in order (see lua/README.md); compiled on its own this
 * file is empty. */
#ifdef C2DL_UNITY

/* ---- state: hash, snapshot, restore ---- */

/* world:hash() -> the library's 64-bit hash of the world (c2d_world_hash) as 16 lowercase hex
 * digits, the same string on every interpreter and machine for the same state. */
static int w_hash(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "hash", 0);
    uint64_t h = c2d_world_hash(cw->w);
    char hex[16];
    int k;
    for (k = 15; k >= 0; k--) {
        hex[k] = "0123456789abcdef"[h & 15u];
        h >>= 4;
    }
    lua_pushlstring(L, hex, sizeof hex);
    return 1;
}

/* A snapshot string: the header, then per index 1..top its handle, add serial and integer bits,
 * then the free indices, then the library's snapshot. Little-endian throughout. */
#define SNAP_MAGIC "c2dL"
#define SNAP_VERSION 1u
#define SNAP_HEADER 36 /* magic 4, version 4, token 8, check 8, top 4, nfree 4, csize 4 */
#define SNAP_ENTRY 17  /* handle 8, serial 8, integer bits 1 */
#define SNAP_MAX_TOP ((size_t)C2D_WORLD_CAPACITY * 4 + 256)

static void put_u32(unsigned char *p, uint32_t v)
{
    int k;
    for (k = 0; k < 4; k++) {
        p[k] = (unsigned char)(v >> (8 * k));
    }
}

static void put_u64(unsigned char *p, uint64_t v)
{
    int k;
    for (k = 0; k < 8; k++) {
        p[k] = (unsigned char)(v >> (8 * k));
    }
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const unsigned char *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

/* FNV-1a, 64 bits: the snapshot's check (it tells damage, not forgery). */
static uint64_t snap_check(const unsigned char *p, size_t n)
{
    uint64_t h = 14695981039346656037u;
    size_t k;
    for (k = 0; k < n; k++) {
        h = (h ^ p[k]) * 1099511628211u;
    }
    return h;
}

/* Pushes the world's table of add serial -> item (weak values), made on first use. */
static void push_serials(lua_State *L, int items)
{
    lua_rawgeti(L, items, UV_SERIALS);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, items, UV_SERIALS);
    }
}

/* world:snapshot() -> a string holding the world's state: the library's snapshot and the
 * binding's own (which item has which index and handle, the free indices). The items themselves
 * stay the game's: the world remembers them weakly, by the serial of their add. */
static int w_snapshot(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "snapshot", 0);
    size_t csize, total, i, off;
    unsigned char *buf;
    int serials;
    /* Every live item added since the last snapshot becomes known by its serial (an item live
     * now with an older serial was live then too, so it is known already). */
    push_serials(L, W_ITEMS(0));
    serials = lua_gettop(L);
    for (i = 1; i <= cw->top; i++) {
        if (cw->ids[i] != 0 && cw->serials[i] > cw->registered) {
            lua_pushnumber(L, (lua_Number)cw->serials[i]);
            lua_rawgeti(L, W_ITEMS(0), (int)i);
            lua_rawset(L, serials);
        }
    }
    cw->registered = cw->serial;
    csize = c2d_world_snapshot_size(cw->w);
    if (csize == 0 || csize > 0xffffffffu || cw->top > SNAP_MAX_TOP) {
        return luaL_error(L, "collide2d: cannot take a snapshot of this world");
    }
    total = SNAP_HEADER + cw->top * SNAP_ENTRY + cw->nfree * 4 + csize;
    buf = (unsigned char *)lua_newuserdata(L, total);
    memcpy(buf, SNAP_MAGIC, 4);
    put_u32(buf + 4, SNAP_VERSION);
    put_u64(buf + 8, cw->token);
    put_u32(buf + 24, (uint32_t)cw->top);
    put_u32(buf + 28, (uint32_t)cw->nfree);
    put_u32(buf + 32, (uint32_t)csize);
    off = SNAP_HEADER;
    for (i = 1; i <= cw->top; i++) {
        put_u64(buf + off, cw->ids[i]);
        put_u64(buf + off + 8, cw->ids[i] != 0 ? cw->serials[i] : 0);
        buf[off + 16] = cw->ids[i] != 0 ? cw->ints[i] : 0;
        off += SNAP_ENTRY;
    }
    for (i = 0; i < cw->nfree; i++) {
        put_u32(buf + off, (uint32_t)cw->free[i]);
        off += 4;
    }
    if (c2d_world_snapshot(cw->w, buf + off, csize) != csize) {
        return luaL_error(L, "collide2d: cannot take a snapshot of this world");
    }
    put_u64(buf + 16, snap_check(buf + 24, total - 24));
    lua_pushlstring(L, (const char *)buf, total);
    return 1;
}

static int restore_fail(lua_State *L, const char *msg)
{
    lua_pushnil(L);
    lua_pushstring(L, msg);
    return 2;
}

/* world:restore(snapshot) -> true, or nil and a message (the world unchanged) for a string that
 * is not a whole snapshot of this world, or one naming an item the game no longer holds. After
 * it, the world holds the items of the snapshot at their rects, under the same handles, and
 * answers every call as it did when the snapshot was taken. */
static int w_restore(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "restore", 1);
    const unsigned char *buf, *ent, *fre;
    size_t len, top, nfree, csize, i, nzero = 0, ntiles = 0;
    int fresh, serials;
    unsigned char *seen;
    c2d_status st;
    if (lua_type(L, 2) != LUA_TSTRING) {
        lua_pushnil(L);
        lua_pushfstring(L, "collide2d: a snapshot must be a string, but was a %s", type_name(L, 2));
        return 2;
    }
    buf = (const unsigned char *)lua_tolstring(L, 2, &len);
    if (len < SNAP_HEADER || memcmp(buf, SNAP_MAGIC, 4) != 0) {
        return restore_fail(L, "collide2d: not a world snapshot");
    }
    if (get_u32(buf + 4) != SNAP_VERSION) {
        lua_pushnil(L);
        lua_pushfstring(L, "collide2d: a world snapshot of an unknown version (%d)",
                        (int)get_u32(buf + 4));
        return 2;
    }
    top = get_u32(buf + 24);
    nfree = get_u32(buf + 28);
    csize = get_u32(buf + 32);
    if (top > SNAP_MAX_TOP || nfree > top ||
        len != SNAP_HEADER + top * SNAP_ENTRY + nfree * 4 + csize) {
        return restore_fail(L, "collide2d: a damaged world snapshot (truncated or lengthened)");
    }
    if (get_u64(buf + 16) != snap_check(buf + 24, len - 24)) {
        return restore_fail(L, "collide2d: a damaged world snapshot (its check does not match)");
    }
    if (get_u64(buf + 8) != cw->token) {
        return restore_fail(L, "collide2d: a snapshot of another world");
    }
    ent = buf + SNAP_HEADER;
    fre = ent + top * SNAP_ENTRY;
    /* The binding's part must be whole: serials of this world's adds, every free index once. */
    seen = (unsigned char *)lua_newuserdata(L, top + 1);
    memset(seen, 0, top + 1);
    for (i = 0; i < top; i++) {
        const unsigned char *e = ent + i * SNAP_ENTRY;
        uint64_t id = get_u64(e), serial = get_u64(e + 8);
        if (id == 0 ? serial != 0 || e[16] != 0
                    : serial == 0 || serial > cw->serial || e[16] > (INT_TILE | 15)) {
            return restore_fail(L, "collide2d: a damaged world snapshot (bad index)");
        }
        nzero += id == 0;
        ntiles += (e[16] & INT_TILE) != 0;
    }
    for (i = 0; i < nfree; i++) {
        size_t f = get_u32(fre + 4 * i);
        if (f == 0 || f > top || seen[f] || get_u64(ent + (f - 1) * SNAP_ENTRY) != 0) {
            return restore_fail(L, "collide2d: a damaged world snapshot (bad free index)");
        }
        seen[f] = 1;
    }
    if (nzero != nfree) {
        return restore_fail(L, "collide2d: a damaged world snapshot (lost index)");
    }
    /* Each item of the snapshot, found by its serial, into a fresh table (index -> item). */
    lua_createtable(L, (int)top, 0);
    fresh = lua_gettop(L);
    push_serials(L, W_ITEMS(1));
    serials = lua_gettop(L);
    for (i = 1; i <= top; i++) {
        const unsigned char *e = ent + (i - 1) * SNAP_ENTRY;
        if (get_u64(e) == 0) {
            continue;
        }
        lua_pushnumber(L, (lua_Number)get_u64(e + 8));
        lua_rawget(L, serials);
        if (lua_isnil(L, -1) && (e[16] & INT_TILE) != 0) {
            /* a tile proxy the game let go: a new one, filled once the world is restored */
            lua_pop(L, 1);
            lua_createtable(L, 0, 8);
            seen[i] = 2;
        }
        if (lua_isnil(L, -1)) {
            return restore_fail(L, "collide2d: an item of the snapshot was garbage-collected (an "
                                   "item removed after a snapshot must stay referenced by the "
                                   "game to be rolled back)");
        }
        lua_rawseti(L, fresh, (int)i);
    }
    index_reserve(L, cw, top + 1);
    tmap_reserve(L, cw, ntiles);
    st = c2d_world_restore(cw->w, buf + SNAP_HEADER + top * SNAP_ENTRY + nfree * 4, csize);
    if (st != C2D_OK) {
        lua_pushnil(L);
        lua_pushfstring(L, "collide2d: a damaged world snapshot (%s)", c2d_status_str(st));
        return 2;
    }
    /* The library holds the snapshot's state now: the binding's follows. It may hold sensors. */
    cw->sensing = 1;
    for (i = 1; i <= cw->top; i++) {
        if (cw->ids[i] != 0) {
            lua_rawgeti(L, W_ITEMS(1), (int)i);
            lua_pushnil(L);
            lua_rawset(L, W_HANDLES(1));
            lua_pushnil(L);
            lua_rawseti(L, W_ITEMS(1), (int)i);
        }
    }
    for (i = 1; i <= top; i++) {
        const unsigned char *e = ent + (i - 1) * SNAP_ENTRY;
        cw->ids[i] = get_u64(e);
        cw->serials[i] = get_u64(e + 8);
        cw->ints[i] = e[16];
        if (cw->ids[i] != 0) {
            lua_rawgeti(L, fresh, (int)i);
            lua_pushvalue(L, -1);
            lua_rawseti(L, W_ITEMS(1), (int)i);
            lua_pushinteger(L, (lua_Integer)i);
            lua_rawset(L, W_HANDLES(1));
        }
    }
    for (i = 0; i < nfree; i++) {
        cw->free[i] = get_u32(fre + 4 * i);
    }
    cw->top = top;
    cw->nfree = nfree;
    /* The tile items' indices, by handle, and the proxies made anew. */
    if (cw->tcap != 0) {
        memset(cw->tkeys, 0, cw->tcap * sizeof *cw->tkeys);
    }
    cw->tcount = 0;
    for (i = 1; i <= top; i++) {
        if (cw->ids[i] != 0 && (cw->ints[i] & INT_TILE) != 0) {
            tmap_put(cw, cw->ids[i], i);
        }
        if (seen[i] == 2) {
            c2d_tile_run run;
            c2d_world_tile_of(cw->w, cw->ids[i], &run);
            lua_rawgeti(L, fresh, (int)i);
            fill_tile_proxy(L, &run);
            lua_pop(L, 1);
        }
    }
    lua_pushboolean(L, 1);
    return 1;
}

#endif /* C2DL_UNITY */
