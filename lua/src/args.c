/* collide2d Lua module, reading arguments: the table shapes, plain numbers, response names, arrays
 * and polygons, and the argument errors. One part of lua/collide2d.c, which includes the parts in
 * order (see lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

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
ARRAY_READER(circle)

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

#endif /* C2DL_UNITY */
