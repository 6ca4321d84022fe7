-- Slopes in the world (beyond bump.lua): slope tiles and convex props met by movers. A player
-- walks into the foot of a ramp and up it onto a ledge without catching, stands on the slanted
-- face, and a crate bounces off it sideways; shapes read back, and bad shapes raise, changing
-- nothing. Coordinates are y-down (up = 0, -1).
return function(test, c2d, h)
  local function expect(pattern, f, ...)
    local msg = h.err(f, ...)
    h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
  end

  -- A floor from x = 0 to 64 at y = 100, a 45° ramp rising to the right from x = 64 to 96 (its
  -- top at y = 68) with a block under it, and a ledge from x = 96 at y = 68.
  local function level()
    local w = c2d.newWorld(16)
    local floor, ramp, block, ledge = { "floor" }, { "ramp" }, { "block" }, { "ledge" }
    w:add(floor, 0, 100, 64, 32)
    w:add(ramp, 64, 68, 32, 32)
    w:setSlope(ramp, "x1y1")
    w:add(block, 64, 100, 32, 32)
    w:add(ledge, 96, 68, 64, 64)
    return w, ramp
  end

  test("slopes: a ramp tile is the triangle of its rect, and setShape(nil) makes it a rect", function()
    local w, ramp = level()
    local pts = w:getShape(ramp)
    h.eq(#pts, 6)
    h.eq(pts[1], 96); h.eq(pts[2], 68)
    h.eq(pts[3], 96); h.eq(pts[4], 100)
    h.eq(pts[5], 64); h.eq(pts[6], 100)
    w:setShape(ramp, nil)
    h.eq(w:getShape(ramp), nil)
  end)

  test("slopes: walking into the foot of a ramp goes up it, onto the ledge, never caught", function()
    local w = level()
    local p = { "player" }
    w:add(p, 40, 92, 8, 8)
    -- 16 to the foot, then 8 along x become 4 along and 4 up the 45° face
    local x, y, cols = w:move(p, 64, 92)
    h.near(x, 60, 1e-9); h.near(y, 88, 1e-9)
    h.near(cols[1].normal.x, -math.sqrt(0.5), 1e-12)
    h.near(cols[1].normal.y, -math.sqrt(0.5), 1e-12)
    local last = x
    for _ = 1, 70 do
      local cx, cy = w:getRect(p)
      x = w:move(p, cx + 2, cy + 1)
      h.truthy(x > last + 0.49, "advanced from " .. last .. " to " .. x)
      last = x
    end
    h.truthy(last > 96, "on the ledge")
    local cx, cy = w:getRect(p)
    w:move(p, cx, cy + 1)
    h.truthy(w:ground(p).onFloor, "standing on the ledge")
  end)

  test("slopes: a player fallen onto the slanted face stands on it", function()
    local w, ramp = level()
    local p = { "player" }
    w:add(p, 72, 60, 8, 8)
    w:move(p, 72, 100)
    local g = w:ground(p)
    h.truthy(g.onFloor); h.eq(g.floor, ramp)
  end)

  test("slopes: a crate bounces sideways off a 45° ramp", function()
    local w, ramp = level()
    local crate = { "crate" }
    w:add(crate, 72, 60, 8, 8)
    -- falls 16 onto the face; the 8 left reflect about its normal into 8 to the left
    local x, y, cols, len = w:move(crate, 72, 84, function() return "bounce" end)
    h.eq(len, 1); h.eq(cols[1].other, ramp)
    h.near(x, 64, 1e-9); h.near(y, 76, 1e-9)
  end)

  -- What a game reads in col.slide and col.bounce is where the move went next: the library's own
  -- redirect along the slanted face, not an axis-aligned guess. Each collision's `move` starts
  -- at the touch and heads for the goal the one before it left, and the move ends at the last
  -- one's goal when nothing else is met.
  local function legs_agree(x, y, cols, len, key)
    h.truthy(len > 0, "something was met")
    for k = 2, len do
      local prev, col = cols[k - 1], cols[k]
      local goal = prev[key] or prev.touch
      h.near(col.touch.x - col.move.x * col.ti, col.itemRect.x, 1e-9)
      h.near(col.itemRect.x + col.move.x, goal.x, 1e-9)
      h.near(col.itemRect.y + col.move.y, goal.y, 1e-9)
    end
    local last = cols[len][key]
    h.truthy(last, "col." .. key .. " set")
    h.near(x, last.x, 1e-9); h.near(y, last.y, 1e-9)
  end

  test("slopes: a player walking into a ramp reads in col.slide where the move took it", function()
    local w = level()
    local p = { "player" }
    w:add(p, 40, 92, 8, 8)
    local x, y, cols, len = w:move(p, 64, 92)
    h.near(x, 60, 1e-9); h.near(y, 88, 1e-9)
    legs_agree(x, y, cols, len, "slide")
    -- not the axis-aligned guess: x kept at the touch, y at the goal's
    h.truthy(cols[1].slide.y ~= 92, "slid up the face")
  end)

  test("slopes: a crate bouncing off a ramp reads in col.bounce where it flew", function()
    local w = level()
    local crate = { "crate" }
    w:add(crate, 72, 60, 8, 8)
    local x, y, cols, len = w:move(crate, 72, 84, function() return "bounce" end)
    h.near(cols[1].bounce.x, 64, 1e-9); h.near(cols[1].bounce.y, 76, 1e-9)
    legs_agree(x, y, cols, len, "bounce")
  end)

  -- The same with the numbers a game's level data and its own arithmetic give: a floor and a
  -- ramp at decimal positions, a player snapped flush against a wall by x = wall.x - w and onto
  -- the floor by y = floor.y - h. col.slide is still where each leg went.
  test("slopes: decimal level data and a snapped player: col.slide is where the move went", function()
    local w = c2d.newWorld(16)
    local floor, ramp, wall, p = { "floor" }, { "ramp" }, { "wall" }, { "player" }
    local fy, rx, rw = 100.1, 64.3, 32.2
    w:add(floor, 0, fy, 64.3, 32)
    w:add(ramp, rx, fy - rw, rw, rw)
    w:setSlope(ramp, "x1y1")
    w:add(wall, 20.7, fy - 40.3, 7.9, 40.3)
    local pw, ph = 8.3, 7.7
    w:add(p, 20.7 - pw, fy - ph, pw, ph) -- flush against the wall and standing on the floor
    -- walking away from the wall along the floor meets nothing and ends at the goal
    local x, y, cols, len = w:move(p, 2.15, fy - ph)
    h.eq(len, 0); h.eq(x, 2.15); h.eq(y, fy - ph)
    -- from the wall's other side, along the floor into the ramp's foot
    w:update(p, 20.7 + 7.9, fy - ph)
    x, y, cols, len = w:move(p, 75.05, fy - ph - 0.3)
    legs_agree(x, y, cols, len, "slide")
    h.truthy(y < fy - ph - 0.3, "went up the face")
    -- back into the wall, diagonally down onto the floor: slides along the floor to the wall
    w:update(p, 30.4, fy - ph - 2.6)
    x, y, cols, len = w:move(p, 10.1, fy - ph + 3.3)
    legs_agree(x, y, cols, len, "slide")
    h.eq(x, 20.7 + 7.9); h.eq(y, fy - ph)
  end)

  test("slopes: a box sliding along an octagon prop and a ramp reads each leg in col.slide", function()
    local w = level()
    local rock, p = { "rock" }, { "player" }
    w:add(rock, 20, 70, 1, 1)
    w:setShape(rock, { 24, 70, 32, 70, 36, 74, 36, 82, 32, 86, 24, 86, 20, 82, 20, 74 })
    w:add(p, 4, 90, 8, 8)
    -- up and right: under the octagon's lower-left face, then on along the floor into the ramp
    for _, goal in ipairs({ { 30, 84 }, { 70, 80 }, { 90, 60 } }) do
      local cx, cy = w:getRect(p)
      local x, y, cols, len = w:move(p, goal[1], goal[2])
      if len > 0 then
        legs_agree(x, y, cols, len, "slide")
      end
      h.truthy(x ~= cx or y ~= cy, "moved")
    end
    local _, _, cols, len = w:check(p, 200, 0, function() return "bounce" end)
    if len > 0 then
      for k = 1, len do h.truthy(cols[k].bounce, "col.bounce set") end
    end
  end)

  test("slopes: a diamond prop is the hull of its points, its rect the hull's box", function()
    local w = c2d.newWorld(16)
    local rock, ball = { "rock" }, { "ball" }
    w:add(rock, 0, 0, 1, 1)
    w:setShape(rock, { 10, 0, 20, 10, 10, 20, 0, 10, 10, 10 })
    h.eq(#w:getShape(rock), 8)
    local x, y, ww, hh = w:getRect(rock)
    h.eq(x, 0); h.eq(y, 0); h.eq(ww, 20); h.eq(hh, 20)
    -- a ball dropped onto the top vertex rests on it, not on the box
    w:add(ball, 6, -20, 8, 8)
    local _, by = w:move(ball, 6, 10)
    h.eq(by, -8)
  end)

  test("slopes: bad corners and shapes raise and change nothing", function()
    local w, ramp = level()
    expect('corner must be one of "x0y0", "x1y0", "x0y1", "x1y1", but was x2y2', w.setSlope, w, ramp, "x2y2")
    expect("corner must be one of", w.setSlope, w, ramp, 3)
    expect("fewer than 3 points not on one line", w.setShape, w, ramp, { 0, 0, 1, 1, 2, 2 })
    expect("points[3] must be a finite number", w.setShape, w, ramp, { 0, 0, 0 / 0, 1, 2, 0 })
    expect("points must be a list of x, y pairs", w.setShape, w, ramp, { 0, 0, 1 })
    expect("must be added to the world", w.setSlope, w, {}, "x0y0")
    h.eq(#w:getShape(ramp), 6)
  end)
end
