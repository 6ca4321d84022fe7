-- Continuous collision and response in Lua form: motion scenes (a ball tunnelling through a
-- paddle, a pushed square stopping flush, sliding along a tile floor), the sweep and ray cast
-- rules, bump.lua's responses, obstacle arrays large and small, NaN and wrong arguments.
return function(test, c2d, h)
  local function rect(x, y, w, hh) return { x = x, y = y, width = w, height = hh } end
  local function circle(x, y, r) return { x = x, y = y, r = r } end
  local nan = 0 / 0
  local grid = 1 / 256

  local function pack(...)
    return { n = select("#", ...), ... }
  end

  -- Asserts a hit's results (true, t, nx, ny, px, py, posx, posy); nil entries are not checked.
  local function hit(what, got, want)
    h.eq(got.n, 8, what .. ": number of results")
    h.eq(got[1], true, what .. ": hit")
    local names = { "t", "nx", "ny", "px", "py", "posx", "posy" }
    for i = 1, 7 do
      if want[i] ~= nil then
        h.near(got[i + 1], want[i], 1e-6, what .. ": " .. names[i])
      end
    end
  end

  local function miss(what, got)
    h.eq(got.n, 1, what .. ": a miss is false alone")
    h.eq(got[1], false, what)
  end

  test("module: the motion functions are present", function()
    for _, name in ipairs({ "sweepRectRect", "sweepCircleRect", "sweepCircleCircle", "sweepRectCircle",
      "sweepCircleObb", "sweepRectObb", "raycastRect", "raycastCircle", "raycastObb", "raycastSegment",
      "moveRect", "moveRecti" }) do
      h.eq(type(c2d[name]), "function", name)
    end
  end)

  test("ball moving 50 per frame through an 8-unit paddle is hit, flush on top", function()
    local paddle = rect(100, 130, 64, 8)
    local ball = rect(120, 100, 8, 8)
    -- Frame by frame the ball never overlaps the paddle: the discrete test tunnels.
    h.eq(c2d.rectIntersectsRect(ball, paddle), false, "frame 0")
    h.eq(c2d.rectIntersectsRect(rect(120, 150, 8, 8), paddle), false, "frame 1")
    local r = pack(c2d.sweepRectRect(ball, 0, 50, paddle))
    hit("rect ball", r, { 0.44, 0, -1, nil, 130, 120, 122 })
    h.eq(r[7], 120, "posx exact"); h.eq(r[8], 122, "posy flush")
    -- The round ball too: safe, within 1/256 of the contact.
    r = pack(c2d.sweepCircleRect(circle(124, 104, 4), 0, 50, paddle))
    hit("round ball", r, { nil, 0, -1 })
    h.truthy(r[8] <= 126 and r[8] > 126 - grid, "round ball ends within 1/256 above the paddle")
  end)

  test("large mover over a small target between its corner paths; fast mover vs thin wall", function()
    local r = pack(c2d.sweepRectRect(rect(0, 0, 64, 64), 100, 0, rect(80, 30, 4, 4)))
    hit("large mover", r, { 0.16, -1, 0, nil, nil, 16, 0 })
    r = pack(c2d.sweepRectRect(rect(0, 0, 2, 2), 1000, 0, rect(100, -50, 1, 100)))
    hit("fast mover", r, { nil, -1, 0, nil, nil, 98, 0 })
    h.eq(r[7], 98, "flush on the wall")
  end)

  test("sweep rules: sliding along a face and ending in contact are no hits; into a neighbour is t = 0", function()
    miss("slide along", pack(c2d.sweepRectRect(rect(0, 0, 1, 1), 5, 0, rect(0, 1, 10, 1))))
    miss("end in contact", pack(c2d.sweepRectRect(rect(0, 0, 1, 1), 1, 0, rect(2, 0, 1, 1))))
    hit("into a touching neighbour", pack(c2d.sweepRectRect(rect(0, 0, 1, 1), 1, 0, rect(1, 0, 1, 1))),
      { 0, -1, 0, nil, nil, 0, 0 })
    miss("moving away", pack(c2d.sweepRectRect(rect(0, 0, 1, 1), -1, 0, rect(1, 0, 1, 1))))
    hit("already overlapping: t = 0, minimum translation", pack(c2d.sweepRectRect(rect(0, 0, 2, 2), 0, 1,
      rect(1.5, 0, 2, 2))), { 0, -1, 0 })
  end)

  test("sweeps: circles, rect vs circle, and oriented boxes in both table forms", function()
    local r = pack(c2d.sweepCircleCircle(circle(0, 0, 1), 10, 0, circle(5, 0, 1)))
    hit("circle-circle", r, { nil, -1, 0, 4, 0 })
    h.truthy(r[7] <= 3 and r[7] >= 3 - grid and r[2] <= 0.3 + 1e-7, "circle-circle safe and close")
    r = pack(c2d.sweepRectCircle(rect(0, 0, 2, 2), 10, 0, circle(6, 1, 1)))
    hit("rect-circle", r, { nil, -1, 0 })
    h.truthy(r[7] <= 3 and r[7] >= 3 - grid, "rect-circle pos")
    for _, box in ipairs({ { cx = 5, cy = 0, hw = 1, hh = 1, angle = 90 }, { x = 4, y = -1, width = 2, height = 2, angle = 0 } }) do
      r = pack(c2d.sweepCircleObb(circle(0, 0, 1), 10, 0, box))
      hit("circle-obb", r, { nil, -1, 0 })
      h.truthy(r[7] <= 3 and r[7] >= 3 - grid, "circle-obb pos")
      r = pack(c2d.sweepRectObb(rect(0, -1, 2, 2), 10, 0, box))
      hit("rect-obb", r, { nil, -1, 0 })
      h.truthy(r[7] <= 2 and r[7] >= 2 - grid and r[8] == -1, "rect-obb pos")
    end
    miss("circle passing above", pack(c2d.sweepCircleCircle(circle(0, 3, 1), 10, 0, circle(5, 0, 1))))
    miss("rect-obb passing above", pack(c2d.sweepRectObb(rect(0, 5, 2, 2), 10, 0, { cx = 5, cy = 0, hw = 1, hh = 1, angle = 45 })))
  end)

  test("sweeps: a hit never leaves the mover overlapping the target (random grid moves)", function()
    local g = h.rng(1001)
    local hits = 0
    for _ = 1, 3000 do
      local a = rect(g.eighths(-40, 40), g.eighths(-40, 40), g.eighths(1, 12), g.eighths(1, 12))
      local b = rect(g.eighths(-20, 20), g.eighths(-20, 20), g.eighths(1, 12), g.eighths(1, 12))
      local dx, dy = g.eighths(-60, 60), g.eighths(-60, 60)
      if not c2d.overlapRectRect(a, b) then
        local ok, t, _, _, _, _, px, py = c2d.sweepRectRect(a, dx, dy, b)
        if ok then
          hits = hits + 1
          h.truthy(t >= 0 and t <= 1, "t in [0, 1]")
          h.eq(c2d.overlapRectRect(rect(px, py, a.width, a.height), b), false, "pos clear of the target")
        else
          h.eq(c2d.overlapRectRect(rect(a.x + dx, a.y + dy, a.width, a.height), b), false, "no hit: end clear")
        end
      end
    end
    h.truthy(hits > 100, "many hits")
  end)

  test("ray casts: entry point, face normal, origin inside, misses", function()
    hit("rect", pack(c2d.raycastRect(0, 1, 10, 0, rect(5, 0, 2, 2))), { 0.5, -1, 0, 5, 1, 5, 1 })
    hit("circle", pack(c2d.raycastCircle(0, 0, 10, 0, circle(5, 0, 1))), { 0.4, -1, 0, 4, 0, 4, 0 })
    hit("obb", pack(c2d.raycastObb(0, 0, 10, 0, { cx = 5, cy = 0, hw = 2, hh = 1, angle = 90 })),
      { 0.4, -1, 0, 4, 0, 4, 0 })
    hit("segment", pack(c2d.raycastSegment(0, 0, 10, 0, { x1 = 5, y1 = -1, x2 = 5, y2 = 1 })),
      { 0.5, -1, 0, 5, 0, 5, 0 })
    hit("origin inside", pack(c2d.raycastRect(6, 1, 10, 0, rect(5, 0, 2, 2))), { 0, 0, 0, 6, 1, 6, 1 })
    miss("short ray", pack(c2d.raycastRect(0, 1, 4, 0, rect(5, 0, 2, 2))))
    miss("above", pack(c2d.raycastCircle(0, 2, 10, 0, circle(5, 0, 1))))
  end)

  test("ray casts hit exactly when the segment predicates say so (random grid rays)", function()
    local g = h.rng(4242)
    local seen = { [true] = 0, [false] = 0 }
    for _ = 1, 3000 do
      local x, y, dx, dy = g.eighths(-15, 15), g.eighths(-15, 15), g.eighths(-30, 30), g.eighths(-30, 30)
      local seg = { x1 = x, y1 = y, x2 = x + dx, y2 = y + dy }
      local r = rect(g.eighths(-10, 5), g.eighths(-10, 5), g.eighths(0, 12), g.eighths(0, 12))
      local c = circle(g.eighths(-10, 10), g.eighths(-10, 10), g.eighths(0, 10))
      local s = { x1 = g.eighths(-10, 10), y1 = g.eighths(-10, 10), x2 = g.eighths(-10, 10), y2 = g.eighths(-10, 10) }
      local want = c2d.intersectSegmentRect(seg, r)
      h.eq((c2d.raycastRect(x, y, dx, dy, r)), want, "rect")
      seen[want] = seen[want] + 1
      h.eq((c2d.raycastCircle(x, y, dx, dy, c)), c2d.intersectSegmentCircle(seg, c), "circle")
      h.eq((c2d.raycastSegment(x, y, dx, dy, s)), c2d.intersectSegmentSegment(seg, s), "segment")
    end
    h.truthy(seen[true] > 300 and seen[false] > 300,
      string.format("both answers common (hit %d, miss %d)", seen[true], seen[false]))
  end)

  test("integer move: the 32x32 square moved 7 units a frame ends flush against the static one", function()
    local stat = { x = 84, y = 144, width = 32, height = 32 }
    local sq = { x = 0, y = 34, width = 32, height = 32 }
    for _ = 1, 16 do
      local x, y, bx, by = c2d.moveRecti(sq, 0, 7, { stat })
      h.eq(bx, false); h.eq(by, false)
      sq.x, sq.y = x, y
    end
    h.eq(sq.y, 34 + 7 * 16)
    local frames, bx, by = 0, false, false
    repeat
      local x, y
      x, y, bx, by = c2d.moveRecti(sq, 7, 0, { stat })
      sq.x, sq.y = x, y
      h.eq(c2d.overlapRectiRecti(sq, stat), false, "never overlaps")
      frames = frames + 1
    until bx or frames > 20
    h.eq(bx, true, "blocked on x"); h.eq(by, false, "not on y")
    h.eq(sq.x + sq.width, stat.x, "flush: gap 0")
    h.eq(frames, 8)
    local x, y
    x, y, bx, by = c2d.moveRecti(sq, 7, 0, { stat })
    h.eq(x, sq.x); h.eq(y, sq.y); h.eq(bx, true)
    if math.type then
      h.eq(math.type(x), "integer", "integer positions")
    end
  end)

  test("moveRecti: saturates at the int32 range; x then y", function()
    local x, y, bx, by = c2d.moveRecti({ x = 2147483647 - 10, y = -2147483648 + 5, width = 4, height = 4 }, 100, -100, {})
    h.eq(x, 2147483647); h.eq(y, -2147483648); h.eq(bx, true); h.eq(by, true)
    -- x first: blocked by the wall on x, then free on y.
    x, y, bx, by = c2d.moveRecti({ x = 0, y = 0, width = 2, height = 2 }, 10, 10,
      { { x = 5, y = -5, width = 1, height = 8 } })
    h.eq(x, 3); h.eq(y, 10); h.eq(bx, true); h.eq(by, false)
  end)

  local function tiles(n)
    local t = {}
    for i = 0, n - 1 do t[#t + 1] = rect(16 * i, 100, 16, 16) end
    return t
  end

  test("moveRect: sliding along a floor of 16x16 tiles does not catch on seams", function()
    local floor = tiles(20)
    local r = pack(c2d.moveRect(rect(8, 84, 16, 16), 200, 3, floor, "slide"))
    h.eq(r.n, 11)
    h.eq(r[1], 208); h.eq(r[2], 84); h.eq(r[3], 1, "one hit")
    h.eq(r[6], 0, "first hit nx"); h.eq(r[7], -1, "first hit ny")
    -- Falling onto the floor first: lands, then slides the whole way (nil response = slide).
    local x, y = c2d.moveRect(rect(8, 81, 16, 16), 90, 6, floor)
    h.eq(x, 98); h.eq(y, 84)
    x, y = c2d.moveRect(rect(200, 84, 16, 16), -150.5, 0.25, floor, nil)
    h.eq(x, 49.5); h.eq(y, 84)
  end)

  test("moveRect: touch, cross, bounce, ignore (bump.lua's responses); first index is 1-based", function()
    local wall, other = rect(50, 0, 10, 100), rect(200, 0, 10, 100)
    local a = rect(0, 10, 10, 10)
    local r = pack(c2d.moveRect(a, 300, 0, { other, wall }, "touch"))
    h.eq(r[1], 40); h.eq(r[2], 10); h.eq(r[3], 1); h.eq(r[4], 2, "wall is element 2")
    h.eq(r.n, 11)
    h.near(r[5], 40 / 300, 1e-6, "first hit t"); h.eq(r[6], -1); h.eq(r[7], 0)
    h.eq(r[10], 40, "first hit posx"); h.eq(r[11], 10, "first hit posy")
    r = pack(c2d.moveRect(a, 300, 0, { other, wall }, "cross"))
    h.eq(r[1], 300); h.eq(r[2], 10); h.eq(r[3], 2, "crossed both"); h.eq(r[4], 2, "wall first")
    r = pack(c2d.moveRect(a, 100, 0, { wall }, "bounce"))
    h.eq(r[1], -20, "reflected the remaining 60"); h.eq(r[2], 10); h.eq(r[3], 1)
    r = pack(c2d.moveRect(a, 300, 0, { other, wall }, "ignore"))
    h.eq(r.n, 3, "no hit: three results"); h.eq(r[1], 300); h.eq(r[3], 0)
    r = pack(c2d.moveRect(a, 10, 0, {}, "slide"))
    h.eq(r.n, 3); h.eq(r[1], 10); h.eq(r[3], 0)
    -- An obstacle overlapped at the start is met first, as bump.lua meets it: a touch stops
    -- where the line of motion, extended backwards, leaves it.
    r = pack(c2d.moveRect(a, 100, 0, { rect(5, 5, 10, 10), wall }, "touch"))
    h.eq(r[1], -5); h.eq(r[2], 10); h.eq(r[3], 1); h.eq(r[4], 1, "the overlapped obstacle")
  end)

  test("moveRect/moveRecti: large obstacle arrays (beyond any fixed buffer) give the small array's answer", function()
    local big, bigi = tiles(20000), {}
    for i = 1, #big do
      local t = big[i]
      bigi[i] = { x = t.x, y = t.y, width = t.width, height = t.height }
    end
    for _ = 1, 3 do
      local x, y, n = c2d.moveRect(rect(8, 84, 16, 16), 200, 3, big)
      h.eq(x, 208); h.eq(y, 84); h.eq(n, 1)
    end
    local x, y, n = c2d.moveRect(rect(8, 84, 16, 16), 200, 3, tiles(40))
    h.eq(x, 208); h.eq(y, 84); h.eq(n, 1)
    local xi, yi, bx, by = c2d.moveRecti({ x = 8, y = 80, width = 16, height = 16 }, 200, 10, bigi)
    h.eq(xi, 208); h.eq(yi, 84); h.eq(bx, false); h.eq(by, true)
    -- A bad element deep in a large array: an error, and the next call still works.
    big[15000] = rect(0, 0, 1, nil)
    h.eq(h.err(c2d.moveRect, rect(8, 84, 16, 16), 200, 3, big),
      "bad argument #4 to 'moveRect' (field '[15000].height' must be a number)")
    big[15000] = rect(16 * 14999, 100, 16, 16)
    x = c2d.moveRect(rect(8, 84, 16, 16), 200, 3, big)
    h.eq(x, 208)
  end)

  test("moveRect: __index proxies as obstacles, even one that moves a rect itself while read", function()
    -- Far-away padding makes both arrays larger than any fixed buffer, so the outer and the inner
    -- call each need a buffer of their own at the same time.
    local function padded(list)
      local t = {}
      for i = 1, 40 do t[i] = rect(0, 5000 + 20 * i, 10, 10) end
      for _, r in ipairs(list) do t[#t + 1] = r end
      return t
    end
    local inner
    local proxy = setmetatable({}, { __index = function(_, k)
      if k == "x" then
        -- a call back into the module while the outer call is reading its obstacles
        inner = pack(c2d.moveRect(rect(0, 0, 1, 1), 10, 0, padded({ rect(5, 0, 1, 1), rect(3, 0, 1, 1) }), "touch"))
        return 50
      end
      return ({ y = 0, width = 10, height = 100 })[k]
    end })
    for _, obstacles in ipairs({ { rect(200, 0, 10, 100), proxy }, padded({ rect(200, 0, 10, 100), proxy }) }) do
      local offset = #obstacles - 2
      inner = nil
      local r = pack(c2d.moveRect(rect(0, 10, 10, 10), 300, 0, obstacles, "cross"))
      h.eq(r[1], 300); h.eq(r[3], 2, "outer crossed both"); h.eq(r[4], offset + 2, "outer first")
      h.eq(inner[1], 2, "inner move"); h.eq(inner[4], 42, "inner first")
    end
    -- and the outer call's buffer came through intact: the same call again, no proxy
    local r = pack(c2d.moveRect(rect(0, 10, 10, 10), 300, 0, padded({ rect(200, 0, 10, 100), rect(50, 0, 10, 100) }), "touch"))
    h.eq(r[1], 40); h.eq(r[4], 42)
  end)

  test("moveRect/moveRecti: repeated large calls leave no memory behind", function()
    local floor = tiles(2000)
    local floori = {}
    for i = 1, #floor do floori[i] = { x = floor[i].x, y = 100, width = 16, height = 16 } end
    local function run()
      for _ = 1, 50 do
        c2d.moveRect(rect(8, 84, 16, 16), 200, 3, floor)
        c2d.moveRecti(floori[1], 0, -5, floori)
      end
    end
    run()
    collectgarbage("collect")
    collectgarbage("collect")
    local before = collectgarbage("count")
    for _ = 1, 10 do run() end
    collectgarbage("collect")
    collectgarbage("collect")
    h.truthy(collectgarbage("count") - before < 64,
      string.format("memory grew by %.1f KiB", collectgarbage("count") - before))
  end)

  test("NaN: sweeps and ray casts miss, moveRect stays put, moveRecti rejects it", function()
    miss("sweep NaN dx", pack(c2d.sweepRectRect(rect(0, 0, 1, 1), nan, 0, rect(2, 0, 1, 1))))
    miss("sweep NaN target", pack(c2d.sweepCircleRect(circle(0, 0, 1), 5, 0, rect(2, nan, 1, 1))))
    miss("sweep NaN obb angle", pack(c2d.sweepRectObb(rect(0, 0, 1, 1), 5, 0, { cx = 3, cy = 0, hw = 1, hh = 1, angle = nan })))
    miss("raycast NaN origin", pack(c2d.raycastRect(nan, 0, 10, 0, rect(5, 0, 2, 2))))
    miss("raycast NaN circle", pack(c2d.raycastCircle(0, 0, 10, 0, circle(5, 0, nan))))
    local r = pack(c2d.moveRect(rect(3, 4, 1, 1), nan, 0, { rect(5, 0, 2, 20) }))
    h.eq(r.n, 3); h.eq(r[1], 3); h.eq(r[2], 4); h.eq(r[3], 0)
    h.eq(h.err(c2d.moveRecti, { x = 0, y = 0, width = 1, height = 1 }, nan, 0, {}),
      "bad argument #2 to 'moveRecti' (integer in the int32 range expected)")
  end)

  test("errors: motion arguments name the argument, the field and the obstacle", function()
    local R, RI = rect(0, 0, 1, 1), { x = 0, y = 0, width = 1, height = 1 }
    local function expect(msg, f, ...) h.eq(h.err(f, ...), msg, "error message") end
    expect("bad argument #2 to 'sweepRectRect' (number expected, got string)", c2d.sweepRectRect, R, "1", 0, R)
    expect("bad argument #3 to 'sweepCircleCircle' (number expected, got nil)", c2d.sweepCircleCircle, circle(0, 0, 1), 1)
    expect("bad argument #4 to 'sweepRectRect' (field 'y' must be a number)", c2d.sweepRectRect, R, 1, 1, { x = 0 })
    expect("bad argument #4 to 'sweepRectObb' (table expected, got nil)", c2d.sweepRectObb, R, 1, 1)
    expect("bad argument #1 to 'sweepCircleObb' (field 'r' must be a number)", c2d.sweepCircleObb, R, 1, 1, R)
    expect("bad argument #4 to 'raycastRect' (number expected, got nil)", c2d.raycastRect, 0, 0, 1)
    expect("bad argument #5 to 'raycastCircle' (field 'r' must be a number)", c2d.raycastCircle, 0, 0, 1, 1, { x = 1, y = 1 })
    expect("bad argument #5 to 'raycastSegment' (field 'x1' must be a number)", c2d.raycastSegment, 0, 0, 1, 1, R)
    expect("bad argument #4 to 'moveRect' (field '[3].width' must be a number)",
      c2d.moveRect, R, 1, 1, { R, R, { x = 0, y = 0, height = 1 } })
    expect("bad argument #4 to 'moveRect' (field '[2]' must be a table, got number)", c2d.moveRect, R, 1, 1, { R, 5 })
    expect("bad argument #4 to 'moveRect' (table expected, got nil)", c2d.moveRect, R, 1, 1)
    expect("bad argument #5 to 'moveRect' (invalid option 'slid')", c2d.moveRect, R, 1, 1, {}, "slid")
    expect("bad argument #5 to 'moveRect' (string expected, got number)", c2d.moveRect, R, 1, 1, {}, 1)
    expect("bad argument #1 to 'moveRect' (field 'height' must be a number)", c2d.moveRect, { x = 0, y = 0, width = 1 }, 1, 1, {})
    expect("bad argument #2 to 'moveRecti' (integer in the int32 range expected)", c2d.moveRecti, RI, 1.5, 0, {})
    expect("bad argument #3 to 'moveRecti' (number expected, got nil)", c2d.moveRecti, RI, 1)
    expect("bad argument #4 to 'moveRecti' (field '[1].height' must be an integer in the int32 range)",
      c2d.moveRecti, RI, 0, 0, { { x = 0, y = 0, width = 1, height = 2 ^ 31 } })
    expect("bad argument #1 to 'moveRecti' (field 'x' must be an integer in the int32 range)",
      c2d.moveRecti, { x = 0.5, y = 0, width = 1, height = 1 }, 0, 0, {})
  end)
end
