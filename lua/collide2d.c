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
 * A wrong argument raises "bad argument #N to 'name' (field 'f' must be a number)" (or "table
 * expected, got T"), always naming the binding's own function, however it was called; like any
 * luaL_error it starts with the caller's position when the caller is Lua code.
 *
 * The file also exports c2dl_*, pointer forms of the C API for the LuaJIT FFI path (see below).
 */
#include <math.h>
#include <stdio.h>

#include "lauxlib.h"
#include "lua.h"

#include "collide2d.h"

#define C2DL_STR2(x) #x
#define C2DL_STR(x) C2DL_STR2(x)
#define C2DL_VERSION                                                                   \
    C2DL_STR(C2D_VERSION_MAJOR) "." C2DL_STR(C2D_VERSION_MINOR) "." C2DL_STR(C2D_VERSION_PATCH)

/* ---- Lua 5.1 / LuaJIT compatibility ---------------------------------------------------------- */

/* Lua 5.1 lacks luaL_setfuncs and luaL_newlib; LuaJIT 2.1 has both (its lauxlib.h defines
 * luaL_newlib), so the shim is keyed on the macro rather than on LUA_VERSION_NUM. */
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
#define luaL_newlib(L, l)                                                                  \
    (lua_createtable(L, 0, (int)(sizeof(l) / sizeof((l)[0]) - 1)), luaL_setfuncs(L, l, 0))
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

static void check_table(lua_State *L, int arg, const char *fn)
{
    if (!lua_istable(L, arg)) {
        char msg[64];
        /* "nil" for a missing argument too, as the FFI path (which cannot tell them apart). */
        snprintf(msg, sizeof msg, "table expected, got %s",
                 lua_isnoneornil(L, arg) ? "nil" : luaL_typename(L, arg));
        arg_error(L, arg, fn, msg);
    }
}

static void field_error(lua_State *L, int arg, const char *fn, const char *key, const char *what)
{
    char msg[96];
    snprintf(msg, sizeof msg, "field '%s' must be %s", key, what);
    arg_error(L, arg, fn, msg);
}

/* ---- reading fields ----------------------------------------------------------------------------
 * One reader get_<shape> per Lua table shape, returning the C type c2dl_<shape>. */

typedef c2d_vec2 c2dl_point;
typedef c2d_rect c2dl_rect;
typedef c2d_circle c2dl_circle;
typedef c2d_obb c2dl_obb;
typedef c2d_segment c2dl_segment;
typedef c2d_recti c2dl_recti;
typedef c2d_circlei c2dl_circlei;

/* Field keys: names by index, so error messages and both lookups below share one table. */
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

static const char *const key_names[K_COUNT] = {
    "x", "y", "width", "height", "r", "angle", "cx", "cy", "hw", "hh", "x1", "y1", "x2", "y2",
};

/* Pushes t[key] (t at the positive index arg, __index honoured) and returns its type. The Lua
 * API calls are the binding's main cost, so this is one call where the version allows it. */
static int push_field(lua_State *L, int arg, int key)
{
#if LUA_VERSION_NUM >= 503
    return lua_getfield(L, arg, key_names[key]);
#else
    lua_getfield(L, arg, key_names[key]);
    return lua_type(L, -1);
#endif
}

/* The number in t[key], left on the stack (each reader restores the stack top once at its end).
 * Strings are not numbers here. */
static lua_Number num_field(lua_State *L, int arg, int key, const char *fn)
{
    if (push_field(L, arg, key) != LUA_TNUMBER) {
        field_error(L, arg, fn, key_names[key], "a number");
    }
    return lua_tonumber(L, -1);
}

/* Nearest f32; beyond the f32 range this is +-inf (IEEE 754 conversion, C99 Annex F). */
static float f32_field(lua_State *L, int arg, int key, const char *fn)
{
    return (float)num_field(L, arg, key, fn);
}

/* An integer-valued number (integer or float subtype) in the int32 range. */
static int32_t i32_field(lua_State *L, int arg, int key, const char *fn)
{
    lua_Number v = num_field(L, arg, key, fn);
    if (!(v >= -2147483648.0 && v <= 2147483647.0) || v != floor(v)) {
        field_error(L, arg, fn, key_names[key], "an integer in the int32 range");
    }
    return (int32_t)v;
}

static c2d_vec2 get_point(lua_State *L, int arg, const char *fn)
{
    c2d_vec2 p;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    p.x = f32_field(L, arg, K_X, fn);
    p.y = f32_field(L, arg, K_Y, fn);
    lua_settop(L, top);
    return p;
}

static c2d_rect get_rect(lua_State *L, int arg, const char *fn)
{
    c2d_rect r;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    r.x = f32_field(L, arg, K_X, fn);
    r.y = f32_field(L, arg, K_Y, fn);
    r.w = f32_field(L, arg, K_WIDTH, fn);
    r.h = f32_field(L, arg, K_HEIGHT, fn);
    lua_settop(L, top);
    return r;
}

static c2d_circle get_circle(lua_State *L, int arg, const char *fn)
{
    c2d_circle c;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    c.x = f32_field(L, arg, K_X, fn);
    c.y = f32_field(L, arg, K_Y, fn);
    c.r = f32_field(L, arg, K_R, fn);
    lua_settop(L, top);
    return c;
}

/* Either form of an oriented box; see the top of the file. */
static c2d_obb get_obb(lua_State *L, int arg, const char *fn)
{
    c2d_obb o;
    int centred;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    centred = push_field(L, arg, K_CX) != LUA_TNIL;
    lua_pop(L, 1);
    if (centred) {
        o.center.x = f32_field(L, arg, K_CX, fn);
        o.center.y = f32_field(L, arg, K_CY, fn);
        o.half.x = f32_field(L, arg, K_HW, fn);
        o.half.y = f32_field(L, arg, K_HH, fn);
        o.rot = c2d_rot_from_degrees(f32_field(L, arg, K_ANGLE, fn));
    } else {
        c2d_rect r;
        r.x = f32_field(L, arg, K_X, fn);
        r.y = f32_field(L, arg, K_Y, fn);
        r.w = f32_field(L, arg, K_WIDTH, fn);
        r.h = f32_field(L, arg, K_HEIGHT, fn);
        o = c2d_obb_from_rect(r, f32_field(L, arg, K_ANGLE, fn));
    }
    lua_settop(L, top);
    return o;
}

static c2d_segment get_segment(lua_State *L, int arg, const char *fn)
{
    c2d_segment s;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    s.a.x = f32_field(L, arg, K_X1, fn);
    s.a.y = f32_field(L, arg, K_Y1, fn);
    s.b.x = f32_field(L, arg, K_X2, fn);
    s.b.y = f32_field(L, arg, K_Y2, fn);
    lua_settop(L, top);
    return s;
}

static c2d_recti get_recti(lua_State *L, int arg, const char *fn)
{
    c2d_recti r;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    r.x = i32_field(L, arg, K_X, fn);
    r.y = i32_field(L, arg, K_Y, fn);
    r.w = i32_field(L, arg, K_WIDTH, fn);
    r.h = i32_field(L, arg, K_HEIGHT, fn);
    lua_settop(L, top);
    return r;
}

static c2d_circlei get_circlei(lua_State *L, int arg, const char *fn)
{
    c2d_circlei c;
    int top = lua_gettop(L);
    check_table(L, arg, fn);
    c.x = i32_field(L, arg, K_X, fn);
    c.y = i32_field(L, arg, K_Y, fn);
    c.r = i32_field(L, arg, K_R, fn);
    lua_settop(L, top);
    return c;
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

/* ---- function families --------------------------------------------------------------------------
 * Each macro defines one lua_CFunction from a C API function and the readers of its arguments;
 * a new family (sweeps, moves) is one more macro plus its result pusher. Arguments are read into
 * locals one statement at a time: C leaves the order of evaluating call arguments unspecified, and
 * the first bad argument must be the one reported. */

/* bool f(A, B) -> boolean */
#define C2DL_PRED(lname, cfn, A, B)                                                        \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        c2dl_##A a = get_##A(L, 1, #lname);                                                 \
        c2dl_##B b = get_##B(L, 2, #lname);                                                 \
        lua_pushboolean(L, cfn(a, b));                                                     \
        return 1;                                                                          \
    }

/* bool f(A, B, c2d_contact*) -> false | true, nx, ny, depth, px, py */
#define C2DL_COLLIDE(lname, cfn, A, B)                                                     \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        c2d_contact c;                                                                     \
        c2dl_##A a = get_##A(L, 1, #lname);                                                 \
        c2dl_##B b = get_##B(L, 2, #lname);                                                 \
        bool hit = cfn(a, b, &c);                                                          \
        return push_contact(L, hit, c);                                                    \
    }

/* float f(A, B) -> number */
#define C2DL_DIST(lname, cfn, A, B)                                                        \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        c2dl_##A a = get_##A(L, 1, #lname);                                                 \
        c2dl_##B b = get_##B(L, 2, #lname);                                                 \
        lua_pushnumber(L, (lua_Number)cfn(a, b));                                          \
        return 1;                                                                          \
    }

/* c2d_vec2 f(A, point) -> x, y */
#define C2DL_CLOSEST(lname, cfn, A)                                                        \
    static int l_##lname(lua_State *L)                                                     \
    {                                                                                      \
        c2dl_##A a = get_##A(L, 1, #lname);                                                 \
        c2d_vec2 p = get_point(L, 2, #lname);                                              \
        return push_xy(L, cfn(a, p));                                                      \
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

/* intersectionRect(a, b) -> the overlap rect table, or nil when they do not overlap strictly. */
static int l_intersectionRect(lua_State *L)
{
    c2d_rect out;
    c2d_rect a = get_rect(L, 1, "intersectionRect");
    c2d_rect b = get_rect(L, 2, "intersectionRect");
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
    c2d_obb o = get_obb(L, 1, "obbFromRect");
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
    check_library_version(L);
    luaL_newlib(L, c2dl_funcs);
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
