/*
 * collide2d Lua binding: `local c2d = require("collide2d")`.
 *
 * One C module for PUC Lua 5.1, 5.3, 5.4 and LuaJIT 2.1. It reads plain Lua tables, converts
 * the shapes' numbers to the library's f32 (round to nearest; beyond the f32 range gives +-inf)
 * and calls the C API of include/collide2d.h with plain values, so a Lua error (a longjmp) only
 * ever crosses the C frames of this file, never the library's Rust frames. The world (bump.lua's,
 * lua/src/world.c) works in doubles, on the library's c2d_world_*_d functions.
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
 * The module also exports c2dl_* and c2dlf_*, pointer and flat forms of the C API for the LuaJIT
 * FFI path, and c2dl_api(), the text of lua/api.h's list (lua/src/forms.c).
 *
 * This file is the whole module as one unit of compilation: it includes the parts below, each
 * one job (lua/src/, and lua/api.h, the list of the module's functions), in the order they
 * need one another. Compile this file alone (lua/build.sh, an app that embeds the module); a part
 * compiled on its own is empty, so a project that picks up every .c file still builds. One unit
 * also keeps every helper static and inlinable, as it was when the module was one file.
 */
#define C2DL_UNITY 1
#include "src/c2dl.h"
#include "src/args.c"
#include "src/functions.c"
#include "src/world.c"
#include "src/queries.c"
#include "src/move.c"
#include "src/kit.c"
#include "src/tiles.c"
#include "src/snapshot.c"
#include "src/forms.c"
#include "src/module.c"
