/* collide2d Lua module, the world's move and check: the filters they run under lua_pcall and the
 * movement kit's filters. One part of lua/collide2d.c, which includes the parts in order (see
 * lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

/* ---- moves ---- */

/* The code of a built-in response name, compared with its length ("slide\0junk" is not
 * "slide"); C2D_IGNORE for any other string. */
static c2d_response response_code(const char *s, size_t n)
{
    c2d_response code;
    for (code = C2D_SLIDE; code <= C2D_BOUNCE; code++) {
        if (n == strlen(response_types[code]) && memcmp(s, response_types[code], n) == 0) {
            return code;
        }
    }
    return C2D_IGNORE;
}

/* Raises bump.lua's error for a response name it does not know (the value at idx), with every
 * byte of a string. */
static void unknown_response_error(lua_State *L, int idx)
{
    const char *tn;
    idx = idx < 0 ? lua_gettop(L) + idx + 1 : idx;
    tn = luaL_typename(L, idx);
    lua_pushliteral(L, "Unknown collision type: ");
    c2dl_tostring(L, idx);
    lua_pushfstring(L, " (%s)", tn);
    lua_concat(L, 3);
    lua_error(L);
}

/* Runs the filter trampoline pushed with its nargs arguments under lua_pcall: its response code,
 * or C2D_IGNORE with `*failed` set and the error kept at stack slot `err` (raised once the library
 * has returned). */
static c2d_response filter_pcall(lua_State *L, int nargs, int *failed, int err)
{
    c2d_response code;
    if (lua_pcall(L, nargs, 1, 0) != 0) {
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (msg != NULL && strstr(msg, "attempt to yield across") != NULL) {
            lua_pushliteral(L, "collide2d: a filter cannot yield (coroutine.yield): it runs "
                               "inside the library's move; yield after the move returns");
            lua_replace(L, -2);
        }
        *failed = 1;
        lua_replace(L, err);
        return C2D_IGNORE;
    }
    code = (c2d_response)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return code;
}

typedef struct {
    lua_State *L;
    c2dl_world *cw;
    int tramp, filter, item, items, answers, err; /* stack slots of the calling method */
    int failed, recorded;
    uint64_t other;
} c2dl_move_ctx;

/* Runs under lua_pcall: (ctx, filter, item, items, answers) -> response code. Calls
 * filter(item, other). An answer that names no response stops the move there as a touch would,
 * and is kept in `answers` under the other's index: the move raises bump.lua's "Unknown
 * collision type" once the library has returned, if that collision is the one it stopped at
 * (as bump.lua checks a name only when it resolves the collision). */
static int world_filter_call(lua_State *L)
{
    c2dl_move_ctx *m = (c2dl_move_ctx *)lua_touserdata(L, 1);
    size_t i = id_index(m->cw, m->other, NULL);
    c2d_response code = C2D_IGNORE;
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    push_index(L, 4, i);
    lua_call(L, 2, 1);
    if (lua_toboolean(L, -1)) {
        size_t n = 0;
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
        code = s != NULL ? response_code(s, n) : C2D_IGNORE;
        if (code == C2D_IGNORE) {
            code = C2D_TOUCH;
            if (i != 0) {
                lua_pushvalue(L, -1);
                lua_rawseti(L, 5, (int)i);
                m->recorded = 1;
            }
        }
    }
    lua_pushinteger(L, (lua_Integer)code);
    return 1;
}

/* The c2d_filter_fn: never lets a Lua error unwind through the library (see the section top).
 * Uses only stack slots reserved before the move and lua_pcall, which is protected. */
static c2d_response world_filter(uint64_t item, uint64_t other, void *ctx)
{
    c2dl_move_ctx *m = (c2dl_move_ctx *)ctx;
    lua_State *L = m->L;
    (void)item;
    if (m->failed) {
        return C2D_IGNORE;
    }
    m->other = other;
    lua_pushvalue(L, m->tramp);
    lua_pushlightuserdata(L, m);
    lua_pushvalue(L, m->filter);
    lua_pushvalue(L, m->item);
    lua_pushvalue(L, m->items);
    lua_pushvalue(L, m->answers);
    return filter_pcall(L, 5, &m->failed, m->err);
}

/* ---- the movement kit's filters ----
 * The kit's methods (setOneWay ... moveSolid, below) ask the same filter(item, other) as a move,
 * through their own trampoline: "slide", "touch" and "bounce" make the other item solid, "cross"
 * and false or nil do not, a response added with addResponse counts as "touch" (the library
 * resolves the kit's moves itself), and any other answer raises bump.lua's "Unknown collision
 * type" at once. As for a move, the filter runs under lua_pcall and its error is raised once the
 * library has returned, after the world is put back as it was. */

/* An item's rect when a solid's move first asked about it (to put it back after an error). */
typedef struct {
    uint64_t id;
    c2d_rectd rect;
} c2dl_snap;

typedef struct {
    lua_State *L;
    c2dl_world *cw;
    int tramp, filter, items, responses, err; /* stack slots of the calling method */
    int failed;
    uint64_t item, other;
    uint64_t solid;   /* moveSolid: the solid's handle (0 otherwise) */
    c2dl_snap *snaps; /* moveSolid: the rect of each item asked about against the solid */
    size_t nsnaps, capsnaps;
} c2dl_kit_ctx;

/* Runs under lua_pcall: (ctx, filter, items, responses) -> response code of filter(item,
 * other). */
static int kit_filter_call(lua_State *L)
{
    c2dl_kit_ctx *m = (c2dl_kit_ctx *)lua_touserdata(L, 1);
    c2d_response code = C2D_IGNORE;
    lua_pushvalue(L, 2);
    push_index(L, 3, id_index(m->cw, m->item, NULL));
    push_index(L, 3, id_index(m->cw, m->other, NULL));
    lua_call(L, 2, 1);
    if (lua_toboolean(L, -1)) {
        size_t n = 0;
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
        code = s != NULL ? response_code(s, n) : C2D_IGNORE;
        if (code == C2D_IGNORE) {
            int added = 0;
            if (lua_istable(L, 4)) {
                lua_pushvalue(L, -1);
                lua_rawget(L, 4);
                added = !lua_isnil(L, -1);
                lua_pop(L, 1);
            }
            if (!added) {
                unknown_response_error(L, -1);
            }
            code = C2D_TOUCH;
        }
    }
    lua_pushinteger(L, (lua_Integer)code);
    return 1;
}

/* Keeps item id's rect, the first time a solid's move asks about it (before it moves). */
static void kit_snap(c2dl_kit_ctx *m, uint64_t id)
{
    size_t k;
    c2d_rectd r;
    for (k = 0; k < m->nsnaps; k++) {
        if (m->snaps[k].id == id) {
            return;
        }
    }
    if (c2d_world_get_d(m->cw->w, id, &r, NULL) != C2D_OK) {
        return;
    }
    if (m->nsnaps == m->capsnaps) {
        size_t cap = m->capsnaps != 0 ? 2 * m->capsnaps : 16;
        c2dl_snap *s = (c2dl_snap *)realloc(m->snaps, cap * sizeof *s);
        if (s == NULL) {
            return;
        }
        m->snaps = s;
        m->capsnaps = cap;
    }
    m->snaps[m->nsnaps].id = id;
    m->snaps[m->nsnaps].rect = r;
    m->nsnaps++;
}

/* The c2d_filter_fn of the kit: never lets a Lua error unwind through the library. */
static c2d_response kit_filter(uint64_t item, uint64_t other, void *ctx)
{
    c2dl_kit_ctx *m = (c2dl_kit_ctx *)ctx;
    lua_State *L = m->L;
    if (m->failed) {
        return C2D_IGNORE;
    }
    if (m->solid != 0 && other == m->solid) {
        kit_snap(m, item);
    }
    m->item = item;
    m->other = other;
    lua_pushvalue(L, m->tramp);
    lua_pushlightuserdata(L, m);
    lua_pushvalue(L, m->filter);
    lua_pushvalue(L, m->items);
    lua_pushvalue(L, m->responses);
    return filter_pcall(L, 4, &m->failed, m->err);
}

/* Sets up m for a kit call with the filter at stack slot `filter` (nil: none) and the items
 * array at `items`, pushing the slots it uses; the C filter to pass (NULL for none). */
static c2d_filter_fn kit_begin(lua_State *L, c2dl_world *cw, c2dl_kit_ctx *m, int filter,
                               int items)
{
    memset(m, 0, sizeof *m);
    m->L = L;
    m->cw = cw;
    m->filter = filter;
    m->items = items;
    lua_rawgeti(L, items, UV_RESPONSES);
    m->responses = lua_gettop(L);
    lua_pushnil(L); /* the filter's error, if any */
    m->err = lua_gettop(L);
    lua_pushcfunction(L, kit_filter_call);
    m->tramp = lua_gettop(L);
    luaL_checkstack(L, 8, "collide2d");
    return lua_isnil(L, filter) ? NULL : kit_filter;
}

/* After the library has returned: frees m's memory and raises the filter's error, if any. */
static void kit_end(lua_State *L, c2dl_kit_ctx *m)
{
    free(m->snaps);
    m->snaps = NULL;
    m->nsnaps = m->capsnaps = 0;
    if (m->failed) {
        lua_pushvalue(L, m->err);
        lua_error(L);
    }
}

/* A move (commit) or check of the item at stack slot 2 toward goal (slots 3, 4) with the filter
 * at slot 5, through the library's own loop (the built-in responses). Pushes actualX, actualY,
 * cols, len. With `up` (moveGround; commit only), the move and then the ground state (into *g)
 * in one call, the filter asked as the kit asks it. */
static int world_move_fast(lua_State *L, c2dl_world *cw, int commit, size_t i, c2d_vec2d goal,
                           const c2d_vec2 *up, c2d_ground *g)
{
    c2dl_move_ctx m;
    c2d_world_hitd hits[C2D_MOVE_MAX_HITS];
    c2d_vec2d legs[C2D_MOVE_MAX_HITS], actual, leg_goal;
    c2d_rectd start, leg;
    c2d_status st;
    uint64_t id = cw->ids[i];
    size_t count = 0, k;
    int unknown = 0;
    unsigned int start_ints = cw->ints[i], leg_ints, goal_ints = int_bits(L, 3) & (INT_X | INT_Y);
    c2d_world_get_d(cw->w, id, &start, NULL);
    lua_rawgeti(L, W_ITEMS(4), UV_ANSWERS);
    m.answers = lua_gettop(L);
    lua_pushnil(L); /* the filter's error, if any */
    m.err = lua_gettop(L);
    lua_pushcfunction(L, world_filter_call);
    m.tramp = lua_gettop(L);
    luaL_checkstack(L, 8, "collide2d");
    m.L = L;
    m.cw = cw;
    m.filter = 5;
    m.item = 2;
    m.items = W_ITEMS(4);
    m.failed = 0;
    m.recorded = 0;
    m.other = 0;
    if (up != NULL) {
        c2dl_kit_ctx km;
        c2d_filter_fn fn = kit_begin(L, cw, &km, 5, W_ITEMS(4));
        st = c2d_world_move_ground_legs_d(cw->w, id, goal, *up, fn, &km, &actual, hits, legs,
                                          C2D_MOVE_MAX_HITS, &count, g);
        free(km.snaps);
        m.failed = km.failed;
        m.err = km.err;
    } else if (commit) {
        st = c2d_world_move_legs_d(cw->w, id, goal, lua_isnil(L, 5) ? NULL : world_filter, &m,
                                   &actual, hits, legs, C2D_MOVE_MAX_HITS, &count);
    } else {
        st = c2d_world_check_legs_d(cw->w, id, goal, lua_isnil(L, 5) ? NULL : world_filter, &m,
                                    &actual, hits, legs, C2D_MOVE_MAX_HITS, &count);
    }
    if (count > C2D_MOVE_MAX_HITS) {
        count = C2D_MOVE_MAX_HITS;
    }
    if (m.recorded) {
        if (st == C2D_OK && !m.failed && count > 0) {
            lua_rawgeti(L, m.answers, (int)id_index(cw, hits[count - 1].id, NULL));
            if (!lua_isnil(L, -1)) {
                unknown = lua_gettop(L);
            }
        }
        lua_newtable(L); /* a clean scratch table for the next move */
        lua_rawseti(L, W_ITEMS(4), UV_ANSWERS);
    }
    if (commit && (m.failed || unknown) && st == C2D_OK) {
        c2d_world_update_d(cw->w, id, start); /* an error leaves the item where it was */
    }
    if (m.failed) {
        lua_pushvalue(L, m.err);
        lua_error(L);
    }
    if (unknown) {
        unknown_response_error(L, unknown);
    }
    if (st == C2D_ERR_STALE) {
        luaL_error(L,
                   "Item %s must be added to the world before getting its rect. Use "
                   "world:add(item, x,y,w,h) to add it first.",
                   c2dl_tostring(L, 2));
    } else if (st != C2D_OK) {
        luaL_error(L, "collide2d: %s", c2d_status_str(st));
    }
    /* bump.lua's cols: each step's start and goal are where the responses before it sent the
     * mover, as the library reports them (and a coordinate stays an integer while it is the goal
     * given as one). */
    leg = start;
    leg_goal = goal;
    leg_ints = start_ints;
    lua_createtable(L, (int)count, 0);
    for (k = 0; k < count; k++) {
        const c2d_world_hitd *h = &hits[k];
        c2d_rectd other = {0, 0, 0, 0};
        size_t oi = id_index(cw, h->id, &other);
        c2d_response code = h->response >= C2D_SLIDE && h->response <= C2D_BOUNCE ? h->response
                                                                                   : C2D_TOUCH;
        lua_pushvalue(L, WK(response_keys[code]));
        push_col(L, h, 2, W_ITEMS(4), oi, -1, leg, leg_goal, other, leg_ints, goal_ints,
                 oi != 0 ? cw->ints[oi] : 0u);
        if (code == C2D_SLIDE || code == C2D_BOUNCE) {
            c2d_vec2d next = legs[k];
            /* as bump.lua's arithmetic types them: a slide keeps the goal's coordinate along
             * the face it met */
            if (code == C2D_BOUNCE || (leg_goal.x == leg.x && leg_goal.y == leg.y)) {
                goal_ints = 0;
            } else {
                goal_ints &= h->hit.normal.x != 0 ? ~INT_X : ~0u;
                goal_ints &= h->hit.normal.y != 0 ? ~INT_Y : ~0u;
            }
            wset_xy_ints(L, code == C2D_SLIDE ? WK_SLIDE : WK_BOUNCE, next.x, next.y, goal_ints);
            leg.x = h->hit.pos.x;
            leg.y = h->hit.pos.y;
            leg_ints &= INT_W | INT_H;
            leg_goal = next;
        } else if (code != C2D_CROSS) {
            goal_ints = 0; /* a touch ends at the contact */
        }
        lua_remove(L, -2);
        lua_rawseti(L, -2, (int)k + 1);
    }
    lua_pushinteger(L, (lua_Integer)count);
    /* actualX, actualY: integers where they are the last goal, given as integers */
    if (actual.x != leg_goal.x) {
        goal_ints &= ~INT_X;
    }
    if (actual.y != leg_goal.y) {
        goal_ints &= ~INT_Y;
    }
    if (commit && st == C2D_OK && id_index(cw, id, NULL) == i &&
        (actual.x != start.x || actual.y != start.y)) { /* bump.lua's update changes nothing else */
        cw->ints[i] = (unsigned char)((start_ints & (INT_W | INT_H)) | goal_ints);
    }
    push_coord(L, actual.x, (goal_ints & INT_X) != 0);
    lua_insert(L, -3);
    push_coord(L, actual.y, (goal_ints & INT_Y) != 0);
    lua_insert(L, -3);
    return 4;
}

/* The filter of bump.lua's check loop: false for an item already met (upvalue 1, a set), else
 * the user's filter (upvalue 2; nil: "slide"). */
static int visited_filter(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    if (lua_toboolean(L, -1)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    if (lua_isnil(L, lua_upvalueindex(2))) {
        lua_pushliteral(L, "slide");
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 1);
    return 1;
}

/* A move or check with responses added by addResponse: bump.lua's loop, here, over project and
 * the response functions. Each response gets the position its collision was projected from
 * (where the item is on its path), and a name no response answers is bump.lua's error. Pushes
 * actualX, actualY, cols, len; a move then puts the item at the end. */
static int world_move_loop(lua_State *L, c2dl_world *cw, int commit, size_t i, c2d_vec2d goal)
{
    c2d_rectd r;
    int visited, filter, cols, gx, gy, projected, responses, n = 0;
    c2d_world_get_d(cw->w, cw->ids[i], &r, NULL);
    lua_rawgeti(L, W_ITEMS(4), UV_RESPONSES);
    responses = lua_gettop(L);
    lua_newtable(L);
    visited = lua_gettop(L);
    lua_pushvalue(L, 2);
    lua_pushboolean(L, 1);
    lua_rawset(L, visited);
    lua_pushvalue(L, visited);
    lua_pushvalue(L, 5);
    lua_pushcclosure(L, visited_filter, 2);
    filter = lua_gettop(L);
    lua_newtable(L);
    cols = lua_gettop(L);
    lua_pushnumber(L, goal.x);
    gx = lua_gettop(L);
    lua_pushnumber(L, goal.y);
    gy = lua_gettop(L);
    /* world:project(item, x, y, w, h, goalX, goalY, visitedFilter) */
    lua_pushvalue(L, WK(WK_PROJECT));
    lua_gettable(L, 1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushnumber(L, r.x);
    lua_pushnumber(L, r.y);
    lua_pushnumber(L, r.w);
    lua_pushnumber(L, r.h);
    lua_pushvalue(L, gx);
    lua_pushvalue(L, gy);
    lua_pushvalue(L, filter);
    lua_call(L, 9, 2);
    projected = lua_gettop(L) - 1;
    while (lua_tointeger(L, projected + 1) > 0 && n < C2D_MOVE_MAX_HITS) {
        int col, builtin = 0;
        lua_rawgeti(L, projected, 1);
        col = lua_gettop(L);
        lua_pushvalue(L, col);
        lua_rawseti(L, cols, ++n);
        /* the response of col.type: this world's own, else a built-in one */
        lua_pushvalue(L, WK(WK_TYPE));
        lua_gettable(L, col);
        lua_pushnil(L);
        if (!lua_isnil(L, responses) && !lua_isnil(L, -2)) {
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            lua_rawget(L, responses);
        }
        if (lua_isnil(L, -1) && lua_type(L, -2) == LUA_TSTRING) {
            size_t len;
            const char *s = lua_tolstring(L, -2, &len);
            c2d_response code = response_code(s, len);
            if (code != C2D_IGNORE) {
                lua_pop(L, 1);
                lua_pushvalue(L, -1);
                lua_rawget(L, W_BUILTINS);
                builtin = code != C2D_CROSS;
            }
        }
        if (lua_isnil(L, -1)) {
            unknown_response_error(L, -2);
        }
        /* An item crossed, left from inside or met through a response of the game's own is met
         * once per move, as bump.lua meets every item; one a built-in response stopped against
         * stays solid, so a second bounce off it is met again (as the library's moves do) rather
         * than let through. */
        lua_pushvalue(L, WK(WK_OVERLAPS));
        lua_gettable(L, col);
        if (!builtin || lua_toboolean(L, -1)) {
            lua_pushvalue(L, WK(WK_OTHER));
            lua_gettable(L, col);
            lua_pushboolean(L, 1);
            lua_rawset(L, visited);
        }
        lua_pop(L, 1);
        /* response(world, col, x, y, w, h, goalX, goalY, visitedFilter) */
        lua_pushvalue(L, 1);
        lua_pushvalue(L, col);
        lua_pushvalue(L, WK(WK_ITEMRECT));
        lua_gettable(L, col);
        lua_pushvalue(L, WK(WK_X));
        lua_gettable(L, -2);
        lua_pushvalue(L, WK(WK_Y));
        lua_gettable(L, -3);
        lua_remove(L, -3);
        lua_pushnumber(L, r.w);
        lua_pushnumber(L, r.h);
        lua_pushvalue(L, gx);
        lua_pushvalue(L, gy);
        lua_pushvalue(L, filter);
        lua_call(L, 9, 4);
        lua_replace(L, projected + 1);
        lua_replace(L, projected);
        lua_replace(L, gy);
        lua_replace(L, gx);
        lua_settop(L, projected + 1);
    }
    if (commit) {
        /* bump.lua's move: world:update(item, goalX, goalY) after the check */
        c2d_rectd to, now;
        i = item_member(L, 2, W_HANDLES(4)); /* a response may have removed it */
        c2d_world_get_d(cw->w, cw->ids[i], &now, NULL);
        to = now;
        to.x = want_finite(L, gx, "x");
        to.y = want_finite(L, gy, "y");
        if (to.x != now.x || to.y != now.y) { /* bump.lua's update changes nothing else */
            c2d_world_update_d(cw->w, cw->ids[i], to);
            cw->ints[i] = (unsigned char)((cw->ints[i] & (INT_W | INT_H)) |
                                          (int_bits(L, gx) & (INT_X | INT_Y))); /* gy: gx + 1 */
        }
    }
    lua_pushvalue(L, gx);
    lua_pushvalue(L, gy);
    lua_pushvalue(L, cols);
    lua_pushinteger(L, n);
    return 4;
}

static int world_move(lua_State *L, const char *fn, int commit)
{
    c2dl_world *cw = world_begin(L, fn, 4);
    size_t i = item_member(L, 2, W_HANDLES(4));
    c2d_vec2d goal;
    coerce_numbers(L, 3, 2);
    goal.x = want_finite(L, 3, "goalX");
    goal.y = want_finite(L, 4, "goalY");
    if (cw->custom) {
        return world_move_loop(L, cw, commit, i, goal);
    }
    return world_move_fast(L, cw, commit, i, goal, NULL, NULL);
}

/* world:move(item, goalX, goalY[, filter]) -> actualX, actualY, cols, len */
static int w_move(lua_State *L)
{
    return world_move(L, "move", 1);
}

/* world:check(item, goalX, goalY[, filter]) -> actualX, actualY, cols, len, leaving the item
 * where it was. */
static int w_check(lua_State *L)
{
    return world_move(L, "check", 0);
}

#endif /* C2DL_UNITY */
