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
    h.truthy(tostring(err):find("Unknown collision type: bump (string)", 1, true), tostring(err))
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
  test("world: long random add/update/remove/move sequences agree with brute force (3000 ops, quarter grid, 0-size and 1000-unit items, slide/touch/cross moves)", function()
    -- A model of the world in a plain table, kept from the values passed (multiples of 1/4,
    -- exact in f32) and, after each move, from getRect. The world computes edges as x + w in
    -- f64 from f32 fields, as Lua does in doubles, so the strict formulas below are exact.
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
      if k <= 10 then return 0 end
      if k <= 13 then return 1000 end
      return r.int(1, 192) / 4
    end
    local function overlap(a, x, y, ww, hh) -- strict: a.x < x+w and x < a.x+a.w, and y
      return a.x < x + ww and x < a.x + a.w and a.y < y + hh and y < a.y + a.h
    end
    local function inside(a, x, y) return a.x < x and x < a.x + a.w and a.y < y and y < a.y + a.h end
    -- Closed segment against closed rect: bounding boxes meet and the line does not pass the
    -- rect by (the library's orientation formula, exact for these values).
    local function orient(ax, ay, bx, by, px, py) return (bx - ax) * (py - ay) - (by - ay) * (px - ax) end
    local function segHits(a, x1, y1, x2, y2)
      local x0, x1r, y0, y1r = a.x, a.x + a.w, a.y, a.y + a.h
      if math.max(x1, x2) < x0 or math.min(x1, x2) > x1r or math.max(y1, y2) < y0 or math.min(y1, y2) > y1r then
        return false
      end
      local ge, le = false, false
      for _, c in ipairs({ { x0, y0 }, { x1r, y0 }, { x0, y1r }, { x1r, y1r } }) do
        local o = orient(x1, y1, x2, y2, c[1], c[2])
        if o >= 0 then ge = true end
        if o <= 0 then le = true end
      end
      return ge and le
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
        if q % 4 == 0 then qw, qh = r.int(0, 4) / 4, r.int(0, 4) / 4 end
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
        for it, a in pairs(model) do if segHits(a, x1, y1, x2, y2) then want[it] = true end end
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
          h.truthy(not start[c.other], "an item overlapped at the start is no hit")
          h.eq(c.type, response(c.other), "col.type is the filter's")
          h.truthy(c.ti >= 0 and c.ti <= 1, "ti in [0, 1]")
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
