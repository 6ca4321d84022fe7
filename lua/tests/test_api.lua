-- The rest of the C API in Lua form: both boundary flavours, contacts, intersection, closest
-- points, distances, oriented boxes in both table forms, integer shapes, bad and huge input.
return function(test, c2d, h)
  local function rect(x, y, w, hh) return { x = x, y = y, width = w, height = hh } end
  local function circle(x, y, r) return { x = x, y = y, r = r } end
  local nan, inf = 0 / 0, math.huge

  test("module: version() matches _VERSION, functions present", function()
    local v = c2d.version()
    h.eq(string.format("%d.%d.%d", math.floor(v / 65536), math.floor(v / 256) % 256, v % 256), c2d._VERSION)
    for _, name in ipairs({ "circleIntersectsCircle", "rectIntersectsRect", "rectIntersectsCircle",
      "rectRotateIntersectsCircle", "overlapRectRect", "touchPointObb", "overlapCircleiCirclei",
      "intersectSegmentObb", "collideObbObb", "distanceObbObb", "closestPointSegment",
      "intersectionRect", "obbFromRect" }) do
      h.eq(type(c2d[name]), "function", name)
    end
  end)

  test("flavours: touching rects: overlap false, touch true, cocos2d-x call true", function()
    local a, b = rect(0, 0, 1, 1), rect(1, 0, 1, 1)
    h.eq(c2d.overlapRectRect(a, b), false)
    h.eq(c2d.touchRectRect(a, b), true)
    h.eq(c2d.rectIntersectsRect(a, b), true)
    h.eq(c2d.overlapRectRect(a, rect(0.5, 0.5, 1, 1)), true)
  end)

  test("flavours: touching circles and rect-circle, points on boundaries", function()
    h.eq(c2d.overlapCircleCircle(circle(0, 0, 1), circle(3, 4, 4)), false)
    h.eq(c2d.touchCircleCircle(circle(0, 0, 1), circle(3, 4, 4)), true)
    h.eq(c2d.overlapRectCircle(rect(0, 0, 2, 2), circle(5, 6, 5)), false)
    h.eq(c2d.touchRectCircle(rect(0, 0, 2, 2), circle(5, 6, 5)), true)
    h.eq(c2d.overlapPointRect({ x = 2, y = 1 }, rect(0, 0, 2, 2)), false)
    h.eq(c2d.touchPointRect({ x = 2, y = 1 }, rect(0, 0, 2, 2)), true)
    h.eq(c2d.overlapPointCircle({ x = 0, y = 1 }, circle(0, 0, 1)), false)
    h.eq(c2d.touchPointCircle({ x = 0, y = 1 }, circle(0, 0, 1)), true)
  end)

  test("flavours: negative sizes span the other way, negative radius is empty", function()
    h.eq(c2d.overlapRectRect(rect(2, 2, -2, -2), rect(0.5, 0.5, 1, 1)), true)
    h.eq(c2d.touchCircleCircle(circle(0, 0, -1), circle(0, 0, 5)), false)
  end)

  test("obb: cocos form and centre form name the same box", function()
    local cocos = { x = 620, y = 300, width = 180, height = 72, angle = 45 }
    local centred = c2d.obbFromRect(cocos)
    local s = math.sqrt(0.5)
    h.near(centred.cx, 620 + 54 * s, 1e-3, "cx")
    h.near(centred.cy, 300 + 126 * s, 1e-3, "cy")
    h.eq(centred.hw, 90)
    h.eq(centred.hh, 36)
    h.eq(centred.angle, 45)
    local r = h.rng(99)
    for _ = 1, 500 do
      local c = circle(r.eighths(450, 850), r.eighths(150, 550), r.eighths(0, 60))
      h.eq(c2d.overlapObbCircle(cocos, c), c2d.overlapObbCircle(centred, c), "obb forms agree")
      h.eq(c2d.rectRotateIntersectsCircle(cocos, c), c2d.overlapObbCircle(cocos, c), "seed call = overlapObbCircle")
    end
  end)

  test("obb: angle 0 and 90 behave as axis-aligned rects (exact)", function()
    local o0 = { x = 0, y = 0, width = 4, height = 2, angle = 0 }
    h.eq(c2d.overlapObbRect(o0, rect(4, 0, 1, 1)), false)
    h.eq(c2d.touchObbRect(o0, rect(4, 0, 1, 1)), true)
    -- 90 degrees about the corner: spans x -2..0, y 0..4
    local o90 = { x = 0, y = 0, width = 4, height = 2, angle = 90 }
    h.eq(c2d.touchPointObb({ x = -2, y = 4 }, o90), true)
    h.eq(c2d.overlapPointObb({ x = -1, y = 2 }, o90), true)
    h.eq(c2d.overlapPointObb({ x = 1, y = 2 }, o90), false)
    h.eq(c2d.touchObbObb(o0, o90), true)
    h.eq(c2d.overlapObbObb(o0, o90), false)
    h.eq(c2d.touchObbCircle(o90, circle(1, 2, 1)), true)
    h.eq(c2d.overlapObbCircle(o90, circle(1, 2, 1)), false)
  end)

  test("segments: crossing, shared end point, collinear overlap, misses", function()
    local function seg(x1, y1, x2, y2) return { x1 = x1, y1 = y1, x2 = x2, y2 = y2 } end
    h.eq(c2d.intersectSegmentSegment(seg(0, 0, 2, 2), seg(0, 2, 2, 0)), true)
    h.eq(c2d.intersectSegmentSegment(seg(0, 0, 1, 1), seg(1, 1, 2, 0)), true)
    h.eq(c2d.intersectSegmentSegment(seg(0, 0, 2, 0), seg(1, 0, 3, 0)), true)
    h.eq(c2d.intersectSegmentSegment(seg(0, 0, 1, 0), seg(2, 0, 3, 0)), false)
    h.eq(c2d.intersectSegmentRect(seg(-1, 2, 3, 2), rect(0, 0, 2, 2)), true)
    h.eq(c2d.intersectSegmentRect(seg(-1, 3, 3, 3), rect(0, 0, 2, 2)), false)
    h.eq(c2d.intersectSegmentCircle(seg(-2, 1, 2, 1), circle(0, 0, 1)), true)
    h.eq(c2d.intersectSegmentCircle(seg(-2, 1.5, 2, 1.5), circle(0, 0, 1)), false)
    h.eq(c2d.intersectSegmentObb(seg(-1, 3, 1, 3), { x = 0, y = 0, width = 4, height = 2, angle = 90 }), true)
  end)

  test("collide: multiple returns hit, nx, ny, depth, px, py; false alone on a miss", function()
    local hit, nx, ny, depth, px, py = c2d.collideRectRect(rect(0, 0, 2, 2), rect(1.5, 0.5, 2, 1))
    h.eq(hit, true)
    h.eq(nx, 1); h.eq(ny, 0); h.eq(depth, 0.5)
    h.eq(px, 1.75); h.eq(py, 1)
    h.eq(select("#", c2d.collideRectRect(rect(0, 0, 1, 1), rect(1, 0, 1, 1))), 1)
    h.eq(c2d.collideRectRect(rect(0, 0, 1, 1), rect(1, 0, 1, 1)), false)
    hit, nx, ny, depth = c2d.collideCircleCircle(circle(0, 0, 2), circle(3, 4, 4))
    h.eq(hit, true)
    h.near(nx, 0.6, 1e-6); h.near(ny, 0.8, 1e-6); h.near(depth, 1, 1e-5)
    hit, nx, ny, depth = c2d.collideRectCircle(rect(0, 0, 2, 2), circle(2.5, 1, 1))
    h.eq(hit, true); h.eq(nx, 1); h.eq(ny, 0); h.eq(depth, 0.5)
    h.eq((c2d.collideObbCircle({ cx = 0, cy = 0, hw = 1, hh = 1, angle = 0 }, circle(1.5, 0, 1))), true)
    h.eq((c2d.collideObbRect({ cx = 0, cy = 0, hw = 1, hh = 1, angle = 45 }, rect(1, -1, 2, 2))), true)
    h.eq((c2d.collideObbObb({ cx = 0, cy = 0, hw = 1, hh = 1, angle = 45 }, { cx = 3, cy = 0, hw = 1, hh = 1, angle = 0 })), false)
  end)

  test("intersectionRect: the overlap box or nil (touching is nil)", function()
    local o = c2d.intersectionRect(rect(0, 0, 4, 4), rect(2, 1, 4, 2))
    h.eq(o.x, 2); h.eq(o.y, 1); h.eq(o.width, 2); h.eq(o.height, 2)
    h.eq(c2d.intersectionRect(rect(0, 0, 1, 1), rect(1, 0, 1, 1)), nil)
  end)

  test("closest points and distances", function()
    local x, y = c2d.closestPointRect(rect(0, 0, 2, 2), { x = 5, y = 1 })
    h.eq(x, 2); h.eq(y, 1)
    x, y = c2d.closestPointSegment({ x1 = 0, y1 = 0, x2 = 4, y2 = 0 }, { x = 1, y = 3 })
    h.eq(x, 1); h.eq(y, 0)
    x, y = c2d.closestPointObb({ cx = 0, cy = 0, hw = 1, hh = 2, angle = 0 }, { x = 3, y = 3 })
    h.eq(x, 1); h.eq(y, 2)
    h.eq(c2d.distanceRectRect(rect(0, 0, 1, 1), rect(4, 5, 1, 1)), 5)
    h.eq(c2d.distanceRectRect(rect(0, 0, 1, 1), rect(1, 0, 1, 1)), 0)
    h.eq(c2d.distanceCircleCircle(circle(0, 0, 1), circle(6, 8, 4)), 5)
    h.eq(c2d.distanceRectCircle(rect(0, 0, 1, 1), circle(4, 5, 1)), 4)
    h.eq(c2d.distanceCircleCircle(circle(0, 0, -1), circle(6, 8, 4)), inf)
    h.near(c2d.distanceObbCircle({ cx = 0, cy = 0, hw = 1, hh = 1, angle = 0 }, circle(4, 0, 1)), 2, 1e-6)
    h.near(c2d.distanceObbRect({ cx = 0, cy = 0, hw = 1, hh = 1, angle = 0 }, rect(3, -1, 1, 1)), 2, 1e-6)
    h.near(c2d.distanceObbObb({ cx = 0, cy = 0, hw = 1, hh = 1, angle = 0 }, { cx = 5, cy = 0, hw = 1, hh = 1, angle = 90 }), 3, 1e-5)
  end)

  test("integer shapes: exact at int32 extremes", function()
    local big = 2147483647
    local a = { x = big - 1, y = 0, width = 1, height = 1 }
    local b = { x = big, y = 0, width = big, height = 1 }
    h.eq(c2d.overlapRectiRecti(a, b), false)
    h.eq(c2d.touchRectiRecti(a, b), true)
    h.eq(c2d.touchCircleiCirclei({ x = -2147483648, y = 0, r = 0 }, { x = big, y = 0, r = big }), false)
    h.eq(c2d.touchCircleiCirclei({ x = -2147483647, y = 0, r = big }, { x = big, y = 0, r = big }), true)
    h.eq(c2d.overlapCircleiCirclei({ x = -2147483647, y = 0, r = big }, { x = big, y = 0, r = big }), false)
    h.eq(c2d.overlapRectiCirclei({ x = 0, y = 0, width = 2, height = 2 }, { x = 5, y = 6, r = 5 }), false)
    h.eq(c2d.touchRectiCirclei({ x = 0, y = 0, width = 2, height = 2 }, { x = 5, y = 6, r = 5 }), true)
    h.eq(c2d.touchRectiRecti({ x = 0.0, y = 0, width = 2.0, height = 2 }, { x = 2, y = 2, width = 1, height = 1 }), true)
  end)

  test("bad input: NaN anywhere makes predicates false and collide report no hit", function()
    local fields = { "x", "y", "width", "height" }
    for _, f in ipairs(fields) do
      local a = rect(0, 0, 2, 2)
      a[f] = nan
      h.eq(c2d.rectIntersectsRect(a, rect(0, 0, 2, 2)), false, "rect " .. f)
      h.eq(c2d.overlapRectRect(rect(0, 0, 2, 2), a), false, "rect " .. f)
      h.eq(c2d.rectIntersectsCircle(a, circle(1, 1, 1)), false, "rect-circle " .. f)
      h.eq(c2d.collideRectRect(a, rect(0, 0, 2, 2)), false, "collide " .. f)
      h.eq(c2d.intersectionRect(a, rect(0, 0, 2, 2)), nil, "intersection " .. f)
    end
    h.eq(c2d.circleIntersectsCircle(circle(0, 0, nan), circle(0, 0, 1)), false)
    h.eq(c2d.rectRotateIntersectsCircle({ x = 0, y = 0, width = 2, height = 2, angle = nan }, circle(1, 1, 1)), false)
    h.eq(c2d.rectRotateIntersectsCircle({ x = 0, y = 0, width = 2, height = 2, angle = inf }, circle(1, 1, 1)), false)
    local d = c2d.distanceRectRect(rect(nan, 0, 1, 1), rect(0, 0, 1, 1))
    h.truthy(d ~= d, "distance with NaN is NaN")
  end)

  test("huge numbers: beyond f32 they become +-inf, answers stay defined", function()
    h.eq(c2d.overlapRectRect(rect(0, 0, 1e300, 1), rect(1e30, 0, 1, 1)), true, "infinite width covers")
    h.eq(c2d.overlapRectRect(rect(1e300, 0, 1, 1), rect(0, 0, 1, 1)), false, "far away")
    h.eq(c2d.touchRectRect(rect(-inf, -inf, inf, inf), rect(0, 0, 1, 1)), false, "-inf + inf is NaN")
    h.eq(c2d.circleIntersectsCircle(circle(0, 0, 1e39), circle(1e38, 0, 1)), true, "infinite radius")
    h.eq(c2d.circleIntersectsCircle(circle(3e38, 0, 1), circle(-3e38, 0, 1)), false, "f32 extremes")
    h.eq(c2d.rectIntersectsCircle(rect(-3e38, -3e38, 3e38, 3e38), circle(2e38, -1e38, 3e38)), true)
    h.eq(c2d.rectIntersectsCircle(rect(-3e38, -3e38, 3e38, 3e38), circle(3e38, 3e38, 3e38)), false)
    h.eq(c2d.rectRotateIntersectsCircle({ x = 1e30, y = 0, width = 1e30, height = 1, angle = 30 }, circle(0, 0, 1)), false)
  end)

  test("integers vs floats (Lua 5.3/5.4 subtypes): same answers, float results", function()
    local r = h.rng(31)
    for _ = 1, 500 do
      local xi, yi, wi, hi = r.int(-50, 50), r.int(-50, 50), r.int(0, 30), r.int(0, 30)
      local ai = rect(xi, yi, wi, hi)
      local af = rect(xi + 0.0, yi + 0.0, wi + 0.0, hi + 0.0)
      local b = rect(r.int(-50, 50), r.int(-50, 50), r.int(0, 30), r.int(0, 30))
      local c = circle(r.int(-50, 50), r.int(-50, 50), r.int(0, 30))
      h.eq(c2d.rectIntersectsRect(ai, b), c2d.rectIntersectsRect(af, b), "rect-rect")
      h.eq(c2d.rectIntersectsCircle(ai, c), c2d.rectIntersectsCircle(af, c), "rect-circle")
      h.eq(c2d.overlapRectiRecti(ai, b), c2d.overlapRectRect(af, b), "recti = rect on small integers")
    end
    if math.type then
      h.eq(math.type((c2d.closestPointRect(rect(0, 0, 2, 2), { x = 5, y = 1 }))), "float", "results are floats")
      h.eq(math.type(c2d.version()), "integer", "version() is an integer")
      h.eq(c2d.overlapRectRect(rect(0, 0, math.maxinteger, 1), rect(1e18, 0, 1, 1)), true, "maxinteger")
      h.eq(c2d.touchRectiRecti(rect(0, 0, 1, 1), rect(1, 1, 1, 1)), true)
      h.truthy(not pcall(c2d.touchRectiRecti, rect(0, 0, math.maxinteger, 1), rect(1, 1, 1, 1)), "maxinteger in recti")
    end
  end)

  test("f32 rounding: non-representable inputs are rounded to the nearest f32 first", function()
    -- 0.1 + 0.2 and 0.3 are different doubles but the same f32: the rects touch exactly.
    h.eq(c2d.overlapRectRect(rect(0, 0, 0.1 + 0.2, 1), rect(0.3, 0, 1, 1)), false)
    h.eq(c2d.touchRectRect(rect(0, 0, 0.1 + 0.2, 1), rect(0.3, 0, 1, 1)), true)
  end)
end
