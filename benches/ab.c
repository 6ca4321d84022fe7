/* Two builds of the library side by side in one process: each is loaded into its own namespace
 * (glibc's dlmopen), and the rows run the same calls on the same data, builds taking turns
 * repetition by repetition, so that a noisy spell of a shared machine falls on both alike (two
 * identical builds still differ by up to about 7%: where each one's code lands in memory).
 * benches/ab.sh builds the two libraries and calls it:
 *
 *   ab LIB_A LIB_B REPS [ROW...]     (no rows: all of them)
 *
 * Each row prints the median time of each build with its quartiles, B / A, and whether both
 * builds gave the same answers (a checksum of every result). Linux only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide2d.h"

typedef struct {
  bool (*sweep_rect_rect)(c2d_rect, c2d_vec2, c2d_rect, c2d_hit *);
  bool (*collide_capsule_circle)(c2d_capsule, c2d_circle, c2d_contact *);
  bool (*collide_capsule_capsule)(c2d_capsule, c2d_capsule, c2d_contact *);
  bool (*raycast_poly)(c2d_vec2, c2d_vec2, c2d_poly, c2d_hit *);
  c2d_world *(*world_new)(float);
  uint64_t (*world_add)(c2d_world *, c2d_rect, uint64_t);
  c2d_status (*world_update)(c2d_world *, uint64_t, c2d_rect);
  size_t (*world_pairs)(const c2d_world *, c2d_pair *, size_t);
  void (*world_free)(c2d_world *);
} library;

static void *need(void *h, const char *name) {
  void *f = dlsym(h, name);
  if (!f) {
    fprintf(stderr, "ab: %s is missing\n", name);
    exit(1);
  }
  return f;
}

static library load(const char *path) {
  void *h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "ab: %s\n", dlerror());
    exit(1);
  }
  library l;
  *(void **)&l.sweep_rect_rect = need(h, "c2d_sweep_rect_rect");
  *(void **)&l.collide_capsule_circle = need(h, "c2d_collide_capsule_circle");
  *(void **)&l.collide_capsule_capsule = need(h, "c2d_collide_capsule_capsule");
  *(void **)&l.raycast_poly = need(h, "c2d_raycast_poly");
  *(void **)&l.world_new = need(h, "c2d_world_new");
  *(void **)&l.world_add = need(h, "c2d_world_add");
  *(void **)&l.world_update = need(h, "c2d_world_update");
  *(void **)&l.world_pairs = need(h, "c2d_world_pairs");
  *(void **)&l.world_free = need(h, "c2d_world_free");
  return l;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift64: the same data on every run */
static uint64_t seed = 0x9e3779b97f4a7c15u;
static float uniform(float lo, float hi) {
  seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
  return lo + (hi - lo) * (float)(seed >> 40) / (float)(1u << 24);
}

#define N 200000 /* calls per repetition of the one-call rows */
#define WORLD_N 10000

static c2d_rect rects[N], others[N];
static c2d_vec2 moves[N];
static c2d_capsule caps[N], caps2[N];
static c2d_circle circles[N];
static c2d_poly polys[N];
static float boxes[WORLD_N][6]; /* x, y, w, h, vx, vy */

static void make_data(void) {
  for (int i = 0; i < N; i++) {
    float x = uniform(0, 100), y = uniform(0, 100);
    rects[i] = (c2d_rect){x, y, uniform(1, 20), uniform(1, 20)};
    others[i] = (c2d_rect){x + uniform(-40, 40), y + uniform(-40, 40), uniform(1, 20), uniform(1, 20)};
    moves[i] = (c2d_vec2){uniform(-60, 60), uniform(-60, 60)};
    c2d_vec2 a = {x, y}, b = {x + uniform(-20, 20), y + uniform(-20, 20)};
    caps[i] = (c2d_capsule){a, b, uniform(0.5f, 5)};
    circles[i] = (c2d_circle){x + uniform(-15, 15), y + uniform(-15, 15), uniform(0.5f, 5)};
    c2d_vec2 c = {x + uniform(-15, 15), y + uniform(-15, 15)};
    caps2[i] = (c2d_capsule){c, {c.x + uniform(-20, 20), c.y + uniform(-20, 20)}, uniform(0.5f, 5)};
    /* a regular octagon, turned, radius 5 to 20 */
    float r = uniform(5, 20), turn = uniform(0, 0.785f);
    polys[i].count = 8;
    for (int k = 0; k < 8; k++) {
      float t = turn + 0.785398f * (float)k;
      polys[i].verts[k] = (c2d_vec2){x + r * cosf(t), y + r * sinf(t)};
    }
  }
  /* 10,000 boxes of 4 to 20 units, about three overlaps each: a pair overlaps where the
   * centres are within 24 units on both axes on average, 576 square units of the square's */
  float side = sqrtf((float)WORLD_N * 576.0f / 3.0f);
  for (int i = 0; i < WORLD_N; i++) {
    float *b = boxes[i];
    b[0] = uniform(0, side), b[1] = uniform(0, side), b[2] = uniform(4, 20), b[3] = uniform(4, 20);
    b[4] = uniform(-1, 1), b[5] = uniform(-1, 1);
  }
}

/* One repetition of a row with one build: its time (ns per call, or ms) and its checksum. */
typedef double (*row_fn)(const library *, double *check);

static double row_sweep_rect(const library *l, double *check) {
  double t0 = now(), s = 0;
  for (int i = 0; i < N; i++) {
    c2d_hit h = {0};
    if (l->sweep_rect_rect(rects[i], moves[i], others[i], &h)) s += h.t + h.normal.x + h.pos.y;
  }
  *check = s;
  return (now() - t0) * 1e9 / N;
}

/* A contact row: `call` of the capsules against `with`. */
#define CONTACT_ROW(name, call, with)                                                              \
  static double name(const library *l, double *check) {                                            \
    double t0 = now(), s = 0;                                                                      \
    for (int i = 0; i < N; i++) {                                                                  \
      c2d_contact c = {0};                                                                         \
      if (l->call(caps[i], with[i], &c)) s += c.depth + c.normal.x + c.point.y;                    \
    }                                                                                              \
    *check = s;                                                                                    \
    return (now() - t0) * 1e9 / N;                                                                 \
  }
CONTACT_ROW(row_capsule_circle, collide_capsule_circle, circles)
CONTACT_ROW(row_capsule_capsule, collide_capsule_capsule, caps2)

static double row_ray_poly(const library *l, double *check) {
  double t0 = now(), s = 0;
  for (int i = 0; i < N; i++) {
    c2d_hit h = {0};
    c2d_vec2 o = {others[i].x, others[i].y};
    if (l->raycast_poly(o, moves[i], polys[i], &h)) s += h.t + h.normal.x;
  }
  *check = s;
  return (now() - t0) * 1e9 / N;
}

/* ms to add 10,000 boxes to an empty world of cell 20 */
static double row_world_build(const library *l, double *check) {
  double t0 = now();
  c2d_world *w = l->world_new(20);
  int added = 0;
  for (int i = 0; i < WORLD_N; i++) {
    const float *b = boxes[i];
    added += l->world_add(w, (c2d_rect){b[0], b[1], b[2], b[3]}, (uint64_t)i) != 0;
  }
  double t = (now() - t0) * 1e3;
  l->world_free(w);
  *check = added;
  return t;
}

/* ms per frame: 10,000 boxes each moving, every one updated, then every pair found (ten frames) */
static double row_world_frame(const library *l, double *check) {
  static float x[WORLD_N], y[WORLD_N];
  static uint64_t ids[WORLD_N];
  static c2d_pair out[8 * WORLD_N];
  c2d_world *w = l->world_new(20);
  for (int i = 0; i < WORLD_N; i++) {
    x[i] = boxes[i][0], y[i] = boxes[i][1];
    ids[i] = l->world_add(w, (c2d_rect){x[i], y[i], boxes[i][2], boxes[i][3]}, (uint64_t)i);
  }
  double t0 = now(), pairs = 0;
  int failed = 0;
  for (int f = 0; f < 10; f++) {
    for (int i = 0; i < WORLD_N; i++) {
      x[i] += boxes[i][4], y[i] += boxes[i][5];
      failed += l->world_update(w, ids[i], (c2d_rect){x[i], y[i], boxes[i][2], boxes[i][3]}) != C2D_OK;
    }
    pairs += (double)l->world_pairs(w, out, 8 * WORLD_N);
  }
  double t = (now() - t0) * 1e3 / 10;
  l->world_free(w);
  *check = pairs - 1e9 * failed; /* an update that fails shows */
  return t;
}

static const struct {
  const char *name, *unit;
  row_fn run;
} rows[] = {
    {"sweep_rect", "ns", row_sweep_rect},
    {"capsule_circle_contact", "ns", row_capsule_circle},
    {"capsule_contact", "ns", row_capsule_capsule},
    {"ray_poly", "ns", row_ray_poly},
    {"world_build", "ms", row_world_build},
    {"world_frame", "ms", row_world_frame},
};

/* Whether `name` is among the rows asked for (`argv[4..]`; none asked: all of them). */
static bool asked(const char *name, int argc, char **argv) {
  bool wanted = argc == 4;
  for (int k = 4; k < argc; k++) wanted |= strcmp(argv[k], name) == 0;
  return wanted;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: ab LIB_A LIB_B REPS [ROW...]\n");
    return 2;
  }
  library lib[2] = {load(argv[1]), load(argv[2])};
  int reps = atoi(argv[3]);
  if (reps < 1 || reps > 1000) {
    fprintf(stderr, "ab: REPS is 1 to 1000\n");
    return 2;
  }
  for (int k = 4; k < argc; k++) {
    bool known = false;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) known |= strcmp(argv[k], rows[r].name) == 0;
    if (!known) {
      fprintf(stderr, "ab: no row %s\n", argv[k]);
      return 2;
    }
  }
  make_data();
  double *times[2] = {malloc(sizeof(double) * (size_t)reps), malloc(sizeof(double) * (size_t)reps)};
  if (!times[0] || !times[1]) {
    fprintf(stderr, "ab: out of memory\n");
    return 1;
  }
  printf("| row | A | B | B / A | same answers |\n|---|---:|---:|---:|---|\n");
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
    if (!asked(rows[r].name, argc, argv)) continue;
    double check[2] = {0, 0};
    for (int k = -1; k < reps; k++) /* one warm-up repetition each */
      for (int v = 0; v < 2; v++) {
        double t = rows[r].run(&lib[v], &check[v]);
        if (k >= 0) times[v][k] = t;
      }
    double med[2];
    char cell[2][64];
    for (int v = 0; v < 2; v++) {
      qsort(times[v], (size_t)reps, sizeof(double), by_value);
      med[v] = times[v][reps / 2];
      snprintf(cell[v], sizeof cell[v], "%.4g %s (%.4g–%.4g)", med[v], rows[r].unit, times[v][reps / 4],
               times[v][3 * reps / 4]);
    }
    printf("| %s | %s | %s | %.3f | %s |\n", rows[r].name, cell[0], cell[1], med[1] / med[0],
           check[0] == check[1] ? "yes" : "NO");
    fflush(stdout);
  }
  free(times[0]), free(times[1]);
  return 0;
}
