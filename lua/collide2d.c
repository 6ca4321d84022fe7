/*
 * collide2d Lua binding: `local c2d = require("collide2d")`.
 *
 * One C module for PUC Lua 5.1, 5.3, 5.4 and LuaJIT 2.1. It reads plain Lua tables, converts
 * every number to the library's f32 (round to nearest; beyond the f32 range gives +-inf) and calls
 * the C API of include/collide2d.h with plain values, so a Lua error (a longjmp) only ever crosses
 * the C frames of this file, never the library's Rust frames.
 *
 * Table shapes (every field required, every field a number; extra fields are ignored):
 *   point    {x=, y=}
 *   rect     {x=, y=, width=, height=}            corner (x,y); negative sizes span the other way
 *   circle   {x=, y=, r=}                          centre and radius
 *   obb      {x=, y=, width=, height=, angle=}     cocos2d-x rotated rect (seed 002): rotated by
 *                                                  `angle` degrees counter-clockwise about (x,y)
 *         or {cx=, cy=, hw=, hh=, angle=}          centre, half extents, degrees about the centre
 *                                                  (chosen when the table has a `cx` field)
 *   segment  {x1=, y1=, x2=, y2=}
 *   recti    {x=, y=, width=, height=}            integers in the int32 range
 *   circlei  {x=, y=, r=}                          integers in the int32 range
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
#include <math.h>
#include <stddef.h>
#include <stdio.h>
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

/* Upvalue K_COUNT + 1: the spare buffer for array arguments (see take_buffer), nil at first. */
#define UV_SPARE (K_COUNT + 1)
#define C2DL_NUPVALUES (K_COUNT + 1)

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

/* c2d_vec2 f(A, point) -> x, y */
#define C2DL_CLOSEST(lname, cfn, A)                                                        \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        lua_settop(L, 2); /* absent arguments read as nil, beyond the readers' fields */ \
        c2dl_##A a = get_##A(L, ARG(1), #lname);                                                 \
        c2d_vec2 p = get_point(L, ARG(2), #lname);                                              \
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
#define C2DL_RAYCAST(lname, cfn, B)                                                        \
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

/* Seed 002's cocos2d-x calls, with its names and semantics. */
C2DL_PRED(circleIntersectsCircle, c2d_overlap_circle_circle, circle, circle)
C2DL_PRED(rectIntersectsRect, c2d_touch_rect_rect, rect, rect)
C2DL_PRED(rectIntersectsCircle, c2d_overlap_rect_circle, rect, circle)
C2DL_PRED(rectRotateIntersectsCircle, c2d_overlap_obb_circle, obb, circle)

/* Strict (overlap*) and closed (touch*) predicates, arguments in the order of the name. */
C2DL_PRED(overlapRectRect, c2d_overlap_rect_rect, rect, rect)
C2DL_PRED(touchRectRect, c2d_touch_rect_rect, rect, rect)
C2DL_PRED(overlapCircleCircle, c2d_overlap_circle_circle, circle, circle)
C2DL_PRED(touchCircleCircle, c2d_touch_circle_circle, circle, circle)
C2DL_PRED(overlapRectCircle, c2d_overlap_rect_circle, rect, circle)
C2DL_PRED(touchRectCircle, c2d_touch_rect_circle, rect, circle)
C2DL_PRED(overlapPointRect, c2d_overlap_point_rect, point, rect)
C2DL_PRED(touchPointRect, c2d_touch_point_rect, point, rect)
C2DL_PRED(overlapPointCircle, c2d_overlap_point_circle, point, circle)
C2DL_PRED(touchPointCircle, c2d_touch_point_circle, point, circle)
C2DL_PRED(overlapObbCircle, c2d_overlap_obb_circle, obb, circle)
C2DL_PRED(touchObbCircle, c2d_touch_obb_circle, obb, circle)
C2DL_PRED(overlapObbRect, c2d_overlap_obb_rect, obb, rect)
C2DL_PRED(touchObbRect, c2d_touch_obb_rect, obb, rect)
C2DL_PRED(overlapObbObb, c2d_overlap_obb_obb, obb, obb)
C2DL_PRED(touchObbObb, c2d_touch_obb_obb, obb, obb)
C2DL_PRED(overlapPointObb, c2d_overlap_point_obb, point, obb)
C2DL_PRED(touchPointObb, c2d_touch_point_obb, point, obb)

/* Integer shapes. */
C2DL_PRED(overlapRectiRecti, c2d_overlap_recti_recti, recti, recti)
C2DL_PRED(touchRectiRecti, c2d_touch_recti_recti, recti, recti)
C2DL_PRED(overlapRectiCirclei, c2d_overlap_recti_circlei, recti, circlei)
C2DL_PRED(touchRectiCirclei, c2d_touch_recti_circlei, recti, circlei)
C2DL_PRED(overlapCircleiCirclei, c2d_overlap_circlei_circlei, circlei, circlei)
C2DL_PRED(touchCircleiCirclei, c2d_touch_circlei_circlei, circlei, circlei)

/* Closed segments. */
C2DL_PRED(intersectSegmentSegment, c2d_intersect_segment_segment, segment, segment)
C2DL_PRED(intersectSegmentRect, c2d_intersect_segment_rect, segment, rect)
C2DL_PRED(intersectSegmentCircle, c2d_intersect_segment_circle, segment, circle)
C2DL_PRED(intersectSegmentObb, c2d_intersect_segment_obb, segment, obb)

/* Contacts. */
C2DL_COLLIDE(collideRectRect, c2d_collide_rect_rect, rect, rect)
C2DL_COLLIDE(collideCircleCircle, c2d_collide_circle_circle, circle, circle)
C2DL_COLLIDE(collideRectCircle, c2d_collide_rect_circle, rect, circle)
C2DL_COLLIDE(collideObbCircle, c2d_collide_obb_circle, obb, circle)
C2DL_COLLIDE(collideObbRect, c2d_collide_obb_rect, obb, rect)
C2DL_COLLIDE(collideObbObb, c2d_collide_obb_obb, obb, obb)

/* Distances. */
C2DL_DIST(distanceRectRect, c2d_distance_rect_rect, rect, rect)
C2DL_DIST(distanceCircleCircle, c2d_distance_circle_circle, circle, circle)
C2DL_DIST(distanceRectCircle, c2d_distance_rect_circle, rect, circle)
C2DL_DIST(distanceObbCircle, c2d_distance_obb_circle, obb, circle)
C2DL_DIST(distanceObbRect, c2d_distance_obb_rect, obb, rect)
C2DL_DIST(distanceObbObb, c2d_distance_obb_obb, obb, obb)

/* Closest points. */
C2DL_CLOSEST(closestPointRect, c2d_closest_point_rect, rect)
C2DL_CLOSEST(closestPointObb, c2d_closest_point_obb, obb)
C2DL_CLOSEST(closestPointSegment, c2d_closest_point_segment, segment)

/* Continuous collision: the mover (first) moves by (dx, dy) against the static second shape. */
C2DL_SWEEP(sweepRectRect, c2d_sweep_rect_rect, rect, rect)
C2DL_SWEEP(sweepCircleRect, c2d_sweep_circle_rect, circle, rect)
C2DL_SWEEP(sweepCircleCircle, c2d_sweep_circle_circle, circle, circle)
C2DL_SWEEP(sweepRectCircle, c2d_sweep_rect_circle, rect, circle)
C2DL_SWEEP(sweepCircleObb, c2d_sweep_circle_obb, circle, obb)
C2DL_SWEEP(sweepRectObb, c2d_sweep_rect_obb, rect, obb)

/* Ray casts: the closed segment (x, y)..(x + dx, y + dy) against a closed shape. */
C2DL_RAYCAST(raycastRect, c2d_raycast_rect, rect)
C2DL_RAYCAST(raycastCircle, c2d_raycast_circle, circle)
C2DL_RAYCAST(raycastObb, c2d_raycast_obb, obb)
C2DL_RAYCAST(raycastSegment, c2d_raycast_segment, segment)

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

/* moveRecti(recti, dx, dy, obstacles) -> x, y, blockedX, blockedY: c2d_move_recti (seed 003's
 * integer move, x then y) with obstacles an array of recti tables. */
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

/* intersectionRect(a, b) -> the overlap rect table, or nil when they do not overlap strictly. */
static int l_intersectionRect(lua_State *L)
{
    c2d_rect out, a;
    lua_settop(L, 2);
    a = get_rect(L, ARG(1), "intersectionRect");
    c2d_rect b = get_rect(L, ARG(2), "intersectionRect");
    if (c2d_intersection_rect(a, b, &out)) {
        push_rect(L, out);
    } else {
        lua_pushnil(L);
    }
    return 1;
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

/* ---- world (bump.lua's API over c2d_world_*) ---------------------------------------------------
 * newWorld(cellSize) -> a full userdata with bump.lua's world methods. Items are any Lua values
 * but nil (and NaN); each maps to the c2d handle of its box. Handles are kept as 8-byte strings
 * (a uint64 does not fit a Lua 5.1 number), in two tables that hang off the world userdata
 * itself (its user value; its environment table on 5.1 and LuaJIT), never off the registry: an
 * item that refers back to its world (`entity.world = world`) makes a cycle the collector sees
 * whole, so a dropped world goes with its items. The user value is the items table (handle
 * string -> item); its integer key 1 holds the handles table (item -> handle string).
 *
 * A Lua filter runs inside lua_pcall from the C filter callback, so no Lua error ever unwinds
 * through the library's frames: the first error is kept, every later pair is ignored, and the
 * error is raised again once c2d_world_move has returned.
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

/* The items table's integer key of the handles table (handle keys are strings). */
#define C2DL_UV_HANDLES 1

typedef struct {
    c2d_world *w; /* NULL once __gc has run */
} c2dl_world;

static void push_handle(lua_State *L, uint64_t h)
{
    lua_pushlstring(L, (const char *)&h, sizeof h);
}

static uint64_t to_handle(lua_State *L, int idx)
{
    size_t n = 0;
    uint64_t h = 0;
    const char *s = lua_tolstring(L, idx, &n);
    if (s != NULL && n == sizeof h) {
        memcpy(&h, s, sizeof h);
    }
    return h;
}

/* Method arguments are numbered as luaL_argerror numbers them for a method call: the first after
 * self is #1. */
static int world_arg_error(lua_State *L, int idx, const char *fn, const char *msg)
{
    return arg_error(L, idx - 1, fn, msg);
}

static float world_num(lua_State *L, int idx, const char *fn)
{
    if (lua_type(L, idx) != LUA_TNUMBER) {
        char msg[64];
        snprintf(msg, sizeof msg, "number expected, got %s", type_name(L, idx));
        world_arg_error(L, idx, fn, msg);
    }
    return (float)lua_tonumber(L, idx);
}

static c2d_rect world_rect(lua_State *L, int idx, const char *fn)
{
    c2d_rect r;
    r.x = world_num(L, idx, fn);
    r.y = world_num(L, idx + 1, fn);
    r.w = world_num(L, idx + 2, fn);
    r.h = world_num(L, idx + 3, fn);
    return r;
}

/* Stack layout of every method after world_begin: 1 = self, 2..nargs+1 = arguments (absent ones
 * nil), then the items and handles tables. */
#define W_ITEMS(nargs) ((nargs) + 2)
#define W_HANDLES(nargs) ((nargs) + 3)

static c2dl_world *world_begin(lua_State *L, const char *fn, int nargs)
{
    c2dl_world *cw = (c2dl_world *)lua_touserdata(L, 1);
    int ok = 0;
    if (cw != NULL && lua_getmetatable(L, 1)) {
        luaL_getmetatable(L, C2DL_WORLD_MT);
        ok = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
    }
    if (!ok) {
        luaL_error(L, "calling '%s' on bad self (world expected, got %s)", fn, type_name(L, 1));
    }
    if (cw->w == NULL) {
        luaL_error(L, "calling '%s' on a world that was already collected (a finalizer brought "
                      "it back after its own __gc ran)", fn);
    }
    lua_settop(L, nargs + 1);
    c2dl_getuservalue(L, 1);
    lua_rawgeti(L, -1, C2DL_UV_HANDLES);
    return cw;
}

/* The handle of the item at idx, 0 when it is not in the world. */
static uint64_t world_handle(lua_State *L, int idx, int handles)
{
    uint64_t h = 0;
    if (!lua_isnil(L, idx)) {
        lua_pushvalue(L, idx);
        lua_rawget(L, handles);
        h = to_handle(L, -1);
        lua_pop(L, 1);
    }
    return h;
}

static uint64_t world_member(lua_State *L, int idx, int handles, const char *fn)
{
    uint64_t h = world_handle(L, idx, handles);
    if (h == 0) {
        world_arg_error(L, idx, fn, "item not in the world");
    }
    return h;
}

/* Pushes the item of handle h (nil when none). */
static void push_item(lua_State *L, uint64_t h, int items)
{
    push_handle(L, h);
    lua_rawget(L, items);
}

static void set_xy(lua_State *L, const char *key, float x, float y)
{
    lua_createtable(L, 0, 2);
    set_num(L, "x", x);
    set_num(L, "y", y);
    lua_setfield(L, -2, key);
}

static void set_xywh(lua_State *L, const char *key, c2d_rect r)
{
    lua_createtable(L, 0, 4);
    set_num(L, "x", r.x);
    set_num(L, "y", r.y);
    set_num(L, "w", r.w);
    set_num(L, "h", r.h);
    lua_setfield(L, -2, key);
}

static int l_newWorld(lua_State *L)
{
    c2dl_world *cw;
    float cell = 64.0f;
    if (!lua_isnoneornil(L, 1)) {
        cell = f32_arg(L, 1, "newWorld");
    }
    lua_settop(L, 0);
    cw = (c2dl_world *)lua_newuserdata(L, sizeof *cw);
    cw->w = NULL;
    luaL_getmetatable(L, C2DL_WORLD_MT);
    lua_setmetatable(L, 1);
    lua_newtable(L); /* items */
    lua_newtable(L); /* handles */
    lua_rawseti(L, -2, C2DL_UV_HANDLES);
    c2dl_setuservalue(L, 1);
    cw->w = c2d_world_new(cell);
    if (cw->w == NULL) {
        arg_error(L, 1, "newWorld", "cell size must be positive and finite");
    }
    return 1;
}

/* Frees the c2d_world; the item tables go with the userdata. Safe to run on a world whose
 * creation failed (w NULL). */
static int w_gc(lua_State *L)
{
    c2dl_world *cw = (c2dl_world *)lua_touserdata(L, 1);
    if (cw != NULL) {
        c2d_world_free(cw->w);
        cw->w = NULL;
    }
    return 0;
}

/* world:add(item, x, y, w, h) -> item */
static int w_add(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "add", 5);
    c2d_rect r;
    uint64_t h;
    if (lua_isnil(L, 2) || lua_rawequal(L, 2, 2) == 0) {
        world_arg_error(L, 2, "add", "item must not be nil or NaN");
    }
    r = world_rect(L, 3, "add");
    if (world_handle(L, 2, W_HANDLES(5)) != 0) {
        world_arg_error(L, 2, "add", "item already in the world");
    }
    h = c2d_world_add(cw->w, r, 0);
    if (h == 0) {
        world_arg_error(L, 3, "add", "x, y, w and h must be finite");
    }
    push_handle(L, h);
    lua_pushvalue(L, 2);
    lua_rawset(L, W_ITEMS(5));
    lua_pushvalue(L, 2);
    push_handle(L, h);
    lua_rawset(L, W_HANDLES(5));
    lua_pushvalue(L, 2);
    return 1;
}

/* world:remove(item) */
static int w_remove(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "remove", 1);
    uint64_t h = world_member(L, 2, W_HANDLES(1), "remove");
    c2d_world_remove(cw->w, h);
    push_handle(L, h);
    lua_pushnil(L);
    lua_rawset(L, W_ITEMS(1));
    lua_pushvalue(L, 2);
    lua_pushnil(L);
    lua_rawset(L, W_HANDLES(1));
    return 0;
}

/* world:update(item, x, y[, w, h]): a teleport; w and h default to the current size. */
static int w_update(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "update", 5);
    uint64_t h = world_member(L, 2, W_HANDLES(5), "update");
    c2d_rect r, old;
    c2d_world_get(cw->w, h, &old, NULL);
    r.x = world_num(L, 3, "update");
    r.y = world_num(L, 4, "update");
    r.w = lua_isnil(L, 5) ? old.w : world_num(L, 5, "update");
    r.h = lua_isnil(L, 6) ? old.h : world_num(L, 6, "update");
    if (c2d_world_update(cw->w, h, r) != C2D_OK) {
        world_arg_error(L, 3, "update", "x, y, w and h must be finite");
    }
    return 0;
}

/* world:getRect(item) -> x, y, w, h */
static int w_getRect(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "getRect", 1);
    c2d_rect r;
    c2d_world_get(cw->w, world_member(L, 2, W_HANDLES(1), "getRect"), &r, NULL);
    lua_pushnumber(L, (lua_Number)r.x);
    lua_pushnumber(L, (lua_Number)r.y);
    lua_pushnumber(L, (lua_Number)r.w);
    lua_pushnumber(L, (lua_Number)r.h);
    return 4;
}

/* world:hasItem(item) -> boolean */
static int w_hasItem(lua_State *L)
{
    world_begin(L, "hasItem", 1);
    lua_pushboolean(L, world_handle(L, 2, W_HANDLES(1)) != 0);
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
    int n = 0;
    (void)cw;
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, W_ITEMS(0)) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) { /* a handle, not the handles table's key */
            lua_rawseti(L, -3, ++n);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pushinteger(L, n);
    return 2;
}

/* The handles a query found: `small` when they fit, else a userdata buffer on the stack. */
#define C2DL_QUERY_SMALL 64

/* Pushes the items of handles[0..n) passing the filter at stack index filter (nil: all) as an
 * array, and its length. Every item is looked up before the filter runs, so a filter that
 * removes items never sees a nil. */
static int push_items(lua_State *L, const uint64_t *handles, size_t n, int items, int filter)
{
    size_t i;
    int len = 0, t;
    lua_createtable(L, (int)n, 0);
    t = lua_gettop(L);
    for (i = 0; i < n; i++) {
        push_item(L, handles[i], items);
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

/* world:queryRect(x, y, w, h[, filter]) -> items, len: items whose box strictly overlaps. */
static int w_queryRect(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "queryRect", 5);
    uint64_t small[C2DL_QUERY_SMALL], *buf = small;
    c2d_rect r = world_rect(L, 2, "queryRect");
    size_t n = c2d_world_query_rect(cw->w, r, small, C2DL_QUERY_SMALL);
    if (n > C2DL_QUERY_SMALL) {
        buf = (uint64_t *)lua_newuserdata(L, n * sizeof *buf);
        n = c2d_world_query_rect(cw->w, r, buf, n);
    }
    return push_items(L, buf, n, W_ITEMS(5), 6);
}

/* world:queryPoint(x, y[, filter]) -> items, len: items whose box strictly contains the point. */
static int w_queryPoint(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "queryPoint", 3);
    uint64_t small[C2DL_QUERY_SMALL], *buf = small;
    c2d_vec2 p;
    size_t n;
    p.x = world_num(L, 2, "queryPoint");
    p.y = world_num(L, 3, "queryPoint");
    n = c2d_world_query_point(cw->w, p, small, C2DL_QUERY_SMALL);
    if (n > C2DL_QUERY_SMALL) {
        buf = (uint64_t *)lua_newuserdata(L, n * sizeof *buf);
        n = c2d_world_query_point(cw->w, p, buf, n);
    }
    return push_items(L, buf, n, W_ITEMS(3), 4);
}

/* The segment query's hits (sorted by t), in `small` or a userdata buffer on the stack. */
static c2d_world_hit *segment_hits(lua_State *L, c2dl_world *cw, const char *fn,
                                   c2d_world_hit *small, size_t *n, c2d_segment *s)
{
    c2d_world_hit *buf = small;
    s->a.x = world_num(L, 2, fn);
    s->a.y = world_num(L, 3, fn);
    s->b.x = world_num(L, 4, fn);
    s->b.y = world_num(L, 5, fn);
    *n = c2d_world_query_segment(cw->w, *s, small, C2DL_QUERY_SMALL);
    if (*n > C2DL_QUERY_SMALL) {
        buf = (c2d_world_hit *)lua_newuserdata(L, *n * sizeof *buf);
        *n = c2d_world_query_segment(cw->w, *s, buf, *n);
    }
    return buf;
}

/* world:querySegment(x1, y1, x2, y2[, filter]) -> items, len: items the segment meets, nearest
 * first. */
static int w_querySegment(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "querySegment", 5);
    c2d_world_hit small[C2DL_QUERY_SMALL];
    uint64_t small_ids[C2DL_QUERY_SMALL], *ids = small_ids;
    c2d_segment s;
    size_t n, i;
    c2d_world_hit *hits = segment_hits(L, cw, "querySegment", small, &n, &s);
    if (n > C2DL_QUERY_SMALL) {
        ids = (uint64_t *)lua_newuserdata(L, n * sizeof *ids);
    }
    for (i = 0; i < n; i++) {
        ids[i] = hits[i].id;
    }
    return push_items(L, ids, n, W_ITEMS(5), 6);
}

/* world:querySegmentWithCoords(x1, y1, x2, y2[, filter]) -> infos, len: per item met, nearest
 * first, {item=, ti1=, ti2=, x1=, y1=, x2=, y2=}: where the segment enters (ti1, x1, y1) and
 * leaves (ti2, x2, y2) the item's box, as fractions of the segment and points. Every box is read
 * before the filter runs, so a filter that moves or removes items changes no coordinates. */
static int w_querySegmentWithCoords(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "querySegmentWithCoords", 5);
    c2d_world_hit small[C2DL_QUERY_SMALL];
    c2d_vec2 small_exit[C2DL_QUERY_SMALL], *exit = small_exit;
    float small_t2[C2DL_QUERY_SMALL], *exit_t = small_t2;
    c2d_segment s;
    c2d_vec2 back;
    size_t n, i;
    int len = 0, found;
    c2d_world_hit *hits = segment_hits(L, cw, "querySegmentWithCoords", small, &n, &s);
    back.x = s.a.x - s.b.x;
    back.y = s.a.y - s.b.y;
    if (n > C2DL_QUERY_SMALL) {
        exit = (c2d_vec2 *)lua_newuserdata(L, n * sizeof *exit);
        exit_t = (float *)lua_newuserdata(L, n * sizeof *exit_t);
    }
    for (i = 0; i < n; i++) {
        c2d_rect r = {0.0f, 0.0f, 0.0f, 0.0f};
        c2d_hit out;
        exit_t[i] = 1.0f;
        exit[i] = s.b;
        /* The exit is where the reversed segment enters. */
        c2d_world_get(cw->w, hits[i].id, &r, NULL);
        if (c2d_raycast_rect(s.b, back, r, &out)) {
            exit_t[i] = 1.0f - out.t;
            exit[i] = out.pos;
        }
    }
    lua_createtable(L, (int)n, 0); /* the items, looked up before any filter runs */
    found = lua_gettop(L);
    for (i = 0; i < n; i++) {
        push_item(L, hits[i].id, W_ITEMS(5));
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
        lua_pushvalue(L, -2);
        lua_setfield(L, -2, "item");
        set_num(L, "ti1", hits[i].hit.t);
        set_num(L, "ti2", exit_t[i]);
        set_num(L, "x1", hits[i].hit.pos.x);
        set_num(L, "y1", hits[i].hit.pos.y);
        set_num(L, "x2", exit[i].x);
        set_num(L, "y2", exit[i].y);
        lua_remove(L, -2);
        lua_rawseti(L, -2, ++len);
    }
    lua_pushinteger(L, len);
    return 2;
}

/* ---- moves ---- */

typedef struct {
    lua_State *L;
    int tramp, filter, item, items, resp, err; /* stack slots of the calling method */
    int failed;
    uint64_t other;
} c2dl_move_ctx;

static const char *const response_types[] = {NULL, "slide", "touch", "cross", "bounce"};

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

/* Runs under lua_pcall: (ctx, filter, item, items, resp) -> response code. Calls filter(item,
 * other) and records its answer for `other` in resp. An answer that names no response (any
 * other string or true value) stops the move there as a touch would, and world_move raises
 * bump.lua's "Unknown collision type" once the library has returned, when that collision is
 * the one being resolved (as bump.lua raises only then). */
static int world_filter_call(lua_State *L)
{
    c2dl_move_ctx *m = (c2dl_move_ctx *)lua_touserdata(L, 1);
    c2d_response code = C2D_IGNORE;
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    push_item(L, m->other, 4);
    lua_call(L, 2, 1);
    if (lua_toboolean(L, -1)) {
        size_t n = 0;
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
        code = s != NULL ? response_code(s, n) : C2D_IGNORE;
        if (code == C2D_IGNORE) {
            code = C2D_TOUCH;
        }
        push_handle(L, m->other);
        lua_pushvalue(L, -2);
        lua_rawset(L, 5);
    }
    lua_pushinteger(L, (lua_Integer)code);
    return 1;
}

/* Raises bump.lua's error for a filter's answer that names no response (the value at idx),
 * with every byte of a string answer. */
static void unknown_response_error(lua_State *L, int idx)
{
    luaL_Buffer b;
    idx = idx < 0 ? lua_gettop(L) + idx + 1 : idx;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "Unknown collision type: ");
    if (lua_type(L, idx) == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        luaL_addlstring(&b, s, n);
    } else if (lua_type(L, idx) == LUA_TBOOLEAN) {
        luaL_addstring(&b, lua_toboolean(L, idx) ? "true" : "false");
    } else if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_pushvalue(L, idx);
        luaL_addvalue(&b); /* lua_tolstring converts the copy */
    } else {
        luaL_addstring(&b, luaL_typename(L, idx));
    }
    luaL_addstring(&b, " (");
    luaL_addstring(&b, luaL_typename(L, idx));
    luaL_addstring(&b, ")");
    luaL_pushresult(&b);
    lua_error(L);
}

/* The c2d_filter_fn: never lets a Lua error unwind through the library (see the section top).
 * Uses only stack slots reserved before c2d_world_move and lua_pcall, which is protected. */
static c2d_response world_filter(uint64_t item, uint64_t other, void *ctx)
{
    c2dl_move_ctx *m = (c2dl_move_ctx *)ctx;
    lua_State *L = m->L;
    c2d_response code;
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
    lua_pushvalue(L, m->resp);
    if (lua_pcall(L, 5, 1, 0) != 0) {
        m->failed = 1;
        lua_replace(L, m->err);
        return C2D_IGNORE;
    }
    code = (c2d_response)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return code;
}

/* Moves item `id` (at stack slot item) toward (gx, gy) with the filter at stack slot filter
 * (nil: slide for all) and pushes the collision list and its length, bump.lua's cols. `start`
 * is the rect the move starts from; `restore` (nullable) is put back after the move (check and
 * project), `remove` removes the item after it (project of an item not in the world). Raises a
 * filter's error after that. Leaves the final position in *actual. */
static void world_move(lua_State *L, c2dl_world *cw, const char *fn, uint64_t id, int item,
                       int filter, int items, c2d_rect start, float gx, float gy,
                       const c2d_rect *restore, int remove, c2d_vec2 *actual)
{
    c2dl_move_ctx m;
    c2d_world_hit hits[C2D_MOVE_MAX_HITS];
    c2d_vec2 goal, leg_start, leg_goal;
    c2d_status st;
    size_t count = 0, i;
    int resp, unknown;
    goal.x = gx;
    goal.y = gy;
    lua_newtable(L); /* responses by handle */
    resp = lua_gettop(L);
    lua_pushnil(L); /* the filter's error, if any */
    m.err = lua_gettop(L);
    lua_pushcfunction(L, world_filter_call);
    m.tramp = lua_gettop(L);
    luaL_checkstack(L, 8, "collide2d");
    m.L = L;
    m.filter = filter;
    m.item = item;
    m.items = items;
    m.resp = resp;
    m.failed = 0;
    st = c2d_world_move(cw->w, id, goal, lua_isnil(L, filter) ? NULL : world_filter, &m, actual,
                        hits, C2D_MOVE_MAX_HITS, &count);
    if (count > C2D_MOVE_MAX_HITS) {
        count = C2D_MOVE_MAX_HITS;
    }
    unknown = 0; /* stack slot of an answer that names no response, met by the move */
    for (i = 0; i < count && !m.failed && st == C2D_OK; i++) {
        size_t n = 0;
        const char *s;
        push_handle(L, hits[i].id);
        lua_rawget(L, resp);
        s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
        if (!lua_isnil(L, -1) && (s == NULL || response_code(s, n) == C2D_IGNORE)) {
            unknown = lua_gettop(L);
            break;
        }
        lua_pop(L, 1);
    }
    if (restore != NULL) {
        c2d_world_update(cw->w, id, *restore);
    } else if ((m.failed || unknown) && !remove && st == C2D_OK) {
        c2d_world_update(cw->w, id, start); /* an error leaves the item where it was */
    }
    if (remove) {
        c2d_world_remove(cw->w, id);
    }
    if (m.failed) {
        lua_pushvalue(L, m.err);
        lua_error(L);
    }
    if (unknown) {
        unknown_response_error(L, unknown);
    }
    if (st == C2D_ERR_INVALID) {
        world_arg_error(L, 3, fn, "goal must be finite");
    } else if (st != C2D_OK) {
        luaL_error(L, "collide2d: %s: item left the world during the move", fn);
    }
    leg_start.x = start.x;
    leg_start.y = start.y;
    leg_goal = goal;
    lua_createtable(L, (int)count, 0);
    for (i = 0; i < count; i++) {
        const c2d_hit *h = &hits[i].hit;
        c2d_rect other = {0.0f, 0.0f, 0.0f, 0.0f}, itemRect = start; /* zero if a filter removed it */
        float mx = leg_goal.x - leg_start.x, my = leg_goal.y - leg_start.y;
        const char *type = "slide";
        push_handle(L, hits[i].id);
        lua_rawget(L, resp);
        if (lua_type(L, -1) == LUA_TSTRING) {
            type = lua_tostring(L, -1);
        }
        lua_pop(L, 1);
        lua_createtable(L, 0, 12);
        lua_pushvalue(L, item);
        lua_setfield(L, -2, "item");
        push_item(L, hits[i].id, items);
        lua_setfield(L, -2, "other");
        lua_pushstring(L, type);
        lua_setfield(L, -2, "type");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "overlaps");
        set_num(L, "ti", h->t);
        set_xy(L, "move", mx, my);
        set_xy(L, "normal", h->normal.x, h->normal.y);
        set_xy(L, "touch", h->pos.x, h->pos.y);
        itemRect.x = leg_start.x;
        itemRect.y = leg_start.y;
        set_xywh(L, "itemRect", itemRect);
        c2d_world_get(cw->w, hits[i].id, &other, NULL);
        set_xywh(L, "otherRect", other);
        if (strcmp(type, "cross") != 0) {
            c2d_vec2 next = h->pos;
            if (strcmp(type, "slide") == 0) {
                if (mx != 0.0f || my != 0.0f) {
                    if (h->normal.x == 0.0f) {
                        next.x = leg_goal.x;
                    } else {
                        next.y = leg_goal.y;
                    }
                }
                set_xy(L, "slide", next.x, next.y);
            } else if (strcmp(type, "bounce") == 0) {
                if (mx != 0.0f || my != 0.0f) {
                    float bx = leg_goal.x - h->pos.x, by = leg_goal.y - h->pos.y;
                    if (h->normal.x == 0.0f) {
                        by = -by;
                    } else {
                        bx = -bx;
                    }
                    next.x = h->pos.x + bx;
                    next.y = h->pos.y + by;
                }
                set_xy(L, "bounce", next.x, next.y);
            }
            leg_start = h->pos;
            leg_goal = next;
        }
        lua_rawseti(L, -2, (int)i + 1);
    }
    lua_pushinteger(L, (lua_Integer)count);
}

/* world:move(item, goalX, goalY[, filter]) -> actualX, actualY, cols, len */
static int w_move(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "move", 4);
    uint64_t h = world_member(L, 2, W_HANDLES(4), "move");
    c2d_rect r;
    c2d_vec2 actual;
    float gx = world_num(L, 3, "move"), gy = world_num(L, 4, "move");
    c2d_world_get(cw->w, h, &r, NULL);
    world_move(L, cw, "move", h, 2, 5, W_ITEMS(4), r, gx, gy, NULL, 0, &actual);
    lua_pushnumber(L, (lua_Number)actual.x);
    lua_insert(L, -3);
    lua_pushnumber(L, (lua_Number)actual.y);
    lua_insert(L, -3);
    return 4;
}

/* world:check(item, goalX, goalY[, filter]) -> actualX, actualY, cols, len, leaving the item
 * where it was. */
static int w_check(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "check", 4);
    uint64_t h = world_member(L, 2, W_HANDLES(4), "check");
    c2d_rect r;
    c2d_vec2 actual;
    float gx = world_num(L, 3, "check"), gy = world_num(L, 4, "check");
    c2d_world_get(cw->w, h, &r, NULL);
    world_move(L, cw, "check", h, 2, 5, W_ITEMS(4), r, gx, gy, &r, 0, &actual);
    lua_pushnumber(L, (lua_Number)actual.x);
    lua_insert(L, -3);
    lua_pushnumber(L, (lua_Number)actual.y);
    lua_insert(L, -3);
    return 4;
}

/* world:project(item, x, y, w, h, goalX, goalY[, filter]) -> cols, len: the collisions a box at
 * (x, y, w, h) would meet moving to the goal; the item need not be in the world and stays put. */
static int w_project(lua_State *L)
{
    c2dl_world *cw = world_begin(L, "project", 8);
    uint64_t h = world_handle(L, 2, W_HANDLES(8));
    c2d_rect r = world_rect(L, 3, "project"), old;
    c2d_vec2 actual;
    float gx = world_num(L, 7, "project"), gy = world_num(L, 8, "project");
    if (h != 0) {
        c2d_world_get(cw->w, h, &old, NULL);
        if (c2d_world_update(cw->w, h, r) != C2D_OK) {
            world_arg_error(L, 3, "project", "x, y, w and h must be finite");
        }
        world_move(L, cw, "project", h, 2, 9, W_ITEMS(8), r, gx, gy, &old, 0, &actual);
    } else {
        h = c2d_world_add(cw->w, r, 0);
        if (h == 0) {
            world_arg_error(L, 3, "project", "x, y, w and h must be finite");
        }
        world_move(L, cw, "project", h, 2, 9, W_ITEMS(8), r, gx, gy, NULL, 1, &actual);
    }
    return 2;
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
    {NULL, NULL},
};

/* Creates the world metatable (methods in __index, __gc frees the world). */
static void register_world(lua_State *L)
{
    const luaL_Reg *r;
    luaL_newmetatable(L, C2DL_WORLD_MT);
    lua_newtable(L);
    for (r = world_methods; r->name != NULL; r++) {
        lua_pushcfunction(L, r->func);
        lua_setfield(L, -2, r->name);
    }
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, w_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "collide2d.world");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}

#define C2DL_FN(name) {#name, l_##name}

static const luaL_Reg c2dl_funcs[] = {
    C2DL_FN(circleIntersectsCircle),
    C2DL_FN(rectIntersectsRect),
    C2DL_FN(rectIntersectsCircle),
    C2DL_FN(rectRotateIntersectsCircle),
    C2DL_FN(overlapRectRect),
    C2DL_FN(touchRectRect),
    C2DL_FN(overlapCircleCircle),
    C2DL_FN(touchCircleCircle),
    C2DL_FN(overlapRectCircle),
    C2DL_FN(touchRectCircle),
    C2DL_FN(overlapPointRect),
    C2DL_FN(touchPointRect),
    C2DL_FN(overlapPointCircle),
    C2DL_FN(touchPointCircle),
    C2DL_FN(overlapObbCircle),
    C2DL_FN(touchObbCircle),
    C2DL_FN(overlapObbRect),
    C2DL_FN(touchObbRect),
    C2DL_FN(overlapObbObb),
    C2DL_FN(touchObbObb),
    C2DL_FN(overlapPointObb),
    C2DL_FN(touchPointObb),
    C2DL_FN(overlapRectiRecti),
    C2DL_FN(touchRectiRecti),
    C2DL_FN(overlapRectiCirclei),
    C2DL_FN(touchRectiCirclei),
    C2DL_FN(overlapCircleiCirclei),
    C2DL_FN(touchCircleiCirclei),
    C2DL_FN(intersectSegmentSegment),
    C2DL_FN(intersectSegmentRect),
    C2DL_FN(intersectSegmentCircle),
    C2DL_FN(intersectSegmentObb),
    C2DL_FN(collideRectRect),
    C2DL_FN(collideCircleCircle),
    C2DL_FN(collideRectCircle),
    C2DL_FN(collideObbCircle),
    C2DL_FN(collideObbRect),
    C2DL_FN(collideObbObb),
    C2DL_FN(distanceRectRect),
    C2DL_FN(distanceCircleCircle),
    C2DL_FN(distanceRectCircle),
    C2DL_FN(distanceObbCircle),
    C2DL_FN(distanceObbRect),
    C2DL_FN(distanceObbObb),
    C2DL_FN(closestPointRect),
    C2DL_FN(closestPointObb),
    C2DL_FN(closestPointSegment),
    C2DL_FN(sweepRectRect),
    C2DL_FN(sweepCircleRect),
    C2DL_FN(sweepCircleCircle),
    C2DL_FN(sweepRectCircle),
    C2DL_FN(sweepCircleObb),
    C2DL_FN(sweepRectObb),
    C2DL_FN(raycastRect),
    C2DL_FN(raycastCircle),
    C2DL_FN(raycastObb),
    C2DL_FN(raycastSegment),
    C2DL_FN(moveRect),
    C2DL_FN(moveRecti),
    C2DL_FN(newWorld),
    C2DL_FN(intersectionRect),
    C2DL_FN(obbFromRect),
    C2DL_FN(version),
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

C2DL_SHIM(bool, overlap_rect_rect, c2d_rect, c2d_rect)
C2DL_SHIM(bool, touch_rect_rect, c2d_rect, c2d_rect)
C2DL_SHIM(bool, overlap_circle_circle, c2d_circle, c2d_circle)
C2DL_SHIM(bool, touch_circle_circle, c2d_circle, c2d_circle)
C2DL_SHIM(bool, overlap_rect_circle, c2d_rect, c2d_circle)
C2DL_SHIM(bool, touch_rect_circle, c2d_rect, c2d_circle)
C2DL_SHIM(bool, overlap_point_rect, c2d_vec2, c2d_rect)
C2DL_SHIM(bool, touch_point_rect, c2d_vec2, c2d_rect)
C2DL_SHIM(bool, overlap_point_circle, c2d_vec2, c2d_circle)
C2DL_SHIM(bool, touch_point_circle, c2d_vec2, c2d_circle)
C2DL_SHIM(bool, overlap_obb_circle, c2d_obb, c2d_circle)
C2DL_SHIM(bool, touch_obb_circle, c2d_obb, c2d_circle)
C2DL_SHIM(bool, overlap_obb_rect, c2d_obb, c2d_rect)
C2DL_SHIM(bool, touch_obb_rect, c2d_obb, c2d_rect)
C2DL_SHIM(bool, overlap_obb_obb, c2d_obb, c2d_obb)
C2DL_SHIM(bool, touch_obb_obb, c2d_obb, c2d_obb)
C2DL_SHIM(bool, overlap_point_obb, c2d_vec2, c2d_obb)
C2DL_SHIM(bool, touch_point_obb, c2d_vec2, c2d_obb)
C2DL_SHIM(bool, overlap_recti_recti, c2d_recti, c2d_recti)
C2DL_SHIM(bool, touch_recti_recti, c2d_recti, c2d_recti)
C2DL_SHIM(bool, overlap_recti_circlei, c2d_recti, c2d_circlei)
C2DL_SHIM(bool, touch_recti_circlei, c2d_recti, c2d_circlei)
C2DL_SHIM(bool, overlap_circlei_circlei, c2d_circlei, c2d_circlei)
C2DL_SHIM(bool, touch_circlei_circlei, c2d_circlei, c2d_circlei)
C2DL_SHIM(bool, intersect_segment_segment, c2d_segment, c2d_segment)
C2DL_SHIM(bool, intersect_segment_rect, c2d_segment, c2d_rect)
C2DL_SHIM(bool, intersect_segment_circle, c2d_segment, c2d_circle)
C2DL_SHIM(bool, intersect_segment_obb, c2d_segment, c2d_obb)
C2DL_SHIM_OUT(collide_rect_rect, c2d_rect, c2d_rect, c2d_contact)
C2DL_SHIM_OUT(collide_circle_circle, c2d_circle, c2d_circle, c2d_contact)
C2DL_SHIM_OUT(collide_rect_circle, c2d_rect, c2d_circle, c2d_contact)
C2DL_SHIM_OUT(collide_obb_circle, c2d_obb, c2d_circle, c2d_contact)
C2DL_SHIM_OUT(collide_obb_rect, c2d_obb, c2d_rect, c2d_contact)
C2DL_SHIM_OUT(collide_obb_obb, c2d_obb, c2d_obb, c2d_contact)
C2DL_SHIM_OUT(intersection_rect, c2d_rect, c2d_rect, c2d_rect)
C2DL_SHIM(float, distance_rect_rect, c2d_rect, c2d_rect)
C2DL_SHIM(float, distance_circle_circle, c2d_circle, c2d_circle)
C2DL_SHIM(float, distance_rect_circle, c2d_rect, c2d_circle)
C2DL_SHIM(float, distance_obb_circle, c2d_obb, c2d_circle)
C2DL_SHIM(float, distance_obb_rect, c2d_obb, c2d_rect)
C2DL_SHIM(float, distance_obb_obb, c2d_obb, c2d_obb)
C2DL_SHIM_RET(c2d_vec2, closest_point_rect, c2d_rect, c2d_vec2)
C2DL_SHIM_RET(c2d_vec2, closest_point_obb, c2d_obb, c2d_vec2)
C2DL_SHIM_RET(c2d_vec2, closest_point_segment, c2d_segment, c2d_vec2)

/* bool c2dl_f(const A*, const c2d_vec2* delta, const B*, c2d_hit* out): sweeps and ray casts */
#define C2DL_SHIM_HIT(name, A, B)                                                          \
    bool c2dl_##name(const A *a, const c2d_vec2 *delta, const B *b, c2d_hit *out);        \
    bool c2dl_##name(const A *a, const c2d_vec2 *delta, const B *b, c2d_hit *out)         \
    {                                                                                      \
        return c2d_##name(*a, *delta, *b, out);                                            \
    }

C2DL_SHIM_HIT(sweep_rect_rect, c2d_rect, c2d_rect)
C2DL_SHIM_HIT(sweep_circle_rect, c2d_circle, c2d_rect)
C2DL_SHIM_HIT(sweep_circle_circle, c2d_circle, c2d_circle)
C2DL_SHIM_HIT(sweep_rect_circle, c2d_rect, c2d_circle)
C2DL_SHIM_HIT(sweep_circle_obb, c2d_circle, c2d_obb)
C2DL_SHIM_HIT(sweep_rect_obb, c2d_rect, c2d_obb)
C2DL_SHIM_HIT(raycast_rect, c2d_vec2, c2d_rect)
C2DL_SHIM_HIT(raycast_circle, c2d_vec2, c2d_circle)
C2DL_SHIM_HIT(raycast_obb, c2d_vec2, c2d_obb)
C2DL_SHIM_HIT(raycast_segment, c2d_vec2, c2d_segment)

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

C2DL_FLAT(bool, overlap_rect_rect, rect, rect)
C2DL_FLAT(bool, touch_rect_rect, rect, rect)
C2DL_FLAT(bool, overlap_circle_circle, circle, circle)
C2DL_FLAT(bool, touch_circle_circle, circle, circle)
C2DL_FLAT(bool, overlap_rect_circle, rect, circle)
C2DL_FLAT(bool, touch_rect_circle, rect, circle)
C2DL_FLAT(bool, overlap_point_rect, point, rect)
C2DL_FLAT(bool, touch_point_rect, point, rect)
C2DL_FLAT(bool, overlap_point_circle, point, circle)
C2DL_FLAT(bool, touch_point_circle, point, circle)
C2DL_FLAT(bool, overlap_obb_circle, obb, circle)
C2DL_FLAT(bool, touch_obb_circle, obb, circle)
C2DL_FLAT(bool, overlap_obb_rect, obb, rect)
C2DL_FLAT(bool, touch_obb_rect, obb, rect)
C2DL_FLAT(bool, overlap_obb_obb, obb, obb)
C2DL_FLAT(bool, touch_obb_obb, obb, obb)
C2DL_FLAT(bool, overlap_point_obb, point, obb)
C2DL_FLAT(bool, touch_point_obb, point, obb)
C2DL_FLAT(bool, intersect_segment_segment, segment, segment)
C2DL_FLAT(bool, intersect_segment_rect, segment, rect)
C2DL_FLAT(bool, intersect_segment_circle, segment, circle)
C2DL_FLAT(bool, intersect_segment_obb, segment, obb)
C2DL_FLAT_OUT(collide_rect_rect, rect, rect, c2d_contact)
C2DL_FLAT_OUT(collide_circle_circle, circle, circle, c2d_contact)
C2DL_FLAT_OUT(collide_rect_circle, rect, circle, c2d_contact)
C2DL_FLAT_OUT(collide_obb_circle, obb, circle, c2d_contact)
C2DL_FLAT_OUT(collide_obb_rect, obb, rect, c2d_contact)
C2DL_FLAT_OUT(collide_obb_obb, obb, obb, c2d_contact)
C2DL_FLAT_OUT(intersection_rect, rect, rect, c2d_rect)
C2DL_FLAT(float, distance_rect_rect, rect, rect)
C2DL_FLAT(float, distance_circle_circle, circle, circle)
C2DL_FLAT(float, distance_rect_circle, rect, circle)
C2DL_FLAT(float, distance_obb_circle, obb, circle)
C2DL_FLAT(float, distance_obb_rect, obb, rect)
C2DL_FLAT(float, distance_obb_obb, obb, obb)
C2DL_FLAT_HIT(sweep_rect_rect, rect, rect)
C2DL_FLAT_HIT(sweep_circle_rect, circle, rect)
C2DL_FLAT_HIT(sweep_circle_circle, circle, circle)
C2DL_FLAT_HIT(sweep_rect_circle, rect, circle)
C2DL_FLAT_HIT(sweep_circle_obb, circle, obb)
C2DL_FLAT_HIT(sweep_rect_obb, rect, obb)
C2DL_FLAT_HIT(raycast_rect, point, rect)
C2DL_FLAT_HIT(raycast_circle, point, circle)
C2DL_FLAT_HIT(raycast_obb, point, obb)
C2DL_FLAT_HIT(raycast_segment, point, segment)

/* The world's calls with a by-value shape, in both forms (the Lua world itself is the C module's
 * on either path: see newWorld). */
uint64_t c2dl_world_add(c2d_world *w, const c2d_rect *rect, uint64_t user);
uint64_t c2dl_world_add(c2d_world *w, const c2d_rect *rect, uint64_t user)
{
    return c2d_world_add(w, *rect, user);
}
c2d_status c2dl_world_update(c2d_world *w, uint64_t id, const c2d_rect *rect);
c2d_status c2dl_world_update(c2d_world *w, uint64_t id, const c2d_rect *rect)
{
    return c2d_world_update(w, id, *rect);
}
size_t c2dl_world_query_rect(const c2d_world *w, const c2d_rect *rect, uint64_t *out, size_t cap);
size_t c2dl_world_query_rect(const c2d_world *w, const c2d_rect *rect, uint64_t *out, size_t cap)
{
    return c2d_world_query_rect(w, *rect, out, cap);
}
size_t c2dl_world_query_point(const c2d_world *w, const c2d_vec2 *point, uint64_t *out, size_t cap);
size_t c2dl_world_query_point(const c2d_world *w, const c2d_vec2 *point, uint64_t *out, size_t cap)
{
    return c2d_world_query_point(w, *point, out, cap);
}
size_t c2dl_world_query_circle(const c2d_world *w, const c2d_circle *circle, uint64_t *out,
                               size_t cap);
size_t c2dl_world_query_circle(const c2d_world *w, const c2d_circle *circle, uint64_t *out,
                               size_t cap)
{
    return c2d_world_query_circle(w, *circle, out, cap);
}
size_t c2dl_world_query_segment(const c2d_world *w, const c2d_segment *segment, c2d_world_hit *out,
                                size_t cap);
size_t c2dl_world_query_segment(const c2d_world *w, const c2d_segment *segment, c2d_world_hit *out,
                                size_t cap)
{
    return c2d_world_query_segment(w, *segment, out, cap);
}
c2d_status c2dl_world_move(c2d_world *w, uint64_t id, const c2d_vec2 *goal, c2d_filter_fn filter,
                           void *ctx, c2d_vec2 *actual, c2d_world_hit *hits, size_t cap,
                           size_t *count);
c2d_status c2dl_world_move(c2d_world *w, uint64_t id, const c2d_vec2 *goal, c2d_filter_fn filter,
                           void *ctx, c2d_vec2 *actual, c2d_world_hit *hits, size_t cap,
                           size_t *count)
{
    return c2d_world_move(w, id, *goal, filter, ctx, actual, hits, cap, count);
}
uint64_t c2dlf_world_add(c2d_world *w, FP_rect(rect), uint64_t user);
uint64_t c2dlf_world_add(c2d_world *w, FP_rect(rect), uint64_t user)
{
    return c2d_world_add(w, FV_rect(rect), user);
}
c2d_status c2dlf_world_update(c2d_world *w, uint64_t id, FP_rect(rect));
c2d_status c2dlf_world_update(c2d_world *w, uint64_t id, FP_rect(rect))
{
    return c2d_world_update(w, id, FV_rect(rect));
}
size_t c2dlf_world_query_rect(const c2d_world *w, FP_rect(rect), uint64_t *out, size_t cap);
size_t c2dlf_world_query_rect(const c2d_world *w, FP_rect(rect), uint64_t *out, size_t cap)
{
    return c2d_world_query_rect(w, FV_rect(rect), out, cap);
}
size_t c2dlf_world_query_point(const c2d_world *w, FP_point(point), uint64_t *out, size_t cap);
size_t c2dlf_world_query_point(const c2d_world *w, FP_point(point), uint64_t *out, size_t cap)
{
    return c2d_world_query_point(w, FV_point(point), out, cap);
}
size_t c2dlf_world_query_circle(const c2d_world *w, FP_circle(circle), uint64_t *out, size_t cap);
size_t c2dlf_world_query_circle(const c2d_world *w, FP_circle(circle), uint64_t *out, size_t cap)
{
    return c2d_world_query_circle(w, FV_circle(circle), out, cap);
}
size_t c2dlf_world_query_segment(const c2d_world *w, FP_segment(segment), c2d_world_hit *out,
                                 size_t cap);
size_t c2dlf_world_query_segment(const c2d_world *w, FP_segment(segment), c2d_world_hit *out,
                                 size_t cap)
{
    return c2d_world_query_segment(w, FV_segment(segment), out, cap);
}
c2d_status c2dlf_world_move(c2d_world *w, uint64_t id, FP_point(goal), c2d_filter_fn filter,
                            void *ctx, c2d_vec2 *actual, c2d_world_hit *hits, size_t cap,
                            size_t *count);
c2d_status c2dlf_world_move(c2d_world *w, uint64_t id, FP_point(goal), c2d_filter_fn filter,
                            void *ctx, c2d_vec2 *actual, c2d_world_hit *hits, size_t cap,
                            size_t *count)
{
    return c2d_world_move(w, id, FV_point(goal), filter, ctx, actual, hits, cap, count);
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

int luaopen_collide2d(lua_State *L);
int luaopen_collide2d_core(lua_State *L);

int luaopen_collide2d(lua_State *L)
{
    int k;
    check_library_version(L);
    lua_createtable(L, 0, (int)(sizeof c2dl_funcs / sizeof c2dl_funcs[0] - 1));
    /* Every function gets the field keys as upvalues (see push_field), then its spare buffer. */
    luaL_checkstack(L, C2DL_NUPVALUES, "collide2d");
    for (k = 0; k < K_COUNT; k++) {
        lua_pushstring(L, key_names[k]);
    }
    lua_pushnil(L);
    luaL_setfuncs(L, c2dl_funcs, C2DL_NUPVALUES);
    register_world(L);
    lua_pushliteral(L, C2DL_VERSION);
    lua_setfield(L, -2, "_VERSION");
    lua_pushliteral(L, "c");
    lua_setfield(L, -2, "_IMPL");
    return 1;
}

/* The same module under the name lua/collide2d/init.lua loads on PUC Lua: require("collide2d.core")
 * finds this file through package.cpath's all-in-one loader (collide2d.so, luaopen_collide2d_core). */
int luaopen_collide2d_core(lua_State *L)
{
    return luaopen_collide2d(L);
}
