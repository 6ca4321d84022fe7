/* collide2d Lua module, the stateless functions: their results, the families of lua/api.h's lines
 * and the functions written by hand (newPoly, polyPoints, moveRect, moveRecti, obbFromRect,
 * version). One part of lua/collide2d.c, which includes the parts in order (see lua/README.md);
 * compiled on its own this file is empty. */
#ifdef C2DL_UNITY

/* ---- pushing results --------------------------------------------------------------------------- */

static void set_num(lua_State *L, const char *key, float v)
{
    lua_pushnumber(L, (lua_Number)v);
    lua_setfield(L, -2, key);
}

static void push_rect(lua_State *L, c2d_rect r)
{
    lua_createtable(L, 0, 4);
    set_num(L, "x", r.x);
    set_num(L, "y", r.y);
    set_num(L, "width", r.w);
    set_num(L, "height", r.h);
}

/* false, or true, nx, ny, depth, px, py */
static int push_contact(lua_State *L, bool hit, c2d_contact c)
{
    if (!hit) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_pushboolean(L, 1);
    lua_pushnumber(L, (lua_Number)c.normal.x);
    lua_pushnumber(L, (lua_Number)c.normal.y);
    lua_pushnumber(L, (lua_Number)c.depth);
    lua_pushnumber(L, (lua_Number)c.point.x);
    lua_pushnumber(L, (lua_Number)c.point.y);
    return 6;
}

static int push_xy(lua_State *L, c2d_vec2 p)
{
    lua_pushnumber(L, (lua_Number)p.x);
    lua_pushnumber(L, (lua_Number)p.y);
    return 2;
}

/* t, nx, ny, px, py, posx, posy of a c2d_hit */
static void push_hit_fields(lua_State *L, const c2d_hit *h)
{
    lua_pushnumber(L, (lua_Number)h->t);
    lua_pushnumber(L, (lua_Number)h->normal.x);
    lua_pushnumber(L, (lua_Number)h->normal.y);
    lua_pushnumber(L, (lua_Number)h->point.x);
    lua_pushnumber(L, (lua_Number)h->point.y);
    lua_pushnumber(L, (lua_Number)h->pos.x);
    lua_pushnumber(L, (lua_Number)h->pos.y);
}

/* false, or true, t, nx, ny, px, py, posx, posy. The arguments' fields are dropped first: eight
 * results on top of them could pass the LUA_MINSTACK slots a C function is given. */
static int push_hit(lua_State *L, bool hit, const c2d_hit *h)
{
    if (!hit) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_settop(L, 0);
    lua_pushboolean(L, 1);
    push_hit_fields(L, h);
    return 8;
}

/* ---- function families --------------------------------------------------------------------------
 * Each macro defines one lua_CFunction from a C API function and the readers of its arguments;
 * a new family (sweeps, moves) is one more macro plus its result pusher. Arguments are read into
 * locals one statement at a time: C leaves the order of evaluating call arguments unspecified, and
 * the first bad argument must be the one reported. */

/* bool f(A, B) -> boolean */
#define C2DL_PRED(lname, cfn, A, B)                                                        \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                                 \
        c2dl_##B b = get_##B(L, ARG(2), #lname);                                                 \
        lua_pushboolean(L, cfn(a, b));                                                     \
        return 1;                                                                          \
    }

/* bool f(A, B, c2d_contact*) -> false | true, nx, ny, depth, px, py */
#define C2DL_COLLIDE(lname, cfn, A, B)                                                     \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2d_contact c;                                                                     \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                                 \
        c2dl_##B b = get_##B(L, ARG(2), #lname);                                                 \
        bool hit = cfn(a, b, &c);                                                          \
        return push_contact(L, hit, c);                                                    \
    }

/* float f(A, B) -> number */
#define C2DL_DIST(lname, cfn, A, B)                                                        \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                                 \
        c2dl_##B b = get_##B(L, ARG(2), #lname);                                                 \
        lua_pushnumber(L, (lua_Number)cfn(a, b));                                          \
        return 1;                                                                          \
    }

/* c2d_vec2 f(A, B = point) -> x, y */
#define C2DL_CLOSEST(lname, cfn, A, B)                                                     \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                                 \
        c2dl_##B p = get_##B(L, ARG(2), #lname);                                                \
        return push_xy(L, cfn(a, p));                                                      \
    }

/* bool f(A, c2d_vec2 delta, B, c2d_hit*): (a, dx, dy, b) -> false | true, t, nx, ny, px, py,
 * posx, posy */
#define C2DL_SWEEP(lname, cfn, A, B)                                                       \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 4); /* absent arguments read as nil, beyond the readers' fields */ \
        c2d_hit h;                                                                         \
        c2d_vec2 d;                                                                        \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                            \
        c2dl_##B b;                                                                        \
        d.x = f32_arg(L, 2, #lname);                                                       \
        d.y = f32_arg(L, 3, #lname);                                                       \
        b = get_##B(L, ARG(4), #lname);                                                     \
        return push_hit(L, cfn(a, d, b, &h), &h);                                          \
    }

/* bool f(c2d_vec2 origin, c2d_vec2 delta, B, c2d_hit*): (x, y, dx, dy, b) -> as a sweep */
#define C2DL_RAYCAST(lname, cfn, A, B)                                                      \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 5); /* absent arguments read as nil, beyond the readers' fields */ \
        c2d_hit h;                                                                         \
        c2d_vec2 o, d;                                                                     \
        c2dl_##B b;                                                                        \
        o.x = f32_arg(L, 1, #lname);                                                       \
        o.y = f32_arg(L, 2, #lname);                                                       \
        d.x = f32_arg(L, 3, #lname);                                                       \
        d.y = f32_arg(L, 4, #lname);                                                       \
        b = get_##B(L, ARG(5), #lname);                                                     \
        return push_hit(L, cfn(o, d, b, &h), &h);                                          \
    }

/* 0, or count, nx, ny, then depth, px, py per point (up to 9 results: the arguments' fields are
 * dropped first, as for a hit). */
static int push_manifold(lua_State *L, const c2d_manifold *m)
{
    int i;
    lua_settop(L, 0);
    lua_pushinteger(L, (lua_Integer)m->count);
    if (m->count <= 0) {
        return 1;
    }
    lua_pushnumber(L, (lua_Number)m->normal.x);
    lua_pushnumber(L, (lua_Number)m->normal.y);
    for (i = 0; i < m->count && i < 2; i++) {
        lua_pushnumber(L, (lua_Number)m->depth[i]);
        lua_pushnumber(L, (lua_Number)m->point[i].x);
        lua_pushnumber(L, (lua_Number)m->point[i].y);
    }
    return 3 + 3 * i;
}

/* bool f(A, B, c2d_manifold*) -> 0 | count, nx, ny, depth1, px1, py1[, depth2, px2, py2] */
#define C2DL_MANIFOLD(lname, cfn, A, B)                                                    \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2d_manifold m;                                                                    \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                           \
        c2dl_##B b = get_##B(L, ARG(2), #lname);                                           \
        (void)cfn(a, b, &m);                                                               \
        return push_manifold(L, &m);                                                       \
    }

/* size_t f(A, const B *items, stride, n, bits, out, cap): (q, items) -> indices, n: the 1-based
 * indices, ascending, of the elements of the array `items` (shape tables of kind B) that q meets,
 * in a new table, and how many. The library answers a chunk of items at a time into a buffer on
 * the C stack. */
#define C2DL_BATCH_CHUNK 256
#define C2DL_BATCH(lname, cfn, A, B)                                                       \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        c2dl_##B small[C2DL_SMALL_ARRAY], *items;                                          \
        uint32_t hits[C2DL_BATCH_CHUNK];                                                   \
        size_t n, off, k, m;                                                               \
        int buf_idx, count = 0;                                                            \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                           \
        items = get_##B##_array(L, 2, #lname, small, &n, &buf_idx);                       \
        lua_createtable(L, 0, 0);                                                          \
        for (off = 0; off < n; off += C2DL_BATCH_CHUNK) {                                  \
            size_t len = n - off < C2DL_BATCH_CHUNK ? n - off : C2DL_BATCH_CHUNK;          \
            m = cfn(a, items + off, 0, len, NULL, hits, len);                              \
            for (k = 0; k < m; k++) {                                                      \
                lua_pushinteger(L, (lua_Integer)(off + hits[k] + 1));                      \
                lua_rawseti(L, -2, ++count);                                               \
            }                                                                              \
        }                                                                                  \
        give_buffer(L, buf_idx);                                                           \
        lua_pushinteger(L, (lua_Integer)count);                                            \
        return 2;                                                                          \
    }

/* bool f(A, B, c2d_rect*) -> the overlap rect table, or nil when they do not overlap strictly */
#define C2DL_INTERSECT(lname, cfn, A, B)                                                   \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        c2d_rect out;                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                           \
        c2dl_##B b = get_##B(L, ARG(2), #lname);                                           \
        if (cfn(a, b, &out)) {                                                             \
            push_rect(L, out);                                                             \
        } else {                                                                           \
            lua_pushnil(L);                                                                \
        }                                                                                  \
        return 1;                                                                          \
    }

/* written by hand */
#define C2DL_CUSTOM(lname, cfn, A, B)

/* Every function of lua/api.h: declared, then defined by its family. */
#define C2DL_FN(family, lname, cfn, A, B) static int l_##lname(lua_State *L);
#define C2DL_AKA C2DL_FN
#include "../api.h"
#undef C2DL_FN
#undef C2DL_AKA
#define C2DL_FN(family, lname, cfn, A, B) C2DL_##family(lname, c2d_##cfn, A, B)
#define C2DL_AKA C2DL_FN
#include "../api.h"
#undef C2DL_FN
#undef C2DL_AKA

/* newPoly(points) -> a userdata holding the convex hull of points (a polygon argument of any
 * form), for a polygon used again and again: a call then copies it instead of reading a table and
 * building the hull. */
static int l_newPoly(lua_State *L)
{
    c2d_poly p, *u;
    lua_settop(L, 1);
    p = get_poly(L, ARG(1), "newPoly");
    u = (c2d_poly *)lua_newuserdata(L, sizeof *u);
    *u = p;
    lua_pushvalue(L, lua_upvalueindex(UV_POLY_MT));
    lua_setmetatable(L, -2);
    return 1;
}

/* polyPoints(poly) -> {x1, y1, x2, y2, ...}: the hull's vertices, counter-clockwise in y-up terms
 * (clockwise on a y-down screen), from the lowest of the leftmost. */
static int l_polyPoints(lua_State *L)
{
    c2d_poly p;
    int i, n;
    lua_settop(L, 1);
    p = get_poly(L, ARG(1), "polyPoints");
    n = p.count >= 3 && p.count <= C2D_POLY_MAX ? (int)p.count : 0;
    lua_createtable(L, 2 * n, 0);
    for (i = 0; i < n; i++) {
        lua_pushnumber(L, (lua_Number)p.verts[i].x);
        lua_rawseti(L, -2, 2 * i + 1);
        lua_pushnumber(L, (lua_Number)p.verts[i].y);
        lua_rawseti(L, -2, 2 * i + 2);
    }
    return 1;
}

static int poly_tostring(lua_State *L)
{
    const c2d_poly *p = (const c2d_poly *)lua_touserdata(L, 1);
    lua_pushfstring(L, "collide2d.poly (%d vertices): %p", (int)p->count, (const void *)p);
    return 1;
}

/* moveRect(rect, dx, dy, obstacles, response) -> x, y, count[, first, t, nx, ny, px, py, posx,
 * posy]: c2d_move_rect with obstacles an array of rect tables and response a name (nil =
 * "slide"). With hits (count > 0) the results go on with the 1-based index of the first obstacle
 * hit and that hit as a sweep gives it. */
static int l_moveRect(lua_State *L)
{
    c2d_rect small[C2DL_SMALL_ARRAY];
    c2d_move_info info;
    c2d_vec2 d, p;
    c2d_rect *obstacles;
    size_t n;
    c2d_response response;
    c2d_rect a;
    int buf_idx;
    lua_settop(L, 5);
    a = get_rect(L, ARG(1), "moveRect");
    d.x = f32_arg(L, 2, "moveRect");
    d.y = f32_arg(L, 3, "moveRect");
    obstacles = get_rect_array(L, 4, "moveRect", small, &n, &buf_idx);
    response = get_response(L, 5, "moveRect");
    p = c2d_move_rect(a, d, obstacles, n, response, &info);
    give_buffer(L, buf_idx);
    lua_settop(L, 0);
    lua_pushnumber(L, (lua_Number)p.x);
    lua_pushnumber(L, (lua_Number)p.y);
    lua_pushinteger(L, (lua_Integer)info.count);
    if (info.count == 0) {
        return 3;
    }
    lua_pushinteger(L, (lua_Integer)info.first + 1);
    push_hit_fields(L, &info.first_hit);
    return 11;
}

/* moveRecti(recti, dx, dy, obstacles) -> x, y, blockedX, blockedY: c2d_move_recti (an integer
 * engine's move, x then y) with obstacles an array of recti tables. */
static int l_moveRecti(lua_State *L)
{
    c2d_recti small[C2DL_SMALL_ARRAY];
    c2d_recti *obstacles, r;
    size_t n;
    uint32_t blocked = 0;
    int32_t dx, dy;
    c2d_recti a;
    int buf_idx;
    lua_settop(L, 4);
    a = get_recti(L, ARG(1), "moveRecti");
    dx = i32_arg(L, 2, "moveRecti");
    dy = i32_arg(L, 3, "moveRecti");
    obstacles = get_recti_array(L, 4, "moveRecti", small, &n, &buf_idx);
    r = c2d_move_recti(a, dx, dy, obstacles, n, &blocked);
    give_buffer(L, buf_idx);
    lua_settop(L, 0);
    lua_pushinteger(L, (lua_Integer)r.x);
    lua_pushinteger(L, (lua_Integer)r.y);
    lua_pushboolean(L, (blocked & C2D_BLOCKED_X) != 0);
    lua_pushboolean(L, (blocked & C2D_BLOCKED_Y) != 0);
    return 4;
}

/* obbFromRect(rotated_rect) -> {cx=, cy=, hw=, hh=, angle=}: the centre form of a cocos2d-x
 * rotated rect (same box, same angle). */
static int l_obbFromRect(lua_State *L)
{
    c2d_obb o;
    lua_settop(L, 1);
    o = get_obb(L, ARG(1), "obbFromRect");
    lua_createtable(L, 0, 5);
    set_num(L, "cx", o.center.x);
    set_num(L, "cy", o.center.y);
    set_num(L, "hw", o.half.x);
    set_num(L, "hh", o.half.y);
    lua_getfield(L, 1, "angle"); /* the caller's value, integer or float */
    lua_setfield(L, -2, "angle");
    return 1;
}

/* version() -> the loaded library's c2d_version(): major<<16 | minor<<8 | patch. */
static int l_version(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)c2d_version());
    return 1;
}

#endif /* C2DL_UNITY */
