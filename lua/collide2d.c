/*
 * collide2d Lua binding: `local c2d = require("collide2d")`.
 *
 * One C module for PUC Lua 5.1, 5.3, 5.4 and LuaJIT 2.1. It reads plain Lua tables, converts
 * the shapes' numbers to the library's f32 (round to nearest; beyond the f32 range gives +-inf)
 * and calls the C API of include/collide2d.h with plain values, so a Lua error (a longjmp) only
 * ever crosses the C frames of this file, never the library's Rust frames. The world (bump.lua's,
 * see its section) works in doubles, on the library's c2d_world_*_d functions.
 *
 * Table shapes (every field required, every field a number; extra fields are ignored):
 *   point    {x=, y=}
 *   rect     {x=, y=, width=, height=}            corner (x,y); negative sizes span the other way
 *   circle   {x=, y=, r=}                          centre and radius
 *   obb      {x=, y=, width=, height=, angle=}     cocos2d-x rotated rect: rotated by
 *                                                  `angle` degrees counter-clockwise about (x,y)
 *         or {cx=, cy=, hw=, hh=, angle=}          centre, half extents, degrees about the centre
 *                                                  (chosen when the table has a `cx` field)
 *   segment  {x1=, y1=, x2=, y2=}
 *   recti    {x=, y=, width=, height=}            integers in the int32 range
 *   circlei  {x=, y=, r=}                          integers in the int32 range
 *   capsule  {x1=, y1=, x2=, y2=, r=}              the points within r of the segment
 *   poly     {x1, y1, x2, y2, ...} or {{x=, y=}, ...}   any points (read raw, 1..#t): the
 *                                                  convex polygon is their hull, built by
 *                                                  c2d_poly_make on every call; or the
 *                                                  userdata newPoly returns (the hull built once)
 *
 * Motions take plain numbers too (dx, dy, a ray's origin), arrays of rect or recti tables
 * (obstacles) and a response name ("slide", "touch", "cross", "bounce", "ignore"; nil = slide).
 *
 * A wrong argument raises "bad argument #N to 'name' (field 'f' must be a number)" (or "table
 * expected, got T", "number expected, got T", "field '[k].f' must be a number" for element k of
 * an array, "invalid option 'o'"), always naming the binding's own function, however it was
 * called; like any luaL_error it starts with the caller's position when the caller is Lua code.
 *
 * The file also exports c2dl_* and c2dlf_*, pointer and flat forms of the C API for the LuaJIT
 * FFI path (see below).
 */
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

/* ---- argument errors --------------------------------------------------------------------------- */

/* Raises "bad argument #arg to 'fn' (msg)": the text luaL_argerror gives for a call through the
 * module table, but with the binding's own name whatever the call site (luaL_argerror would say
 * 'f' after `local f = c2d.rectIntersectsRect`, '?' or 'collide2d.rectIntersectsRect' under
 * pcall(f, ...) depending on the version), so the message is the same on every interpreter.
 * Never returns. */
static int arg_error(lua_State *L, int arg, const char *fn, const char *msg)
{
    return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, fn, msg);
}

/* The type name in messages: "nil" for a missing argument too, as the FFI path (which cannot tell
 * them apart). */
static const char *type_name(lua_State *L, int idx)
{
    return lua_isnoneornil(L, idx) ? "nil" : luaL_typename(L, idx);
}

/* "bad argument #arg to 'fn' (<what> expected, got <type>)" */
static void type_error(lua_State *L, int arg, const char *fn, const char *what)
{
    char msg[64];
    snprintf(msg, sizeof msg, "%s expected, got %s", what, type_name(L, arg));
    arg_error(L, arg, fn, msg);
}

/* The hot path (reading fields) is inlined into each function; error paths stay out of line. */
#if defined(__GNUC__)
#define C2DL_HOT static inline __attribute__((always_inline))
#define C2DL_COLD static __attribute__((noinline, cold))
#else
#define C2DL_HOT static
#define C2DL_COLD static
#endif

C2DL_COLD void table_error(lua_State *L, int idx, int arg, int elem, const char *fn)
{
    if (elem == 0) {
        type_error(L, arg, fn, "table");
    } else {
        char msg[96];
        snprintf(msg, sizeof msg, "field '[%d]' must be a table, got %s", elem, type_name(L, idx));
        arg_error(L, arg, fn, msg);
    }
}

/* A shape table at stack index idx: argument `arg` itself (elem 0, idx == arg) or element `elem`
 * (1-based) of the array in argument `arg`. */
C2DL_HOT void check_table(lua_State *L, int idx, int arg, int elem, const char *fn)
{
    if (lua_type(L, idx) != LUA_TTABLE) {
        table_error(L, idx, arg, elem, fn);
    }
}

/* "field 'key' must be <what>", or "field '[elem].key' must be <what>" inside an array. */
C2DL_COLD void field_error(lua_State *L, int arg, int elem, const char *fn, const char *key,
                           const char *what)
{
    char msg[128];
    if (elem == 0) {
        snprintf(msg, sizeof msg, "field '%s' must be %s", key, what);
    } else {
        snprintf(msg, sizeof msg, "field '[%d].%s' must be %s", elem, key, what);
    }
    arg_error(L, arg, fn, msg);
}

/* ---- reading fields ----------------------------------------------------------------------------
 * One reader get_<shape>(L, idx, arg, elem, fn) per Lua table shape, returning the C type
 * c2dl_<shape>; ARG(n) is the (idx, arg, elem) of argument n itself. Readers leave the fields
 * they read on the stack (a C function has LUA_MINSTACK = 20 free slots, more than any function
 * here reads before it pushes its results); loops over arrays reset the top per element. */

#define ARG(n) (n), (n), 0

typedef c2d_vec2 c2dl_point;
typedef c2d_rect c2dl_rect;
typedef c2d_circle c2dl_circle;
typedef c2d_obb c2dl_obb;
typedef c2d_segment c2dl_segment;
typedef c2d_recti c2dl_recti;
typedef c2d_circlei c2dl_circlei;
typedef c2d_capsule c2dl_capsule;
typedef c2d_poly c2dl_poly;

/* Field keys: names by index, so error messages and lookups share one table. Every function of
 * the module has the interned key strings as upvalues 1..K_COUNT (in this order). */
enum {
    K_X,
    K_Y,
    K_WIDTH,
    K_HEIGHT,
    K_R,
    K_ANGLE,
    K_CX,
    K_CY,
    K_HW,
    K_HH,
    K_X1,
    K_Y1,
    K_X2,
    K_Y2,
    K_COUNT
};

/* Upvalue K_COUNT + 1: the spare buffer for array arguments (see take_buffer), nil at first.
 * Upvalue K_COUNT + 2: the metatable of newPoly's userdata (registry "collide2d.poly"). */
#define UV_SPARE (K_COUNT + 1)
#define UV_POLY_MT (K_COUNT + 2)
#define C2DL_NUPVALUES (K_COUNT + 2)

static const char *const key_names[K_COUNT] = {
    "x", "y", "width", "height", "r", "angle", "cx", "cy", "hw", "hh", "x1", "y1", "x2", "y2",
};

/* Pushes t[key] (t at the positive stack index idx) and returns its type. The key string comes
 * from an upvalue and the lookup is raw: lua_getfield would intern (hash or compare) the C string
 * on every call, and the Lua API calls are the binding's main cost. A raw nil falls back to
 * lua_gettable, so __index metamethods still supply missing fields (a present field never
 * consults them, in either lookup). */
C2DL_COLD int push_field_meta(lua_State *L, int idx, int key)
{
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(key + 1));
    lua_gettable(L, idx);
    return lua_type(L, -1);
}

C2DL_HOT int push_field(lua_State *L, int idx, int key)
{
    int type;
    lua_pushvalue(L, lua_upvalueindex(key + 1));
#if LUA_VERSION_NUM >= 503
    type = lua_rawget(L, idx);
#else
    lua_rawget(L, idx);
    type = lua_type(L, -1);
#endif
    if (type == LUA_TNIL) {
        type = push_field_meta(L, idx, key);
    }
    return type;
}

/* The number in t[key], left on the stack. Strings are not numbers here. */
C2DL_HOT lua_Number num_field(lua_State *L, int idx, int arg, int elem, int key, const char *fn)
{
    if (push_field(L, idx, key) != LUA_TNUMBER) {
        field_error(L, arg, elem, fn, key_names[key], "a number");
    }
    return lua_tonumber(L, -1);
}

/* Nearest f32; beyond the f32 range this is +-inf (IEEE 754 conversion, C99 Annex F). */
#define F32(key) ((float)num_field(L, idx, arg, elem, (key), fn))

/* An integer-valued number (integer or float subtype) in the int32 range. */
C2DL_HOT int32_t i32_field(lua_State *L, int idx, int arg, int elem, int key, const char *fn)
{
    lua_Number v = num_field(L, idx, arg, elem, key, fn);
    if (!(v >= -2147483648.0 && v <= 2147483647.0) || v != floor(v)) {
        field_error(L, arg, elem, fn, key_names[key], "an integer in the int32 range");
    }
    return (int32_t)v;
}

#define I32(key) i32_field(L, idx, arg, elem, (key), fn)

/* Reader parameters; each field is read in its own statement, in the order of the messages
 * (C leaves the evaluation order of initialisers in a braced list unsequenced before C11). */
#define READER(shape)                                                                      \
    C2DL_HOT c2dl_##shape get_##shape(lua_State *L, int idx, int arg, int elem, const char *fn)

READER(point)
{
    c2d_vec2 p;
    check_table(L, idx, arg, elem, fn);
    p.x = F32(K_X);
    p.y = F32(K_Y);
    return p;
}

READER(rect)
{
    c2d_rect r;
    check_table(L, idx, arg, elem, fn);
    r.x = F32(K_X);
    r.y = F32(K_Y);
    r.w = F32(K_WIDTH);
    r.h = F32(K_HEIGHT);
    return r;
}

READER(circle)
{
    c2d_circle c;
    check_table(L, idx, arg, elem, fn);
    c.x = F32(K_X);
    c.y = F32(K_Y);
    c.r = F32(K_R);
    return c;
}

/* Either form of an oriented box; see the top of the file. */
READER(obb)
{
    c2d_obb o;
    int cx_type;
    check_table(L, idx, arg, elem, fn);
    cx_type = push_field(L, idx, K_CX);
    if (cx_type != LUA_TNIL) {
        if (cx_type != LUA_TNUMBER) {
            field_error(L, arg, elem, fn, key_names[K_CX], "a number");
        }
        o.center.x = (float)lua_tonumber(L, -1);
        o.center.y = F32(K_CY);
        o.half.x = F32(K_HW);
        o.half.y = F32(K_HH);
        o.rot = c2d_rot_from_degrees(F32(K_ANGLE));
    } else {
        c2d_rect r;
        r.x = F32(K_X);
        r.y = F32(K_Y);
        r.w = F32(K_WIDTH);
        r.h = F32(K_HEIGHT);
        o = c2d_obb_from_rect(r, F32(K_ANGLE));
    }
    return o;
}

READER(segment)
{
    c2d_segment s;
    check_table(L, idx, arg, elem, fn);
    s.a.x = F32(K_X1);
    s.a.y = F32(K_Y1);
    s.b.x = F32(K_X2);
    s.b.y = F32(K_Y2);
    return s;
}

READER(recti)
{
    c2d_recti r;
    check_table(L, idx, arg, elem, fn);
    r.x = I32(K_X);
    r.y = I32(K_Y);
    r.w = I32(K_WIDTH);
    r.h = I32(K_HEIGHT);
    return r;
}

READER(circlei)
{
    c2d_circlei c;
    check_table(L, idx, arg, elem, fn);
    c.x = I32(K_X);
    c.y = I32(K_Y);
    c.r = I32(K_R);
    return c;
}

READER(capsule)
{
    c2d_capsule k;
    check_table(L, idx, arg, elem, fn);
    k.a.x = F32(K_X1);
    k.a.y = F32(K_Y1);
    k.b.x = F32(K_X2);
    k.b.y = F32(K_Y2);
    k.r = F32(K_R);
    return k;
}

/* ---- plain arguments --------------------------------------------------------------------------- */

/* Argument `arg`, a number (not a numeric string), as the nearest f32. */
static float f32_arg(lua_State *L, int arg, const char *fn)
{
    if (lua_type(L, arg) != LUA_TNUMBER) {
        type_error(L, arg, fn, "number");
    }
    return (float)lua_tonumber(L, arg);
}

/* Argument `arg`, an integer-valued number in the int32 range. */
static int32_t i32_arg(lua_State *L, int arg, const char *fn)
{
    lua_Number v;
    if (lua_type(L, arg) != LUA_TNUMBER) {
        type_error(L, arg, fn, "number");
    }
    v = lua_tonumber(L, arg);
    if (!(v >= -2147483648.0 && v <= 2147483647.0) || v != floor(v)) {
        arg_error(L, arg, fn, "integer in the int32 range expected");
    }
    return (int32_t)v;
}

/* The response argument: nil or absent = "slide"; else one of these names (bump.lua's, plus
 * "ignore"), listed in the order of their C2D_* codes. */
static const char *const response_names[] = {"ignore", "slide", "touch", "cross", "bounce"};

static c2d_response get_response(lua_State *L, int arg, const char *fn)
{
    const char *s;
    c2d_response i;
    if (lua_isnoneornil(L, arg)) {
        return C2D_SLIDE;
    }
    if (lua_type(L, arg) != LUA_TSTRING) {
        type_error(L, arg, fn, "string");
    }
    s = lua_tostring(L, arg);
    for (i = 0; i < sizeof response_names / sizeof response_names[0]; i++) {
        if (strcmp(s, response_names[i]) == 0) {
            return i;
        }
    }
    luaL_error(L, "bad argument #%d to '%s' (invalid option '%s')", arg, fn, s);
    return C2D_SLIDE;
}

/* Arrays of rects (obstacles): argument `arg` is a table whose elements 1..#t (raw length, raw
 * reads) are shape tables. They are read into `small` (on the C stack) when they fit, else into a
 * buffer from take_buffer, left on the stack at *buf_idx (0 for `small`) for give_buffer after
 * the call. Nothing leaks when an element raises an error, and a large array never grows the C
 * stack. Returns the buffer and sets *n. */
#define C2DL_SMALL_ARRAY 32

/* Spare buffers larger than this are not kept between calls. */
#define C2DL_SPARE_MAX ((size_t)1 << 20)

#if LUA_VERSION_NUM >= 502
#define c2dl_rawlen lua_rawlen
#else
#define c2dl_rawlen lua_objlen
#endif

/* A buffer of at least `bytes`, pushed as a full userdata: the function's spare buffer (upvalue
 * UV_SPARE) when it is large enough, taken out of the upvalue while in use, so a call made from an
 * __index metamethod meanwhile gets its own; else a new one. give_buffer hands it back after the
 * call; an error in between only leaves it to the collector (the next call makes a new spare). */
static void *take_buffer(lua_State *L, size_t bytes)
{
    lua_pushvalue(L, lua_upvalueindex(UV_SPARE));
    if (lua_type(L, -1) == LUA_TUSERDATA && (size_t)c2dl_rawlen(L, -1) >= bytes) {
        lua_pushnil(L);
        lua_replace(L, lua_upvalueindex(UV_SPARE));
        return lua_touserdata(L, -1);
    }
    lua_pop(L, 1);
    return lua_newuserdata(L, bytes);
}

static void give_buffer(lua_State *L, int idx)
{
    if (idx != 0 && (size_t)c2dl_rawlen(L, idx) <= C2DL_SPARE_MAX) {
        lua_pushvalue(L, idx);
        lua_replace(L, lua_upvalueindex(UV_SPARE));
    }
}

#define ARRAY_READER(shape)                                                                \
    static c2dl_##shape *get_##shape##_array(lua_State *L, int arg, const char *fn,        \
                                              c2dl_##shape *small, size_t *n, int *buf_idx)\
    {                                                                                      \
        c2dl_##shape *buf = small;                                                         \
        size_t len, i;                                                                     \
        check_table(L, arg, arg, 0, fn);                                                   \
        len = (size_t)c2dl_rawlen(L, arg);                                                 \
        *buf_idx = 0;                                                                      \
        if (len > C2DL_SMALL_ARRAY) {                                                      \
            if (len > (size_t)-1 / sizeof *buf) {                                          \
                luaL_error(L, "not enough memory");                                        \
            }                                                                              \
            buf = (c2dl_##shape *)take_buffer(L, len * sizeof *buf);                       \
            *buf_idx = lua_gettop(L);                                                      \
        }                                                                                  \
        for (i = 0; i < len; i++) {                                                        \
            int top = lua_gettop(L);                                                       \
            lua_rawgeti(L, arg, (int)(i + 1));                                             \
            buf[i] = get_##shape(L, top + 1, arg, (int)(i + 1), fn);                       \
            lua_settop(L, top);                                                            \
        }                                                                                  \
        *n = len;                                                                          \
        return buf;                                                                        \
    }

ARRAY_READER(rect)
ARRAY_READER(recti)

/* ---- polygons ------------------------------------------------------------------------------------
 * A polygon argument is the userdata newPoly returns (its c2d_poly is copied: no API call beyond
 * the type check) or a table of points, flat {x1, y1, x2, y2, ...} (when t[1] is a number) or
 * {{x=, y=}, ...}, elements 1..#t read raw like the arrays above. The points go to the C stack
 * (up to C2DL_SMALL_POINTS, else a buffer from take_buffer) and c2d_poly_make builds their
 * convex hull; a status other than C2D_OK raises an argument error. */
#define C2DL_POLY_MT "collide2d.poly"
#define C2DL_SMALL_POINTS 32

C2DL_COLD void poly_status_error(lua_State *L, int arg, const char *fn, c2d_status st)
{
    const char *msg = "polygon not built";
    if (st == C2D_ERR_DEGENERATE) {
        msg = "degenerate polygon: fewer than 3 points off one line";
    } else if (st == C2D_ERR_TOO_MANY) {
        msg = "polygon's convex hull has more than " C2DL_STR(C2D_POLY_MAX) " vertices";
    } else if (st == C2D_ERR_INVALID) {
        msg = "polygon has a NaN or infinite coordinate";
    }
    arg_error(L, arg, fn, msg);
}

/* "field '[elem]' must be a number", for an element of a flat list of coordinates. */
C2DL_COLD void coord_error(lua_State *L, int arg, const char *fn, size_t elem)
{
    char key[32];
    snprintf(key, sizeof key, "[%lu]", (unsigned long)elem);
    field_error(L, arg, 0, fn, key, "a number");
}

/* The convex hull of the points of the table at idx (argument `arg`) into *out. */
static void read_poly_table(lua_State *L, int idx, int arg, const char *fn, c2d_poly *out)
{
    c2d_vec2 small[C2DL_SMALL_POINTS];
    c2d_vec2 *pts = small;
    int base = lua_gettop(L), top = base, buf_idx = 0, flat;
    size_t len = (size_t)c2dl_rawlen(L, idx), n, i;
    c2d_status st;
    lua_rawgeti(L, idx, 1);
    flat = lua_type(L, -1) == LUA_TNUMBER;
    lua_settop(L, top);
    n = flat ? (len + 1) / 2 : len;
    if (n > C2DL_SMALL_POINTS) {
        if (n > (size_t)-1 / sizeof *pts) {
            luaL_error(L, "not enough memory");
        }
        pts = (c2d_vec2 *)take_buffer(L, n * sizeof *pts);
        buf_idx = top = lua_gettop(L);
    }
    if (flat) {
        for (i = 0; i < len; i++) {
            float v;
            lua_rawgeti(L, idx, (int)(i + 1));
            if (lua_type(L, -1) != LUA_TNUMBER) {
                coord_error(L, arg, fn, i + 1);
            }
            v = (float)lua_tonumber(L, -1);
            lua_settop(L, top);
            if (i & 1) {
                pts[i / 2].y = v;
            } else {
                pts[i / 2].x = v;
            }
        }
        if (len & 1) {
            coord_error(L, arg, fn, len + 1);
        }
    } else {
        for (i = 0; i < len; i++) {
            lua_rawgeti(L, idx, (int)(i + 1));
            pts[i] = get_point(L, top + 1, arg, (int)(i + 1), fn);
            lua_settop(L, top);
        }
    }
    st = c2d_poly_make(pts, n, out);
    give_buffer(L, buf_idx);
    lua_settop(L, base);
    if (st != C2D_OK) {
        poly_status_error(L, arg, fn, st);
    }
}

/* A polygon argument (elem is always 0: no function takes an array of polygons). */
READER(poly)
{
    c2d_poly p;
    if (lua_type(L, idx) == LUA_TUSERDATA && lua_getmetatable(L, idx)) {
        int ours = lua_rawequal(L, -1, lua_upvalueindex(UV_POLY_MT));
        lua_pop(L, 1);
        if (ours) {
            memcpy(&p, lua_touserdata(L, idx), sizeof p);
            return p;
        }
    }
    check_table(L, idx, arg, elem, fn);
    read_poly_table(L, idx, arg, fn, &p);
    return p;
}

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
#include "api.h"
#undef C2DL_FN
#undef C2DL_AKA
#define C2DL_FN(family, lname, cfn, A, B) C2DL_##family(lname, c2d_##cfn, A, B)
#define C2DL_AKA C2DL_FN
#include "api.h"
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
 * cell holding an item (cells as item_cells gives them), and the number of those cells. A new table on each call: writing
 * to it changes nothing. */
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
#include "api.h"
#undef C2DL_FN
#undef C2DL_AKA
    {NULL, NULL},
};

/* ---- LuaJIT FFI entry points ---------------------------------------------------------------------
 * LuaJIT compiles FFI calls only when no struct is passed or returned by value, and the C API passes
 * every shape by value. So this module also exports, for lua/collide2d/ffi.lua, one pointer form
 * c2dl_<name> per C API function c2d_<name>: each by-value struct argument becomes a const pointer
 * and a struct result is written through a trailing `ret` pointer. lua/gen_cdef.lua derives their
 * declarations from include/collide2d.h by that same rule, and each definition below calls the C
 * API function, so the compiler checks every argument type against the header. */

/* R c2dl_f(const A*, const B*) */
#define C2DL_SHIM(R, name, A, B)                                                           \
    R c2dl_##name(const A *a, const B *b);                                                 \
    R c2dl_##name(const A *a, const B *b) { return c2d_##name(*a, *b); }

/* bool c2dl_f(const A*, const B*, O* out) */
#define C2DL_SHIM_OUT(name, A, B, O)                                                       \
    bool c2dl_##name(const A *a, const B *b, O *out);                                      \
    bool c2dl_##name(const A *a, const B *b, O *out) { return c2d_##name(*a, *b, out); }

/* void c2dl_f(const A*, const B*, R* ret) */
#define C2DL_SHIM_RET(R, name, A, B)                                                       \
    void c2dl_##name(const A *a, const B *b, R *ret);                                      \
    void c2dl_##name(const A *a, const B *b, R *ret) { *ret = c2d_##name(*a, *b); }


/* bool c2dl_f(const A*, const c2d_vec2* delta, const B*, c2d_hit* out): sweeps and ray casts */
#define C2DL_SHIM_HIT(name, A, B)                                                          \
    bool c2dl_##name(const A *a, const c2d_vec2 *delta, const B *b, c2d_hit *out);        \
    bool c2dl_##name(const A *a, const c2d_vec2 *delta, const B *b, c2d_hit *out)         \
    {                                                                                      \
        return c2d_##name(*a, *delta, *b, out);                                            \
    }



/* Contacts, manifolds and distances of polygons and capsules (1.2). */

void c2dl_move_rect(const c2d_rect *a, const c2d_vec2 *delta, const c2d_rect *obstacles, size_t n,
                    c2d_response response, c2d_move_info *info, c2d_vec2 *ret);
void c2dl_move_rect(const c2d_rect *a, const c2d_vec2 *delta, const c2d_rect *obstacles, size_t n,
                    c2d_response response, c2d_move_info *info, c2d_vec2 *ret)
{
    *ret = c2d_move_rect(*a, *delta, obstacles, n, response, info);
}

void c2dl_move_recti(const c2d_recti *a, int32_t dx, int32_t dy, const c2d_recti *obstacles,
                     size_t n, uint32_t *blocked, c2d_recti *ret);
void c2dl_move_recti(const c2d_recti *a, int32_t dx, int32_t dy, const c2d_recti *obstacles,
                     size_t n, uint32_t *blocked, c2d_recti *ret)
{
    *ret = c2d_move_recti(*a, dx, dy, obstacles, n, blocked);
}

void c2dl_obb_from_rect(const c2d_rect *r, float angle_deg, c2d_obb *ret);
void c2dl_obb_from_rect(const c2d_rect *r, float angle_deg, c2d_obb *ret)
{
    *ret = c2d_obb_from_rect(*r, angle_deg);
}

void c2dl_rot_from_degrees(float deg, c2d_rot *ret);
void c2dl_rot_from_degrees(float deg, c2d_rot *ret)
{
    *ret = c2d_rot_from_degrees(deg);
}

void c2dl_rot_from_radians(float rad, c2d_rot *ret);
void c2dl_rot_from_radians(float rad, c2d_rot *ret)
{
    *ret = c2d_rot_from_radians(rad);
}

/* Flat forms c2dlf_<name>, for the FFI path's most frequent calls: each by-value struct that holds
 * only floats is spread into its floats in field order (lua/gen_cdef.lua declares them by that
 * rule, for every function that returns no struct), so LuaJIT passes them in registers and stores
 * nothing to memory on the way. The order checks below fail to compile if the header's field order
 * ever differs from the order these macros spread. */
#define C2DL_ORDER(T, a, b) typedef char c2dl_order_##T##_##a##_##b[offsetof(T, a) < offsetof(T, b) ? 1 : -1];
C2DL_ORDER(c2d_vec2, x, y)
C2DL_ORDER(c2d_rect, x, y)
C2DL_ORDER(c2d_rect, y, w)
C2DL_ORDER(c2d_rect, w, h)
C2DL_ORDER(c2d_circle, x, y)
C2DL_ORDER(c2d_circle, y, r)
C2DL_ORDER(c2d_segment, a, b)
C2DL_ORDER(c2d_rot, c, s)
C2DL_ORDER(c2d_obb, center, half)
C2DL_ORDER(c2d_obb, half, rot)
C2DL_ORDER(c2d_capsule, a, b)
C2DL_ORDER(c2d_capsule, b, r)

#define FP_point(n) float n##_x, float n##_y
#define FP_rect(n) float n##_x, float n##_y, float n##_w, float n##_h
#define FP_circle(n) float n##_x, float n##_y, float n##_r
#define FP_segment(n) float n##_a_x, float n##_a_y, float n##_b_x, float n##_b_y
#define FP_obb(n)                                                                          \
    float n##_center_x, float n##_center_y, float n##_half_x, float n##_half_y, float n##_rot_c, \
        float n##_rot_s
#define FV_point(n) flat_point(n##_x, n##_y)
#define FV_rect(n) flat_rect(n##_x, n##_y, n##_w, n##_h)
#define FV_circle(n) flat_circle(n##_x, n##_y, n##_r)
#define FV_segment(n) flat_segment(n##_a_x, n##_a_y, n##_b_x, n##_b_y)
#define FP_capsule(n) float n##_a_x, float n##_a_y, float n##_b_x, float n##_b_y, float n##_r
#define FV_capsule(n) flat_capsule(n##_a_x, n##_a_y, n##_b_x, n##_b_y, n##_r)
#define FV_obb(n) flat_obb(n##_center_x, n##_center_y, n##_half_x, n##_half_y, n##_rot_c, n##_rot_s)

static c2d_vec2 flat_point(float x, float y)
{
    c2d_vec2 p;
    p.x = x;
    p.y = y;
    return p;
}

static c2d_rect flat_rect(float x, float y, float w, float h)
{
    c2d_rect r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

static c2d_circle flat_circle(float x, float y, float r)
{
    c2d_circle c;
    c.x = x;
    c.y = y;
    c.r = r;
    return c;
}

static c2d_segment flat_segment(float ax, float ay, float bx, float by)
{
    c2d_segment s;
    s.a = flat_point(ax, ay);
    s.b = flat_point(bx, by);
    return s;
}

static c2d_capsule flat_capsule(float ax, float ay, float bx, float by, float r)
{
    c2d_capsule k;
    k.a = flat_point(ax, ay);
    k.b = flat_point(bx, by);
    k.r = r;
    return k;
}

static c2d_obb flat_obb(float cx, float cy, float hx, float hy, float c, float s)
{
    c2d_obb o;
    o.center = flat_point(cx, cy);
    o.half = flat_point(hx, hy);
    o.rot.c = c;
    o.rot.s = s;
    return o;
}

/* R c2dlf_f(A's floats, B's floats) */
#define C2DL_FLAT(R, name, A, B)                                                           \
    R c2dlf_##name(FP_##A(a), FP_##B(b));                                                  \
    R c2dlf_##name(FP_##A(a), FP_##B(b)) { return c2d_##name(FV_##A(a), FV_##B(b)); }

/* bool c2dlf_f(A's floats, B's floats, O* out) */
#define C2DL_FLAT_OUT(name, A, B, O)                                                       \
    bool c2dlf_##name(FP_##A(a), FP_##B(b), O *out);                                       \
    bool c2dlf_##name(FP_##A(a), FP_##B(b), O *out)                                        \
    {                                                                                      \
        return c2d_##name(FV_##A(a), FV_##B(b), out);                                      \
    }

/* bool c2dlf_f(A's floats, delta_x, delta_y, B's floats, c2d_hit* out) */
#define C2DL_FLAT_HIT(name, A, B)                                                          \
    bool c2dlf_##name(FP_##A(a), FP_point(delta), FP_##B(b), c2d_hit *out);                \
    bool c2dlf_##name(FP_##A(a), FP_point(delta), FP_##B(b), c2d_hit *out)                 \
    {                                                                                      \
        return c2d_##name(FV_##A(a), FV_point(delta), FV_##B(b), out);                    \
    }

/* The pointer form of each C2DL_FN line of lua/api.h, by family, and its flat form where both
 * shapes hold only floats (C2DL_IF_FLAT_<kind> keeps its argument for those) and the result is
 * no struct. */
#define C2DL_PTR_PRED(cfn, A, B) C2DL_SHIM(bool, cfn, c2dl_##A, c2dl_##B)
#define C2DL_PTR_COLLIDE(cfn, A, B) C2DL_SHIM_OUT(cfn, c2dl_##A, c2dl_##B, c2d_contact)
#define C2DL_PTR_DIST(cfn, A, B) C2DL_SHIM(float, cfn, c2dl_##A, c2dl_##B)
#define C2DL_PTR_CLOSEST(cfn, A, B) C2DL_SHIM_RET(c2d_vec2, cfn, c2dl_##A, c2dl_##B)
#define C2DL_PTR_SWEEP(cfn, A, B) C2DL_SHIM_HIT(cfn, c2dl_##A, c2dl_##B)
#define C2DL_PTR_RAYCAST(cfn, A, B) C2DL_SHIM_HIT(cfn, c2dl_##A, c2dl_##B)
#define C2DL_PTR_MANIFOLD(cfn, A, B) C2DL_SHIM_OUT(cfn, c2dl_##A, c2dl_##B, c2d_manifold)
#define C2DL_PTR_INTERSECT(cfn, A, B) C2DL_SHIM_OUT(cfn, c2dl_##A, c2dl_##B, c2d_rect)
#define C2DL_PTR_CUSTOM(cfn, A, B)

#define C2DL_FLAT_PRED(cfn, A, B) C2DL_FLAT(bool, cfn, A, B)
#define C2DL_FLAT_COLLIDE(cfn, A, B) C2DL_FLAT_OUT(cfn, A, B, c2d_contact)
#define C2DL_FLAT_DIST(cfn, A, B) C2DL_FLAT(float, cfn, A, B)
#define C2DL_FLAT_CLOSEST(cfn, A, B)
#define C2DL_FLAT_SWEEP(cfn, A, B) C2DL_FLAT_HIT(cfn, A, B)
#define C2DL_FLAT_RAYCAST(cfn, A, B) C2DL_FLAT_HIT(cfn, A, B)
#define C2DL_FLAT_MANIFOLD(cfn, A, B) C2DL_FLAT_OUT(cfn, A, B, c2d_manifold)
#define C2DL_FLAT_INTERSECT(cfn, A, B) C2DL_FLAT_OUT(cfn, A, B, c2d_rect)
#define C2DL_FLAT_CUSTOM(cfn, A, B)

#define C2DL_IF_FLAT_point(x) x
#define C2DL_IF_FLAT_rect(x) x
#define C2DL_IF_FLAT_circle(x) x
#define C2DL_IF_FLAT_obb(x) x
#define C2DL_IF_FLAT_segment(x) x
#define C2DL_IF_FLAT_capsule(x) x
#define C2DL_IF_FLAT_recti(x)
#define C2DL_IF_FLAT_circlei(x)
#define C2DL_IF_FLAT_poly(x)
#define C2DL_IF_FLAT_rects(x)
#define C2DL_IF_FLAT_rectis(x)
#define C2DL_IF_FLAT_number(x)
#define C2DL_IF_FLAT_none(x)

#define C2DL_FN(family, lname, cfn, A, B)                                                  \
    C2DL_PTR_##family(cfn, A, B) C2DL_IF_FLAT_##A(C2DL_IF_FLAT_##B(C2DL_FLAT_##family(cfn, A, B)))
#define C2DL_AKA(family, lname, cfn, A, B)
#include "api.h"
#undef C2DL_FN
#undef C2DL_AKA

/* lua/api.h as text for lua/collide2d/ffi.lua, which builds its functions from it: one line per
 * function, "FN|AKA family luaName c_function A B". */
const char *c2dl_api(void);
const char *c2dl_api(void)
{
    return
#define C2DL_FN(family, lname, cfn, A, B) "FN " #family " " #lname " " #cfn " " #A " " #B "\n"
#define C2DL_AKA(family, lname, cfn, A, B) "AKA " #family " " #lname " " #cfn " " #A " " #B "\n"
#include "api.h"
#undef C2DL_FN
#undef C2DL_AKA
        "";
}



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
