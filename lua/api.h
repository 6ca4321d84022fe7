/*
 * The Lua module's functions (every field of require("collide2d") that is a function), one line
 * each:
 *
 *   C2DL_FN(FAMILY, luaName, c_function, A, B)    c_function is c2d_<c_function> of collide2d.h
 *   C2DL_AKA(FAMILY, luaName, c_function, A, B)   another Lua name for a C function a C2DL_FN
 *                                                 line already names (no second pointer form)
 *
 * A and B are the argument kinds, the table shapes of lua/src/args.c (point, rect, circle, obb,
 * segment, recti, circlei, capsule, poly; "none", "number", "rects", "rectis" only describe
 * CUSTOM lines); the family gives the arguments' order and the results:
 *
 *   PRED       (a, b) -> boolean                            bool f(A, B)
 *   COLLIDE    (a, b) -> false | true, nx, ny, depth, px, py   bool f(A, B, c2d_contact *)
 *   DIST       (a, b) -> number                             float f(A, B)
 *   CLOSEST    (a, p) -> x, y                               c2d_vec2 f(A, c2d_vec2), B = point
 *   SWEEP      (a, dx, dy, b) -> false | true, t, nx, ny, px, py, posx, posy
 *                                                           bool f(A, c2d_vec2, B, c2d_hit *)
 *   RAYCAST    (x, y, dx, dy, b) -> as SWEEP                bool f(c2d_vec2, c2d_vec2, B,
 *                                                           c2d_hit *), A = point
 *   MANIFOLD   (a, b) -> 0 | count, nx, ny, depth1, px1, py1[, depth2, px2, py2]
 *                                                           bool f(A, B, c2d_manifold *)
 *   INTERSECT  (a, b) -> {x=, y=, width=, height=} | nil    bool f(A, B, c2d_rect *)
 *   BATCH      (q, items) -> {i, ...}, n: the 1-based indices, ascending, of the elements of
 *              the array items (tables of kind B) that q meets    size_t f(A, const B *items,
 *                                                  size_t stride, size_t n, uint64_t *bits,
 *                                                  uint32_t *out, size_t cap)
 *   CUSTOM     written by hand on both paths (the C function and kinds say what it wraps)
 *
 * From this list come, by the C preprocessor: the C module's lua_CFunction of each line
 * (l_<luaName>, by its family, in lua/src/functions.c; CUSTOM ones are written by hand there
 * and in lua/src/world.c), its registration table (lua/src/module.c), the pointer form c2dl_<c_function> and, where A and B hold only floats, the flat form
 * c2dlf_<c_function> that the LuaJIT FFI path calls (lua/src/forms.c), and the text of this list that the module
 * hands that path (c2dl_api()), from which lua/collide2d/ffi.lua builds its own functions.
 * Adding a function of an existing family is one line here; lua/tests/test_api_list.lua fails
 * when a path lacks a listed function or has one the list does not name.
 *
 * No include guard: each use defines C2DL_FN and C2DL_AKA, includes this file, and undefines them.
 */
/* The cocos2d-x MainScene's calls, with their names and semantics. */
C2DL_AKA(PRED,      circleIntersectsCircle,     overlap_circle_circle,        circle,  circle)
C2DL_AKA(PRED,      rectIntersectsRect,         touch_rect_rect,              rect,    rect)
C2DL_AKA(PRED,      rectIntersectsCircle,       overlap_rect_circle,          rect,    circle)
C2DL_AKA(PRED,      rectRotateIntersectsCircle, overlap_obb_circle,           obb,     circle)
/* Strict (overlap*) and closed (touch*) predicates; integer shapes; closed segments; contacts,
 * distances, closest points, sweeps and ray casts of the float shapes. */
C2DL_FN(PRED,      overlapRectRect,            overlap_rect_rect,            rect,    rect)
C2DL_FN(PRED,      touchRectRect,              touch_rect_rect,              rect,    rect)
C2DL_FN(PRED,      overlapCircleCircle,        overlap_circle_circle,        circle,  circle)
C2DL_FN(PRED,      touchCircleCircle,          touch_circle_circle,          circle,  circle)
C2DL_FN(PRED,      overlapRectCircle,          overlap_rect_circle,          rect,    circle)
C2DL_FN(PRED,      touchRectCircle,            touch_rect_circle,            rect,    circle)
C2DL_FN(PRED,      overlapPointRect,           overlap_point_rect,           point,   rect)
C2DL_FN(PRED,      touchPointRect,             touch_point_rect,             point,   rect)
C2DL_FN(PRED,      overlapPointCircle,         overlap_point_circle,         point,   circle)
C2DL_FN(PRED,      touchPointCircle,           touch_point_circle,           point,   circle)
C2DL_FN(PRED,      overlapObbCircle,           overlap_obb_circle,           obb,     circle)
C2DL_FN(PRED,      touchObbCircle,             touch_obb_circle,             obb,     circle)
C2DL_FN(PRED,      overlapObbRect,             overlap_obb_rect,             obb,     rect)
C2DL_FN(PRED,      touchObbRect,               touch_obb_rect,               obb,     rect)
C2DL_FN(PRED,      overlapObbObb,              overlap_obb_obb,              obb,     obb)
C2DL_FN(PRED,      touchObbObb,                touch_obb_obb,                obb,     obb)
C2DL_FN(PRED,      overlapPointObb,            overlap_point_obb,            point,   obb)
C2DL_FN(PRED,      touchPointObb,              touch_point_obb,              point,   obb)
C2DL_FN(PRED,      overlapRectiRecti,          overlap_recti_recti,          recti,   recti)
C2DL_FN(PRED,      touchRectiRecti,            touch_recti_recti,            recti,   recti)
C2DL_FN(PRED,      overlapRectiCirclei,        overlap_recti_circlei,        recti,   circlei)
C2DL_FN(PRED,      touchRectiCirclei,          touch_recti_circlei,          recti,   circlei)
C2DL_FN(PRED,      overlapCircleiCirclei,      overlap_circlei_circlei,      circlei, circlei)
C2DL_FN(PRED,      touchCircleiCirclei,        touch_circlei_circlei,        circlei, circlei)
C2DL_FN(PRED,      intersectSegmentSegment,    intersect_segment_segment,    segment, segment)
C2DL_FN(PRED,      intersectSegmentRect,       intersect_segment_rect,       segment, rect)
C2DL_FN(PRED,      intersectSegmentCircle,     intersect_segment_circle,     segment, circle)
C2DL_FN(PRED,      intersectSegmentObb,        intersect_segment_obb,        segment, obb)
C2DL_FN(COLLIDE,   collideRectRect,            collide_rect_rect,            rect,    rect)
C2DL_FN(COLLIDE,   collideCircleCircle,        collide_circle_circle,        circle,  circle)
C2DL_FN(COLLIDE,   collideRectCircle,          collide_rect_circle,          rect,    circle)
C2DL_FN(COLLIDE,   collideObbCircle,           collide_obb_circle,           obb,     circle)
C2DL_FN(COLLIDE,   collideObbRect,             collide_obb_rect,             obb,     rect)
C2DL_FN(COLLIDE,   collideObbObb,              collide_obb_obb,              obb,     obb)
C2DL_FN(DIST,      distanceRectRect,           distance_rect_rect,           rect,    rect)
C2DL_FN(DIST,      distanceCircleCircle,       distance_circle_circle,       circle,  circle)
C2DL_FN(DIST,      distanceRectCircle,         distance_rect_circle,         rect,    circle)
C2DL_FN(DIST,      distanceObbCircle,          distance_obb_circle,          obb,     circle)
C2DL_FN(DIST,      distanceObbRect,            distance_obb_rect,            obb,     rect)
C2DL_FN(DIST,      distanceObbObb,             distance_obb_obb,             obb,     obb)
C2DL_FN(CLOSEST,   closestPointRect,           closest_point_rect,           rect,    point)
C2DL_FN(CLOSEST,   closestPointObb,            closest_point_obb,            obb,     point)
C2DL_FN(CLOSEST,   closestPointSegment,        closest_point_segment,        segment, point)
C2DL_FN(SWEEP,     sweepRectRect,              sweep_rect_rect,              rect,    rect)
C2DL_FN(SWEEP,     sweepCircleRect,            sweep_circle_rect,            circle,  rect)
C2DL_FN(SWEEP,     sweepCircleCircle,          sweep_circle_circle,          circle,  circle)
C2DL_FN(SWEEP,     sweepRectCircle,            sweep_rect_circle,            rect,    circle)
C2DL_FN(SWEEP,     sweepCircleObb,             sweep_circle_obb,             circle,  obb)
C2DL_FN(SWEEP,     sweepRectObb,               sweep_rect_obb,               rect,    obb)
C2DL_FN(RAYCAST,   raycastRect,                raycast_rect,                 point,   rect)
C2DL_FN(RAYCAST,   raycastCircle,              raycast_circle,               point,   circle)
C2DL_FN(RAYCAST,   raycastObb,                 raycast_obb,                  point,   obb)
C2DL_FN(RAYCAST,   raycastSegment,             raycast_segment,              point,   segment)
/* Polygons and capsules. */
C2DL_FN(PRED,      overlapPointPoly,           overlap_point_poly,           point,   poly)
C2DL_FN(PRED,      touchPointPoly,             touch_point_poly,             point,   poly)
C2DL_FN(PRED,      overlapRectPoly,            overlap_rect_poly,            rect,    poly)
C2DL_FN(PRED,      touchRectPoly,              touch_rect_poly,              rect,    poly)
C2DL_FN(PRED,      overlapObbPoly,             overlap_obb_poly,             obb,     poly)
C2DL_FN(PRED,      touchObbPoly,               touch_obb_poly,               obb,     poly)
C2DL_FN(PRED,      overlapPolyPoly,            overlap_poly_poly,            poly,    poly)
C2DL_FN(PRED,      touchPolyPoly,              touch_poly_poly,              poly,    poly)
C2DL_FN(PRED,      overlapPolyCircle,          overlap_poly_circle,          poly,    circle)
C2DL_FN(PRED,      touchPolyCircle,            touch_poly_circle,            poly,    circle)
C2DL_FN(PRED,      overlapPolyCapsule,         overlap_poly_capsule,         poly,    capsule)
C2DL_FN(PRED,      touchPolyCapsule,           touch_poly_capsule,           poly,    capsule)
C2DL_FN(PRED,      overlapPointCapsule,        overlap_point_capsule,        point,   capsule)
C2DL_FN(PRED,      touchPointCapsule,          touch_point_capsule,          point,   capsule)
C2DL_FN(PRED,      overlapRectCapsule,         overlap_rect_capsule,         rect,    capsule)
C2DL_FN(PRED,      touchRectCapsule,           touch_rect_capsule,           rect,    capsule)
C2DL_FN(PRED,      overlapObbCapsule,          overlap_obb_capsule,          obb,     capsule)
C2DL_FN(PRED,      touchObbCapsule,            touch_obb_capsule,            obb,     capsule)
C2DL_FN(PRED,      overlapCapsuleCircle,       overlap_capsule_circle,       capsule, circle)
C2DL_FN(PRED,      touchCapsuleCircle,         touch_capsule_circle,         capsule, circle)
C2DL_FN(PRED,      overlapCapsuleCapsule,      overlap_capsule_capsule,      capsule, capsule)
C2DL_FN(PRED,      touchCapsuleCapsule,        touch_capsule_capsule,        capsule, capsule)
C2DL_FN(PRED,      intersectSegmentPoly,       intersect_segment_poly,       segment, poly)
C2DL_FN(PRED,      intersectSegmentCapsule,    intersect_segment_capsule,    segment, capsule)
C2DL_FN(RAYCAST,   raycastPoly,                raycast_poly,                 point,   poly)
C2DL_FN(COLLIDE,   collideRectPoly,            collide_rect_poly,            rect,    poly)
C2DL_FN(COLLIDE,   collideObbPoly,             collide_obb_poly,             obb,     poly)
C2DL_FN(COLLIDE,   collidePolyPoly,            collide_poly_poly,            poly,    poly)
C2DL_FN(COLLIDE,   collidePolyCircle,          collide_poly_circle,          poly,    circle)
C2DL_FN(COLLIDE,   collidePolyCapsule,         collide_poly_capsule,         poly,    capsule)
C2DL_FN(COLLIDE,   collideRectCapsule,         collide_rect_capsule,         rect,    capsule)
C2DL_FN(COLLIDE,   collideObbCapsule,          collide_obb_capsule,          obb,     capsule)
C2DL_FN(COLLIDE,   collideCapsuleCircle,       collide_capsule_circle,       capsule, circle)
C2DL_FN(COLLIDE,   collideCapsuleCapsule,      collide_capsule_capsule,      capsule, capsule)
C2DL_FN(MANIFOLD,  manifoldRectPoly,           manifold_rect_poly,           rect,    poly)
C2DL_FN(MANIFOLD,  manifoldObbPoly,            manifold_obb_poly,            obb,     poly)
C2DL_FN(MANIFOLD,  manifoldPolyPoly,           manifold_poly_poly,           poly,    poly)
C2DL_FN(MANIFOLD,  manifoldRectRect,           manifold_rect_rect,           rect,    rect)
C2DL_FN(DIST,      distanceRectPoly,           distance_rect_poly,           rect,    poly)
C2DL_FN(DIST,      distanceObbPoly,            distance_obb_poly,            obb,     poly)
C2DL_FN(DIST,      distancePolyPoly,           distance_poly_poly,           poly,    poly)
C2DL_FN(DIST,      distancePolyCircle,         distance_poly_circle,         poly,    circle)
C2DL_FN(DIST,      distancePolyCapsule,        distance_poly_capsule,        poly,    capsule)
C2DL_FN(DIST,      distanceRectCapsule,        distance_rect_capsule,        rect,    capsule)
C2DL_FN(DIST,      distanceObbCapsule,         distance_obb_capsule,         obb,     capsule)
C2DL_FN(DIST,      distanceCapsuleCircle,      distance_capsule_circle,      capsule, circle)
C2DL_FN(DIST,      distanceCapsuleCapsule,     distance_capsule_capsule,     capsule, capsule)
C2DL_FN(RAYCAST,   raycastCapsule,             raycast_capsule,              point,   capsule)
C2DL_FN(SWEEP,     sweepRectPoly,              sweep_rect_poly,              rect,    poly)
C2DL_FN(SWEEP,     sweepRectCapsule,           sweep_rect_capsule,           rect,    capsule)
C2DL_FN(SWEEP,     sweepCirclePoly,            sweep_circle_poly,            circle,  poly)
C2DL_FN(SWEEP,     sweepCircleCapsule,         sweep_circle_capsule,         circle,  capsule)
C2DL_FN(SWEEP,     sweepCapsulePoly,           sweep_capsule_poly,           capsule, poly)
C2DL_FN(SWEEP,     sweepCapsuleCapsule,        sweep_capsule_capsule,        capsule, capsule)
C2DL_FN(SWEEP,     sweepPolyPoly,              sweep_poly_poly,              poly,    poly)
C2DL_FN(SWEEP,     sweepPolyCapsule,           sweep_poly_capsule,           poly,    capsule)
C2DL_FN(SWEEP,     sweepPolyRect,              sweep_poly_rect,              poly,    rect)
C2DL_FN(SWEEP,     sweepPolyCircle,            sweep_poly_circle,            poly,    circle)
C2DL_FN(SWEEP,     sweepCapsuleRect,           sweep_capsule_rect,           capsule, rect)
C2DL_FN(SWEEP,     sweepCapsuleCircle,         sweep_capsule_circle,         capsule, circle)
/* One shape against many: (q, items) -> indices, n. */
C2DL_FN(BATCH,     overlapRectRects,           overlap_rect_rects,           rect,    rect)
C2DL_FN(BATCH,     touchRectRects,             touch_rect_rects,             rect,    rect)
C2DL_FN(BATCH,     overlapPointRects,          overlap_point_rects,          point,   rect)
C2DL_FN(BATCH,     touchPointRects,            touch_point_rects,            point,   rect)
C2DL_FN(BATCH,     overlapCircleRects,         overlap_circle_rects,         circle,  rect)
C2DL_FN(BATCH,     touchCircleRects,           touch_circle_rects,           circle,  rect)
C2DL_FN(BATCH,     overlapRectCircles,         overlap_rect_circles,         rect,    circle)
C2DL_FN(BATCH,     touchRectCircles,           touch_rect_circles,           rect,    circle)
C2DL_FN(BATCH,     overlapPointCircles,        overlap_point_circles,        point,   circle)
C2DL_FN(BATCH,     touchPointCircles,          touch_point_circles,          point,   circle)
C2DL_FN(BATCH,     overlapCircleCircles,       overlap_circle_circles,       circle,  circle)
C2DL_FN(BATCH,     touchCircleCircles,         touch_circle_circles,         circle,  circle)
/* Written by hand on both paths (lua/src/, lua/collide2d/ffi.lua). */
C2DL_FN(CUSTOM,    newPoly,                    poly_make,                    poly,    none)
C2DL_FN(CUSTOM,    polyPoints,                 poly_make,                    poly,    none)
C2DL_FN(CUSTOM,    moveRect,                   move_rect,                    rect,    rects)
C2DL_FN(CUSTOM,    moveRecti,                  move_recti,                   recti,   rectis)
C2DL_FN(CUSTOM,    newWorld,                   world_new_d,                  number,  none)
C2DL_FN(INTERSECT, intersectionRect,           intersection_rect,            rect,    rect)
C2DL_FN(CUSTOM,    obbFromRect,                obb_from_rect,                obb,     none)
C2DL_FN(CUSTOM,    version,                    version,                      none,    none)
