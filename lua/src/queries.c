/* collide2d Lua module, the world's queries (queryRect, queryPoint, querySegment[WithCoords]), the
 * collisions moves report, project and bump.lua's responses (collide2d.responses). One part of
 * lua/collide2d.c, which includes the parts in order (see lua/README.md); compiled on its own this
 * file is empty. */
#ifdef C2DL_UNITY

/* ---- queries ---- */

/* Handles a query found: `small` when they fit, else a userdata buffer left on the stack. */
#define C2DL_QUERY_SMALL 64

/* Pushes the items at indices idx[0..n) as an array, then keeps those the filter at stack index
 * filter (nil: all) returns true for, and pushes the count. Every item is looked up before the
 * filter runs, so a filter that changes the world never sees a nil. */
static int push_items(lua_State *L, const size_t *idx, size_t n, int items, int filter)
{
    size_t i;
    int len = 0, t;
    lua_createtable(L, (int)n, 0);
    t = lua_gettop(L);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, items, (int)idx[i]);
        lua_rawseti(L, t, (int)i + 1);
    }
    if (lua_isnil(L, filter)) {
        lua_pushinteger(L, (lua_Integer)n);
        return 2;
    }
    for (i = 1; i <= n; i++) {
        lua_pushvalue(L, filter);
        lua_rawgeti(L, t, (int)i);
        lua_call(L, 1, 1);
        if (lua_toboolean(L, -1)) {
            lua_rawgeti(L, t, (int)i);
            lua_rawseti(L, t, ++len);
        }
        lua_pop(L, 1);
    }
    for (i = (size_t)len + 1; i <= n; i++) {
        lua_pushnil(L);
        lua_rawseti(L, t, (int)i);
    }
    lua_pushinteger(L, len);
    return 2;
}

/* A buffer of n elements of `size`: `small` when n <= C2DL_QUERY_SMALL, else a userdata left on
 * the stack. */
static void *query_buffer(lua_State *L, void *small, size_t n, size_t size)
{
    if (n <= C2DL_QUERY_SMALL) {
        return small;
    }
    if (n > (size_t)-1 / size) {
        luaL_error(L, "not enough memory");
    }
    return lua_newuserdata(L, n * size);
}

/* world:queryRect(x, y, w, h[, filter]) -> items, len: the items whose box strictly overlaps. */
static int w_queryRect(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "queryRect", 5);
    uint64_t small[C2DL_QUERY_SMALL], *ids = small;
    size_t small_idx[C2DL_QUERY_SMALL], *idx;
    c2d_rectd r = want_rect(L, 2);
    size_t n = c2d_world_query_rect_d(cw->w, r, UINT64_MAX, small, C2DL_QUERY_SMALL), i;
    if (n > C2DL_QUERY_SMALL) {
        ids = (uint64_t *)query_buffer(L, small, n, sizeof *ids);
        n = c2d_world_query_rect_d(cw->w, r, UINT64_MAX, ids, n);
    }
    idx = (size_t *)query_buffer(L, small_idx, n, sizeof *idx);
    for (i = 0; i < n; i++) {
        idx[i] = id_index(cw, ids[i], NULL);
    }
    return push_items(L, idx, n, W_ITEMS(5), 6);
}

/* bump.lua's margin for a point inside a box. */
#define C2DL_DELTA 1e-10

/* world:queryPoint(x, y[, filter]) -> items, len: the items whose box contains the point by more
 * than bump.lua's margin of 1e-10. */
static int w_queryPoint(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "queryPoint", 3);
    coerce_numbers(L, 2, 2);
    uint64_t small[C2DL_QUERY_SMALL], *ids = small;
    size_t small_idx[C2DL_QUERY_SMALL], *idx;
    c2d_vec2d p;
    size_t n, i, k = 0;
    p.x = want_number(L, 2, "x");
    p.y = want_number(L, 3, "y");
    n = c2d_world_query_point_d(cw->w, p, UINT64_MAX, small, C2DL_QUERY_SMALL);
    if (n > C2DL_QUERY_SMALL) {
        ids = (uint64_t *)query_buffer(L, small, n, sizeof *ids);
        n = c2d_world_query_point_d(cw->w, p, UINT64_MAX, ids, n);
    }
    idx = (size_t *)query_buffer(L, small_idx, n, sizeof *idx);
    for (i = 0; i < n; i++) {
        c2d_rectd r;
        size_t j = id_index(cw, ids[i], &r);
        if (p.x - r.x > C2DL_DELTA && p.y - r.y > C2DL_DELTA && r.x + r.w - p.x > C2DL_DELTA &&
            r.y + r.h - p.y > C2DL_DELTA) {
            idx[k++] = j;
        }
    }
    return push_items(L, idx, k, W_ITEMS(3), 4);
}

/* Where the line (x1, y1) + t (x2 - x1, y2 - y1) is inside the closed box r, clipped to
 * [*t0, *t1] (Liang and Barsky's clip, sides in the order left, right, top, bottom, with the
 * strict tests bump.lua uses, so that every t is bump.lua's to the last bit). Returns 0 when the
 * clipped line misses the box. */
static int clip_line(c2d_rectd r, double x1, double y1, double x2, double y2, double *t0,
                     double *t1)
{
    double dx = x2 - x1, dy = y2 - y1;
    double p[4], q[4];
    int k;
    p[0] = -dx;
    q[0] = x1 - r.x;
    p[1] = dx;
    q[1] = r.x + r.w - x1;
    p[2] = -dy;
    q[2] = y1 - r.y;
    p[3] = dy;
    q[3] = r.y + r.h - y1;
    for (k = 0; k < 4; k++) {
        if (p[k] == 0) {
            if (q[k] <= 0) {
                return 0;
            }
        } else {
            double t = q[k] / p[k];
            if (p[k] < 0) {
                if (t > *t1) {
                    return 0;
                }
                if (t > *t0) {
                    *t0 = t;
                }
            } else {
                if (t < *t0) {
                    return 0;
                }
                if (t < *t1) {
                    *t1 = t;
                }
            }
        }
    }
    return 1;
}

typedef struct {
    size_t index; /* the item's */
    size_t order; /* its place in the library's answer: ties keep it */
    double ti1, ti2, weight;
} c2dl_seg_info;

static int seg_info_cmp(const void *a, const void *b)
{
    const c2dl_seg_info *p = (const c2dl_seg_info *)a, *q = (const c2dl_seg_info *)b;
    if (p->weight != q->weight) {
        return p->weight < q->weight ? -1 : 1;
    }
    return p->order < q->order ? -1 : (p->order > q->order ? 1 : 0);
}

/* The items of a segment query as bump.lua lists them: those whose box the open segment enters
 * or leaves (a segment that only touches an edge or a corner, or lies wholly inside a box, does
 * not count), sorted by where the segment's line enters the box. Returns the infos (in `small`
 * or a userdata left on the stack) and sets *n; the segment goes to seg[4]. */
static c2dl_seg_info *segment_infos(lua_State *L, c2dl_world *cw, c2dl_seg_info *small, size_t *n,
                                    double seg[4])
{
    c2d_world_hitd hsmall[C2DL_QUERY_SMALL], *hits = hsmall;
    c2dl_seg_info *out;
    c2d_segmentd s;
    size_t count, i, k = 0;
    coerce_numbers(L, 2, 4);
    seg[0] = want_number(L, 2, "x1");
    seg[1] = want_number(L, 3, "y1");
    seg[2] = want_number(L, 4, "x2");
    seg[3] = want_number(L, 5, "y2");
    s.a.x = seg[0];
    s.a.y = seg[1];
    s.b.x = seg[2];
    s.b.y = seg[3];
    count = c2d_world_query_segment_d(cw->w, s, UINT64_MAX, hsmall, C2DL_QUERY_SMALL);
    if (count > C2DL_QUERY_SMALL) {
        hits = (c2d_world_hitd *)query_buffer(L, hsmall, count, sizeof *hits);
        count = c2d_world_query_segment_d(cw->w, s, UINT64_MAX, hits, count);
    }
    out = (c2dl_seg_info *)query_buffer(L, small, count, sizeof *out);
    for (i = 0; i < count; i++) {
        c2d_rectd r;
        double ti1 = 0, ti2 = 1, li1 = -HUGE_VAL, li2 = HUGE_VAL;
        size_t j = id_index(cw, hits[i].id, &r);
        if (j == 0 || !clip_line(r, seg[0], seg[1], seg[2], seg[3], &ti1, &ti2) ||
            !((0 < ti1 && ti1 < 1) || (0 < ti2 && ti2 < 1))) {
            continue;
        }
        clip_line(r, seg[0], seg[1], seg[2], seg[3], &li1, &li2);
        out[k].index = j;
        out[k].order = k;
        out[k].ti1 = ti1;
        out[k].ti2 = ti2;
        out[k].weight = li1 < li2 ? li1 : li2;
        k++;
    }
    qsort(out, k, sizeof *out, seg_info_cmp);
    *n = k;
    return out;
}

/* world:querySegment(x1, y1, x2, y2[, filter]) -> items, len: the items the segment passes
 * through, nearest first. */
static int w_querySegment(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "querySegment", 5);
    c2dl_seg_info small[C2DL_QUERY_SMALL], *infos;
    size_t small_idx[C2DL_QUERY_SMALL], *idx;
    double seg[4];
    size_t n, i;
    infos = segment_infos(L, cw, small, &n, seg);
    idx = (size_t *)query_buffer(L, small_idx, n, sizeof *idx);
    for (i = 0; i < n; i++) {
        idx[i] = infos[i].index;
    }
    return push_items(L, idx, n, W_ITEMS(5), 6);
}

/* world:querySegmentWithCoords(x1, y1, x2, y2[, filter]) -> infos, len: per item the segment
 * passes through, nearest first, {item=, ti1=, ti2=, x1=, y1=, x2=, y2=}: where the segment
 * enters (ti1, x1, y1) and leaves (ti2, x2, y2) the item's box, as fractions of the segment (in
 * [0, 1]) and points. Boxes are read before the filter runs. */
static int w_querySegmentWithCoords(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "querySegmentWithCoords", 5);
    c2dl_seg_info small[C2DL_QUERY_SMALL], *infos;
    double seg[4], dx, dy;
    size_t n, i;
    int len = 0, found;
    infos = segment_infos(L, cw, small, &n, seg);
    dx = seg[2] - seg[0];
    dy = seg[3] - seg[1];
    lua_createtable(L, (int)n, 0); /* the items, looked up before any filter runs */
    found = lua_gettop(L);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, W_ITEMS(5), (int)infos[i].index);
        lua_rawseti(L, found, (int)i + 1);
    }
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, found, (int)i + 1);
        if (!lua_isnil(L, 6)) {
            lua_pushvalue(L, 6);
            lua_pushvalue(L, -2);
            lua_call(L, 1, 1);
            if (!lua_toboolean(L, -1)) {
                lua_pop(L, 2);
                continue;
            }
            lua_pop(L, 1);
        }
        lua_createtable(L, 0, 7);
        wset_value(L, WK_ITEM, -2);
        wset_num(L, WK_TI1, infos[i].ti1);
        wset_num(L, WK_TI2, infos[i].ti2);
        wset_num(L, WK_X1, seg[0] + dx * infos[i].ti1);
        wset_num(L, WK_Y1, seg[1] + dy * infos[i].ti1);
        wset_num(L, WK_X2, seg[0] + dx * infos[i].ti2);
        wset_num(L, WK_Y2, seg[1] + dy * infos[i].ti2);
        lua_remove(L, -2);
        lua_rawseti(L, -2, ++len);
    }
    lua_pushinteger(L, len);
    return 2;
}

/* ---- collisions ---- */

/* Pushes bump.lua's collision table for hit h of `item` (at stack index item) moving from
 * `from` (with the size of `from`) toward `goal`: other (the item at other_idx of the items
 * table), type (the value at type_idx), overlaps, ti, move, normal, touch, itemRect, otherRect. */
static void push_col(lua_State *L, const c2d_world_hitd *h, int item, int items, size_t other_idx,
                     int type_idx, c2d_rectd from, c2d_vec2d goal, c2d_rectd other,
                     unsigned int from_ints, unsigned int goal_ints, unsigned int other_ints)
{
    unsigned int move_ints = from_ints & goal_ints & (INT_X | INT_Y);
    type_idx = type_idx < 0 ? lua_gettop(L) + type_idx + 1 : type_idx;
    lua_createtable(L, 0, 12);
    wset_value(L, WK_ITEM, item);
    lua_pushvalue(L, WK(WK_OTHER));
    push_index(L, items, other_idx);
    lua_rawset(L, -3);
    wset_value(L, WK_TYPE, type_idx);
    lua_pushvalue(L, WK(WK_OVERLAPS));
    lua_pushboolean(L, h->overlaps);
    lua_rawset(L, -3);
    wset_num(L, WK_TI, h->hit.t);
    wset_xy_ints(L, WK_MOVE, goal.x - from.x, goal.y - from.y, move_ints);
    wset_xy_ints(L, WK_NORMAL, h->hit.normal.x, h->hit.normal.y, INT_X | INT_Y);
    wset_xy(L, WK_TOUCH, h->hit.pos.x, h->hit.pos.y);
    wset_rect_ints(L, WK_ITEMRECT, from, from_ints);
    wset_rect_ints(L, WK_OTHERRECT, other, other_ints);
}

/* world:project(item, x, y, w, h[, goalX, goalY, filter]) -> cols, len: every item a box at
 * (x, y, w, h) moving straight to (goalX, goalY) would meet, as bump.lua's project lists them
 * (items it overlaps first, the deepest first, then by time); item need not be in the world and
 * nothing moves. filter(item, other) names each one's response (its `type`; false or nil leaves
 * it out; none: "slide"); it runs after the library has answered, so it may change the world
 * (an item it removes, itself or another, is left out). */
static int w_project(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "project", 8);
    c2d_world_hitd small[C2DL_QUERY_SMALL], *hits = small;
    c2d_rectd small_rects[C2DL_QUERY_SMALL], *others;
    size_t small_idx[C2DL_QUERY_SMALL], *idx;
    c2d_rectd r;
    c2d_vec2d goal;
    size_t count = 0, i, item_i;
    uint64_t id = 0;
    int len = 0, found;
    unsigned int from_ints, goal_ints;
    coerce_numbers(L, 7, 2);
    r = want_rect(L, 3);
    from_ints = int_bits(L, 3);
    goal.x = lua_isnil(L, 7) ? r.x : want_finite(L, 7, "goalX");
    goal.y = lua_isnil(L, 8) ? r.y : want_finite(L, 8, "goalY");
    goal_ints = from_ints & (INT_X | INT_Y);
#if LUA_VERSION_NUM >= 503
    if (!lua_isnil(L, 7)) {
        goal_ints = (goal_ints & ~INT_X) | (lua_isinteger(L, 7) ? INT_X : 0u);
    }
    if (!lua_isnil(L, 8)) {
        goal_ints = (goal_ints & ~INT_Y) | (lua_isinteger(L, 8) ? INT_Y : 0u);
    }
#endif
    item_i = item_index(L, 2, W_HANDLES(8));
    if (item_i != 0) {
        id = cw->ids[item_i];
    }
    c2d_world_project_d(cw->w, id, r, goal, NULL, NULL, small, C2DL_QUERY_SMALL, &count);
    if (count > C2DL_QUERY_SMALL) {
        hits = (c2d_world_hitd *)query_buffer(L, small, count, sizeof *hits);
        c2d_world_project_d(cw->w, id, r, goal, NULL, NULL, hits, count, &count);
    }
    others = (c2d_rectd *)query_buffer(L, small_rects, count, sizeof *others);
    idx = (size_t *)query_buffer(L, small_idx, count, sizeof *idx);
    for (i = 0; i < count; i++) {
        idx[i] = id_index(cw, hits[i].id, &others[i]);
    }
    lua_createtable(L, (int)count, 0); /* the others, looked up before any filter runs */
    found = lua_gettop(L);
    for (i = 0; i < count; i++) {
        lua_rawgeti(L, W_ITEMS(8), (int)idx[i]);
        lua_rawseti(L, found, (int)i + 1);
    }
    lua_createtable(L, (int)count, 0);
    for (i = 0; i < count; i++) {
        if (lua_isnil(L, 9)) {
            lua_pushvalue(L, WK(WK_SLIDE));
        } else {
            lua_pushvalue(L, 9);
            lua_pushvalue(L, 2);
            lua_rawgeti(L, found, (int)i + 1);
            lua_call(L, 2, 1);
            if (!lua_toboolean(L, -1)) {
                lua_pop(L, 1);
                continue;
            }
        }
        if (c2d_world_get_d(cw->w, hits[i].id, NULL, NULL) != C2D_OK) {
            lua_pop(L, 1); /* removed by a filter: no longer there to meet */
            continue;
        }
        push_col(L, &hits[i], 2, found, i + 1, -1, r, goal, others[i], from_ints, goal_ints,
                 idx[i] != 0 ? cw->ints[idx[i]] : 0u);
        lua_remove(L, -2);
        lua_rawseti(L, -2, ++len);
    }
    lua_pushinteger(L, len);
    return 2;
}

/* ---- responses (bump.responses): (world, col, x, y, w, h, goalX, goalY, filter) ->
 * goalX, goalY, cols, len ---- */

/* col[key][sub] as a number (0 when absent); col at stack index 2. */
static lua_Number col_num(lua_State *L, int key, int sub)
{
    lua_Number v;
    lua_pushvalue(L, WK(key));
    lua_gettable(L, 2);
    lua_pushvalue(L, WK(sub));
    lua_gettable(L, -2);
    v = lua_tonumber(L, -1);
    lua_pop(L, 2);
    return v;
}

/* Pushes col[key][sub], col at stack index 2, and returns its stack index. */
static int push_col_field(lua_State *L, int key, int sub)
{
    lua_pushvalue(L, WK(key));
    lua_gettable(L, 2);
    lua_pushvalue(L, WK(sub));
    lua_gettable(L, -2);
    lua_remove(L, -2);
    return lua_gettop(L);
}

/* Calls world:project(col.item, x, y, w, h, goalX, goalY, filter) with x, y, goalX, goalY the
 * values at those stack indices (kept as they are, integers included) and the rest from the
 * response's arguments; leaves cols, len on the stack. */
static void response_project(lua_State *L, int x, int y, int gx, int gy)
{
    lua_pushvalue(L, WK(WK_PROJECT));
    lua_gettable(L, 1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, WK(WK_ITEM));
    lua_gettable(L, 2);
    lua_pushvalue(L, x);
    lua_pushvalue(L, y);
    lua_pushvalue(L, 5);
    lua_pushvalue(L, 6);
    lua_pushvalue(L, gx);
    lua_pushvalue(L, gy);
    lua_pushvalue(L, 9);
    lua_call(L, 9, 2);
}

/* touch: stays at the contact; nothing more is met. */
static int r_touch(lua_State *L)
{
    lua_settop(L, 9);
    push_col_field(L, WK_TOUCH, WK_X);
    push_col_field(L, WK_TOUCH, WK_Y);
    lua_newtable(L);
    lua_pushinteger(L, 0);
    return 4;
}

/* cross: goes on to the goal, meeting what lies beyond. */
static int r_cross(lua_State *L)
{
    int gx, gy;
    lua_settop(L, 9);
    gx = lua_isnil(L, 7) ? 3 : 7;
    gy = lua_isnil(L, 8) ? 4 : 8;
    lua_pushvalue(L, gx);
    lua_pushvalue(L, gy);
    response_project(L, 3, 4, gx, gy);
    return 4;
}

/* slide and bounce: from the contact, the rest of the motion along the face (slide) or
 * reflected off it (bounce); col.slide or col.bounce is the new goal. A coordinate that keeps
 * the goal's value keeps its Lua value (an integer stays one), as bump.lua's does. */
static int redirect(lua_State *L, int bounce)
{
    int gx, gy, tx, ty, moving;
    lua_Number nx;
    lua_settop(L, 9);
    gx = lua_isnil(L, 7) ? 3 : 7;
    gy = lua_isnil(L, 8) ? 4 : 8;
    tx = push_col_field(L, WK_TOUCH, WK_X);
    ty = push_col_field(L, WK_TOUCH, WK_Y);
    moving = col_num(L, WK_MOVE, WK_X) != 0 || col_num(L, WK_MOVE, WK_Y) != 0;
    nx = col_num(L, WK_NORMAL, WK_X);
    if (!bounce) {
        if (moving) {
            if (nx != 0) {
                gx = tx;
            } else {
                gy = ty;
            }
        }
    } else if (moving) {
        lua_Number t_x = lua_tonumber(L, tx), t_y = lua_tonumber(L, ty);
        lua_Number bnx = lua_tonumber(L, gx) - t_x, bny = lua_tonumber(L, gy) - t_y;
        if (nx == 0) {
            bny = -bny;
        } else {
            bnx = -bnx;
        }
        lua_pushnumber(L, t_x + bnx);
        gx = lua_gettop(L);
        lua_pushnumber(L, t_y + bny);
        gy = lua_gettop(L);
    } else {
        gx = tx;
        gy = ty;
    }
    lua_pushvalue(L, WK(bounce ? WK_BOUNCE : WK_SLIDE));
    lua_createtable(L, 0, 2);
    wset_value(L, WK_X, gx);
    wset_value(L, WK_Y, gy);
    lua_settable(L, 2);
    lua_pushvalue(L, gx);
    lua_pushvalue(L, gy);
    response_project(L, tx, ty, gx, gy);
    return 4;
}

static int r_slide(lua_State *L)
{
    return redirect(L, 0);
}

static int r_bounce(lua_State *L)
{
    return redirect(L, 1);
}

static const luaL_Reg response_funcs[] = {
    {"touch", r_touch},
    {"cross", r_cross},
    {"slide", r_slide},
    {"bounce", r_bounce},
    {NULL, NULL},
};

#endif /* C2DL_UNITY */
