-- The world in bump.lua's form: items of any Lua type, moves with filters and collision tables,
-- check and project, queries, custom responses, bump.lua's argument checks, double precision,
-- and Lua errors raised inside filters.
return function(test, c2d, h)
  local function tiles(world, n, y)
    local t = {}
    for i = 0, n - 1 do
      local tile = { name = "tile" .. i }
      world:add(tile, 16 * i, y, 16, 16)
      t[#t + 1] = tile
    end
    return t
  end

  test("world: items of any type; add, hasItem, getRect, countItems, getItems, update, remove", function()
    local w = c2d.newWorld(32)
    local a, b = {}, "player"
    h.eq(w:add(a, 0, 0, 10, 10), a, "add returns the item")
    w:add(b, 20, 0, 5, 5)
    w:add(42, 100, 100, 1, 1)
    w:add(true, 200, 200, 1, 1)
    h.eq(w:countItems(), 4)
    h.eq(w:hasItem(a), true); h.eq(w:hasItem("player"), true); h.eq(w:hasItem({}), false)
    h.eq(w:hasItem(nil), false); h.eq(w:hasItem(0 / 0), false)
    local x, y, ww, hh = w:getRect(b)
    h.eq(x, 20); h.eq(y, 0); h.eq(ww, 5); h.eq(hh, 5)
    local items, len = w:getItems()
    h.eq(len, 4); h.eq(#items, 4)
    local seen = {}
    for _, it in ipairs(items) do seen[it] = true end
    h.truthy(seen[a] and seen.player and seen[42] and seen[true], "every item listed")
    w:update(b, 30, 1)
    x, y, ww, hh = w:getRect(b)
    h.eq(x, 30); h.eq(y, 1); h.eq(ww, 5, "size kept"); h.eq(hh, 5)
    w:update(b, 30, 1, 7, 8)
    x, y, ww, hh = w:getRect(b)
    h.eq(ww, 7); h.eq(hh, 8)
    w:remove(a)
    h.eq(w:hasItem(a), false); h.eq(w:countItems(), 3)
    -- a removed item may come back
    w:add(a, 0, 0, 1, 1)
    h.eq(w:countItems(), 4)
    h.eq(select(2, w:getItems()), 4)
  end)

  test("world: a rect placed at y = 99.9 stays at 99.9, and a player standing on it walks along it", function()
    local w = c2d.newWorld(64)
    local platform, player = {}, {}
    w:add(platform, 0, 99.9, 200, 10)
    w:add(player, 10, 99.9 - 16, 16, 16)
    local _, y = w:getRect(platform)
    h.eq(y, 99.9, "kept as given")
    local ax, ay, cols, len = w:move(player, 150, 99.9 - 16 + 5, function() return "slide" end)
    h.eq(ax, 150); h.eq(ay, 99.9 - 16, "on the platform, not in it nor above it")
    h.eq(len, 1); h.eq(cols[1].other, platform); h.eq(cols[1].normal.y, -1)
    -- the time of a contact is a double: 0.6, not the nearest float
    local m = c2d.newWorld(64)
    m:add("mover", 1, 1, 1, 1)
    m:add("wall", 5, 0, 1, 1)
    local cs
    cs, len = m:project("mover", 1, 1, 1, 1, 6, 0)
    h.eq(len, 1); h.eq(cs[1].ti, 0.6, "ti")
  end)

  test("world: on Lua 5.3 and later, coordinates given as integers come back as integers, as in bump.lua", function()
    local mtype = math.type
    if not mtype then return end -- one number type before 5.3
    local w = c2d.newWorld(64)
    w:add("player", 8, 84, 16, 16)
    for i = 0, 19 do w:add(i, 16 * i, 100, 16, 16) end
    local x, y, ww, hh = w:getRect("player")
    h.eq(mtype(x), "integer"); h.eq(mtype(y), "integer"); h.eq(mtype(ww), "integer"); h.eq(mtype(hh), "integer")
    local ax, ay, cols = w:move("player", 208, 87)
    h.eq(mtype(ax), "integer", "x is the goal given"); h.eq(mtype(ay), "float", "y is the contact's")
    h.eq(mtype(cols[1].move.x), "integer"); h.eq(mtype(cols[1].normal.y), "integer")
    h.eq(mtype(cols[1].itemRect.w), "integer"); h.eq(mtype(cols[1].touch.y), "float")
    x, y = w:getRect("player")
    h.eq(mtype(x), "integer"); h.eq(mtype(y), "float")
    w:update("player", 0, 0)
    x, y, ww = w:getRect("player")
    h.eq(mtype(y), "integer"); h.eq(mtype(ww), "integer", "the size kept as it was")
    w:update("player", 0.5, 0)
    h.eq(mtype((w:getRect("player"))), "float")
  end)

  test("world: sliding along a floor of 16x16 tiles does not catch on seams (bump's cols)", function()
    local w = c2d.newWorld(64)
    local floor = tiles(w, 20, 100)
    local player = { name = "player" }
    w:add(player, 8, 84, 16, 16)
    local ax, ay, cols, len = w:move(player, 208, 87)
    h.eq(ax, 208); h.eq(ay, 84); h.eq(len, 1); h.eq(#cols, 1)
    local col = cols[1]
    h.eq(col.item, player); h.eq(col.type, "slide"); h.eq(col.overlaps, false)
    h.truthy(col.other.name and col.other.name:match("^tile"), "other is a tile")
    h.eq(col.normal.x, 0); h.eq(col.normal.y, -1)
    h.eq(col.touch.y, 84, "touch flush on the floor")
    h.eq(col.move.x, 200); h.eq(col.move.y, 3)
    h.eq(col.itemRect.x, 8); h.eq(col.itemRect.y, 84); h.eq(col.itemRect.w, 16); h.eq(col.itemRect.h, 16)
    h.eq(col.otherRect.y, 100); h.eq(col.otherRect.w, 16)
    h.eq(col.slide.x, 208, "slide keeps x"); h.eq(col.slide.y, 84)
    local x, y = w:getRect(player)
    h.eq(x, 208); h.eq(y, 84, "the item moved")
    h.eq(#floor, 20)
  end)

  test("world: a ball moving 50 per frame is stopped by an 8-unit paddle and bounces", function()
    local w = c2d.newWorld(64)
    local paddle, ball = {}, {}
    w:add(paddle, 100, 130, 64, 8)
    w:add(ball, 120, 100, 8, 8)
    local ax, ay, cols, len = w:move(ball, 120, 150, function() return "bounce" end)
    h.eq(len, 1); h.eq(cols[1].other, paddle); h.eq(cols[1].type, "bounce")
    h.eq(cols[1].touch.y, 122, "flush on the paddle")
    h.eq(cols[1].bounce.x, 120); h.eq(cols[1].bounce.y, 94, "reflected the remaining 28")
    h.eq(ax, 120); h.eq(ay, 94)
  end)

  test("world: a box inside a platform when the move starts meets it first, as bump.lua resolves it", function()
    -- a 10x10 box at (0,0) inside {-5,-5,20,20}, moving by (30,30)
    local want = { touch = { -15, -15 }, slide = { -15, 30 }, bounce = { -60, 30 }, cross = { 30, 30 } }
    for response, at in pairs(want) do
      local w = c2d.newWorld(64)
      w:add("platform", -5, -5, 20, 20)
      w:add("box", 0, 0, 10, 10)
      local ax, ay, cols, len = w:move("box", 30, 30, function() return response end)
      h.eq(ax, at[1], response .. " x"); h.eq(ay, at[2], response .. " y")
      h.eq(len, 1, response .. ": reported"); h.eq(cols[1].other, "platform")
      h.eq(cols[1].overlaps, true); h.eq(cols[1].ti, -100, "ti is minus the overlap's area")
      h.eq(cols[1].touch.x, -15); h.eq(cols[1].touch.y, -15, "where the line of motion entered it")
    end
    -- a trigger zone that is crossed is reported on every move while the overlap lasts
    local w = c2d.newWorld(64)
    w:add("zone", 0, 0, 100, 100)
    w:add("player", 10, 10, 10, 10)
    local hits = 0
    for step = 1, 3 do
      local _, _, cols, len = w:move("player", 10 + step, 10, function() return "cross" end)
      if len == 1 and cols[1].other == "zone" then hits = hits + 1 end
    end
    h.eq(hits, 3, "every move inside the zone")
  end)

  test("world: filters pick touch, cross, slide, bounce; false or nil ignore", function()
    local w = c2d.newWorld(64)
    local player, coin, wall, ghost = { kind = "player" }, { kind = "coin" }, { kind = "wall" }, { kind = "ghost" }
    w:add(player, 0, 0, 10, 10)
    w:add(coin, 30, 0, 5, 5)
    w:add(ghost, 50, 0, 5, 10)
    w:add(wall, 80, -50, 10, 100)
    local asked = {}
    local function filter(item, other)
      h.eq(item, player, "filter's item")
      asked[other.kind] = (asked[other.kind] or 0) + 1
      if other.kind == "coin" then return "cross" end
      if other.kind == "ghost" then return nil end
      if other.kind == "wall" then return "touch" end
    end
    local ax, ay, cols, len = w:move(player, 200, 0, filter)
    h.eq(ax, 70); h.eq(ay, 0, "stopped by the wall")
    h.eq(len, 2)
    h.eq(cols[1].other, coin); h.eq(cols[1].type, "cross")
    h.eq(cols[2].other, wall); h.eq(cols[2].type, "touch"); h.eq(cols[2].normal.x, -1)
    h.truthy(cols[1].ti < cols[2].ti, "in order of time")
    h.eq(asked.coin, 1); h.eq(asked.wall, 1, "asked once per item")
  end)

  test("world: check leaves the item in place; project lists every item on the straight path", function()
    local w = c2d.newWorld(64)
    local a, wall = {}, {}
    w:add(a, 0, 0, 10, 10)
    w:add(wall, 50, 0, 10, 10)
    local ax, ay, cols, len = w:check(a, 100, 0)
    h.eq(ax, 40); h.eq(ay, 0); h.eq(len, 1); h.eq(cols[1].other, wall)
    local x, y = w:getRect(a)
    h.eq(x, 0); h.eq(y, 0, "check did not move it")
    -- a box that is not in the world, starting inside a: a first (overlapping), then the wall
    local ghost = {}
    cols, len = w:project(ghost, 0, 2, 4, 4, 100, 2)
    h.eq(len, 2); h.eq(cols[1].other, a); h.eq(cols[1].overlaps, true)
    h.eq(cols[2].other, wall); h.eq(cols[2].item, ghost); h.eq(cols[2].touch.x, 46)
    h.eq(cols[2].ti, 46 / 100); h.eq(cols[2].type, "slide")
    h.eq(w:hasItem(ghost), false); h.eq(w:countItems(), 2)
    -- the project's filter sees the world as it is: no box of the projection in it
    cols, len = w:project(ghost, 0, 20, 10, 10, 100, 20, function(item, other)
      h.eq(item, ghost)
      local found, n = w:queryRect(-1000, -1000, 2000, 2000)
      h.eq(n, 2, "only the world's own items"); h.eq(#found, 2)
      h.eq(w:countItems(), 2)
      return "touch"
    end)
    h.eq(len, 0, "projected below the wall")
    cols, len = w:project(a, 0, 20, 10, 10, 100, 20)
    h.eq(len, 0)
    x, y = w:getRect(a)
    h.eq(x, 0); h.eq(y, 0, "project did not move it")
    -- every item on the path, not only the first one: what a "cross" would meet
    for i = 1, 3 do w:add("post" .. i, 100 + 20 * i, -5, 5, 30) end
    cols, len = w:project(nil, 0, 0, 10, 10, 300, 0, function(_, other) return other ~= a and "touch" end)
    h.eq(len, 4, "the wall and three posts")
    h.eq(cols[1].other, wall); h.eq(cols[4].other, "post3"); h.eq(cols[4].type, "touch")
    -- a filter answer that names no response is simply the collision's type here
    cols = w:project(nil, 0, 0, 10, 10, 300, 0, function() return "my-own" end)
    h.eq(cols[1].type, "my-own")
  end)

  test("world: queries with filters; strict boundaries; bump.lua's segment rule", function()
    local w = c2d.newWorld(16)
    local a, b, c = { n = "a" }, { n = "b" }, { n = "c" }
    w:add(a, 0, 0, 10, 10)
    w:add(b, 20, 0, 10, 10)
    w:add(c, 40, 0, 10, 10)
    local items, len = w:queryRect(5, 5, 20, 1)
    h.eq(len, 2)
    items, len = w:queryRect(10, 0, 10, 10)
    h.eq(len, 0, "touching is not found")
    items, len = w:queryPoint(25, 5)
    h.eq(len, 1); h.eq(items[1], b)
    items, len = w:queryPoint(20, 5)
    h.eq(len, 0, "a point on an edge is not inside")
    items, len = w:queryPoint(20 + 1e-11, 5)
    h.eq(len, 0, "nor one within bump.lua's margin of 1e-10")
    items, len = w:querySegment(-10, 5, 100, 5)
    h.eq(len, 3); h.eq(items[1], a); h.eq(items[2], b); h.eq(items[3], c)
    items, len = w:querySegment(100, 5, -10, 5, function(item) return item ~= b end)
    h.eq(len, 2); h.eq(items[1], c, "nearest first"); h.eq(items[2], a)
    h.eq(select(2, w:querySegment(-10, 0, 100, 0)), 0, "a segment along the edges")
    h.eq(select(2, w:querySegment(-10, 20, 10, 10)), 0, "a segment ending on a corner")
    h.eq(select(2, w:querySegment(2, 2, 8, 8)), 0, "a segment wholly inside a box")
    h.eq(select(2, w:querySegment(2, 2, 15, 2)), 1, "a segment leaving a box")
    local infos
    infos, len = w:querySegmentWithCoords(-10, 5, 100, 5)
    h.eq(len, 3)
    h.eq(infos[2].item, b)
    h.near(infos[2].ti1, 30 / 110, 1e-12); h.near(infos[2].ti2, 40 / 110, 1e-12)
    h.near(infos[2].x1, 20, 1e-12); h.eq(infos[2].y1, 5); h.near(infos[2].x2, 30, 1e-12); h.eq(infos[2].y2, 5)
    local many = c2d.newWorld(8)
    for i = 1, 300 do many:add(i, i, 0, 2, 2) end
    items, len = many:queryRect(0, 0, 1000, 1)
    h.eq(len, 300, "large results")
    items, len = many:querySegment(0, 1, 1000, 1)
    h.eq(len, 300); h.eq(items[1], 1); h.eq(items[300], 300)
  end)

  test("world: cellSize, toCell, toWorld and countCells as bump.lua's grid", function()
    local w = c2d.newWorld()
    h.eq(w.cellSize, 64, "default")
    h.eq(c2d.newWorld(32).cellSize, 32)
    h.eq(select(1, w:toCell(63.9, 0)), 1); h.eq(select(1, w:toCell(64, 0)), 2); h.eq(select(2, w:toCell(0, -1)), 0)
    local x, y = w:toWorld(2, -1)
    h.eq(x, 64); h.eq(y, -128)
    w:add("a", 0, 0, 10, 10)
    w:add("b", 0, 0, 100, 10)
    h.eq(w:countCells(), 2)
    w:add("c", 300, 300, 64, 64)
    h.eq(w:countCells(), 6)
    -- a game's own fields on the world, as on bump.lua's table world
    w.level = "intro"
    h.eq(w.level, "intro")
    h.truthy(tostring(w):match("^collide2d.world: "), tostring(w))
  end)

  test("world: custom responses with addResponse, built on bump.responses", function()
    local bump = require("collide2d.bump")
    h.eq(bump.newWorld, c2d.newWorld, "the same world")
    h.eq(bump.responses, c2d.responses)
    local w = c2d.newWorld(64)
    w:add("player", 0, 0, 10, 10)
    w:add("spring", 30, 0, 10, 10)
    w:add("wall", 100, 0, 10, 10)
    local calls = 0
    -- a spring throws the player back: bounce, then twice as far
    w:addResponse("spring", function(world, col, x, y, ww, hh, goalX, goalY, filter)
      calls = calls + 1
      h.eq(world, w); h.eq(col.other, "spring"); h.eq(col.type, "spring")
      local gx, gy, cols, len = bump.responses.bounce(world, col, x, y, ww, hh, goalX, goalY, filter)
      h.eq(col.bounce.x, gx)
      return col.touch.x - 2 * (col.touch.x - gx), gy, world:project(col.item, col.touch.x, col.touch.y,
        ww, hh, col.touch.x - 2 * (col.touch.x - gx), gy, filter)
    end)
    local ax, ay, cols, len = w:move("player", 50, 0, function(_, other)
      return other == "spring" and "spring" or "slide"
    end)
    h.eq(calls, 1)
    h.eq(len, 1); h.eq(cols[1].type, "spring")
    h.eq(ax, -40); h.eq(ay, 0, "thrown back twice the rebound")
    -- the built-in names still work in a world with custom responses, and an unknown one is
    -- bump.lua's error
    w:update("player", 0, 0)
    ax = w:move("player", 50, 0)
    h.eq(ax, 20, "slides against the spring")
    local ok, err = pcall(w.move, w, "player", 80, 0, function() return "jump" end)
    h.eq(ok, false); h.eq(err, "Unknown collision type: jump (string)")
    -- a built-in name replaced for this world only
    w:addResponse("touch", function(_, col) return col.touch.x - 1, col.touch.y, {}, 0 end)
    w:update("player", 0, 0)
    ax = w:move("player", 50, 0, function() return "touch" end)
    h.eq(ax, 19)
    local other = c2d.newWorld(64)
    other:add("p", 0, 0, 10, 10)
    other:add("q", 30, 0, 10, 10)
    h.eq((other:move("p", 50, 0, function() return "touch" end)), 20, "other worlds keep bump.lua's touch")
  end)

  test("world: a filter may call the world; a filter's Lua error surfaces and the item stays", function()
    local w = c2d.newWorld(64)
    local a, wall = {}, {}
    w:add(a, 0, 0, 10, 10)
    w:add(wall, 50, 0, 10, 10)
    local ax = w:move(a, 100, 0, function(item, other)
      local x = w:getRect(other)
      h.eq(x, 50)
      h.truthy(w:hasItem(item), "item in the world")
      return "touch"
    end)
    h.eq(ax, 40)
    w:update(a, 0, 0)
    local ok, err = pcall(w.move, w, a, 100, 0, function() error("boom in filter") end)
    h.eq(ok, false)
    h.truthy(tostring(err):match("boom in filter"), "the filter's message: " .. tostring(err))
    local x, y = w:getRect(a)
    h.eq(x, 0); h.eq(y, 0, "left where it was")
    ok, err = pcall(w.move, w, a, 100, 0, function() return "bump" end)
    h.eq(ok, false)
    h.eq(err, "Unknown collision type: bump (string)")
    ok, err = pcall(w.check, w, a, 100, 0, function() error({ code = 7 }) end)
    h.eq(ok, false); h.eq(type(err), "table"); h.eq(err.code, 7, "any error value")
    -- still usable
    h.eq((w:move(a, 100, 0)), 40)
    -- a filter removing the moving item: bump.lua's error for an item not in the world
    w:update(a, 0, 0)
    ok, err = pcall(w.move, w, a, 100, 0, function(item) w:remove(item) return "touch" end)
    h.eq(ok, false)
    h.truthy(tostring(err):find("must be added to the world before getting its rect", 1, true), tostring(err))
    h.eq(w:hasItem(a), false)
    -- removing another: it no longer blocks and is never reported stale
    local b = {}
    w:add(b, 0, 0, 10, 10)
    local cols, len
    ax, _, cols, len = w:move(b, 100, 0, function(_, other) w:remove(other) return "touch" end)
    h.eq(w:hasItem(wall), false, "removed by the filter")
    h.eq(len, 0); h.eq(#cols, 0); h.eq(ax, 100, "nothing left in the way")
  end)

  test("world: bad arguments raise bump.lua's errors", function()
    local w = c2d.newWorld()
    local a = {}
    w:add(a, 0, 0, 1, 1)
    local function expect(pattern, f, ...)
      local msg = h.err(f, ...)
      h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
    end
    expect("Item " .. tostring(a) .. " added to the world twice.", w.add, w, a, 0, 0, 1, 1)
    expect("table index is nil", w.add, w, nil, 0, 0, 1, 1)
    expect("table index is NaN", w.add, w, 0 / 0, 0, 0, 1, 1)
    expect("h must be a positive integer, but was nil(nil)", w.add, w, {}, 0, 0, 1)
    expect("w must be a positive integer, but was -1(number)", w.add, w, {}, 0, 0, -1, 1)
    expect("w must be a positive integer, but was 0(number)", w.add, w, {}, 0, 0, 0, 1)
    expect("x must be a number, but was 1(a string)", w.add, w, {}, "1", 0, 1, 1)
    expect("x must be a finite number, but was", w.add, w, {}, 0 / 0, 0, 1, 1)
    expect("w must be a finite number, but was inf", w.add, w, {}, 0, 0, math.huge, 1)
    expect("Item nobody must be added to the world before getting its rect.", w.remove, w, "nobody")
    expect("Item nobody must be added to the world before getting its rect.", w.move, w, "nobody", 1, 1)
    expect("Item nobody must be added to the world before getting its rect.", w.getRect, w, "nobody")
    expect("Item nobody must be added to the world before getting its rect.", w.update, w, "nobody", 0, 0)
    expect("goalX must be a finite number, but was", w.move, w, a, 0 / 0, 1)
    expect("goalY must be a number, but was up(a string)", w.move, w, a, 1, "up")
    expect("x must be a finite number, but was inf", w.update, w, a, 1 / 0, 0)
    expect("w must be a positive integer, but was -1(number)", w.queryRect, w, 0, 0, -1, -1)
    expect("x must be a number, but was nil(a nil)", w.project, w)
    expect("calling 'move' on bad self (world expected, got table)", w.move, {}, a, 1, 1)
    expect("cellSize must be a positive integer, but was -10(number)", c2d.newWorld, -10)
    expect("cellSize must be a positive integer, but was (string)", c2d.newWorld, "")
    h.eq(w:countItems(), 1, "nothing added by the failed calls")
  end)

  -- Ports from bump.lua keep working where its arithmetic takes a numeric string: goals of
  -- moves, checks and projections, points and segments of queries, cells. A rect given to add,
  -- update or queryRect must still be numbers, as bump.lua asserts.
  test("world: numeric strings are read as Lua's arithmetic reads them", function()
    local w = c2d.newWorld(64)
    local p, wall = { "player" }, { "wall" }
    w:add(p, 0, 0, 10, 10)
    w:add(wall, 50, 0, 10, 10)
    -- the same answers, number types included, as with the numbers themselves
    local function same(f, strings, numbers)
      local unpack = table.unpack or unpack
      local a, b = { f(unpack(strings)) }, { f(unpack(numbers)) }
      h.eq(#a, #b)
      for k = 1, #b do
        if type(b[k]) == "number" then
          h.eq(a[k], b[k])
          h.eq(math.type and math.type(a[k]), math.type and math.type(b[k]))
        elseif type(b[k]) == "table" then
          h.eq(#a[k], #b[k])
        end
      end
    end
    same(function(...) return w:check(p, ...) end, { "100", "0" }, { 100, 0 })
    same(function(...) return w:check(p, ...) end, { "0x10", " 2.5 " }, { 16, 2.5 })
    same(function(...) return w:queryPoint(...) end, { "55", "5" }, { 55, 5 })
    same(function(...) return w:querySegment(...) end, { "0", "5", "100", "5" }, { 0, 5, 100, 5 })
    same(function(...) return w:querySegmentWithCoords(...) end, { "-10", "5", "100", "5" },
      { -10, 5, 100, 5 })
    same(function(...) return w:project(nil, 0, 20, 10, 10, ...) end, { "100", "-40" }, { 100, -40 })
    same(function(...) return w:toCell(...) end, { "100", "5" }, { 100, 5 })
    same(function(...) return w:toWorld(...) end, { "2", "1" }, { 2, 1 })
    local x, y, cols, len = w:move(p, "100", "0")
    h.eq(x, 40); h.eq(y, 0); h.eq(len, 1); h.eq(cols[1].other, wall)
    h.eq(select(2, w:queryPoint("45", "5")), 1, "moved")
    local function expect(pattern, f, ...)
      local msg = h.err(f, ...)
      h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
    end
    expect("goalX must be a number, but was 1e(a string)", w.move, w, p, "1e", 0)
    expect("x must be a number, but was 3(a string)", w.update, w, p, "3", 0)
    expect("y must be a number, but was 3(a string)", w.queryRect, w, 0, "3", 1, 1)
  end)

  test("world: a projection never lists an item its filter removed", function()
    local w = c2d.newWorld(64)
    local a, b, c = { "a" }, { "b" }, { "c" }
    w:add(a, 20, 0, 10, 10); w:add(b, 40, 0, 10, 10); w:add(c, 60, 0, 10, 10)
    -- the filter asked about a removes c (met later) and a itself
    local cols, len = w:project(nil, 0, 0, 10, 10, 100, 0, function(_, other)
      if other == a then w:remove(c); w:remove(a) end
      return "slide"
    end)
    h.eq(len, 1); h.eq(#cols, 1); h.eq(cols[1].other, b)
  end)

  -- bump.lua's debug draw walks `world.rows`: rows[cy][cx] = cell with `itemCount` and `items`.
  -- getCells() gives the same table; `world.rows = world:getCells()` before drawing is the one
  -- line a game adds.
  test("world: getCells lists bump.lua's grid cells with their items, as a debug draw reads them", function()
    local w = c2d.newWorld(64)
    local a, b, c = { "a" }, { "b" }, { "c" }
    w:add(a, 0, 0, 10, 10); w:add(b, 60, 60, 10, 10); w:add(c, -5, 200, 150, 10)
    local rows, n = w:getCells()
    h.eq(n, 8)
    h.eq(rows[1][1].itemCount, 2); h.truthy(rows[1][1].items[a] and rows[1][1].items[b])
    h.eq(rows[2][2].itemCount, 1); h.truthy(rows[2][2].items[b])
    h.eq(rows[1][2].x, 2); h.eq(rows[1][2].y, 1)
    for cx = 0, 3 do h.eq(rows[4][cx].itemCount, 1) end
    h.eq(rows[3], nil)
    w.rows = w:getCells()
    local drawn, items = 0, 0
    for cy, row in pairs(w.rows) do
      for cx, cell in pairs(row) do
        local l, t = w:toWorld(cx, cy)
        h.eq(l, (cx - 1) * w.cellSize); h.eq(t, (cy - 1) * w.cellSize)
        drawn, items = drawn + 1, items + cell.itemCount
      end
    end
    h.eq(drawn, 8); h.eq(items, 9)
    w:remove(b)
    rows, n = w:getCells()
    h.eq(n, 5); h.eq(rows[1][1].itemCount, 1); h.eq(rows[2], nil)
  end)

  -- A filter runs inside the library's move, so it cannot suspend a coroutine the way a
  -- pure-Lua bump.lua filter can: the move raises a message that says so, and the item stays.
  test("world: a filter that yields raises a clear error and moves nothing", function()
    local w = c2d.newWorld(64)
    local p, wall = { "player" }, { "wall" }
    w:add(p, 0, 0, 10, 10); w:add(wall, 50, 0, 10, 10)
    local co = coroutine.create(function()
      return w:move(p, 100, 0, function() coroutine.yield("paused") return "slide" end)
    end)
    local ok, err = coroutine.resume(co)
    h.eq(ok, false)
    h.truthy(tostring(err):find("a filter cannot yield", 1, true), tostring(err))
    h.eq(w:getRect(p), 0)
  end)

  test("world: worlds are collected with their items", function()
    for _ = 1, 200 do
      local w = c2d.newWorld(16)
      for i = 1, 50 do w:add(i, i, i, 1, 1) end
    end
    collectgarbage("collect")
    collectgarbage("collect")
    local before = collectgarbage("count")
    for _ = 1, 200 do
      local w = c2d.newWorld(16)
      for i = 1, 50 do w:add(i, i, i, 1, 1) end
    end
    collectgarbage("collect")
    collectgarbage("collect")
    h.truthy(collectgarbage("count") - before < 64, "no growth")
  end)
  test("world: long random add/update/remove/move sequences agree with brute force (3000 ops, quarter grid, quarter-unit and 1000-unit items, slide/touch/cross moves)", function()
    -- A model of the world in a plain table, kept from the values passed (multiples of 1/4) and,
    -- after each move, from getRect. Edges x + w of such values are exact in doubles, so the
    -- strict formulas below are exact; segments are checked with collide2d.bump's own
    -- rectangle clip (Lua), against the world's (C).
    local clip = require("collide2d.bump").rect.getSegmentIntersectionIndices
    local r = h.rng(20261121)
    local w = c2d.newWorld(32)
    local N = 120
    local pool, kind = {}, {}
    for i = 1, N do
      local it
      if i % 3 == 0 then it = "item" .. i elseif i % 3 == 1 then it = { id = i } else it = i + 0.5 end
      pool[i] = it
      kind[it] = i % 3 -- the mixed filter's answer for this item as the other
    end
    local model, count = {}, 0

    local function coord() return r.int(-1200, 1200) / 4 end
    local function size()
      local k = r.int(1, 100)
      if k <= 10 then return 0.25 end
      if k <= 13 then return 1000 end
      return r.int(1, 192) / 4
    end
    local function overlap(a, x, y, ww, hh) -- strict: a.x < x+w and x < a.x+a.w, and y
      return a.x < x + ww and x < a.x + a.w and a.y < y + hh and y < a.y + a.h
    end
    local function inside(a, x, y) return a.x < x and x < a.x + a.w and a.y < y and y < a.y + a.h end
    -- bump.lua's segment rule: the segment enters or leaves the box strictly between its ends
    local function segFinds(a, x1, y1, x2, y2)
      local t1, t2 = clip(a.x, a.y, a.w, a.h, x1, y1, x2, y2, 0, 1)
      return t1 ~= nil and ((0 < t1 and t1 < 1) or (0 < t2 and t2 < 1))
    end
    local function sameSet(items, len, want, what)
      h.eq(len, #items, what .. ": len")
      local seen, n = {}, 0
      for i = 1, len do
        local it = items[i]
        h.truthy(model[it], what .. ": found an item not in the model: " .. tostring(it))
        h.truthy(not seen[it], what .. ": duplicate " .. tostring(it))
        h.truthy(want[it], what .. ": found " .. tostring(it) .. " which brute force does not")
        seen[it] = true
        n = n + 1
      end
      local nwant = 0
      for it in pairs(want) do
        nwant = nwant + 1
        h.truthy(seen[it], what .. ": missed " .. tostring(it))
      end
      h.eq(n, nwant, what .. ": count")
    end
    -- A query edge: random, or one of an item's edges (exact touching) when the item is on the grid.
    local function edgeOr(f)
      if r.int(1, 2) == 1 then
        local it = pool[r.int(1, N)]
        local a = model[it]
        if a then
          local v = f(a)
          if v * 4 == math.floor(v * 4) then return v end
        end
      end
      return coord()
    end

    local function compare(step)
      local tag = "step " .. step
      h.eq(w:countItems(), count, tag .. ": countItems")
      local items, len = w:getItems()
      local all = {}
      for it in pairs(model) do all[it] = true end
      sameSet(items, len, all, tag .. ": getItems")
      for i = 1, N do
        local it = pool[i]
        local a = model[it]
        h.eq(w:hasItem(it), a ~= nil, tag .. ": hasItem " .. tostring(it))
        if a then
          local x, y, ww, hh = w:getRect(it)
          h.eq(x, a.x, tag .. ": x"); h.eq(y, a.y, tag .. ": y"); h.eq(ww, a.w, tag .. ": w"); h.eq(hh, a.h, tag .. ": h")
        end
      end
      for q = 1, 12 do
        local qx = edgeOr(function(a) return a.x + a.w end)
        local qy = edgeOr(function(a) return a.y + a.h end)
        local qw, qh = size(), size()
        if q % 4 == 0 then qw, qh = r.int(1, 4) / 4, r.int(1, 4) / 4 end
        local want = {}
        for it, a in pairs(model) do if overlap(a, qx, qy, qw, qh) then want[it] = true end end
        items, len = w:queryRect(qx, qy, qw, qh)
        sameSet(items, len, want, string.format("%s: queryRect(%g, %g, %g, %g)", tag, qx, qy, qw, qh))
      end
      for q = 1, 12 do
        local px = edgeOr(function(a) return q % 2 == 0 and a.x or a.x + a.w end)
        local py = edgeOr(function(a) return q % 3 == 0 and a.y or a.y + a.h / 2 end)
        local want = {}
        for it, a in pairs(model) do if inside(a, px, py) then want[it] = true end end
        items, len = w:queryPoint(px, py)
        sameSet(items, len, want, string.format("%s: queryPoint(%g, %g)", tag, px, py))
      end
      for q = 1, 8 do
        local x1, y1 = edgeOr(function(a) return a.x end), edgeOr(function(a) return a.y end)
        local x2, y2
        if q == 1 then x2, y2 = x1, y1 -- a point
        elseif q <= 3 then x2, y2 = x1 + r.int(-800, 800) / 4, y1 -- horizontal, maybe along an edge
        elseif q <= 5 then x2, y2 = x1, y1 + r.int(-800, 800) / 4
        else x2, y2 = coord(), coord() end
        local want = {}
        for it, a in pairs(model) do if segFinds(a, x1, y1, x2, y2) then want[it] = true end end
        local what = string.format("%s: querySegment(%g, %g, %g, %g)", tag, x1, y1, x2, y2)
        items, len = w:querySegment(x1, y1, x2, y2)
        sameSet(items, len, want, what)
        local infos, n = w:querySegmentWithCoords(x1, y1, x2, y2)
        h.eq(n, len, what .. " WithCoords len")
        for i = 1, n do
          h.eq(infos[i].item, items[i], what .. " WithCoords order")
          if i > 1 then h.truthy(infos[i - 1].ti1 <= infos[i].ti1, what .. ": nearest first") end
        end
      end
    end

    local filters = { "slide", "touch", "cross", "mixed", "none" }
    local mixed = { [0] = "slide", [1] = "touch", [2] = "cross" }
    local ops = { add = 0, update = 0, remove = 0, move = 0, moveHits = 0 }
    for step = 1, 3000 do
      local it = pool[r.int(1, N)]
      local a = model[it]
      local k = r.int(1, 100)
      if not a then
        if k <= 70 then
          local x, y, ww, hh = coord(), coord(), size(), size()
          h.eq(w:add(it, x, y, ww, hh), it, "add returns the item")
          model[it] = { x = x, y = y, w = ww, h = hh }
          count = count + 1
          ops.add = ops.add + 1
        end
      elseif k <= 12 then
        w:remove(it)
        model[it] = nil
        count = count - 1
        ops.remove = ops.remove + 1
      elseif k <= 30 then
        local x, y = coord(), coord()
        if k <= 20 then
          w:update(it, x, y)
          a.x, a.y = x, y
        else
          local ww, hh = size(), size()
          w:update(it, x, y, ww, hh)
          a.x, a.y, a.w, a.h = x, y, ww, hh
        end
        ops.update = ops.update + 1
      else
        -- a move toward a nearby goal (sometimes a long one) under one of the filters
        local reach = (k <= 90) and 40 or 400
        local gx, gy = a.x + r.int(-reach, reach) / 4, a.y + r.int(-reach, reach) / 4
        if gx * 4 ~= math.floor(gx * 4) then gx = coord() end -- off the grid after a move
        if gy * 4 ~= math.floor(gy * 4) then gy = coord() end
        local mode = filters[r.int(1, #filters)]
        local asked = {}
        local function response(other)
          if mode == "mixed" then return mixed[kind[other]] end
          if mode == "none" then return "slide" end
          return mode
        end
        local filter
        if mode ~= "none" then
          filter = function(item, other)
            h.eq(item, it, "filter's item")
            h.truthy(not asked[other], "asked once per other item")
            asked[other] = true
            return response(other)
          end
        end
        local start = {}
        for o, b in pairs(model) do
          if o ~= it and overlap(b, a.x, a.y, a.w, a.h) then start[o] = true end
        end
        local ax, ay, cols, len = w:move(it, gx, gy, filter)
        local x, y, ww, hh = w:getRect(it)
        h.eq(ax, x, "move's actualX is getRect's x"); h.eq(ay, y, "move's actualY is getRect's y")
        h.eq(ww, a.w, "move keeps the width"); h.eq(hh, a.h, "move keeps the height")
        h.truthy(len == #cols and len <= 32, "cols: " .. len)
        for i = 1, len do
          local c = cols[i]
          h.eq(c.item, it, "col.item")
          h.truthy(model[c.other] and c.other ~= it, "col.other in the world")
          h.eq(c.type, response(c.other), "col.type is the filter's")
          if c.overlaps then
            h.truthy(c.ti < 0, "an overlap's ti is minus its area")
          else
            h.truthy(c.ti >= 0 and c.ti <= 1, "ti in [0, 1]")
          end
        end
        if len == 0 then
          h.eq(x, gx, "an unobstructed move ends at the goal"); h.eq(y, gy, "at the goal")
        end
        a.x, a.y = x, y
        -- never ends strictly overlapping an item it did not overlap at the start, but for crossed ones
        for o, b in pairs(model) do
          if o ~= it and not start[o] and response(o) ~= "cross" then
            h.truthy(not overlap(b, x, y, ww, hh), string.format(
              "step %d: %s moved (%s) to %g, %g into %s", step, tostring(it), mode, x, y, tostring(o)))
          end
        end
        ops.move = ops.move + 1
        if len > 0 then ops.moveHits = ops.moveHits + 1 end
      end
      if step % 50 == 0 then compare(step) end
    end
    h.truthy(ops.add > 200 and ops.remove > 100 and ops.update > 200 and ops.move > 1000 and ops.moveHits > 100,
      string.format("a mixed sequence: %d add, %d remove, %d update, %d move (%d hit)",
        ops.add, ops.remove, ops.update, ops.move, ops.moveHits))
  end)
end
