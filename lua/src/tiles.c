/* collide2d Lua module, tile layers: addTiles, setTile, getTile, getTiles, removeTiles and the
 * tile proxies. One part of lua/collide2d.c, which includes the parts in order (see
 * lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

/* ---- tile layers: grids of tiles added as merged items (over c2d_world_add_tiles, _set_tile,
 * _get_tile, _tile_of, _get_tiles and _remove_tiles) ----
 *
 * Layers and tiles are numbered from 1 in Lua (column 1 is the grid's first), as Lua arrays and
 * Tiled's data are. Each item of a layer is met by the game as a "tile proxy": a table the
 * binding makes for it, {layer=, col=, row=, cols=, rows=, code=, kind=, tag=}, which queries,
 * moves, filters and events name as they name the game's own items. */

/* Tile kinds by code (C2D_TILE_*), as tile proxies name them. */
static const char *const tile_kinds[] = {
    "empty",     "solid",     "oneway-y-",  "oneway-y+",  "oneway-x-",
    "oneway-x+", "slope-x0y0", "slope-x1y0", "slope-x0y1", "slope-x1y1",
};
#define TILE_KINDS ((uint32_t)(sizeof tile_kinds / sizeof tile_kinds[0]))

/* c2d_world_set_tile replaces items inside one block of at most this many tiles a side. */
#define TILE_BLOCK_MAX 16

/* INT_X..INT_H for the fields of r that are whole numbers (Lua 5.3 and later print them so). */
static unsigned int whole_bits(c2d_rectd r)
{
    const double v[4] = {r.x, r.y, r.w, r.h};
    unsigned int bits = 0, k;
    for (k = 0; k < 4; k++) {
        if (v[k] == floor(v[k]) && fabs(v[k]) <= 9007199254740992.0) {
            bits |= 1u << k;
        }
    }
    return bits;
}

/* Fills the tile proxy on top of the stack from run. */
static void fill_tile_proxy(lua_State *L, const c2d_tile_run *run)
{
    uint32_t kind = run->code & C2D_TILE_KIND_MASK;
    lua_pushinteger(L, (lua_Integer)run->layer);
    lua_setfield(L, -2, "layer");
    lua_pushinteger(L, (lua_Integer)run->col + 1);
    lua_setfield(L, -2, "col");
    lua_pushinteger(L, (lua_Integer)run->row + 1);
    lua_setfield(L, -2, "row");
    lua_pushinteger(L, (lua_Integer)run->cols);
    lua_setfield(L, -2, "cols");
    lua_pushinteger(L, (lua_Integer)run->rows);
    lua_setfield(L, -2, "rows");
    lua_pushnumber(L, (lua_Number)run->code);
    lua_setfield(L, -2, "code");
    lua_pushstring(L, kind < TILE_KINDS ? tile_kinds[kind] : "empty");
    lua_setfield(L, -2, "kind");
    lua_pushinteger(L, (lua_Integer)(run->code >> C2D_TILE_TAG_SHIFT));
    lua_setfield(L, -2, "tag");
}

/* The handles of the items whose boxes overlap r, in a buffer left on the stack. */
static uint64_t *items_in(lua_State *L, const c2dl_world *cw, c2d_rectd r, size_t *n)
{
    uint64_t *ids;
    size_t count = c2d_world_query_rect_d(cw->w, r, UINT64_MAX, NULL, 0);
    if (count > (size_t)-1 / sizeof *ids - 1) {
        luaL_error(L, "not enough memory");
    }
    ids = (uint64_t *)lua_newuserdata(L, (count + 1) * sizeof *ids);
    *n = c2d_world_query_rect_d(cw->w, r, UINT64_MAX, ids, count);
    if (*n > count) {
        *n = count;
    }
    return ids;
}

/* Every tile layer's item overlapping r that has no index yet gets one and its proxy. */
static void adopt_tiles(lua_State *L, c2dl_world *cw, c2d_rectd r, int items, int handles)
{
    size_t n, k, i;
    uint64_t *ids = items_in(L, cw, r, &n);
    tmap_reserve(L, cw, n);
    index_reserve(L, cw, cw->top + n + 2);
    for (k = 0; k < n; k++) {
        c2d_tile_run run;
        c2d_rectd box;
        if (id_index(cw, ids[k], &box) != 0 || c2d_world_tile_of(cw->w, ids[k], &run) != C2D_OK ||
            run.layer == 0) {
            continue;
        }
        i = index_alloc(L, cw);
        lua_createtable(L, 0, 8);
        fill_tile_proxy(L, &run);
        lua_pushvalue(L, -1);
        lua_rawseti(L, items, (int)i);
        lua_pushinteger(L, (lua_Integer)i);
        lua_rawset(L, handles);
        cw->ids[i] = ids[k];
        cw->serials[i] = ++cw->serial;
        cw->ints[i] = (unsigned char)(INT_TILE | whole_bits(box));
        tmap_put(cw, ids[k], i);
    }
    lua_pop(L, 1);
}

/* Forgets the proxies of the tile items among ids[0..n) that an edit took out of the world. */
static void drop_tiles(lua_State *L, c2dl_world *cw, const uint64_t *ids, size_t n, int items,
                       int handles)
{
    size_t k, i;
    for (k = 0; k < n; k++) {
        i = tmap_get(cw, ids[k]);
        if (i == 0 || c2d_world_get_d(cw->w, ids[k], NULL, NULL) == C2D_OK) {
            continue;
        }
        lua_rawgeti(L, items, (int)i);
        forget_item(L, cw, i, lua_gettop(L), items, handles);
        lua_pop(L, 1);
        tmap_del(cw, ids[k]);
    }
}

/* Whether the argument at idx is a number, whole, from lo to hi; its value through v. */
static int whole_arg(lua_State *L, int idx, lua_Number lo, lua_Number hi, lua_Number *v)
{
    *v = lua_tonumber(L, idx);
    return lua_type(L, idx) == LUA_TNUMBER && *v == floor(*v) && *v >= lo && *v <= hi;
}

/* A layer id argument: a whole number naming a live layer of the world. */
static uint32_t want_layer(lua_State *L, const c2dl_world *cw, int idx, c2d_vec2d *origin,
                           c2d_vec2d *size, int32_t *cols, int32_t *rows)
{
    lua_Number v;
    if (!whole_arg(L, idx, 1, 4294967295.0, &v) ||
        c2d_world_get_tiles(cw->w, (uint32_t)v, cols, rows, origin, size) != C2D_OK) {
        luaL_error(L, "collide2d: %s is not a tile layer of this world", c2dl_tostring(L, idx));
    }
    return (uint32_t)v;
}

/* A tile code argument: a whole number from 0 to 2^32 - 1 of a known kind. */
static uint32_t want_code(lua_State *L, int idx, const char *what, lua_Integer k)
{
    lua_Number v;
    if (!whole_arg(L, idx, 0, 4294967295.0, &v) || ((uint32_t)v & C2D_TILE_KIND_MASK) >= TILE_KINDS) {
        if (k != 0) {
            luaL_error(L, "collide2d: %s[%d] must be a tile code (kind + tag * 256, kind 0 to 9), "
                          "but was %s",
                       what, (int)k, c2dl_tostring(L, idx));
        }
        luaL_error(L, "collide2d: %s must be a tile code (kind + tag * 256, kind 0 to 9), but was %s",
                   what, c2dl_tostring(L, idx));
    }
    return (uint32_t)v;
}

/* A tile's column or row argument (from 1), within n. */
static int32_t want_tile_index(lua_State *L, int idx, const char *what, int32_t n)
{
    lua_Number v;
    if (!whole_arg(L, idx, 1, n, &v)) {
        luaL_error(L, "collide2d: %s must be a whole number from 1 to %d, but was %s", what,
                   (int)n, c2dl_tostring(L, idx));
    }
    return (int32_t)v - 1;
}

/* The box of tiles [c0, c1) x [r0, r1) of a layer. */
static c2d_rectd tiles_box(c2d_vec2d origin, c2d_vec2d size, int32_t c0, int32_t r0, int32_t c1,
                           int32_t r1)
{
    c2d_rectd r;
    r.x = origin.x + c0 * size.x;
    r.y = origin.y + r0 * size.y;
    r.w = (c1 - c0) * size.x;
    r.h = (r1 - r0) * size.y;
    return r;
}

/* world:addTiles(codes, cols, rows, tileWidth[, tileHeight[, x, y]]) -> layer: a layer of
 * cols x rows tiles, codes[(row - 1) * cols + col] the code of tile (col, row) (kind +
 * tag * 256), tile (col, row) spanning x + (col - 1) * tileWidth .. x + col * tileWidth and
 * y + (row - 1) * tileHeight .. y + row * tileHeight. */
static int w_addTiles(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "addTiles", 7);
    lua_Number cols, rows;
    c2d_vec2d origin, size;
    uint32_t *codes, layer = 0;
    size_t n, k;
    c2d_status st;
    luaL_checktype(L, 2, LUA_TTABLE);
    if (!whole_arg(L, 3, 1, C2D_TILE_LAYER_MAX, &cols)) {
        luaL_error(L, "collide2d: cols must be a whole number from 1 to %d, but was %s",
                   (int)C2D_TILE_LAYER_MAX, c2dl_tostring(L, 3));
    }
    if (!whole_arg(L, 4, 1, floor(C2D_TILE_LAYER_MAX / cols), &rows)) {
        luaL_error(L, "collide2d: rows must be a whole number from 1 with cols * rows at most %d, "
                      "but was %s",
                   (int)C2D_TILE_LAYER_MAX, c2dl_tostring(L, 4));
    }
    size.x = want_size(L, 5, "tileWidth");
    size.y = lua_isnil(L, 6) ? size.x : want_size(L, 6, "tileHeight");
    origin.x = lua_isnil(L, 7) ? 0.0 : want_finite(L, 7, "x");
    origin.y = lua_isnil(L, 8) ? 0.0 : want_finite(L, 8, "y");
    n = (size_t)cols * (size_t)rows;
    codes = (uint32_t *)lua_newuserdata(L, n * sizeof *codes);
    for (k = 0; k < n; k++) {
        lua_rawgeti(L, 2, (int)k + 1);
        codes[k] = want_code(L, -1, "codes", (lua_Integer)k + 1);
        lua_pop(L, 1);
    }
    st = c2d_world_add_tiles(cw->w, codes, (int32_t)cols, (int32_t)rows, (size_t)cols, origin, size,
                             &layer);
    if (st != C2D_OK) {
        luaL_error(L, "collide2d: cannot add the tiles: %s", c2d_status_str(st));
    }
    adopt_tiles(L, cw, tiles_box(origin, size, 0, 0, (int32_t)cols, (int32_t)rows), W_ITEMS(7),
                W_HANDLES(7));
    lua_pushinteger(L, (lua_Integer)layer);
    return 1;
}

/* world:setTile(layer, col, row, code): the tile's code changes and the tiles around it merge
 * again; the proxies of replaced items leave the world with them. */
static int w_setTile(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "setTile", 4);
    c2d_vec2d origin, size;
    int32_t cols, rows, col, row;
    uint32_t layer = want_layer(L, cw, 2, &origin, &size, &cols, &rows), code;
    uint64_t *before;
    size_t n;
    c2d_rectd around;
    c2d_status st;
    col = want_tile_index(L, 3, "col", cols);
    row = want_tile_index(L, 4, "row", rows);
    code = want_code(L, 5, "code", 0);
    /* every item the edit can replace or make lies within a block's side of the tile */
    around = tiles_box(origin, size, col > TILE_BLOCK_MAX ? col - TILE_BLOCK_MAX : 0,
                       row > TILE_BLOCK_MAX ? row - TILE_BLOCK_MAX : 0,
                       cols - col > TILE_BLOCK_MAX ? col + TILE_BLOCK_MAX + 1 : cols,
                       rows - row > TILE_BLOCK_MAX ? row + TILE_BLOCK_MAX + 1 : rows);
    before = items_in(L, cw, around, &n);
    st = c2d_world_set_tile(cw->w, layer, col, row, code);
    if (st != C2D_OK) {
        luaL_error(L, "collide2d: cannot set the tile: %s", c2d_status_str(st));
    }
    drop_tiles(L, cw, before, n, W_ITEMS(4), W_HANDLES(4));
    adopt_tiles(L, cw, around, W_ITEMS(4), W_HANDLES(4));
    return 0;
}

/* world:getTile(layer, col, row) -> code */
static int w_getTile(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getTile", 3);
    c2d_vec2d origin, size;
    int32_t cols, rows, col, row;
    uint32_t layer = want_layer(L, cw, 2, &origin, &size, &cols, &rows), code = 0;
    col = want_tile_index(L, 3, "col", cols);
    row = want_tile_index(L, 4, "row", rows);
    c2d_world_get_tile(cw->w, layer, col, row, &code);
    lua_pushnumber(L, (lua_Number)code);
    return 1;
}

/* world:getTiles(layer) -> cols, rows, tileWidth, tileHeight, x, y */
static int w_getTiles(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getTiles", 1);
    c2d_vec2d origin, size;
    int32_t cols, rows;
    want_layer(L, cw, 2, &origin, &size, &cols, &rows);
    lua_pushinteger(L, (lua_Integer)cols);
    lua_pushinteger(L, (lua_Integer)rows);
    push_coord(L, size.x, 1);
    push_coord(L, size.y, 1);
    push_coord(L, origin.x, 1);
    push_coord(L, origin.y, 1);
    return 6;
}

/* world:removeTiles(layer): the layer and every item of it leave the world. */
static int w_removeTiles(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "removeTiles", 1);
    c2d_vec2d origin, size;
    int32_t cols, rows;
    uint32_t layer = want_layer(L, cw, 2, &origin, &size, &cols, &rows);
    size_t n;
    uint64_t *before = items_in(L, cw, tiles_box(origin, size, 0, 0, cols, rows), &n);
    c2d_world_remove_tiles(cw->w, layer);
    drop_tiles(L, cw, before, n, W_ITEMS(1), W_HANDLES(1));
    return 0;
}

#endif /* C2DL_UNITY */
