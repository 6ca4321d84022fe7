-- The binding's four cocos2d-x calls against their pure-Lua versions (cocos_pure.lua). Inputs
-- are multiples of 1/8 within +-1024, sizes and radii >= 0 (the scene's domain): exactly
-- representable in f32, so the binding sees the very numbers the pure Lua's
-- double arithmetic does, and that arithmetic is itself exact there for the three axis-aligned
-- functions. So those must agree on every input, exact touches included.
--
-- rectRotateIntersectsCircle: the pure Lua goes through cos/sin/atan2, so at an exact touch its
-- answer depends on rounding. It is compared on random inputs excluding those within 1e-3 of
-- touching, judged by an independent distance computation (rotate the centre into the box frame
-- about the corner, distance to [0,w]x[0,h]).
local seed = require("cocos_pure")

return function(test, c2d, h)
  local N = 20000

  local function mismatch(name, a, b, want, got)
    local function show(t)
      local keys, out = { "x", "y", "width", "height", "angle", "r" }, {}
      for _, k in ipairs(keys) do
        if t[k] ~= nil then
          out[#out + 1] = k .. "=" .. string.format("%.17g", t[k])
        end
      end
      return "{" .. table.concat(out, ",") .. "}"
    end
    error(string.format("%s(%s, %s): seed %s, binding %s", name, show(a), show(b),
      tostring(want), tostring(got)), 2)
  end

  local function compare(name, a, b, counts)
    local want, got = seed[name](a, b), c2d[name](a, b)
    if want ~= got then
      mismatch(name, a, b, want, got)
    end
    counts[want] = counts[want] + 1
  end

  local function both_seen(counts, what)
    h.truthy(counts[true] > N / 20 and counts[false] > N / 20,
      string.format("%s: both answers common (true %d, false %d)", what, counts[true], counts[false]))
  end

  test("cocos2d-x calls: circleIntersectsCircle on random circles", function()
    local r, counts = h.rng(2002), { [true] = 0, [false] = 0 }
    for _ = 1, N do
      local a = { x = r.eighths(-1024, 1024), y = r.eighths(-1024, 1024), r = r.eighths(0, 512) }
      local b = { x = a.x + r.eighths(-1024, 1024), y = a.y + r.eighths(-1024, 1024), r = r.eighths(0, 512) }
      compare("circleIntersectsCircle", a, b, counts)
    end
    both_seen(counts, "circleIntersectsCircle")
  end)

  test("cocos2d-x calls: circleIntersectsCircle at exact touches (3-4-5 and axis) is false", function()
    local r, counts = h.rng(7), { [true] = 0, [false] = 0 }
    for _ = 1, N / 4 do
      local k = r.eighths(0, 128)
      local sx, sy = (r.int(0, 1) * 2 - 1), (r.int(0, 1) * 2 - 1)
      local ra = r.eighths(0, 5 * k)
      local a = { x = r.eighths(-512, 512), y = r.eighths(-512, 512), r = ra }
      local b = { x = a.x + sx * 3 * k, y = a.y + sy * 4 * k, r = 5 * k - ra }
      if r.int(0, 1) == 1 then
        b.x, b.y = a.x + sx * 5 * k, a.y
      end
      compare("circleIntersectsCircle", a, b, counts)
      h.eq(c2d.circleIntersectsCircle(a, b), false, "touching circles (strict)")
      -- one eighth closer: overlapping in both
      b.r = b.r + 0.125
      compare("circleIntersectsCircle", a, b, counts)
    end
  end)

  test("cocos2d-x calls: rectIntersectsRect on random rects", function()
    local r, counts = h.rng(3003), { [true] = 0, [false] = 0 }
    for _ = 1, N do
      local a = { x = r.eighths(-1024, 1024), y = r.eighths(-1024, 1024),
        width = r.eighths(0, 512), height = r.eighths(0, 512) }
      local b = { x = a.x + r.eighths(-600, 600), y = a.y + r.eighths(-600, 600),
        width = r.eighths(0, 512), height = r.eighths(0, 512) }
      compare("rectIntersectsRect", a, b, counts)
    end
    both_seen(counts, "rectIntersectsRect")
  end)

  test("cocos2d-x calls: rectIntersectsRect at exact edge and corner touches is true", function()
    local r, counts = h.rng(11), { [true] = 0, [false] = 0 }
    for _ = 1, N / 4 do
      local a = { x = r.eighths(-512, 512), y = r.eighths(-512, 512),
        width = r.eighths(0, 256), height = r.eighths(0, 256) }
      local w, ht = r.eighths(0, 256), r.eighths(0, 256)
      local xs = { a.x + a.width, a.x - w, a.x + r.eighths(-w, a.width) }
      local ys = { a.y + a.height, a.y - ht, a.y + r.eighths(-ht, a.height) }
      local b = { x = xs[r.int(1, 3)], y = ys[r.int(1, 3)], width = w, height = ht }
      compare("rectIntersectsRect", a, b, counts)
      h.eq(c2d.rectIntersectsRect(a, b), true, "touching rects (closed)")
      b.x = b.x + (b.x >= a.x + a.width and 0.125 or -0.125)
      compare("rectIntersectsRect", a, b, counts)
    end
  end)

  test("cocos2d-x calls: rectIntersectsCircle on random rects and circles", function()
    local r, counts = h.rng(4004), { [true] = 0, [false] = 0 }
    for _ = 1, N do
      local a = { x = r.eighths(-1024, 1024), y = r.eighths(-1024, 1024),
        width = r.eighths(0, 512), height = r.eighths(0, 512) }
      local c = { x = a.x + r.eighths(-600, 1000), y = a.y + r.eighths(-600, 1000), r = r.eighths(0, 300) }
      compare("rectIntersectsCircle", a, c, counts)
    end
    both_seen(counts, "rectIntersectsCircle")
  end)

  test("cocos2d-x calls: rectIntersectsCircle at exact face and corner touches is false", function()
    local r, counts = h.rng(13), { [true] = 0, [false] = 0 }
    for _ = 1, N / 4 do
      local a = { x = r.eighths(-512, 512), y = r.eighths(-512, 512),
        width = r.eighths(0, 256), height = r.eighths(0, 256) }
      local k = r.eighths(0, 64)
      local c
      local kind = r.int(1, 3)
      if kind == 1 then -- right face
        c = { x = a.x + a.width + 5 * k, y = a.y + r.eighths(0, a.height), r = 5 * k }
      elseif kind == 2 then -- bottom face
        c = { x = a.x + r.eighths(0, a.width), y = a.y - 5 * k, r = 5 * k }
      else -- top-right corner, 3-4-5
        c = { x = a.x + a.width + 3 * k, y = a.y + a.height + 4 * k, r = 5 * k }
      end
      compare("rectIntersectsCircle", a, c, counts)
      h.eq(c2d.rectIntersectsCircle(a, c), false, "touching rect and circle (strict)")
      c.r = c.r + 0.125
      compare("rectIntersectsCircle", a, c, counts)
    end
  end)

  -- Distance from the circle centre to the rotated rect, computed in the rect's frame.
  local function rotated_gap(rect, c)
    local t = math.rad(rect.angle)
    local dx, dy = c.x - rect.x, c.y - rect.y
    local u = dx * math.cos(t) + dy * math.sin(t)
    local v = -dx * math.sin(t) + dy * math.cos(t)
    local ex = math.max(0 - u, 0, u - rect.width)
    local ey = math.max(0 - v, 0, v - rect.height)
    return math.sqrt(ex * ex + ey * ey) - c.r
  end

  test("cocos2d-x calls: rectRotateIntersectsCircle on random inputs (>= 1e-3 from touching)", function()
    local r, counts, skipped = h.rng(5005), { [true] = 0, [false] = 0 }, 0
    for _ = 1, N do
      local a = { x = r.eighths(-1024, 1024), y = r.eighths(-1024, 1024),
        width = r.eighths(0, 512), height = r.eighths(0, 512), angle = r.eighths(-720, 720) }
      if r.int(1, 4) == 1 then
        a.angle = 45 * r.int(-16, 16)
      end
      local c = { x = a.x + r.eighths(-700, 700), y = a.y + r.eighths(-700, 700), r = r.eighths(0, 300) }
      if math.abs(rotated_gap(a, c)) < 1e-3 then
        skipped = skipped + 1
      else
        compare("rectRotateIntersectsCircle", a, c, counts)
      end
    end
    both_seen(counts, "rectRotateIntersectsCircle")
    h.truthy(skipped < N / 100, "few inputs near touching")
  end)

  test("cocos2d-x calls: rectRotateIntersectsCircle near the box, 1/8 to 4 units from touching", function()
    local r, counts = h.rng(6006), { [true] = 0, [false] = 0 }
    for _ = 1, N do
      local a = { x = r.eighths(-1024, 1024), y = r.eighths(-1024, 1024),
        width = r.eighths(1, 256), height = r.eighths(1, 256), angle = r.eighths(-360, 360) }
      local c = { x = a.x + r.eighths(-400, 400), y = a.y + r.eighths(-400, 400), r = 0 }
      local gap = rotated_gap(a, c) -- distance to the box, r = 0
      c.r = math.max(0, math.floor((gap + (r.int(0, 1) == 1 and 1 or -1) * r.eighths(0.125, 4)) * 8) / 8)
      if math.abs(rotated_gap(a, c)) >= 1e-3 then
        compare("rectRotateIntersectsCircle", a, c, counts)
      end
    end
    both_seen(counts, "rectRotateIntersectsCircle near touching")
  end)

  test("cocos2d-x MainScene: circle r=50 at (500,300) vs rect (620,300) 180x72 angle 45", function()
    local rect = { x = 620, y = 300, width = 180, height = 72, angle = 45 }
    h.eq(c2d.rectRotateIntersectsCircle(rect, { x = 500, y = 300, r = 50 }), false, "start position")
    -- the box centre: (620,300) + R(45)*(90,36)
    local s = math.sqrt(0.5)
    local cx, cy = 620 + (90 - 36) * s, 300 + (90 + 36) * s
    h.eq(c2d.rectRotateIntersectsCircle(rect, { x = cx, y = cy, r = 50 }), true, "on the centre")
    -- the rotated rect lies above y = 300 to the right of the corner: just below it is free
    h.eq(c2d.rectRotateIntersectsCircle(rect, { x = 680, y = 240, r = 50 }), false, "below the corner")
    h.eq(seed.rectRotateIntersectsCircle(rect, { x = 680, y = 240, r = 50 }), false, "seed: below the corner")
  end)
end
