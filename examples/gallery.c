/* A gallery of collide2d's shape pairs, drawn by the library's own point tests.
 *
 * For every pair of shapes it prints, and given a directory draws as a small PNG there:
 *   - contact_A_B.png: A (blue) overlapping B (orange), their common part (purple); the contact
 *     point (red), the normal from A toward B (black, as long as the depth, at least a few
 *     pixels), and A moved back by the depth along the normal (green outline): touching B, no
 *     longer overlapping it;
 *   - manifold_A_B.png, for flat-sided pairs: a box pressed into a floor, a mesa or a ramp, with
 *     the manifold's two points (red) and the normal at each;
 *   - sweep_A_B.png: A's start (light outline), its path (grey), where the sweep stops it (blue),
 *     B (orange) and the face normal met (black).
 * `make pictures` writes them to docs/images/gallery/.
 *
 * Coordinates are y-down screen pixels in a 96 x 96 cell; polygons are listed clockwise on
 * screen (counter-clockwise in y-up terms), and c2d_poly_make sorts any points into that order.
 *
 * Build and run from the repository root, after `cargo build --release`:
 *   cc -std=c99 -Iinclude examples/gallery.c -Ltarget/release -lcollide2d -lm -o target/gallery
 *   LD_LIBRARY_PATH=target/release ./target/gallery [directory for the pictures]
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide2d.h"
#include "png.h"

enum { W = 96, H = 96, SCALE = 2 };

/* Palette indices. */
enum { PAPER, A_FILL, A_EDGE, B_FILL, B_EDGE, BOTH, BACK, MARK, ARROW, PATH, START, N_COLOURS };

static const unsigned char palette[N_COLOURS][3] = {
    {250, 250, 246}, /* paper */
    {170, 200, 246}, /* A */
    {40, 100, 220},  /* A's edge */
    {250, 200, 150}, /* B */
    {220, 120, 30},  /* B's edge */
    {170, 130, 200}, /* inside both */
    {40, 160, 80},   /* A moved back out of B */
    {220, 40, 40},   /* contact and manifold points */
    {20, 20, 20},    /* normals */
    {150, 150, 150}, /* a sweep's path */
    {200, 215, 240}, /* a sweep's start */
};

/* ------------------------------------------------------------------------------------------ */
/* Shapes. */

typedef enum { RECT, CIRCLE, OBB, POLY, CAPSULE } kind;

static const char *kind_name[] = {"rect", "circle", "obb", "poly", "capsule"};

typedef struct {
    kind k;
    c2d_rect rect;
    c2d_circle circle;
    c2d_obb obb;
    c2d_poly poly;
    c2d_capsule capsule;
} shape;

static c2d_vec2 v2(float x, float y) {
    c2d_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

static shape rect(float x, float y, float w, float h) {
    shape s;
    memset(&s, 0, sizeof s);
    s.k = RECT;
    s.rect.x = x;
    s.rect.y = y;
    s.rect.w = w;
    s.rect.h = h;
    return s;
}

static shape circle(float x, float y, float r) {
    shape s;
    memset(&s, 0, sizeof s);
    s.k = CIRCLE;
    s.circle.x = x;
    s.circle.y = y;
    s.circle.r = r;
    return s;
}

/* A box of half extents hw, hh about (x, y), turned by `degrees`. */
static shape obb(float x, float y, float hw, float hh, float degrees) {
    shape s;
    float a = degrees * 3.14159265f / 180.0f;
    memset(&s, 0, sizeof s);
    s.k = OBB;
    s.obb.center = v2(x, y);
    s.obb.half = v2(hw, hh);
    s.obb.rot.c = cosf(a);
    s.obb.rot.s = sinf(a);
    return s;
}

/* The convex hull of n points given as x0, y0, x1, y1, ... */
static shape poly(int n, const float *xy) {
    shape s;
    c2d_vec2 pts[C2D_POLY_MAX];
    int i;
    memset(&s, 0, sizeof s);
    s.k = POLY;
    for (i = 0; i < n; i++) {
        pts[i] = v2(xy[2 * i], xy[2 * i + 1]);
    }
    if (c2d_poly_make(pts, (size_t)n, &s.poly) != C2D_OK) {
        fprintf(stderr, "a gallery polygon is degenerate\n");
        exit(1);
    }
    return s;
}

static shape capsule(float ax, float ay, float bx, float by, float r) {
    shape s;
    memset(&s, 0, sizeof s);
    s.k = CAPSULE;
    s.capsule.a = v2(ax, ay);
    s.capsule.b = v2(bx, by);
    s.capsule.r = r;
    return s;
}

/* Whether the closed shape holds p: the library's own point tests. */
static int holds(const shape *s, c2d_vec2 p) {
    switch (s->k) {
    case RECT:
        return c2d_touch_point_rect(p, s->rect);
    case CIRCLE:
        return c2d_touch_point_circle(p, s->circle);
    case OBB:
        return c2d_touch_point_obb(p, s->obb);
    case POLY:
        return c2d_touch_point_poly(p, s->poly);
    case CAPSULE:
        return c2d_touch_point_capsule(p, s->capsule);
    }
    return 0;
}

/* The shape moved by d. */
static shape moved(shape s, c2d_vec2 d) {
    int32_t i;
    switch (s.k) {
    case RECT:
        s.rect.x += d.x;
        s.rect.y += d.y;
        break;
    case CIRCLE:
        s.circle.x += d.x;
        s.circle.y += d.y;
        break;
    case OBB:
        s.obb.center.x += d.x;
        s.obb.center.y += d.y;
        break;
    case POLY:
        for (i = 0; i < s.poly.count; i++) {
            s.poly.verts[i].x += d.x;
            s.poly.verts[i].y += d.y;
        }
        break;
    case CAPSULE:
        s.capsule.a.x += d.x;
        s.capsule.a.y += d.y;
        s.capsule.b.x += d.x;
        s.capsule.b.y += d.y;
        break;
    }
    return s;
}

/* A point inside the shape, for drawing paths. */
static c2d_vec2 centre(const shape *s) {
    c2d_vec2 c = v2(0.0f, 0.0f);
    int32_t i;
    switch (s->k) {
    case RECT:
        return v2(s->rect.x + s->rect.w / 2, s->rect.y + s->rect.h / 2);
    case CIRCLE:
        return v2(s->circle.x, s->circle.y);
    case OBB:
        return s->obb.center;
    case POLY:
        for (i = 0; i < s->poly.count; i++) {
            c.x += s->poly.verts[i].x / (float)s->poly.count;
            c.y += s->poly.verts[i].y / (float)s->poly.count;
        }
        return c;
    case CAPSULE:
        return v2((s->capsule.a.x + s->capsule.b.x) / 2, (s->capsule.a.y + s->capsule.b.y) / 2);
    }
    return c;
}

/* ------------------------------------------------------------------------------------------ */
/* Drawing: a palette framebuffer, one pixel per unit, tested at pixel centres. */

static unsigned char pixels[H][W];

static int in_cell(int x, int y) {
    return x >= 0 && y >= 0 && x < W && y < H;
}

static void dot(float fx, float fy, int radius, int colour) {
    int x0 = (int)floorf(fx), y0 = (int)floorf(fy), x, y;
    for (y = y0 - radius; y <= y0 + radius; y++) {
        for (x = x0 - radius; x <= x0 + radius; x++) {
            if (in_cell(x, y)) {
                pixels[y][x] = (unsigned char)colour;
            }
        }
    }
}

static void line(c2d_vec2 a, c2d_vec2 b, int colour) {
    float dx = b.x - a.x, dy = b.y - a.y;
    int steps = (int)(fabsf(dx) > fabsf(dy) ? fabsf(dx) : fabsf(dy)) + 1, i;
    for (i = 0; i <= steps; i++) {
        dot(a.x + dx * (float)i / (float)steps, a.y + dy * (float)i / (float)steps, 0, colour);
    }
}

/* An arrow from p along the unit vector n, `length` long (at least 6). */
static void arrow(c2d_vec2 p, c2d_vec2 n, float length, int colour) {
    c2d_vec2 tip, side;
    if (length < 6.0f) {
        length = 6.0f;
    }
    tip = v2(p.x + n.x * length, p.y + n.y * length);
    line(p, tip, colour);
    side = v2(-n.y, n.x);
    line(tip, v2(tip.x - 3 * n.x + 2 * side.x, tip.y - 3 * n.y + 2 * side.y), colour);
    line(tip, v2(tip.x - 3 * n.x - 2 * side.x, tip.y - 3 * n.y - 2 * side.y), colour);
}

/* Fills the shapes: a pixel in a only, b only, or both. */
static void fill2(const shape *a, const shape *b) {
    int x, y;
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            c2d_vec2 p = v2((float)x + 0.5f, (float)y + 0.5f);
            int in_a = a && holds(a, p), in_b = b && holds(b, p);
            if (in_a || in_b) {
                pixels[y][x] = (unsigned char)(in_a && in_b ? BOTH : in_a ? A_FILL : B_FILL);
            }
        }
    }
}

/* Draws the edge of s: its pixels with a neighbour outside. */
static void edge(const shape *s, int colour) {
    static unsigned char in[H + 2][W + 2];
    int x, y;
    memset(in, 0, sizeof in);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            in[y + 1][x + 1] = (unsigned char)holds(s, v2((float)x + 0.5f, (float)y + 0.5f));
        }
    }
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            if (in[y + 1][x + 1] &&
                !(in[y][x + 1] && in[y + 2][x + 1] && in[y + 1][x] && in[y + 1][x + 2])) {
                pixels[y][x] = (unsigned char)colour;
            }
        }
    }
}

static const char *out_dir;

static void save(const char *what, const shape *a, const shape *b) {
    char path[512];
    if (!out_dir) {
        return;
    }
    sprintf(path, "%.400s/%s_%s_%s.png", out_dir, what, kind_name[a->k], kind_name[b->k]);
    if (!png_write(path, &pixels[0][0], W, H, SCALE, palette, N_COLOURS)) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The pairs: each C function wrapped to take two shapes. */

typedef bool (*collide_fn)(const shape *, const shape *, c2d_contact *);
typedef bool (*sweep_fn)(const shape *, c2d_vec2, const shape *, c2d_hit *);

#define COLLIDE(a, b)                                                                              \
    static bool collide_##a##_##b(const shape *x, const shape *y, c2d_contact *out) {              \
        return c2d_collide_##a##_##b(x->a, y->b, out);                                             \
    }
#define SWEEP(a, b)                                                                                \
    static bool sweep_##a##_##b(const shape *x, c2d_vec2 d, const shape *y, c2d_hit *out) {        \
        return c2d_sweep_##a##_##b(x->a, d, y->b, out);                                            \
    }

#define MANIFOLD(a, b)                                                                             \
    static bool manifold_##a##_##b(const shape *x, const shape *y, c2d_manifold *out) {            \
        return c2d_manifold_##a##_##b(x->a, y->b, out);                                            \
    }

typedef bool (*manifold_fn)(const shape *, const shape *, c2d_manifold *);

COLLIDE(rect, rect)
COLLIDE(rect, circle)
COLLIDE(rect, poly)
COLLIDE(rect, capsule)
COLLIDE(obb, rect)
COLLIDE(obb, circle)
COLLIDE(obb, obb)
COLLIDE(obb, poly)
COLLIDE(obb, capsule)
COLLIDE(circle, circle)
COLLIDE(poly, circle)
COLLIDE(poly, poly)
COLLIDE(poly, capsule)
COLLIDE(capsule, circle)
COLLIDE(capsule, capsule)

MANIFOLD(rect, rect)
MANIFOLD(rect, poly)
MANIFOLD(obb, poly)
MANIFOLD(poly, poly)

SWEEP(rect, rect)
SWEEP(rect, circle)
SWEEP(rect, obb)
SWEEP(rect, poly)
SWEEP(rect, capsule)
SWEEP(circle, rect)
SWEEP(circle, circle)
SWEEP(circle, obb)
SWEEP(circle, poly)
SWEEP(circle, capsule)
SWEEP(poly, rect)
SWEEP(poly, circle)
SWEEP(poly, poly)
SWEEP(poly, capsule)
SWEEP(capsule, rect)
SWEEP(capsule, circle)
SWEEP(capsule, poly)
SWEEP(capsule, capsule)

/* The shapes a pair is drawn with: A on the left, B on the right, overlapping. */
static shape left_of(kind k) {
    static const float hexagon[] = {14, 46, 26, 26, 46, 22, 58, 40, 48, 62, 26, 64};
    switch (k) {
    case RECT:
        return rect(14, 26, 40, 32);
    case CIRCLE:
        return circle(34, 44, 20);
    case OBB:
        return obb(34, 44, 20, 14, 25);
    case POLY:
        return poly(6, hexagon);
    case CAPSULE:
        return capsule(18, 60, 44, 30, 12);
    }
    return rect(0, 0, 0, 0);
}

static shape right_of(kind k) {
    static const float triangle[] = {30, 80, 86, 80, 86, 22};
    switch (k) {
    case RECT:
        return rect(46, 36, 36, 36);
    case CIRCLE:
        return circle(66, 52, 20);
    case OBB:
        return obb(64, 52, 18, 14, -20);
    case POLY:
        return poly(3, triangle);
    case CAPSULE:
        return capsule(52, 34, 74, 72, 12);
    }
    return rect(0, 0, 0, 0);
}

static void contact_picture(kind ka, kind kb, collide_fn f) {
    shape a = left_of(ka), b = right_of(kb), back;
    c2d_contact c;
    if (!f(&a, &b, &c)) {
        fprintf(stderr, "%s-%s: the gallery's shapes do not overlap\n", kind_name[ka], kind_name[kb]);
        exit(1);
    }
    back = moved(a, v2(-c.normal.x * c.depth, -c.normal.y * c.depth));
    printf("contact %-7s %-7s normal (%5.2f, %5.2f)  depth %5.2f  point (%5.1f, %5.1f)\n",
           kind_name[ka], kind_name[kb], (double)c.normal.x, (double)c.normal.y, (double)c.depth,
           (double)c.point.x, (double)c.point.y);
    memset(pixels, PAPER, sizeof pixels);
    fill2(&a, &b);
    edge(&a, A_EDGE);
    edge(&b, B_EDGE);
    edge(&back, BACK);
    arrow(c.point, c.normal, c.depth, ARROW);
    dot(c.point.x, c.point.y, 1, MARK);
    save("contact", &a, &b);
}

/* A sweeps toward B from the upper left: where it stops. */
static void sweep_picture(kind ka, kind kb, sweep_fn f) {
    shape a = moved(left_of(ka), v2(-22, -22)), b = right_of(kb), stop;
    c2d_vec2 d = v2(60, 40), from = centre(&a), to;
    c2d_hit h;
    if (!f(&a, d, &b, &h)) {
        fprintf(stderr, "%s-%s: the gallery's sweep misses\n", kind_name[ka], kind_name[kb]);
        exit(1);
    }
    stop = moved(a, v2(d.x * h.t, d.y * h.t));
    to = centre(&stop);
    printf("sweep   %-7s %-7s t %5.3f  normal (%5.2f, %5.2f)\n", kind_name[ka], kind_name[kb],
           (double)h.t, (double)h.normal.x, (double)h.normal.y);
    memset(pixels, PAPER, sizeof pixels);
    fill2(NULL, &b);
    edge(&b, B_EDGE);
    edge(&a, START);
    fill2(&stop, NULL);
    edge(&stop, A_EDGE);
    line(from, to, PATH);
    line(to, v2(from.x + d.x, from.y + d.y), START);
    arrow(h.point, h.normal, 10.0f, ARROW);
    dot(h.point.x, h.point.y, 1, MARK);
    save("sweep", &a, &b);
}

/* A ramp rising to the right (y-down), and a box of half extents 14 x 8 resting on it, sunk 2
 * into its face: as an oriented box, or as a polygon with the same corners. */
static shape ramp(void) {
    static const float xy[] = {6, 86, 90, 86, 90, 36};
    return poly(3, xy);
}

static shape box_on_ramp(kind k) {
    /* Along the face (84, -50), unit; the outward normal n points up and left. */
    float len = sqrtf(84.0f * 84.0f + 50.0f * 50.0f);
    c2d_vec2 u = v2(84.0f / len, -50.0f / len), n = v2(-50.0f / len, -84.0f / len);
    float hw = 14.0f, hh = 8.0f, sink = 2.0f;
    c2d_vec2 c = v2(48 + n.x * (hh - sink), 61 + n.y * (hh - sink));
    float xy[8];
    int i;
    shape s;
    if (k == OBB) {
        s = obb(c.x, c.y, hw, hh, 0);
        s.obb.rot.c = u.x;
        s.obb.rot.s = u.y;
        return s;
    }
    for (i = 0; i < 4; i++) {
        float sx = (i == 1 || i == 2) ? hw : -hw, sy = i < 2 ? hh : -hh;
        xy[2 * i] = c.x + u.x * sx - n.x * sy;
        xy[2 * i + 1] = c.y + u.y * sx - n.y * sy;
    }
    return poly(4, xy);
}

/* A flat-sided A pressed into B: the manifold's points and depths. */
static void manifold_picture(shape a, shape b, manifold_fn f) {
    c2d_manifold m;
    int i;
    if (!f(&a, &b, &m) || m.count < 1) {
        fprintf(stderr, "%s-%s: no manifold\n", kind_name[a.k], kind_name[b.k]);
        exit(1);
    }
    printf("manifold %-6s %-7s %d point%s, normal (%5.2f, %5.2f), depth %4.2f", kind_name[a.k],
           kind_name[b.k], (int)m.count, m.count == 1 ? "" : "s", (double)m.normal.x,
           (double)m.normal.y, (double)m.depth[0]);
    if (m.count == 2) {
        printf(" and %4.2f", (double)m.depth[1]);
    }
    printf("\n");
    memset(pixels, PAPER, sizeof pixels);
    fill2(&a, &b);
    edge(&a, A_EDGE);
    edge(&b, B_EDGE);
    for (i = 0; i < m.count && i < 2; i++) {
        arrow(m.point[i], m.normal, 8.0f, ARROW);
        dot(m.point[i].x, m.point[i].y, 1, MARK);
    }
    save("manifold", &a, &b);
}

int main(int argc, char **argv) {
    static const float mesa[] = {8, 86, 88, 86, 76, 50, 20, 50};
    out_dir = argc > 1 ? argv[1] : NULL;
    contact_picture(RECT, RECT, collide_rect_rect);
    contact_picture(RECT, CIRCLE, collide_rect_circle);
    contact_picture(OBB, RECT, collide_obb_rect);
    contact_picture(OBB, CIRCLE, collide_obb_circle);
    contact_picture(OBB, OBB, collide_obb_obb);
    contact_picture(CIRCLE, CIRCLE, collide_circle_circle);
    contact_picture(RECT, POLY, collide_rect_poly);
    contact_picture(RECT, CAPSULE, collide_rect_capsule);
    contact_picture(OBB, POLY, collide_obb_poly);
    contact_picture(OBB, CAPSULE, collide_obb_capsule);
    contact_picture(POLY, CIRCLE, collide_poly_circle);
    contact_picture(POLY, POLY, collide_poly_poly);
    contact_picture(POLY, CAPSULE, collide_poly_capsule);
    contact_picture(CAPSULE, CIRCLE, collide_capsule_circle);
    contact_picture(CAPSULE, CAPSULE, collide_capsule_capsule);
    manifold_picture(rect(26, 29, 44, 24), rect(8, 50, 80, 36), manifold_rect_rect);
    manifold_picture(rect(26, 29, 44, 24), poly(4, mesa), manifold_rect_poly);
    manifold_picture(box_on_ramp(OBB), ramp(), manifold_obb_poly);
    manifold_picture(box_on_ramp(POLY), ramp(), manifold_poly_poly);
    sweep_picture(RECT, RECT, sweep_rect_rect);
    sweep_picture(RECT, CIRCLE, sweep_rect_circle);
    sweep_picture(RECT, OBB, sweep_rect_obb);
    sweep_picture(RECT, POLY, sweep_rect_poly);
    sweep_picture(RECT, CAPSULE, sweep_rect_capsule);
    sweep_picture(CIRCLE, RECT, sweep_circle_rect);
    sweep_picture(CIRCLE, CIRCLE, sweep_circle_circle);
    sweep_picture(CIRCLE, OBB, sweep_circle_obb);
    sweep_picture(CIRCLE, POLY, sweep_circle_poly);
    sweep_picture(CIRCLE, CAPSULE, sweep_circle_capsule);
    sweep_picture(POLY, RECT, sweep_poly_rect);
    sweep_picture(POLY, CIRCLE, sweep_poly_circle);
    sweep_picture(POLY, POLY, sweep_poly_poly);
    sweep_picture(POLY, CAPSULE, sweep_poly_capsule);
    sweep_picture(CAPSULE, RECT, sweep_capsule_rect);
    sweep_picture(CAPSULE, CIRCLE, sweep_capsule_circle);
    sweep_picture(CAPSULE, POLY, sweep_capsule_poly);
    sweep_picture(CAPSULE, CAPSULE, sweep_capsule_capsule);
    if (out_dir) {
        printf("wrote the pictures to %s\n", out_dir);
    }
    return 0;
}
