-- Convex polygons and capsules in Lua: polygons as flat lists, lists of points or newPoly
-- values; capsules as {x1=, y1=, x2=, y2=, r=}; both boundary flavours, segments and ray casts,
-- errors for degenerate and bad input; on LuaJIT the FFI path and the C module compared.
return function(test, c2d, h)
  local function rect(x, y, w, hh) return { x = x, y = y, width = w, height = hh } end
  local function circle(x, y, r) return { x = x, y = y, r = r } end
  local function seg(x1, y1, x2, y2) return { x1 = x1, y1 = y1, x2 = x2, y2 = y2 } end
  local function capsule(x1, y1, x2, y2, r) return { x1 = x1, y1 = y1, x2 = x2, y2 = y2, r = r } end
  local unpack = unpack or table.unpack
  local s = math.sqrt(0.5)

  -- A 45° slope rising to the right (y-up): solid where 0 <= y <= x <= 100.
  local slope_flat = { 0, 0, 100, 0, 100, 100 }
  local slope_points = { { x = 0, y = 0 }, { x = 100, y = 0 }, { x = 100, y = 100 } }
  local slope = c2d.newPoly(slope_flat)

  local function expect(msg, f, ...)
    h.eq(h.err(f, ...), msg, "error message")
  end

  -- A list of numbers as text, the same on every interpreter (5.3 prints floats as 0.0).
  local function list(t)
    local out = {}
    for i, v in ipairs(t) do out[i] = string.format("%.9g", v) end
    return table.concat(out, ",")
  end

  test("poly: module has every polygon and capsule function", function()
    for _, name in ipairs({ "overlapPointPoly", "touchPointPoly", "overlapRectPoly", "touchRectPoly",
      "overlapObbPoly", "touchObbPoly", "overlapPolyPoly", "touchPolyPoly", "overlapPolyCircle",
      "touchPolyCircle", "overlapPolyCapsule", "touchPolyCapsule", "overlapPointCapsule",
      "touchPointCapsule", "overlapRectCapsule", "touchRectCapsule", "overlapObbCapsule",
      "touchObbCapsule", "overlapCapsuleCircle", "touchCapsuleCircle", "overlapCapsuleCapsule",
      "touchCapsuleCapsule", "intersectSegmentPoly", "intersectSegmentCapsule", "raycastPoly",
      "newPoly", "polyPoints" }) do
      h.eq(type(c2d[name]), "function", name)
    end
  end)

  test("poly: a crate resting on a 45° slope touches but does not overlap it", function()
    -- The crate's bottom-right corner (50, 50) lies on the slope's face y = x.
    local crate = rect(20, 50, 30, 30)
    for _, p in ipairs({ slope, slope_flat, slope_points }) do
      h.eq(c2d.touchRectPoly(crate, p), true, "resting crate touches")
      h.eq(c2d.overlapRectPoly(crate, p), false, "resting crate does not overlap")
    end
    -- 1/256 lower it sinks in; 1/256 higher it floats.
    h.eq(c2d.overlapRectPoly(rect(20, 50 - 1 / 256, 30, 30), slope), true, "sunk")
    h.eq(c2d.touchRectPoly(rect(20, 50 + 1 / 256, 30, 30), slope), false, "floating")
    -- A crate on the flat ground left of the slope's foot touches it at the foot only.
    h.eq(c2d.touchRectPoly(rect(-30, 0, 30, 30), slope), true, "at the foot")
    h.eq(c2d.overlapRectPoly(rect(-30, 0, 30, 30), slope), false, "at the foot")
    -- The same crate as a box turned by 90° (exact) and a box the slope's own shape as a polygon.
    h.eq(c2d.touchObbPoly({ x = 50, y = 50, width = 30, height = 30, angle = 90 }, slope), true, "obb touches")
    h.eq(c2d.overlapObbPoly({ x = 50, y = 50, width = 30, height = 30, angle = 90 }, slope), false, "obb")
    h.eq(c2d.overlapObbPoly({ cx = 60, cy = 30, hw = 5, hh = 5, angle = 30 }, slope), true, "obb inside")
    local box = c2d.newPoly({ 20, 50, 50, 50, 50, 80, 20, 80 })
    h.eq(c2d.touchPolyPoly(box, slope), true)
    h.eq(c2d.overlapPolyPoly(box, slope), false)
    h.eq(c2d.overlapPolyPoly(slope, { 20, 49, 50, 49, 50, 80, 20, 80 }), true)
  end)

  test("poly: points on the slope's face, inside and outside (exact on 1/8 steps)", function()
    local r = h.rng(2024)
    for _ = 1, 400 do
      local x, y = r.eighths(-8, 108), r.eighths(-8, 108)
      local inside = y > 0 and y < x and x < 100
      local closed = y >= 0 and y <= x and x <= 100
      local p = { x = x, y = y }
      h.eq(c2d.overlapPointPoly(p, slope), inside, "overlap " .. x .. "," .. y)
      h.eq(c2d.touchPointPoly(p, slope), closed, "touch " .. x .. "," .. y)
      h.eq(c2d.overlapPointPoly(p, slope_points), inside, "points form")
    end
  end)

  test("poly: a ball rolling into a capsule-shaped paddle", function()
    local paddle = capsule(100, 20, 160, 20, 8)
    -- Rolling right along y = 20 toward the paddle's rounded end (centre (100, 20)).
    h.eq(c2d.touchCapsuleCircle(paddle, circle(80, 20, 6)), false, "far")
    h.eq(c2d.touchCapsuleCircle(paddle, circle(86, 20, 6)), true, "just touching the end")
    h.eq(c2d.overlapCapsuleCircle(paddle, circle(86, 20, 6)), false, "just touching the end")
    h.eq(c2d.overlapCapsuleCircle(paddle, circle(86 + 1 / 256, 20, 6)), true, "rolled in")
    -- Dropping onto its flat top.
    h.eq(c2d.touchCapsuleCircle(paddle, circle(130, 34, 6)), true, "resting on top")
    h.eq(c2d.overlapCapsuleCircle(paddle, circle(130, 34, 6)), false, "resting on top")
    h.eq(c2d.overlapCapsuleCircle(paddle, circle(130, 33.875, 6)), true, "pressed in")
    -- Diagonally at the rounded end: distance 10 = 8 + 2 from (100, 20).
    h.eq(c2d.touchCapsuleCircle(paddle, circle(94, 12, 2)), true, "at the corner")
    h.eq(c2d.overlapCapsuleCircle(paddle, circle(94, 12, 2)), false, "at the corner")
    -- The ball as a capsule of zero length is the same circle.
    h.eq(c2d.touchCapsuleCapsule(paddle, capsule(86, 20, 86, 20, 6)), true)
    h.eq(c2d.overlapCapsuleCapsule(paddle, capsule(86, 20, 86, 20, 6)), false)
    h.eq(c2d.overlapCapsuleCapsule(paddle, capsule(80, 0, 80, 40, 20.5)), true)
    -- Points, rects, boxes, segments against the paddle.
    h.eq(c2d.touchPointCapsule({ x = 130, y = 28 }, paddle), true)
    h.eq(c2d.overlapPointCapsule({ x = 130, y = 28 }, paddle), false)
    h.eq(c2d.overlapPointCapsule({ x = 130, y = 27.5 }, paddle), true)
    h.eq(c2d.touchRectCapsule(rect(120, 28, 10, 10), paddle), true)
    h.eq(c2d.overlapRectCapsule(rect(120, 28, 10, 10), paddle), false)
    h.eq(c2d.overlapRectCapsule(rect(120, 27, 10, 10), paddle), true)
    h.eq(c2d.touchObbCapsule({ x = 120, y = 28, width = 10, height = 10, angle = 0 }, paddle), true)
    h.eq(c2d.overlapObbCapsule({ x = 120, y = 28, width = 10, height = 10, angle = 0 }, paddle), false)
    h.eq(c2d.intersectSegmentCapsule(seg(90, 0, 90, 100), paddle), false, "passes left of it")
    h.eq(c2d.intersectSegmentCapsule(seg(92, 0, 92, 100), paddle), true, "grazes the end")
    h.eq(c2d.intersectSegmentCapsule(seg(0, 28, 200, 28), paddle), true, "along the top")
    -- A paddle on the slope; negative radius is empty.
    h.eq(c2d.touchPolyCapsule(slope, capsule(0, 10, 0, 30, 0)), false)
    h.eq(c2d.touchPolyCapsule(slope, capsule(-10, -20, -10, 0, 10)), true, "10 from the foot")
    h.eq(c2d.overlapPolyCapsule(slope, capsule(-10, -20, -10, 0, 10)), false, "10 from the foot")
    h.eq(c2d.overlapPolyCapsule(slope_flat, capsule(-10, -20, -10, 0, 10.5)), true)
    h.eq(c2d.touchCapsuleCircle(capsule(0, 0, 10, 0, -1), circle(5, 0, 3)), false, "empty capsule")
  end)

  test("poly: a Tiled polygon object given as points (relative to the object, y down)", function()
    -- As Tiled exports it: the object's position and its points relative to it, one of them
    -- on an edge (dropped from the hull), in screen order.
    local object = { x = 200, y = 300, polygon = {
      { x = 0, y = 0 }, { x = 64, y = 0 }, { x = 64, y = -32 }, { x = 32, y = -16 } } }
    local points = {}
    for i, p in ipairs(object.polygon) do
      points[i] = { x = object.x + p.x, y = object.y + p.y }
    end
    local ramp = c2d.newPoly(points)
    -- The hull: counter-clockwise in y-up terms from the lowest of the leftmost vertices.
    local hull = c2d.polyPoints(ramp)
    h.eq(#hull, 6, "three vertices")
    for i, v in ipairs({ 200, 300, 264, 268, 264, 300 }) do
      h.eq(hull[i], v, "vertex coordinate " .. i)
    end
    h.eq(#c2d.polyPoints(points), 6, "polyPoints of the raw table")
    -- The ramp spans y 268..300 (y down): a box just below its bottom edge touches it, a box
    -- pushed up into it overlaps.
    h.eq(c2d.touchRectPoly(rect(240, 300, 16, 16), ramp), true, "below, touching")
    h.eq(c2d.overlapRectPoly(rect(240, 300, 16, 16), ramp), false)
    h.eq(c2d.overlapRectPoly(rect(240, 280, 16, 16), ramp), true, "inside")
    h.eq(c2d.overlapPolyCircle(ramp, circle(232, 284, 1)), true, "on the dropped edge point")
    h.eq(c2d.touchPolyCircle(ramp, circle(180, 300, 20)), true)
    h.eq(c2d.overlapPolyCircle(ramp, circle(180, 300, 20)), false)
    h.eq(c2d.intersectSegmentPoly(seg(0, 250, 400, 250), ramp), false)
    h.eq(c2d.intersectSegmentPoly(seg(264, 0, 264, 268), ramp), true, "reaches the top vertex")
    -- newPoly of a newPoly value, and of the hull it reports, is the same polygon.
    h.eq(list(c2d.polyPoints(c2d.newPoly(ramp))), list(hull))
    h.eq(list(c2d.polyPoints(hull)), list(hull))
  end)

  test("poly: a ray hitting a slope's face", function()
    -- Straight down onto the face y = x at (20, 20).
    local hit, t, nx, ny, px, py, posx, posy = c2d.raycastPoly(20, 80, 0, -100, slope)
    h.eq(hit, true, "hit")
    h.near(t, 0.6, 1e-6, "t")
    h.near(nx, -s, 1e-6, "nx")
    h.near(ny, s, 1e-6, "ny")
    h.near(px, 20, 1e-4, "px")
    h.near(py, 20, 1e-4, "py")
    h.near(posx, 20, 1e-4, "posx")
    h.near(posy, 20, 1e-4, "posy")
    -- Up into the bottom face, exactly half way.
    hit, t, nx, ny, px, py = c2d.raycastPoly(50, -10, 0, 20, slope_points)
    h.eq(hit, true)
    h.eq(t, 0.5)
    h.eq(nx, 0)
    h.eq(ny, -1)
    h.eq(px, 50)
    h.eq(py, 0)
    -- Over the slope, and stopping short of it.
    h.eq(c2d.raycastPoly(-10, 120, 200, 0, slope), false, "above")
    h.eq(c2d.raycastPoly(20, 80, 0, -59, slope), false, "short")
    h.eq(c2d.raycastPoly(20, 80, 0, -60, slope), true, "ends on the face")
    -- From inside: t = 0, no normal.
    hit, t, nx, ny = c2d.raycastPoly(60, 10, 5, 5, slope)
    h.eq(hit, true)
    h.eq(t, 0)
    h.eq(nx, 0)
    h.eq(ny, 0)
    -- A ray hits exactly when the segment meets the polygon.
    local r = h.rng(31337)
    for _ = 1, 400 do
      local x, y, dx, dy = r.eighths(-20, 120), r.eighths(-20, 120), r.eighths(-80, 80), r.eighths(-80, 80)
      h.eq(c2d.raycastPoly(x, y, dx, dy, slope), c2d.intersectSegmentPoly(seg(x, y, x + dx, y + dy), slope),
        string.format("ray %g,%g %g,%g", x, y, dx, dy))
    end
  end)

  test("poly: overlap implies touch; raw tables and newPoly values agree (random)", function()
    local r = h.rng(515)
    for _ = 1, 300 do
      local pts = {}
      for i = 1, 2 * r.int(3, 8) do pts[i] = r.eighths(-32, 32) end
      local ok, p = pcall(c2d.newPoly, pts)
      if ok then
        local box = rect(r.eighths(-40, 40), r.eighths(-40, 40), r.eighths(0, 20), r.eighths(0, 20))
        local ball = circle(r.eighths(-40, 40), r.eighths(-40, 40), r.eighths(0, 20))
        local k = capsule(r.eighths(-40, 40), r.eighths(-40, 40), r.eighths(-40, 40), r.eighths(-40, 40), r.eighths(0, 8))
        for _, f in ipairs({ { "RectPoly", box, p, box, pts }, { "PolyCircle", p, ball, pts, ball },
          { "PolyCapsule", p, k, pts, k }, { "PolyPoly", p, slope, pts, slope_flat } }) do
          local o, t = c2d["overlap" .. f[1]](f[2], f[3]), c2d["touch" .. f[1]](f[2], f[3])
          h.truthy(t or not o, f[1] .. ": overlap implies touch")
          h.eq(c2d["overlap" .. f[1]](f[4], f[5]), o, f[1] .. " raw table")
          h.eq(c2d["touch" .. f[1]](f[4], f[5]), t, f[1] .. " raw table")
        end
      end
    end
  end)

  test("poly: many points with a small hull, and any order, give the same polygon", function()
    local pts = { { x = 0, y = 0 }, { x = 64, y = 0 }, { x = 64, y = 64 }, { x = 0, y = 64 } }
    local flat = { 64, 64, 0, 64, 0, 0, 64, 0 }
    local r = h.rng(88)
    for i = 1, 200 do -- inside points: the C module's and the FFI path's larger buffer
      local x, y = r.eighths(1, 63), r.eighths(1, 63)
      pts[#pts + 1] = { x = x, y = y }
      flat[#flat + 1], flat[#flat + 2] = x, y
      if i % 50 == 0 then
        pts[#pts + 1] = { x = 32, y = 0 } -- on an edge
      end
    end
    local want = "0,0,64,0,64,64,0,64"
    h.eq(list(c2d.polyPoints(pts)), want)
    h.eq(list(c2d.polyPoints(flat)), want)
    h.eq(list(c2d.polyPoints(c2d.newPoly(flat))), want)
    -- points given through __index metamethods
    local proxy = { setmetatable({}, { __index = { x = 0, y = 0 } }), { x = 8, y = 0 }, { x = 0, y = 8 } }
    h.eq(list(c2d.polyPoints(proxy)), "0,0,8,0,0,8")
  end)

  test("poly: a call made from an __index metamethod while reading a polygon leaves it intact", function()
    local inner
    local tricky = { { x = 0, y = 0 }, { x = 100, y = 0 }, setmetatable({ x = 100 }, { __index = function(_, k)
      if k == "y" then
        inner = c2d.overlapPolyPoly({ 500, 500, 501, 500, 500, 501 }, { -5, -5, -4, -5, -5, -4 })
        return 100
      end
    end }) }
    h.eq(c2d.touchPolyPoly({ -10, -10, 0, -10, 0, 0 }, tricky), true, "outer call")
    h.eq(c2d.overlapPolyPoly({ -10, -10, 0, -10, 0, 0 }, tricky), false, "outer call")
    h.eq(inner, false, "inner call")
    h.eq(c2d.overlapPolyPoly({ 50, 10, 60, 10, 60, 20 }, tricky), true, "outer call")
  end)

  test("poly: degenerate polygons and bad arguments raise clear errors and never crash", function()
    local function bad(arg, fn, msg)
      return "bad argument #" .. arg .. " to '" .. fn .. "' (" .. msg .. ")"
    end
    local degenerate = "degenerate polygon: fewer than 3 points off one line"
    expect(bad(2, "overlapRectPoly", degenerate), c2d.overlapRectPoly, rect(0, 0, 1, 1), {})
    expect(bad(1, "newPoly", degenerate), c2d.newPoly, { 0, 0, 10, 10 })
    expect(bad(1, "newPoly", degenerate), c2d.newPoly, { 0, 0, 10, 10, 20, 20, 5, 5 })
    expect(bad(1, "newPoly", degenerate), c2d.newPoly, { { x = 1, y = 1 }, { x = 1, y = 1 }, { x = 1, y = 1 } })
    expect(bad(1, "newPoly", degenerate), c2d.newPoly, { x = 0, y = 0 })
    local circle9 = {}
    for i = 0, 8 do
      local a = i * 2 * math.pi / 9
      circle9[#circle9 + 1] = { x = math.floor(100 * math.cos(a)), y = math.floor(100 * math.sin(a)) }
    end
    expect(bad(1, "overlapPolyCircle", "polygon's convex hull has more than 8 vertices"),
      c2d.overlapPolyCircle, circle9, circle(0, 0, 1))
    local invalid = "polygon has a NaN or infinite coordinate"
    expect(bad(1, "touchPolyPoly", invalid), c2d.touchPolyPoly, { 0, 0, 1, 0, 0 / 0, 1 }, slope)
    expect(bad(2, "touchPolyPoly", invalid), c2d.touchPolyPoly, slope, { 0, 0, 1, 0, math.huge, 1 })
    expect(bad(5, "raycastPoly", invalid), c2d.raycastPoly, 0, 0, 1, 1, { 0, 0, 1, 0, 1e39, 1 })
    expect(bad(1, "newPoly", "field '[8]' must be a number"), c2d.newPoly, { 0, 0, 1, 0, 1, 1, 5 })
    expect(bad(1, "newPoly", "field '[3]' must be a number"), c2d.newPoly, { 0, 0, "1", 0, 1, 1 })
    expect(bad(2, "intersectSegmentPoly", "field '[2].y' must be a number"), c2d.intersectSegmentPoly,
      seg(0, 0, 1, 1), { { x = 0, y = 0 }, { x = 1 }, { x = 1, y = 1 } })
    expect(bad(2, "touchPointPoly", "field '[3]' must be a table, got number"), c2d.touchPointPoly,
      { x = 0, y = 0 }, { { x = 0, y = 0 }, { x = 1, y = 0 }, 5 })
    expect(bad(2, "overlapRectPoly", "table expected, got string"), c2d.overlapRectPoly, rect(0, 0, 1, 1), "slope")
    expect(bad(2, "overlapRectPoly", "table expected, got nil"), c2d.overlapRectPoly, rect(0, 0, 1, 1))
    expect(bad(1, "overlapRectPoly", "field 'height' must be a number"), c2d.overlapRectPoly,
      { x = 0, y = 0, width = 1 }, {})
    expect(bad(2, "overlapRectCapsule", "field 'r' must be a number"), c2d.overlapRectCapsule,
      rect(0, 0, 1, 1), seg(0, 0, 1, 1))
    expect(bad(1, "touchCapsuleCapsule", "field 'y2' must be a number"), c2d.touchCapsuleCapsule,
      { x1 = 0, y1 = 0, x2 = 1 }, capsule(0, 0, 1, 1, 1))
    expect(bad(4, "raycastPoly", "number expected, got nil"), c2d.raycastPoly, 0, 0, 1, nil, slope)
    expect(bad(1, "polyPoints", "table expected, got boolean"), c2d.polyPoints, true)
    -- Another userdata is not a polygon.
    local world = c2d.newWorld()
    expect(bad(2, "touchRectPoly", "table expected, got userdata"), c2d.touchRectPoly, rect(0, 0, 1, 1), world)
    -- Called from Lua code, the message starts with the caller's position.
    local f, line = c2d.overlapPolyCircle
    local ok, msg = pcall(function()
      line = debug.getinfo(1, "l").currentline + 1
      local r = f({ 0, 0, 1, 1 }, circle(0, 0, 1))
      return r
    end)
    h.eq(ok, false)
    h.eq(msg, string.format("%s:%d: %s", debug.getinfo(1, "S").short_src, line,
      bad(1, "overlapPolyCircle", degenerate)))
    -- NaN in shapes other than the polygon answers false; huge but finite values are fine.
    h.eq(c2d.touchPointPoly({ x = 0 / 0, y = 0 }, slope), false)
    h.eq(c2d.touchPolyCapsule(slope, capsule(0, 0 / 0, 1, 1, 1)), false)
    h.eq(c2d.touchRectPoly(rect(-1e30, -1e30, 2e30, 2e30), slope), true)
    h.eq(tostring(slope) ~= nil, true)
  end)

  -- On LuaJIT both implementations load: compare them on random polygons and capsules.
  local ok_ffi, ffi_impl = pcall(require, "collide2d.ffi")
  if not ok_ffi then
    return
  end
  local core = require("collide2d.core")

  test("LuaJIT: FFI path and C module agree on polygons and capsules (random, NaN and bad input)", function()
    local r = h.rng(9090)
    local function v() return r.int(1, 80) == 1 and 0 / 0 or r.eighths(-32, 32) end
    local function arg(x) return r.int(1, 100) == 1 and "1" or x end
    -- A polygon in a random form; "newPoly" values are made by each implementation itself.
    local function poly()
      local n, form = r.int(1, 10), r.int(1, 3)
      local pts = {}
      for i = 1, n do
        if form == 1 then
          pts[2 * i - 1], pts[2 * i] = v(), arg(v())
        else
          pts[i] = { x = v(), y = arg(v()) }
        end
      end
      if r.int(1, 60) == 1 then pts[#pts + 1] = 1 end -- an odd or mixed list
      return pts, form == 3
    end
    local gen = {
      point = function() return { x = v(), y = v() } end,
      rect = function() return { x = v(), y = v(), width = arg(r.eighths(0, 20)), height = r.eighths(0, 20) } end,
      circle = function() return { x = v(), y = v(), r = arg(r.eighths(-1, 16)) } end,
      obb = function()
        if r.int(0, 1) == 1 then return { cx = v(), cy = v(), hw = r.eighths(0, 10), hh = r.eighths(0, 10), angle = v() } end
        return { x = v(), y = v(), width = r.eighths(0, 20), height = r.eighths(0, 20), angle = arg(v()) }
      end,
      segment = function() return { x1 = v(), y1 = v(), x2 = v(), y2 = arg(v()) } end,
      capsule = function() return { x1 = v(), y1 = v(), x2 = v(), y2 = v(), r = arg(r.eighths(-1, 10)) } end,
    }
    local pairs_ = {
      { "PointPoly", "point", "poly" }, { "RectPoly", "rect", "poly" }, { "ObbPoly", "obb", "poly" },
      { "PolyPoly", "poly", "poly" }, { "PolyCircle", "poly", "circle" }, { "PolyCapsule", "poly", "capsule" },
      { "PointCapsule", "point", "capsule" }, { "RectCapsule", "rect", "capsule" },
      { "ObbCapsule", "obb", "capsule" }, { "CapsuleCircle", "capsule", "circle" },
      { "CapsuleCapsule", "capsule", "capsule" },
    }
    local calls = {}
    for _, p in ipairs(pairs_) do
      calls[#calls + 1] = { "overlap" .. p[1], p[2], p[3] }
      calls[#calls + 1] = { "touch" .. p[1], p[2], p[3] }
    end
    calls[#calls + 1] = { "intersectSegmentPoly", "segment", "poly" }
    calls[#calls + 1] = { "intersectSegmentCapsule", "segment", "capsule" }
    calls[#calls + 1] = { "polyPoints", "poly" }
    calls[#calls + 1] = { "raycastPoly", "number", "number", "number", "number", "poly" }
    -- Contacts, manifolds, distances and the capsule ray cast (1.2).
    for _, p in ipairs(pairs_) do
      if p[2] ~= "point" then
        calls[#calls + 1] = { "collide" .. p[1], p[2], p[3] }
        calls[#calls + 1] = { "distance" .. p[1], p[2], p[3] }
      end
    end
    for _, p in ipairs({ { "RectPoly", "rect", "poly" }, { "ObbPoly", "obb", "poly" },
      { "PolyPoly", "poly", "poly" }, { "RectRect", "rect", "rect" } }) do
      calls[#calls + 1] = { "manifold" .. p[1], p[2], p[3] }
    end
    calls[#calls + 1] = { "raycastCapsule", "number", "number", "number", "number", "capsule" }

    local function pack(...) return { n = select("#", ...), ... } end
    local function same(a, b)
      if a == b or (a ~= a and b ~= b) then return true end
      if type(a) == "table" and type(b) == "table" then
        for k, x in pairs(a) do if not same(x, b[k]) then return false end end
        for k in pairs(b) do if a[k] == nil then return false end end
        return true
      end
      return false
    end
    -- The arguments for one implementation: polygons to be made into its own newPoly values.
    local function args_for(impl, spec)
      local out = {}
      for i = 1, spec.n do
        local a = spec[i]
        if type(a) == "table" and a.made then
          local ok, p = pcall(impl.newPoly, a.pts)
          out[i] = ok and p or a.pts
        else
          out[i] = a
        end
      end
      return out
    end
    local checked, errors, made = 0, 0, 0
    for _, c in ipairs(calls) do
      for _ = 1, 300 do
        local spec = { n = #c - 1 }
        for i = 2, #c do
          local kind = c[i]
          if kind == "poly" then
            local pts, use_new = poly()
            spec[i - 1] = use_new and { made = true, pts = pts } or pts
          elseif kind == "number" then
            spec[i - 1] = arg(v())
          else
            spec[i - 1] = gen[kind]()
          end
        end
        local a, b = args_for(core, spec), args_for(ffi_impl, spec)
        for i = 1, spec.n do
          if type(a[i]) == "userdata" then made = made + 1 end
        end
        local x = pack(pcall(core[c[1]], unpack(a, 1, spec.n)))
        local y = pack(pcall(ffi_impl[c[1]], unpack(b, 1, spec.n)))
        h.truthy(x.n == y.n, c[1] .. ": same number of results")
        for k = 1, x.n do
          h.truthy(same(x[k], y[k]), string.format("%s: result %d: C %s, FFI %s", c[1], k,
            tostring(x[k]), tostring(y[k])))
        end
        if not x[1] then errors = errors + 1 end
        checked = checked + 1
      end
    end
    h.truthy(checked >= 13000, "calls compared (" .. checked .. ")")
    h.truthy(errors > 200 and errors < checked / 2, "errors compared too (" .. errors .. ")")
    h.truthy(made > 200, "newPoly values used (" .. made .. ")")
  end)

  test("LuaJIT: a polygon value belongs to the implementation that made it (a clear error otherwise)", function()
    local pc, pf = core.newPoly(slope_flat), ffi_impl.newPoly(slope_flat)
    h.eq(h.err(core.touchPointPoly, { x = 1, y = 0 }, pf),
      "bad argument #2 to 'touchPointPoly' (table expected, got cdata)")
    h.eq(h.err(ffi_impl.touchPointPoly, { x = 1, y = 0 }, pc),
      "bad argument #2 to 'touchPointPoly' (table expected, got userdata)")
    h.eq(core.touchPointPoly({ x = 1, y = 0 }, pc), true)
    h.eq(ffi_impl.touchPointPoly({ x = 1, y = 0 }, pf), true)
    -- A c2d_poly put together by hand with a count out of range answers false, never crashes.
    local ffi = require("ffi")
    local junk = ffi.new("c2d_poly")
    junk.count = 99
    h.eq(ffi_impl.touchPointPoly({ x = 0, y = 0 }, junk), false)
    h.eq(#ffi_impl.polyPoints(junk), 0)
  end)
end
