/* collide2d Lua module, the movement kit: one-way items, sensors and their events, slopes and
 * polygon items, ground state, moveGround, fits, pushOut, moveSolid. One part of lua/collide2d.c,
 * which includes the parts in order (see lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

/* ---- the movement kit: one-way items, ground state, fit, push-out, moving solids ----
 * Extensions beyond bump.lua, over c2d_world_set_one_way, _get_one_way, _ground,
 * _move_ground_d, _fits_d, _push_out_d and _move_solid_d (directions are signs, so no f32
 * rounding reaches a coordinate). Filters: see "the movement kit's filters" above. */

/* Raises the error of a kit call's status (bump.lua's text for an item no longer in the
 * world, the item at stack slot `item`). */
static void kit_status(lua_State *L, c2d_status st, int item)
{
    if (st == C2D_ERR_STALE) {
        luaL_error(L,
                   "Item %s must be added to the world before getting its rect. Use "
                   "world:add(item, x,y,w,h) to add it first.",
                   c2dl_tostring(L, item));
    } else if (st != C2D_OK) {
        luaL_error(L, "collide2d: %s", c2d_status_str(st));
    }
}

/* A filter argument: nil, a function or a value with a __call metamethod. */
static void want_filter(lua_State *L, int idx)
{
    if (lua_isnil(L, idx) || lua_isfunction(L, idx)) {
        return;
    }
    if (luaL_getmetafield(L, idx, "__call")) {
        lua_pop(L, 1);
        return;
    }
    {
        const char *tn = type_name(L, idx);
        luaL_error(L, "filter must be a function, but was %s(a %s)", c2dl_tostring(L, idx), tn);
    }
}

static float sign_of(lua_Number v)
{
    return v > 0 ? 1.0f : v < 0 ? -1.0f : 0.0f;
}

/* Arguments ix, iy as a direction along an axis (its signs): finite numbers, at most one of
 * them non-zero (`zero_ok`: both may be zero). `what` names it in the error. */
static c2d_vec2 want_axis(lua_State *L, int ix, int iy, const char *nx, const char *ny,
                          const char *what, int zero_ok)
{
    c2d_vec2 v;
    lua_Number x = want_finite(L, ix, nx), y = want_finite(L, iy, ny);
    if ((x != 0 && y != 0) || (!zero_ok && x == 0 && y == 0)) {
        const char *sx = c2dl_tostring(L, ix), *sy = c2dl_tostring(L, iy);
        luaL_error(L, "%s must point along an axis (one of %s, %s zero%s), but was %s, %s", what,
                   nx, ny,
                   zero_ok ? " or both" : ", the other not", sx, sy);
    }
    v.x = sign_of(x);
    v.y = sign_of(y);
    return v;
}

/* The up direction at arguments ix, iy: (0, -1), y-down screens, when both are nil. */
static c2d_vec2 want_up(lua_State *L, int ix, int iy)
{
    if (lua_isnil(L, ix) && lua_isnil(L, iy)) {
        c2d_vec2 up = {0.0f, -1.0f};
        return up;
    }
    return want_axis(L, ix, iy, "upX", "upY", "up", 0);
}

/* Pushes the item of handle id (nil when none). */
static void push_handle(lua_State *L, const c2dl_world *cw, int items, uint64_t id)
{
    push_index(L, items, id != 0 ? id_index(cw, id, NULL) : 0);
}

/* Pushes the ground table: onFloor, onCeiling, onLeft, onRight (booleans) and floor, ceiling,
 * left, right (the items, nil for none). */
static void push_ground(lua_State *L, const c2dl_world *cw, int items, const c2d_ground *g)
{
    lua_createtable(L, 0, 8);
    lua_pushboolean(L, (g->flags & C2D_ON_FLOOR) != 0);
    lua_setfield(L, -2, "onFloor");
    lua_pushboolean(L, (g->flags & C2D_ON_CEILING) != 0);
    lua_setfield(L, -2, "onCeiling");
    lua_pushboolean(L, (g->flags & C2D_ON_LEFT) != 0);
    lua_setfield(L, -2, "onLeft");
    lua_pushboolean(L, (g->flags & C2D_ON_RIGHT) != 0);
    lua_setfield(L, -2, "onRight");
    push_handle(L, cw, items, g->floor);
    lua_setfield(L, -2, "floor");
    push_handle(L, cw, items, g->ceiling);
    lua_setfield(L, -2, "ceiling");
    push_handle(L, cw, items, g->left);
    lua_setfield(L, -2, "left");
    push_handle(L, cw, items, g->right);
    lua_setfield(L, -2, "right");
}

/* world:setOneWay(item, nx, ny): item becomes one-way, (nx, ny) the outward normal of its solid
 * face along an axis (0, -1 for a jump-through platform in y-down screens); 0, 0 makes it solid
 * all round again. */
static int w_setOneWay(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "setOneWay", 3);
    size_t i = item_member(L, 2, W_HANDLES(3));
    c2d_vec2 n = want_axis(L, 3, 4, "nx", "ny", "the one-way normal", 1);
    kit_status(L, c2d_world_set_one_way(cw->w, cw->ids[i], n), 2);
    return 0;
}

/* world:getOneWay(item) -> nx, ny (0, 0 for an item solid all round) */
static int w_getOneWay(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getOneWay", 1);
    size_t i = item_member(L, 2, W_HANDLES(1));
    c2d_vec2 n = {0.0f, 0.0f};
    kit_status(L, c2d_world_get_one_way(cw->w, cw->ids[i], &n), 2);
    push_coord(L, n.x, 1);
    push_coord(L, n.y, 1);
    return 2;
}

/* ---- sensors: items that never block and say who came in and who left (over
 * c2d_world_set_sensor, _get_sensor and _events) ---- */

/* world:setSensor(item[, on]): the item becomes a sensor (on true or absent) or an ordinary
 * item again (on false). */
static int w_setSensor(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "setSensor", 2);
    size_t i = item_member(L, 2, W_HANDLES(2));
    int on = lua_isnil(L, 3) || lua_toboolean(L, 3);
    if (!lua_isnil(L, 3) && !lua_isboolean(L, 3)) {
        luaL_error(L, "bad argument #2 to 'setSensor' (boolean expected, got %s)",
                   type_name(L, 3));
    }
    kit_status(L, c2d_world_set_sensor(cw->w, cw->ids[i], on != 0), 2);
    cw->sensing |= on;
    return 0;
}

/* world:isSensor(item) -> boolean */
static int w_isSensor(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "isSensor", 1);
    size_t i = item_member(L, 2, W_HANDLES(1));
    bool on = false;
    kit_status(L, c2d_world_get_sensor(cw->w, cw->ids[i], &on), 2);
    lua_pushboolean(L, on);
    return 1;
}

/* Pushes the item of handle id: a live one, else one removed since the last events() (the
 * table at `departed`, 0 for none), else nil. */
static void push_event_item(lua_State *L, const c2dl_world *cw, int items, int departed,
                            uint64_t id)
{
    size_t i = id_index(cw, id, NULL);
    if (i != 0 || departed == 0) {
        push_index(L, items, i);
        return;
    }
    lua_pushlstring(L, (const char *)&id, sizeof id);
    lua_rawget(L, departed);
}

/* world:events() -> events, len: since the last call, each {sensor=, item=, kind="begin" or
 * "end", passed=boolean, removed=boolean}, in c2d_world_events' order. */
static int w_events(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "events", 0);
    int items = W_ITEMS(0), departed = 0, list, k, n;
    size_t count = c2d_world_events(cw->w, NULL, 0);
    c2d_event *ev;
    if (count > (size_t)INT_MAX / 2) {
        luaL_error(L, "not enough memory");
    }
    n = (int)count;
    /* Everything that may raise a memory error first, then the events are taken. */
    ev = (c2d_event *)lua_newuserdata(L, count * sizeof *ev + 1);
    lua_createtable(L, n, 0);
    list = lua_gettop(L);
    for (k = 1; k <= n; k++) {
        lua_createtable(L, 0, 5);
        lua_rawseti(L, list, k);
    }
    luaL_checkstack(L, 8, "collide2d");
    lua_rawgeti(L, items, UV_DEPARTED);
    if (lua_istable(L, -1)) {
        departed = lua_gettop(L);
    }
    count = c2d_world_events(cw->w, ev, count);
    for (k = 0; k < n && (size_t)k < count; k++) {
        lua_rawgeti(L, list, k + 1);
        push_event_item(L, cw, items, departed, ev[k].sensor);
        lua_setfield(L, -2, "sensor");
        push_event_item(L, cw, items, departed, ev[k].item);
        lua_setfield(L, -2, "item");
        lua_pushstring(L, ev[k].kind == C2D_EVENT_BEGIN ? "begin" : "end");
        lua_setfield(L, -2, "kind");
        lua_pushboolean(L, (ev[k].flags & C2D_EVENT_PASSED) != 0);
        lua_setfield(L, -2, "passed");
        lua_pushboolean(L, (ev[k].flags & C2D_EVENT_REMOVED) != 0);
        lua_setfield(L, -2, "removed");
        lua_pop(L, 1);
    }
    /* Every event that could name a removed item has been handed out. */
    if (departed != 0) {
        lua_pushnil(L);
        lua_rawseti(L, items, UV_DEPARTED);
    }
    lua_pushvalue(L, list);
    lua_pushinteger(L, n);
    return 2;
}

/* ---- slopes: items made slope tiles or convex polygons (over c2d_world_set_slope,
 * _set_shape_d and _shape_d) ---- */

/* world:setSlope(item, corner): the item becomes the right triangle filling half of its rect,
 * the right angle at corner "x0y0", "x1y0", "x0y1" or "x1y1" (x1: the high-x side, y1: the
 * high-y side; "x1y1" is a floor ramp rising to the right on a y-down screen). */
static int w_setSlope(lua_State *L)
{
    static const char *const names[] = {"x0y0", "x1y0", "x0y1", "x1y1", NULL};
    c2dl_world *cw = world_begin(L, "setSlope", 2);
    size_t i = item_member(L, 2, W_HANDLES(2));
    const char *name = lua_type(L, 3) == LUA_TSTRING ? lua_tostring(L, 3) : NULL;
    uint32_t corner = 0;
    while (name != NULL && names[corner] != NULL && strcmp(names[corner], name) != 0) {
        corner++;
    }
    if (name == NULL || names[corner] == NULL) {
        luaL_error(L,
                   "corner must be one of \"x0y0\", \"x1y0\", \"x0y1\", \"x1y1\", but was %s(a %s)",
                   c2dl_tostring(L, 3), type_name(L, 3));
    }
    kit_status(L, c2d_world_set_slope(cw->w, cw->ids[i], corner), 2);
    return 0;
}

/* The most points world:setShape reads (their hull keeps at most C2D_POLY_MAX). */
#define SHAPE_POINTS 64

/* world:setShape(item, points): the item becomes the convex hull of points {x1, y1, x2, y2, ...}
 * (world coordinates), its rect the hull's box; nil makes it a plain rect again. */
static int w_setShape(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "setShape", 2);
    size_t i = item_member(L, 2, W_HANDLES(2));
    c2d_vec2d pts[SHAPE_POINTS];
    size_t n = 0, k;
    int all_int = 1;
    if (lua_isnil(L, 3)) {
        kit_status(L, c2d_world_set_shape_d(cw->w, cw->ids[i], NULL, 0), 2);
        return 0;
    }
    luaL_checktype(L, 3, LUA_TTABLE);
    n = (size_t)c2dl_rawlen(L, 3);
    if (n % 2 != 0 || n / 2 > SHAPE_POINTS) {
        luaL_error(L, "points must be a list of x, y pairs (at most %d), but had %d numbers",
                   SHAPE_POINTS, (int)n);
    }
    for (k = 0; k < n; k++) {
        lua_Number v = 0;
        lua_rawgeti(L, 3, (int)k + 1);
        if (lua_type(L, -1) == LUA_TNUMBER) {
            v = lua_tonumber(L, -1);
        }
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
            luaL_error(L, "points[%d] must be a finite number, but was %s", (int)k + 1,
                       c2dl_tostring(L, -1));
        }
#if LUA_VERSION_NUM >= 503
        all_int &= lua_isinteger(L, -1);
#else
        all_int = 0;
#endif
        if (k % 2 == 0) {
            pts[k / 2].x = v;
        } else {
            pts[k / 2].y = v;
        }
        lua_pop(L, 1);
    }
    kit_status(L, c2d_world_set_shape_d(cw->w, cw->ids[i], pts, n / 2), 2);
    cw->ints[i] = (unsigned char)(all_int ? (INT_X | INT_Y | INT_W | INT_H) : 0);
    return 0;
}

/* world:getShape(item) -> {x1, y1, ...} (counter-clockwise in y-up terms), or nil for a plain
 * rect */
static int w_getShape(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getShape", 1);
    size_t i = item_member(L, 2, W_HANDLES(1));
    c2d_vec2d pts[C2D_POLY_MAX];
    size_t n = 0, k;
    kit_status(L, c2d_world_shape_d(cw->w, cw->ids[i], pts, C2D_POLY_MAX, &n), 2);
    if (n == 0) {
        lua_pushnil(L);
        return 1;
    }
    lua_createtable(L, (int)(2 * n), 0);
    for (k = 0; k < n; k++) {
        push_coord(L, pts[k].x, 1);
        lua_rawseti(L, -2, (int)(2 * k + 1));
        push_coord(L, pts[k].y, 1);
        lua_rawseti(L, -2, (int)(2 * k + 2));
    }
    return 1;
}

/* world:ground(item[, filter, upX, upY]) -> the ground table (see push_ground) */
static int w_ground(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "ground", 4);
    size_t i = item_member(L, 2, W_HANDLES(4));
    c2dl_kit_ctx m;
    c2d_ground g;
    c2d_filter_fn fn;
    c2d_vec2 up;
    c2d_status st;
    want_filter(L, 3);
    up = want_up(L, 4, 5);
    memset(&g, 0, sizeof g);
    fn = kit_begin(L, cw, &m, 3, W_ITEMS(4));
    st = c2d_world_ground(cw->w, cw->ids[i], up, fn, &m, &g);
    kit_end(L, &m);
    kit_status(L, st, 2);
    push_ground(L, cw, W_ITEMS(4), &g);
    return 1;
}

/* world:moveGround(item, goalX, goalY[, filter, upX, upY]) -> actualX, actualY, cols, len,
 * ground: world:move, then world:ground at the end, in one call. */
static int w_moveGround(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "moveGround", 6);
    size_t i = item_member(L, 2, W_HANDLES(6));
    c2d_vec2d goal;
    coerce_numbers(L, 3, 2);
    c2d_vec2 up;
    c2d_ground g;
    goal.x = want_finite(L, 3, "goalX");
    goal.y = want_finite(L, 4, "goalY");
    want_filter(L, 5);
    up = want_up(L, 6, 7);
    memset(&g, 0, sizeof g);
    /* move's stack layout: self, item, goalX, goalY, filter, items, handles */
    lua_settop(L, 5);
    c2dl_getuservalue(L, 1);
    lua_rawgeti(L, -1, UV_HANDLES);
    if (!cw->custom) {
        world_move_fast(L, cw, 1, i, goal, &up, &g);
    } else {
        /* bump.lua's loop in the binding, then the ground state where it ended */
        c2dl_kit_ctx m;
        c2d_filter_fn fn;
        c2d_rectd start;
        c2d_status st;
        int res;
        c2d_world_get_d(cw->w, cw->ids[i], &start, NULL);
        world_move_loop(L, cw, 1, i, goal);
        res = lua_gettop(L) - 3;
        i = item_member(L, 2, W_HANDLES(4));
        fn = kit_begin(L, cw, &m, 5, W_ITEMS(4));
        st = c2d_world_ground(cw->w, cw->ids[i], up, fn, &m, &g);
        if (m.failed) {
            c2d_world_update_d(cw->w, cw->ids[i], start); /* an error leaves the item in place */
        }
        kit_end(L, &m);
        kit_status(L, st, 2);
        lua_settop(L, res + 3);
    }
    push_ground(L, cw, W_ITEMS(4), &g);
    return 5;
}

/* world:fits(item, x, y[, w, h, filter]) -> whether the item placed at (x, y) with size (w, h)
 * (its own by default) would overlap no solid item; nothing moves. */
static int w_fits(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "fits", 6);
    size_t i = item_member(L, 2, W_HANDLES(6));
    c2dl_kit_ctx m;
    c2d_filter_fn fn;
    c2d_rectd r, now;
    c2d_status st;
    bool ok = false;
    c2d_world_get_d(cw->w, cw->ids[i], &now, NULL);
    if (lua_isnil(L, 5)) {
        lua_pushnumber(L, now.w);
        lua_replace(L, 5);
    }
    if (lua_isnil(L, 6)) {
        lua_pushnumber(L, now.h);
        lua_replace(L, 6);
    }
    r = want_rect(L, 3);
    want_filter(L, 7);
    fn = kit_begin(L, cw, &m, 7, W_ITEMS(6));
    st = c2d_world_fits_d(cw->w, cw->ids[i], r, fn, &m, &ok);
    kit_end(L, &m);
    kit_status(L, st, 2);
    lua_pushboolean(L, ok);
    return 1;
}

/* world:pushOut(item[, maxDistance, filter]) -> x, y: the item moved out of the solid items it
 * overlaps by the smallest displacement (unchanged when it overlaps none); nil, "stuck" (the
 * item left in place) when no clear position lies within maxDistance (default: any distance). */
static int w_pushOut(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "pushOut", 3);
    size_t i = item_member(L, 2, W_HANDLES(3));
    uint64_t id = cw->ids[i];
    c2dl_kit_ctx m;
    c2d_filter_fn fn;
    c2d_rectd start;
    c2d_vec2d actual;
    c2d_status st;
    double max = DBL_MAX;
    if (!lua_isnil(L, 3)) {
        lua_Number v = want_number(L, 3, "maxDistance");
        if (!(v >= 0)) {
            luaL_error(L, "maxDistance must be a number >= 0, but was %s", c2dl_tostring(L, 3));
        }
        if (v < DBL_MAX) {
            max = v;
        }
    }
    want_filter(L, 4);
    c2d_world_get_d(cw->w, id, &start, NULL);
    actual.x = start.x;
    actual.y = start.y;
    fn = kit_begin(L, cw, &m, 4, W_ITEMS(3));
    st = c2d_world_push_out_d(cw->w, id, max, fn, &m, &actual);
    if (m.failed && st == C2D_OK) {
        c2d_world_update_d(cw->w, id, start); /* an error leaves the item in place */
    }
    kit_end(L, &m);
    if (st == C2D_STUCK) {
        lua_pushnil(L);
        lua_pushliteral(L, "stuck");
        return 2;
    }
    kit_status(L, st, 2);
    push_coord(L, actual.x, actual.x == start.x && (cw->ints[i] & INT_X) != 0);
    push_coord(L, actual.y, actual.y == start.y && (cw->ints[i] & INT_Y) != 0);
    if (actual.x != start.x || actual.y != start.y) {
        cw->ints[i] &= (unsigned char)~((actual.x != start.x ? INT_X : 0u) |
                                        (actual.y != start.y ? INT_Y : 0u));
    }
    return 2;
}

/* moveSolid's report buffer: the world's spare (user value key UV_MOVED) when large enough,
 * taken while in use so that a moveSolid called from the filter gets its own; pushed. */

static c2d_moved *take_moved(lua_State *L, int items, size_t n)
{
    if (n > (size_t)-1 / sizeof(c2d_moved)) {
        luaL_error(L, "not enough memory");
    }
    lua_rawgeti(L, items, UV_MOVED);
    if (lua_type(L, -1) == LUA_TUSERDATA &&
        (size_t)c2dl_rawlen(L, -1) >= n * sizeof(c2d_moved)) {
        lua_pushnil(L);
        lua_rawseti(L, items, UV_MOVED);
        return (c2d_moved *)lua_touserdata(L, -1);
    }
    lua_pop(L, 1);
    return (c2d_moved *)lua_newuserdata(L, n * sizeof(c2d_moved));
}

/* world:moveSolid(item, dx, dy[, filter, upX, upY]) -> x, y, moved, len: the solid item (a lift,
 * a moving wall) moved by (dx, dy), nothing stopping it, carrying the items standing on it and
 * pushing those in its way; moved lists them as {item=, carried=, pushed=, squashed=}. */
static int w_moveSolid(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "moveSolid", 6);
    size_t i = item_member(L, 2, W_HANDLES(6));
    uint64_t id = cw->ids[i];
    c2dl_kit_ctx m;
    c2d_filter_fn fn;
    c2d_vec2d delta, actual;
    c2d_rectd start;
    c2d_vec2 up;
    c2d_moved *out;
    c2d_status st;
    size_t cap, count = 0, k;
    int buf, len = 0;
    unsigned int mask = INT_X | INT_Y | INT_W | INT_H;
    delta.x = want_finite(L, 3, "dx");
    delta.y = want_finite(L, 4, "dy");
    want_filter(L, 5);
    up = want_up(L, 6, 7);
    c2d_world_get_d(cw->w, id, &start, NULL);
    /* Every item reported is in the world when the move begins (or added by the filter during
     * it: the margin). */
    cap = c2d_world_count(cw->w) + 64;
    out = take_moved(L, W_ITEMS(6), cap);
    buf = lua_gettop(L);
    fn = kit_begin(L, cw, &m, 5, W_ITEMS(6));
    m.solid = id;
    st = c2d_world_move_solid_d(cw->w, id, delta, up, fn, &m, &actual, out, cap, &count);
    if (count > cap) {
        count = cap;
    }
    if (m.failed && st == C2D_OK) {
        /* An error puts everything back: the solid, and each item moved, where it was when the
         * solid's move asked about it (before it moved). */
        c2d_world_update_d(cw->w, id, start);
        for (k = 0; k < count; k++) {
            size_t s;
            for (s = 0; s < m.nsnaps; s++) {
                if (m.snaps[s].id == out[k].id) {
                    c2d_world_update_d(cw->w, out[k].id, m.snaps[s].rect);
                    break;
                }
            }
        }
    }
    kit_end(L, &m);
    kit_status(L, st, 2);
    /* A coordinate of the solid or of an item it moved stays an integer where the solid moved
     * by an integer (as Lua's own x + dx), as far as it holds a whole number. */
#if LUA_VERSION_NUM >= 503
    if (delta.x != 0 && !lua_isinteger(L, 3)) {
        mask &= ~INT_X;
    }
    if (delta.y != 0 && !lua_isinteger(L, 4)) {
        mask &= ~INT_Y;
    }
#endif
    cw->ints[i] &= (unsigned char)mask;
    push_coord(L, actual.x, (cw->ints[i] & INT_X) != 0);
    push_coord(L, actual.y, (cw->ints[i] & INT_Y) != 0);
    lua_createtable(L, (int)count, 0);
    for (k = 0; k < count; k++) {
        size_t oi = id_index(cw, out[k].id, NULL);
        if (oi == 0) {
            continue; /* removed by the filter */
        }
        cw->ints[oi] &= (unsigned char)mask;
        lua_createtable(L, 0, 4);
        lua_rawgeti(L, W_ITEMS(6), (int)oi);
        lua_setfield(L, -2, "item");
        lua_pushboolean(L, (out[k].what & C2D_CARRIED) != 0);
        lua_setfield(L, -2, "carried");
        lua_pushboolean(L, (out[k].what & C2D_PUSHED) != 0);
        lua_setfield(L, -2, "pushed");
        lua_pushboolean(L, (out[k].what & C2D_SQUASHED) != 0);
        lua_setfield(L, -2, "squashed");
        lua_rawseti(L, -2, ++len);
    }
    lua_pushinteger(L, len);
    if ((size_t)c2dl_rawlen(L, buf) <= C2DL_SPARE_MAX) {
        lua_pushvalue(L, buf);
        lua_rawseti(L, W_ITEMS(6), UV_MOVED); /* the spare for the next call */
    }
    return 4;
}

#endif /* C2DL_UNITY */
