-- Sweeps against polygons and capsules in Lua: a box sliding into a slope, a fast ball and a thin
-- ramp, a capsule character landing on a log, starts already overlapping, bad input; on LuaJIT
-- the FFI path and the C module compared on random sweeps.
return function(test, c2d, h)
  local function rect(x, y, w, hh) return { x = x, y = y, width = w, height = hh } end
  local function circle(x, y, r) return { x = x, y = y, r = r } end
  local function capsule(x1, y1, x2, y2, r) return { x1 = x1, y1 = y1, x2 = x2, y2 = y2, r = r } end
  local function pack(...) return { n = select("#", ...), ... } end
  local unpack = unpack or table.unpack

  -- A ramp rising to the right, y up: (0,0), (64,0), (64,32): the slope y = x / 2.
  local ramp_flat = { 0, 0, 64, 0, 64, 32 }
  local ramp = c2d.newPoly(ramp_flat)
  local step = 1 / 256
  local names = { "sweepRectPoly", "sweepRectCapsule", "sweepCirclePoly", "sweepCircleCapsule",
    "sweepCapsulePoly", "sweepCapsuleCapsule", "sweepPolyPoly", "sweepPolyCapsule", "sweepPolyRect",
    "sweepPolyCircle", "sweepCapsuleRect", "sweepCapsuleCircle" }

  test("poly sweep: module has every polygon and capsule sweep", function()
    for _, name in ipairs(names) do
      h.eq(type(c2d[name]), "function", name)
    end
  end)

  test("poly sweep: a box sliding into a slope stops on its face", function()
    for _, p in ipairs({ ramp, ramp_flat }) do
      local r = pack(c2d.sweepRectPoly(rect(-20, 8, 8, 8), 100, 0, p))
      h.eq(r.n, 8, "hit fields")
      h.eq(r[1], true, "hit")
      -- The box's bottom right corner meets y = x / 2 at x = 16: t = 0.28, never past it.
      h.truthy(r[2] <= 0.28 and r[2] > 0.28 - 1e-6, "t " .. r[2])
      h.near(r[3], -1 / math.sqrt(5), 1e-6, "normal x")
      h.near(r[4], 2 / math.sqrt(5), 1e-6, "normal y")
      h.eq(c2d.overlapRectPoly(rect(r[7], r[8], 8, 8), p), false, "clear at pos")
      h.eq(c2d.overlapRectPoly(rect(r[7] + step, r[8], 8, 8), p), true, "within a step")
    end
    h.eq(c2d.sweepRectPoly(rect(-20, -8, 8, 8), 200, 0, ramp), false, "sliding under the floor")
  end)

  test("poly sweep: a fast ball does not pass through a thin ramp", function()
    local thin = c2d.newPoly({ 0, 0, 1000, 500, 1000, 500 + step, 0, step })
    local r = pack(c2d.sweepCirclePoly(circle(500, 1000, 0.5), 0, -1e6, thin))
    h.eq(r[1], true, "hit")
    h.truthy(r[8] > 250, "stops above the ramp")
    h.eq(c2d.overlapPolyCircle(thin, circle(r[7], r[8], 0.5)), false, "clear")
    h.eq(c2d.sweepRectPoly(rect(498, 1000, 4, 4), 0, -1e6, thin), true, "a fast box too")
    h.eq(c2d.sweepCapsulePoly(capsule(500, 1000, 500, 1010, 1), 0, -1e6, thin), true, "a capsule too")
  end)

  test("poly sweep: a capsule character falling onto a capsule log rests on top of it", function()
    local log = capsule(-10, 0, 10, 0, 1)
    local r = pack(c2d.sweepCapsuleCapsule(capsule(0, 5, 0, 7, 1), 0, -10, log))
    h.eq(r[1], true, "hit")
    h.truthy(r[2] <= 0.3 and r[2] > 0.3 - 1e-6, "t " .. r[2])
    h.eq(r[3], 0, "normal x")
    h.eq(r[4], 1, "normal y")
    h.eq(r[6], 1, "point on the log's top")
    h.eq(c2d.sweepCircleCapsule(circle(-20, 2.5, 1), 40, 0, log), false, "a ball rolling past")
    h.eq(c2d.sweepRectCapsule(rect(-30, -1, 4, 2), 30, 0, log), true, "a crate pushed into it")
    h.eq(c2d.sweepCapsuleRect(log, 0, 10, rect(-1, 5, 2, 2)), true, "the log into a crate")
    h.eq(c2d.sweepCapsuleCircle(log, 0, 10, circle(0, 6, 2)), true, "the log into a ball")
    h.eq(c2d.sweepPolyCapsule(ramp, 0, -10, capsule(0, -3, 64, -3, 1)), true, "the ramp onto a log")
    h.eq(c2d.sweepPolyCircle(ramp, 0, 100, circle(32, 50, 2)), true, "the ramp into a ball")
    h.eq(c2d.sweepPolyRect(ramp, 0, 100, rect(30, 50, 4, 4)), true, "the ramp into a crate")
    h.eq(c2d.sweepPolyPoly({ 40, 60, 44, 60, 44, 64, 40, 64 }, 0, -100, ramp), true, "a crate onto the ramp")
  end)

  test("poly sweep: shapes already overlapping hit at 0 with the shortest way out", function()
    local r = pack(c2d.sweepRectPoly(rect(62, 2, 4, 4), -3, 0, ramp))
    h.eq(r[1], true)
    h.eq(r[2], 0, "t")
    h.eq(r[3], 1, "normal x")
    h.eq(r[4], 0, "normal y")
    h.eq(r[7], 62, "pos x")
    h.eq(r[8], 2, "pos y")
  end)

  test("poly sweep: bad input is no hit or a clear error", function()
    h.eq(c2d.sweepRectPoly(rect(-20, 8, 8, 8), 0 / 0, 0, ramp), false, "NaN motion")
    h.eq(c2d.sweepRectPoly(rect(-20, 8, 8, 8), math.huge, 0, ramp), false, "infinite motion")
    h.eq(c2d.sweepCircleCapsule(circle(-5, 0, 0), 10, 0, capsule(0, -5, 0, 5, 0)), false, "a bare segment")
    h.eq(h.err(c2d.sweepRectPoly, rect(0, 0, 1, 1), "x", 0, ramp),
      "bad argument #2 to 'sweepRectPoly' (number expected, got string)")
    h.eq(h.err(c2d.sweepRectPoly, rect(0, 0, 1, 1), 1, 0, { 0, 0, 1, 1 }),
      "bad argument #4 to 'sweepRectPoly' (degenerate polygon: fewer than 3 points off one line)")
  end)

  -- On LuaJIT both implementations load: compare them on random sweeps.
  local ok_ffi, ffi_impl = pcall(require, "collide2d.ffi")
  if not ok_ffi then
    return
  end
  local core = require("collide2d.core")

  test("LuaJIT: FFI path and C module agree on polygon and capsule sweeps", function()
    local r = h.rng(4242)
    local function v() return r.int(1, 80) == 1 and 0 / 0 or r.eighths(-32, 32) end
    local function poly()
      local pts = {}
      for i = 1, 2 * r.int(3, 6) do pts[i] = v() end
      return pts
    end
    local gen = {
      poly = poly,
      rect = function() return rect(v(), v(), r.eighths(0, 20), r.eighths(0, 20)) end,
      circle = function() return circle(v(), v(), r.eighths(-1, 16)) end,
      capsule = function() return capsule(v(), v(), v(), v(), r.eighths(-1, 10)) end,
    }
    local kinds = {
      sweepRectPoly = { "rect", "poly" }, sweepRectCapsule = { "rect", "capsule" },
      sweepCirclePoly = { "circle", "poly" }, sweepCircleCapsule = { "circle", "capsule" },
      sweepCapsulePoly = { "capsule", "poly" }, sweepCapsuleCapsule = { "capsule", "capsule" },
      sweepPolyPoly = { "poly", "poly" }, sweepPolyCapsule = { "poly", "capsule" },
      sweepPolyRect = { "poly", "rect" }, sweepPolyCircle = { "poly", "circle" },
      sweepCapsuleRect = { "capsule", "rect" }, sweepCapsuleCircle = { "capsule", "circle" },
    }
    local function same(a, b) return a == b or (a ~= a and b ~= b) end
    local checked, hits = 0, 0
    for _, name in ipairs(names) do
      local k = kinds[name]
      for _ = 1, 300 do
        local args = { gen[k[1]](), r.eighths(-64, 64), r.eighths(-64, 64), gen[k[2]]() }
        local x = pack(pcall(core[name], unpack(args, 1, 4)))
        local y = pack(pcall(ffi_impl[name], unpack(args, 1, 4)))
        h.eq(x.n, y.n, name .. ": same number of results")
        for i = 1, x.n do
          h.truthy(same(x[i], y[i]), string.format("%s: result %d: C %s, FFI %s", name, i,
            tostring(x[i]), tostring(y[i])))
        end
        if x[1] and x[2] then hits = hits + 1 end
        checked = checked + 1
      end
    end
    h.truthy(hits > 100, "hits compared (" .. hits .. ")")
  end)
end
