-- The movement kit on the world (beyond bump.lua): one-way platforms, the ground state, fit,
-- push-out, and moving solids that carry, push and squash; their filters, their errors, and a
-- world left as it was when a filter raises. Coordinates are y-down (up = 0, -1) unless a test
-- says otherwise.
return function(test, c2d, h)
  local bump = require("collide2d.bump")

  local function expect(pattern, f, ...)
    local msg = h.err(f, ...)
    h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
  end

  local function rect(w, item)
    return w:getRect(item)
  end

  -- A platform 100 wide at y = 100 (top face), jump-through from above.
  local function platform_world()
    local w = c2d.newWorld(64)
    local plat = { name = "platform" }
    w:add(plat, 0, 100, 100, 10)
    w:setOneWay(plat, 0, -1)
    return w, plat
  end

  test("kit: setOneWay and getOneWay; 0, 0 makes the item solid all round again", function()
    local w, plat = platform_world()
    local nx, ny = w:getOneWay(plat)
    h.eq(nx, 0); h.eq(ny, -1)
    w:setOneWay(plat, 0, -5) -- only the direction counts
    nx, ny = w:getOneWay(plat)
    h.eq(nx, 0); h.eq(ny, -1)
    w:setOneWay(plat, 3, 0)
    nx, ny = w:getOneWay(plat)
    h.eq(nx, 1); h.eq(ny, 0)
    w:setOneWay(plat, 0, 0)
    nx, ny = w:getOneWay(plat)
    h.eq(nx, 0); h.eq(ny, 0)
    -- solid again: a player below it jumping up hits its underside
    local p = {}
    w:add(p, 10, 120, 16, 16)
    local _, y = w:move(p, 10, 60)
    h.eq(y, 110, "stopped under it")
    if math.type then
      nx, ny = w:getOneWay(plat)
      h.eq(math.type(nx), "integer"); h.eq(math.type(ny), "integer")
    end
  end)

  test("kit: a player falls onto a jump-through platform and stands on it", function()
    local w, plat = platform_world()
    local p = { name = "player" }
    w:add(p, 10, 50, 16, 16)
    local x, y, cols, len, g = w:moveGround(p, 10, 120)
    h.eq(x, 10); h.eq(y, 84, "on the top face")
    h.eq(len, 1); h.eq(cols[1].other, plat); h.eq(cols[1].normal.y, -1); h.eq(cols[1].type, "slide")
    h.eq(g.onFloor, true); h.eq(g.floor, plat)
    h.eq(g.onCeiling, false); h.eq(g.onLeft, false); h.eq(g.onRight, false)
    h.eq(g.ceiling, nil); h.eq(g.left, nil); h.eq(g.right, nil)
    -- the same from ground() alone
    g = w:ground(p)
    h.eq(g.onFloor, true); h.eq(g.floor, plat)
  end)

  test("kit: a player lands on a jump-through platform's very corner and stays on it", function()
    local w, plat = platform_world()
    local p = {}
    -- falling diagonally: its bottom-right corner meets the platform's top-left corner exactly
    -- halfway, at (-16, 84)
    w:add(p, -26, 74, 16, 16)
    local x, y, _, len, g = w:moveGround(p, -6, 94)
    h.eq(len, 1, "the corner is met")
    h.eq(y, 84, "landed on the top face"); h.eq(x, -6, "slid along it")
    h.eq(g.onFloor, true); h.eq(g.floor, plat)
    -- and stays there under gravity, frame after frame
    for _ = 1, 10 do
      x, y, _, _, g = w:moveGround(p, x, y + 2)
      h.eq(y, 84); h.eq(g.onFloor, true); h.eq(g.floor, plat)
    end
  end)

  test("kit: a player jumping up through a one-way platform is not on the floor while passing", function()
    local w, plat = platform_world()
    local p = {}
    w:add(p, 10, 112, 16, 16) -- just under the platform
    local y = 112
    local seen_inside = 0
    while y > 60 do
      local x, ay, _, len, g = w:moveGround(p, 10, y - 4)
      h.eq(x, 10); h.eq(ay, y - 4, "passes through, nothing stops it"); h.eq(len, 0, "nothing reported")
      y = ay
      if y + 16 > 100 and y < 110 then -- overlapping the platform
        seen_inside = seen_inside + 1
        h.eq(g.onFloor, false, "not on the floor inside it (y = " .. y .. ")")
        h.eq(g.floor, nil)
      end
      h.eq(g.onCeiling, false, "its underside is no ceiling")
    end
    h.truthy(seen_inside >= 4, "passed through it")
    -- above it now, falling back: lands on it
    local _, ay, _, _, g = w:moveGround(p, 10, 200)
    h.eq(ay, 84); h.eq(g.onFloor, true); h.eq(g.floor, plat)
  end)

  test("kit: a player walks sideways through a one-way platform's edge", function()
    local w, plat = platform_world()
    local p = {}
    w:add(p, -30, 95, 16, 16) -- level with the platform, left of it
    local x, y, _, len, g = w:moveGround(p, 40, 95)
    h.eq(x, 40); h.eq(y, 95); h.eq(len, 0)
    h.eq(g.onFloor, false); h.eq(g.onRight, false)
    h.eq(w:fits(p, x, y), true, "one-way items never count for fit")
    h.eq(w:hasItem(plat), true)
  end)

  test("kit: drops through a platform when the filter answers nil", function()
    local w, plat = platform_world()
    local p = {}
    w:add(p, 10, 84, 16, 16) -- standing on it
    local dropping = false
    local function filter(_, other)
      if dropping and other == plat then
        return nil
      end
      return "slide"
    end
    local _, y, _, _, g = w:moveGround(p, 10, 90, filter)
    h.eq(y, 84, "stands while not dropping"); h.eq(g.onFloor, true)
    dropping = true
    local _, y2, cols, len, g2 = w:moveGround(p, 10, 90, filter)
    h.eq(y2, 90, "through it"); h.eq(len, 0); h.eq(#cols, 0)
    h.eq(g2.onFloor, false); h.eq(g2.floor, nil)
    -- false drops through too
    w:update(p, 10, 84)
    _, y2 = w:moveGround(p, 10, 90, function() return false end)
    h.eq(y2, 90)
  end)

  test("kit: a resting player's ground state is the same every frame", function()
    local w = c2d.newWorld(64)
    local tiles = {}
    for i = 0, 9 do
      tiles[i] = { name = "tile" .. i }
      w:add(tiles[i], 16 * i, 99.9, 16, 16) -- 99.9: no exact double
    end
    local p = {}
    local x, y = 3, 99.9 - 16
    w:add(p, x, y, 16, 16)
    local floors = {}
    for frame = 1, 120 do
      local ax, ay, _, _, g = w:moveGround(p, x + 0.75, y + 0.5) -- walking right, pulled down
      h.eq(ay, 99.9 - 16, "frame " .. frame .. ": on the tiles, not in them nor above")
      h.eq(ax, x + 0.75, "never catches on a seam")
      h.eq(g.onFloor, true, "frame " .. frame .. ": on the floor")
      -- the tile sharing the longest edge with the player
      local left = math.floor(ax / 16)
      local share_left = 16 * (left + 1) - ax
      local want = share_left >= 8 and tiles[left] or tiles[left + 1]
      if share_left == 8 then want = tiles[left] end
      h.eq(g.floor, want, "frame " .. frame .. ": the tile under most of it")
      floors[g.floor] = true
      x, y = ax, ay
      local again = w:ground(p)
      h.eq(again.onFloor, true); h.eq(again.floor, g.floor, "ground() agrees")
    end
    local n = 0
    for _ in pairs(floors) do n = n + 1 end
    h.truthy(n >= 5, "walked over several tiles")
  end)

  test("kit: walls and a ceiling are reported with their items; a corner-only touch is not", function()
    local w = c2d.newWorld(64)
    local floor, ceiling, left, right, corner = {}, {}, {}, {}, {}
    w:add(floor, 0, 100, 100, 10)
    w:add(ceiling, 0, 60, 100, 8)    -- bottom face at 68
    w:add(left, -10, 68, 10, 32)     -- right face at 0
    w:add(right, 16, 68, 10, 32)     -- left face at 16
    w:add(corner, 16, 110, 10, 10)   -- meets the player only at its corner (16, 100)... below floor
    local p = {}
    w:add(p, 0, 84, 16, 16)
    local g = w:ground(p)
    h.eq(g.onFloor, true); h.eq(g.floor, floor)
    h.eq(g.onLeft, true); h.eq(g.left, left)
    h.eq(g.onRight, true); h.eq(g.right, right)
    h.eq(g.onCeiling, false, "16 tall at 84: 16 below the ceiling")
    w:update(p, 0, 68, 16, 32)
    g = w:ground(p)
    h.eq(g.onCeiling, true); h.eq(g.ceiling, ceiling); h.eq(g.onFloor, true)
    -- a box touching the player only at a corner is not a wall or a floor
    local w2 = c2d.newWorld(64)
    local q, c = {}, {}
    w2:add(q, 0, 0, 16, 16)
    w2:add(c, 16, 16, 10, 10)
    g = w2:ground(q)
    h.eq(g.onFloor, false); h.eq(g.onRight, false); h.eq(g.floor, nil); h.eq(g.right, nil)
    -- the filter picks the solid items
    g = w:ground(p, function(_, other) if other == right then return "cross" end return "touch" end)
    h.eq(g.onRight, false, "crossed: not solid"); h.eq(g.onLeft, true)
  end)

  test("kit: in a y-up world, up = 0, 1 finds the floor below and the ceiling above", function()
    local w = c2d.newWorld(64)
    local ground_, roof = {}, {}
    w:add(ground_, 0, 0, 100, 10)  -- top face at y = 10
    w:add(roof, 0, 40, 100, 10)    -- bottom face at y = 40
    w:setOneWay(ground_, 0, 1)     -- jump-through from above, in y-up coordinates
    local p = {}
    w:add(p, 10, 30, 16, 8)
    local _, y, _, _, g = w:moveGround(p, 10, 0, nil, 0, 1)
    h.eq(y, 10, "landed on it, falling toward -y")
    h.eq(g.onFloor, true); h.eq(g.floor, ground_); h.eq(g.onCeiling, false)
    -- y-down's default sees that face as a ceiling but a one-way item is only ever a floor
    g = w:ground(p)
    h.eq(g.onFloor, false); h.eq(g.onCeiling, false)
    -- jumping up to the roof
    _, y, _, _, g = w:moveGround(p, 10, 50, nil, 0, 1)
    h.eq(y, 32); h.eq(g.onCeiling, true); h.eq(g.ceiling, roof); h.eq(g.onFloor, false)
    -- a sideways up: left and right turn with it
    local wall = {}
    w:add(wall, 26, 0, 5, 100)
    g = w:ground(p, nil, 1, 0) -- up = +x: the floor is the face toward -x, the wall at +x a ceiling
    h.eq(g.onCeiling, true); h.eq(g.ceiling, wall)
  end)

  test("kit: a crouching player cannot stand up under a low ceiling", function()
    local w = c2d.newWorld(64)
    local floor, low = {}, {}
    w:add(floor, 0, 100, 300, 10)
    w:add(low, 0, 60, 100, 20) -- its underside at y = 80
    local p = {}
    w:add(p, 10, 88, 16, 12)   -- crouching: 12 tall, feet at 100
    h.eq(w:fits(p, 10, 76, 16, 24), false, "standing (24 tall) reaches y = 76, into the ceiling")
    h.eq(w:fits(p, 10, 80, 16, 20), true, "20 tall just touches it: fits")
    h.eq(w:fits(p, 10, 88), true, "its own size where it is")
    -- walked out from under it: now it can stand
    w:update(p, 150, 88)
    h.eq(w:fits(p, 150, 76, 16, 24), true)
    -- nothing moved or changed size
    local x, y, ww, hh = w:getRect(p)
    h.eq(x, 150); h.eq(y, 88); h.eq(ww, 16); h.eq(hh, 12)
    -- a filter can leave the ceiling out
    w:update(p, 10, 88)
    h.eq(w:fits(p, 10, 76, 16, 24, function(_, other) return other ~= low and "slide" end), true)
    -- an item does not block itself
    h.eq(w:fits(p, 12, 88), true)
  end)

  test("kit: a player spawned inside a wall is pushed out by the smallest displacement", function()
    local w = c2d.newWorld(64)
    local wall = {}
    w:add(wall, 100, 0, 50, 200)
    local p = {}
    w:add(p, 105, 50, 16, 16) -- 21 to get out leftward, 45 rightward, 66 up, 150 down
    local x, y = w:pushOut(p)
    h.eq(x, 84); h.eq(y, 50)
    x, y = w:getRect(p)
    h.eq(x, 84, "moved in the world"); h.eq(y, 50)
    -- not overlapping anything: stays
    x, y = w:pushOut(p)
    h.eq(x, 84); h.eq(y, 50)
    -- near the top: up is shorter
    w:update(p, 130, 3)
    x, y = w:pushOut(p)
    h.eq(x, 130); h.eq(y, -16)
    -- a filter ignoring the wall leaves it where it is
    w:update(p, 105, 50)
    x, y = w:pushOut(p, nil, function() return nil end)
    h.eq(x, 105); h.eq(y, 50)
    -- out of reach
    local sx, msg = w:pushOut(p, 20)
    h.eq(sx, nil); h.eq(msg, "stuck")
    x, y = w:getRect(p)
    h.eq(x, 105); h.eq(y, 50, "left in place")
    x = w:pushOut(p, 21)
    h.eq(x, 84, "exactly 21 away is within 21")
  end)

  test("kit: a box enclosed all round is stuck", function()
    local w = c2d.newWorld(64)
    -- a room whose inside is 12 x 12 (x and y from 10 to 22), walls 10 thick
    w:add("left", 0, 0, 10, 32)
    w:add("right", 22, 0, 10, 32)
    w:add("top", 10, 0, 12, 10)
    w:add("bottom", 10, 22, 12, 10)
    local crate = {}
    w:add(crate, 10, 10, 16, 16) -- 16 wide: overlaps the right and bottom walls
    local x, msg = w:pushOut(crate, 20)
    h.eq(x, nil); h.eq(msg, "stuck")
    local cx, cy = w:getRect(crate)
    h.eq(cx, 10); h.eq(cy, 10, "left in place")
    h.eq(w:fits(crate, 10, 10), false)
    -- with no limit it leaves the room the shortest way (22 either way; +x first)
    local y
    x, y = w:pushOut(crate)
    h.eq(x, 32); h.eq(y, 10)
    h.eq(w:fits(crate, x, y), true)
  end)

  test("kit: a rider on a lift keeps its offset exactly", function()
    local w = c2d.newWorld(64)
    local lift, rider = { name = "lift" }, { name = "rider" }
    w:add(lift, 100, 200, 64, 8)
    w:add(rider, 120.3, 200 - 16, 16, 16)
    local steps = { -1.7, -0.3, -2.9, 0.7, 1.3, -0.1 }
    for frame = 1, 300 do
      local dy = steps[frame % #steps + 1]
      local lx, ly, moved, len = w:moveSolid(lift, 0, dy)
      local rx, ry = w:getRect(rider)
      h.eq(rx, 120.3, "frame " .. frame .. ": x untouched")
      h.eq(ry + 16, ly, "frame " .. frame .. ": standing flush on the lift")
      h.eq(lx, 100)
      h.eq(len, 1); h.eq(moved[1].item, rider); h.eq(moved[1].carried, true)
      h.eq(moved[1].pushed, false, "a rider is carried, not pushed")
      h.eq(moved[1].squashed, false)
      local g = w:ground(rider)
      h.eq(g.onFloor, true); h.eq(g.floor, lift)
    end
    local _, ly = w:getRect(lift)
    local _, ry = w:getRect(rider)
    h.near(ly, 50, 1e-9, "went 150 up in steps that do not add up exactly in doubles")
    h.eq(ry + 16, ly)
    -- a sideways move carries it along
    local lx = w:moveSolid(lift, 10.25, 0)
    h.eq(lx, 110.25)
    h.eq((w:getRect(rider)), 130.55)
  end)

  test("kit: two riders side by side on a lift moving sideways keep their offsets", function()
    for _, dx in ipairs({ -4, 4 }) do
      local w = c2d.newWorld(16)
      local lift, behind, front = { name = "lift" }, { name = "behind" }, { name = "front" }
      w:add(lift, 0, 10, 40, 2)
      -- the one behind (the one the motion leaves) added first, touching the one in front
      local bx, fx = 10, 5
      if dx > 0 then bx, fx = 5, 10 end
      w:add(behind, bx, 5, 5, 5)
      w:add(front, fx, 5, 5, 5)
      local _, _, moved, len = w:moveSolid(lift, dx, 0)
      h.eq(len, 2)
      h.eq(moved[1].carried, true); h.eq(moved[2].carried, true)
      h.eq((w:getRect(front)), fx + dx, "front, dx " .. dx)
      h.eq((w:getRect(behind)), bx + dx, "behind, dx " .. dx)
    end
  end)

  test("kit: a crate pushed by a moving wall, then squashed against another wall", function()
    local w = c2d.newWorld(64)
    local mover, crate, far = { name = "mover" }, { name = "crate" }, { name = "far" }
    w:add(mover, 0, 0, 10, 100)  -- right face at 10
    w:add(crate, 20, 50, 16, 16)
    w:add(far, 60, 0, 10, 100)   -- left face at 60
    local filter = function(item) return item ~= far and "slide" or nil end
    local x, _, moved, len = w:moveSolid(mover, 5, 0, filter)
    h.eq(x, 5); h.eq(len, 0, "not reached yet")
    x, _, moved, len = w:moveSolid(mover, 5, 0, filter)
    h.eq(x, 10); h.eq(len, 0, "flush now: touching is not in the way")
    h.eq((w:getRect(crate)), 20)
    x, _, moved, len = w:moveSolid(mover, 7, 0, filter)
    h.eq(x, 17); h.eq(len, 1); h.eq(moved[1].item, crate)
    h.eq(moved[1].pushed, true); h.eq(moved[1].carried, false); h.eq(moved[1].squashed, false)
    h.eq((w:getRect(crate)), 27, "flush with the wall's leading face")
    for _ = 1, 2 do w:moveSolid(mover, 7, 0, filter) end -- to 31: the crate at 41, 16 from the far wall
    h.eq((w:getRect(crate)), 41)
    x, _, moved, len = w:moveSolid(mover, 7, 0, filter) -- the crate would need 48: 48 + 16 > 60
    h.eq(x, 38)
    h.eq(len, 1); h.eq(moved[1].item, crate)
    h.eq(moved[1].squashed, true); h.eq(moved[1].pushed, false)
    h.eq((w:getRect(crate)), 41, "left where it was, overlapping the moving wall")
    h.eq(w:fits(crate, 41, 50), false, "crushed")
    h.eq((w:getRect(far)), 60, "the filter kept the far wall from being pushed")
    -- without a filter every item counts, walls too
    w:update(crate, 100, 300)
    w:moveSolid(mover, 20, 0) -- its face from 48 to 68
    h.eq((w:getRect(far)), 68, "pushed along")
  end)

  test("kit: a player squashed between a lift and a ceiling", function()
    local w = c2d.newWorld(64)
    local lift, p, ceiling = { name = "lift" }, { name = "player" }, { name = "ceiling" }
    w:add(lift, 0, 100, 64, 8)
    w:add(p, 10, 84, 16, 16)
    w:add(ceiling, 0, 40, 64, 10) -- underside at 50
    local function filter(item) return item ~= ceiling and "slide" or nil end
    for frame = 1, 3 do
      local _, ly, moved, len = w:moveSolid(lift, 0, -10, filter)
      h.eq(ly, 100 - 10 * frame)
      h.eq(len, 1); h.eq(moved[1].carried, true); h.eq(moved[1].squashed, false)
      local _, py = w:getRect(p)
      h.eq(py + 16, ly, "riding")
    end
    -- the lift at 70, the player at 54..70; the next frame needs it at 44..60: the ceiling is at 50
    local _, ly, moved, len = w:moveSolid(lift, 0, -10, filter)
    h.eq(ly, 60)
    h.eq(len, 1); h.eq(moved[1].item, p); h.eq(moved[1].squashed, true)
    local _, py = w:getRect(p)
    h.eq(py, 54, "left where it was")
    h.eq(w:fits(p, 10, 54), false, "the lift overlaps it now: crushed")
    h.eq((w:getRect(ceiling)), 0); h.eq(select(2, w:getRect(ceiling)), 40)
  end)

  test("kit: moveSolid on a one-way lift pushes only with its solid face", function()
    local w = c2d.newWorld(64)
    local lift, above, below = {}, {}, {}
    w:add(lift, 0, 100, 64, 8)
    w:setOneWay(lift, 0, -1)
    w:add(above, 10, 80, 16, 16)  -- 4 above its top face
    w:add(below, 40, 112, 16, 16) -- 4 below its underside
    local _, _, moved, len = w:moveSolid(lift, 0, 10)
    h.eq(len, 0, "moving down: the underside passes through what is below")
    h.eq(select(2, w:getRect(below)), 112)
    _, _, moved, len = w:moveSolid(lift, 0, -20) -- from 110 up to 90: meets `above` at 96
    h.eq(len, 1); h.eq(moved[1].item, above); h.eq(moved[1].pushed, true)
    h.eq(select(2, w:getRect(above)), 74)
  end)

  test("kit: moveSolid returns integers for integer moves on Lua 5.3 and later", function()
    local w = c2d.newWorld(64)
    local lift, rider = {}, {}
    w:add(lift, 0, 100, 64, 8)
    w:add(rider, 10, 84, 16, 16)
    local x, y = w:moveSolid(lift, 3, -2)
    h.eq(x, 3); h.eq(y, 98)
    local rx, ry = w:getRect(rider)
    h.eq(rx, 13); h.eq(ry, 82)
    if math.type then
      h.eq(math.type(x), "integer"); h.eq(math.type(y), "integer")
      h.eq(math.type(rx), "integer"); h.eq(math.type(ry), "integer")
      x, y = w:moveSolid(lift, 1.0, -2)
      h.eq(math.type(x), "float", "moved by a float"); h.eq(math.type(y), "integer")
      local px, py = w:pushOut(lift)
      h.eq(px, 4); h.eq(math.type(py), "integer", "unchanged by a push-out that does not move it")
    end
  end)

  test("kit: the methods are on bump worlds too, and work with responses of the game's own", function()
    local w = bump.newWorld(64)
    local plat, p = {}, {}
    w:add(plat, 0, 100, 100, 10)
    w:setOneWay(plat, 0, -1)
    w:add(p, 10, 50, 16, 16)
    w:addResponse("land", bump.responses.touch)
    local function filter(_, other)
      if other == plat then return "land" end
      return "slide"
    end
    local x, y, cols, len, g = w:moveGround(p, 10, 120, filter)
    h.eq(x, 10); h.eq(y, 84); h.eq(len, 1); h.eq(cols[1].type, "land")
    h.eq(g.onFloor, true, "a response of the game's own is solid"); h.eq(g.floor, plat)
    g = w:ground(p, filter)
    h.eq(g.onFloor, true); h.eq(g.floor, plat)
    h.eq(w:fits(p, 10, 90, nil, nil, filter), true)
    -- a name no response answers
    expect("Unknown collision type: lnad (string)", w.ground, w, p, function() return "lnad" end)
  end)

  test("kit: an error raised in a filter propagates and leaves the world as it was", function()
    local w = c2d.newWorld(64)
    local plat, p, wall = {}, {}, {}
    w:add(plat, 0, 100, 100, 10)
    w:add(p, 10, 50, 16, 16)
    w:add(wall, 0, 0, 10, 200)
    local function boom() error("boom in filter") end
    expect("boom in filter", w.ground, w, p, boom)
    expect("boom in filter", w.moveGround, w, p, 10, 120, boom)
    h.eq(select(2, w:getRect(p)), 50, "moveGround: left where it was")
    -- an error in the ground part, after the move
    local calls = 0
    local ok, err = pcall(w.moveGround, w, p, 10, 120, function()
      calls = calls + 1
      if calls > 1 then error({ code = 7 }) end
      return "slide"
    end)
    h.eq(ok, false); h.eq(type(err), "table"); h.eq(err.code, 7, "any error value")
    h.eq(select(2, w:getRect(p)), 50, "moveGround: left where it was")
    expect("Unknown collision type: bump (string)", w.moveGround, w, p, 10, 120, function() return "bump" end)
    h.eq(select(2, w:getRect(p)), 50)
    expect("boom in filter", w.fits, w, p, 5, 50, nil, nil, boom)
    -- pushOut: inside the wall, the filter raises
    w:update(p, 5, 50)
    expect("boom in filter", w.pushOut, w, p, nil, boom)
    h.eq((w:getRect(p)), 5, "pushOut: left where it was")
    -- moveSolid: a rider carried into a wall whose filter raises; the lift and rider stay
    local lift, rider, block = {}, {}, {}
    w:add(lift, 200, 100, 64, 8)
    w:add(rider, 240, 84, 16, 16)
    w:add(block, 270, 60, 10, 30) -- in the rider's way, above the lift's path
    ok, err = pcall(w.moveSolid, w, lift, 20, 0, function(_, other)
      if other == block then error("boom in filter") end
      return "slide"
    end)
    h.eq(ok, false); h.truthy(tostring(err):find("boom in filter", 1, true), tostring(err))
    h.eq((w:getRect(lift)), 200, "the lift stays")
    h.eq((w:getRect(rider)), 240, "the rider stays (it had gone through the block)")
    -- the same move without the error: the rider stops at the block
    local lx, _, moved, len = w:moveSolid(lift, 20, 0)
    h.eq(lx, 220); h.eq(len, 1); h.eq(moved[1].item, rider); h.eq(moved[1].carried, true)
    h.eq((w:getRect(rider)), 254, "stopped at the block")
    -- still usable, and a filter may call the world
    local g = w:ground(rider, function(item, other)
      h.truthy(w:hasItem(item) and w:hasItem(other), "both in the world")
      return "touch"
    end)
    h.eq(g.onRight, true); h.eq(g.right, block)
  end)

  test("kit: bad arguments raise clear errors and change nothing", function()
    local w, plat = platform_world()
    local p = {}
    w:add(p, 10, 84, 16, 16)
    local nan, inf = 0 / 0, math.huge
    local missing = "Item nobody must be added to the world before getting its rect."
    expect(missing, w.setOneWay, w, "nobody", 0, -1)
    expect(missing, w.getOneWay, w, "nobody")
    expect(missing, w.ground, w, "nobody")
    expect(missing, w.moveGround, w, "nobody", 0, 0)
    expect(missing, w.fits, w, "nobody", 0, 0)
    expect(missing, w.pushOut, w, "nobody")
    expect(missing, w.moveSolid, w, "nobody", 1, 0)
    expect("nx must be a number, but was nil(a nil)", w.setOneWay, w, plat)
    expect("ny must be a finite number, but was", w.setOneWay, w, plat, 0, nan)
    expect("the one-way normal must point along an axis (one of nx, ny zero or both), but was 1, -1",
      w.setOneWay, w, plat, 1, -1)
    h.eq(select(2, w:getOneWay(plat)), -1, "unchanged")
    expect("up must point along an axis (one of upX, upY zero, the other not), but was 1, 1",
      w.ground, w, p, nil, 1, 1)
    expect("up must point along an axis (one of upX, upY zero, the other not), but was 0, 0",
      w.moveGround, w, p, 10, 90, nil, 0, 0)
    h.eq(select(2, w:getRect(p)), 84, "nothing moved")
    expect("upY must be a number, but was nil(a nil)", w.ground, w, p, nil, 0)
    expect("upX must be a finite number, but was inf", w.moveSolid, w, plat, 0, 1, nil, inf, 0)
    expect("upX must be a number, but was 0(a string)", w.ground, w, p, nil, "0", -1)
    expect("filter must be a function, but was 5(a number)", w.ground, w, p, 5)
    expect("filter must be a function, but was slide(a string)", w.moveSolid, w, plat, 1, 0, "slide")
    expect("goalX must be a finite number, but was", w.moveGround, w, p, nan, 0)
    expect("goalY must be a number, but was up(a string)", w.moveGround, w, p, 0, "up")
    expect("x must be a finite number, but was inf", w.fits, w, p, inf, 0)
    expect("w must be a positive integer, but was -1(number)", w.fits, w, p, 0, 0, -1, 4)
    expect("maxDistance must be a number >= 0, but was -1", w.pushOut, w, p, -1)
    expect("maxDistance must be a number >= 0, but was", w.pushOut, w, p, nan)
    expect("maxDistance must be a number, but was far(a string)", w.pushOut, w, p, "far")
    expect("dx must be a finite number, but was", w.moveSolid, w, plat, nan, 0)
    expect("dy must be a finite number, but was -inf", w.moveSolid, w, plat, 0, -inf)
    expect("dy must be a number, but was nil(a nil)", w.moveSolid, w, plat, 1)
    expect("calling 'ground' on bad self (world expected, got table)", w.ground, {}, p)
    expect("calling 'moveSolid' on bad self (world expected, got nil)", w.moveSolid)
    local x, y = w:getRect(plat)
    h.eq(x, 0); h.eq(y, 100, "the platform never moved")
    h.eq(select(2, w:getRect(p)), 84)
    -- a move as far as the doubles go is no error; one beyond them is, and changes nothing
    local lx = w:moveSolid(plat, 1e308, 0, function() return nil end)
    h.eq(lx, 1e308)
    expect("collide2d: invalid argument", w.moveSolid, w, plat, 1e308, 0, function() return nil end)
    h.eq((w:getRect(plat)), 1e308)
  end)
end
