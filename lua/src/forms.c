/* collide2d Lua module, the pointer and flat forms of the C API (c2dl_*, c2dlf_*) and c2dl_api(),
 * for the LuaJIT FFI path. One part of lua/collide2d.c, which includes the parts in order (see
 * lua/README.md); compiled on its own this file is empty. */
#ifdef C2DL_UNITY

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

/* size_t c2dl_f(const A*, items, stride, n, bits, out, cap): one shape against many */
#define C2DL_SHIM_BATCH(name, A, B)                                                        \
    size_t c2dl_##name(const A *q, const B *items, size_t stride, size_t n, uint64_t *bits, \
                       uint32_t *out, size_t cap);                                         \
    size_t c2dl_##name(const A *q, const B *items, size_t stride, size_t n, uint64_t *bits, \
                       uint32_t *out, size_t cap)                                          \
    {                                                                                      \
        return c2d_##name(*q, items, stride, n, bits, out, cap);                           \
    }

/* size_t c2dlf_f(A's floats, items, stride, n, bits, out, cap) */
#define C2DL_FLAT_BATCH_OF(name, A, B)                                                     \
    size_t c2dlf_##name(FP_##A(q), const B *items, size_t stride, size_t n, uint64_t *bits, \
                        uint32_t *out, size_t cap);                                        \
    size_t c2dlf_##name(FP_##A(q), const B *items, size_t stride, size_t n, uint64_t *bits, \
                        uint32_t *out, size_t cap)                                         \
    {                                                                                      \
        return c2d_##name(FV_##A(q), items, stride, n, bits, out, cap);                    \
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
#define C2DL_PTR_BATCH(cfn, A, B) C2DL_SHIM_BATCH(cfn, c2dl_##A, c2dl_##B)
#define C2DL_PTR_CUSTOM(cfn, A, B)

#define C2DL_FLAT_PRED(cfn, A, B) C2DL_FLAT(bool, cfn, A, B)
#define C2DL_FLAT_COLLIDE(cfn, A, B) C2DL_FLAT_OUT(cfn, A, B, c2d_contact)
#define C2DL_FLAT_DIST(cfn, A, B) C2DL_FLAT(float, cfn, A, B)
#define C2DL_FLAT_CLOSEST(cfn, A, B)
#define C2DL_FLAT_SWEEP(cfn, A, B) C2DL_FLAT_HIT(cfn, A, B)
#define C2DL_FLAT_RAYCAST(cfn, A, B) C2DL_FLAT_HIT(cfn, A, B)
#define C2DL_FLAT_MANIFOLD(cfn, A, B) C2DL_FLAT_OUT(cfn, A, B, c2d_manifold)
#define C2DL_FLAT_INTERSECT(cfn, A, B) C2DL_FLAT_OUT(cfn, A, B, c2d_rect)
#define C2DL_FLAT_BATCH(cfn, A, B) C2DL_FLAT_BATCH_OF(cfn, A, c2dl_##B)
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
#include "../api.h"
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
#include "../api.h"
#undef C2DL_FN
#undef C2DL_AKA
        "";
}

#endif /* C2DL_UNITY */
