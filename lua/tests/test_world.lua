-- The world in bump.lua's form: items of any Lua type, moves with filters and collision tables,
-- check and project, queries, bad input, and Lua errors raised inside filters.
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
    h.eq(w:hasItem(nil), false)
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

  test("world: seed 001's ball moving 50 per frame is stopped by the 8-unit paddle", function()
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

  test("world: check leaves the item in place; project needs no item in the world", function()
    local w = c2d.newWorld(64)
    local a, wall = {}, {}
    w:add(a, 0, 0, 10, 10)
    w:add(wall, 50, 0, 10, 10)
    local ax, ay, cols, len = w:check(a, 100, 0)
    h.eq(ax, 40); h.eq(ay, 0); h.eq(len, 1); h.eq(cols[1].other, wall)
    local x, y = w:getRect(a)
    h.eq(x, 0); h.eq(y, 0, "check did not move it")
    local ghost = {}
    cols, len = w:project(ghost, 0, 2, 4, 4, 100, 2)
    h.eq(len, 1); h.eq(cols[1].item, ghost); h.eq(cols[1].touch.x, 46)
    h.eq(w:hasItem(ghost), false); h.eq(w:countItems(), 2)
    cols, len = w:project(a, 0, 20, 10, 10, 100, 20)
    h.eq(len, 0, "projected below the wall")
    x, y = w:getRect(a)
    h.eq(x, 0); h.eq(y, 0, "project did not move it")
  end)

  test("world: queryRect, queryPoint, querySegment(WithCoords) with filters (strict boundaries)", function()
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
    items, len = w:querySegment(-10, 5, 100, 5)
    h.eq(len, 3); h.eq(items[1], a); h.eq(items[2], b); h.eq(items[3], c)
    items, len = w:querySegment(100, 5, -10, 5, function(item) return item ~= b end)
    h.eq(len, 2); h.eq(items[1], c, "nearest first"); h.eq(items[2], a)
    local infos
    infos, len = w:querySegmentWithCoords(-10, 5, 100, 5)
    h.eq(len, 3)
    h.eq(infos[2].item, b)
    h.near(infos[2].ti1, 30 / 110, 1e-6); h.near(infos[2].ti2, 40 / 110, 1e-6)
    h.eq(infos[2].x1, 20); h.eq(infos[2].y1, 5); h.eq(infos[2].x2, 30); h.eq(infos[2].y2, 5)
    local many = c2d.newWorld(8)
    for i = 1, 300 do many:add(i, i, 0, 2, 2) end
    items, len = many:queryRect(0, 0, 1000, 1)
    h.eq(len, 300, "large results")
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
    h.truthy(tostring(err):match("unknown response 'bump'"), tostring(err))
    ok, err = pcall(w.check, w, a, 100, 0, function() error({ code = 7 }) end)
    h.eq(ok, false); h.eq(type(err), "table"); h.eq(err.code, 7, "any error value")
    -- still usable
    h.eq((w:move(a, 100, 0)), 40)
    -- a filter removing the moving item: an error; removing another: no crash, it is gone
    w:update(a, 0, 0)
    ok, err = pcall(w.move, w, a, 100, 0, function(item) w:remove(item) return "touch" end)
    h.eq(ok, false)
    h.truthy(tostring(err):match("item left the world"), tostring(err))
    h.eq(w:hasItem(a), false)
    local b = {}
    w:add(b, 0, 0, 10, 10)
    local cols, len
    ax, _, cols, len = w:move(b, 100, 0, function(_, other) w:remove(other) return "touch" end)
    h.eq(w:hasItem(wall), false, "removed by the filter")
    h.truthy(len <= 1 and (len == 0 or cols[1].other == nil or cols[1].other == wall), "no stale item")
    h.truthy(ax == 100 or ax == 40, "a defined position: " .. tostring(ax))
  end)

  test("world: bad arguments and bad items raise errors naming the method", function()
    local w = c2d.newWorld()
    local a = {}
    w:add(a, 0, 0, 1, 1)
    local function expect(pattern, f, ...)
      local msg = h.err(f, ...)
      h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
    end
    expect("bad argument #1 to 'add' (item already in the world)", w.add, w, a, 0, 0, 1, 1)
    expect("bad argument #1 to 'add' (item must not be nil or NaN)", w.add, w, nil, 0, 0, 1, 1)
    expect("bad argument #1 to 'add' (item must not be nil or NaN)", w.add, w, 0 / 0, 0, 0, 1, 1)
    expect("bad argument #5 to 'add' (number expected, got nil)", w.add, w, {}, 0, 0, 1)
    expect("bad argument #2 to 'add' (x, y, w and h must be finite)", w.add, w, {}, 0 / 0, 0, 1, 1)
    expect("bad argument #1 to 'remove' (item not in the world)", w.remove, w, {})
    expect("bad argument #1 to 'move' (item not in the world)", w.move, w, "nobody", 1, 1)
    expect("bad argument #2 to 'move' (goal must be finite)", w.move, w, a, 0 / 0, 1)
    expect("bad argument #3 to 'move' (number expected, got string)", w.move, w, a, 1, "1")
    expect("bad argument #1 to 'getRect' (item not in the world)", w.getRect, w, {})
    expect("bad argument #2 to 'update' (x, y, w and h must be finite)", w.update, w, a, 1 / 0, 0)
    expect("calling 'move' on bad self (world expected, got table)", w.move, {}, a, 1, 1)
    expect("bad argument #1 to 'newWorld' (cell size must be positive and finite)", c2d.newWorld, 0)
    expect("bad argument #1 to 'newWorld' (number expected, got string)", c2d.newWorld, "64")
    h.eq(w:countItems(), 1, "nothing added by the failed calls")
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
end
