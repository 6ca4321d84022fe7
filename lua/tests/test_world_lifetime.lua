-- The world's lifetime and the edges of its callbacks: a world brought back by a finalizer
-- after its own __gc ran, levels whose items refer back to their world, a filter's answer with
-- an embedded zero byte, filters that change the world during a query.
return function(test, c2d, h)
  -- An object whose finalizer runs fn (a proxy on 5.1 and LuaJIT, a table on 5.2 and later).
  local function on_collect(fn)
    if newproxy then
      local p = newproxy(true)
      getmetatable(p).__gc = fn
      return p
    end
    return setmetatable({}, { __gc = fn })
  end

  local function full_gc()
    for _ = 1, 4 do collectgarbage("collect") end
  end

  test("world: a world a finalizer brings back after its own __gc ran raises an error from every method", function()
    local back
    local function level()
      local w
      -- Made before the world, so finalized after it (finalizers run in reverse order).
      local keeper = on_collect(function() back = w end)
      w = c2d.newWorld(32)
      w:add("player", 0, 0, 10, 10)
      w:add("wall", 20, 0, 10, 10)
      return keeper ~= nil
    end
    level()
    full_gc()
    h.truthy(back ~= nil, "the finalizer brought the world back")
    local calls = {
      add = { "x", 0, 0, 1, 1 }, remove = { "player" }, update = { "player", 1, 1 },
      move = { "player", 50, 0 }, check = { "player", 50, 0 }, project = { "ghost", 0, 0, 1, 1, 50, 0 },
      queryRect = { 0, 0, 100, 100 }, queryPoint = { 5, 5 }, querySegment = { 0, 5, 100, 5 },
      querySegmentWithCoords = { 0, 5, 100, 5 }, getRect = { "player" }, hasItem = { "player" },
      countItems = {}, getItems = {}, countCells = {}, toWorld = { 1, 1 }, toCell = { 1, 1 },
      addResponse = { "stick", function() end },
    }
    local n = 0
    for name, args in pairs(calls) do
      local f = back[name]
      h.truthy(type(f) == "function", "method " .. name)
      local ok, err = pcall(f, back, (table.unpack or unpack)(args))
      h.eq(ok, false, name .. " on a collected world")
      h.truthy(tostring(err):find("calling '" .. name .. "' on a world that was already collected", 1, true),
        name .. ": " .. tostring(err))
      n = n + 1
    end
    h.eq(n, 18, "every method tried")
    back = nil
    full_gc()
  end)

  test("world: 500 dropped levels whose items refer to their world are all collected", function()
    local alive = setmetatable({}, { __mode = "k" })
    local function count()
      local n = 0
      for _ in pairs(alive) do n = n + 1 end
      return n
    end
    local function levels(k)
      for _ = 1, k do
        local world = c2d.newWorld(64)
        alive[world] = true
        for i = 1, 40 do
          local entity = { world = world, hp = i } -- entity.world = world: a cycle
          world:add(entity, (i % 8) * 20, math.floor(i / 8) * 20, 16, 16)
        end
        world:move(select(1, world:getItems())[1], 500, 500)
      end
    end
    levels(20)
    full_gc()
    h.eq(count(), 0, "warm-up levels collected")
    local before = collectgarbage("count")
    levels(500)
    h.truthy(count() > 0, "levels were alive")
    full_gc()
    h.eq(count(), 0, "worlds alive after dropping 500 levels")
    local grown = collectgarbage("count") - before
    h.truthy(grown < 256, string.format("Lua heap back (grew %.0f KiB)", grown))
  end)

  test("world: a filter answering \"slide\\0junk\" is an unknown response, as bump.lua says, and the item stays", function()
    local w = c2d.newWorld(64)
    w:add("player", 0, 0, 10, 10)
    w:add("wall", 20, 0, 10, 10)
    for _, answer in ipairs({ "slide\0junk", "slid", "Slide", "slide " }) do
      local ok, err = pcall(w.move, w, "player", 100, 0, function() return answer end)
      h.eq(ok, false, "move with " .. string.format("%q", answer))
      h.eq(err, "Unknown collision type: " .. answer .. " (string)", "the whole answer, zero byte included")
      local x, y = w:getRect("player")
      h.eq(x, 0); h.eq(y, 0, "left where it was")
    end
    local ok, err = pcall(w.move, w, "player", 100, 0, function() return true end)
    h.eq(ok, false); h.eq(err, "Unknown collision type: true (boolean)")
    ok, err = pcall(w.check, w, "player", 100, 0, function() return 7 end)
    h.eq(ok, false); h.eq(err, "Unknown collision type: 7 (number)")
    -- an unknown answer for an item the move never meets raises nothing (bump.lua resolves, and
    -- checks, only the collisions it meets)
    w:add("far", 0, 500, 10, 10)
    local x = w:move("player", 15, 0, function(_, other) return other == "far" and "nonsense" or "slide" end)
    h.eq(x, 10, "stopped by the wall")
  end)

  test("world: querySegmentWithCoords reports the coordinates of the boxes as the query found them", function()
    local w = c2d.newWorld(16)
    w:add("a", 10, 0, 10, 10)
    w:add("b", 30, 0, 10, 10)
    w:add("c", 50, 0, 10, 10)
    local seen = {}
    local infos, len = w:querySegmentWithCoords(0, 5, 100, 5, function(item)
      seen[#seen + 1] = item
      if item == "a" then
        w:remove("b") -- a filter that changes the world: b's box is gone...
        w:update("c", 500, 500) -- ...and c's moved away
      end
      return item ~= "a"
    end)
    h.eq(#seen, 3, "the filter saw every item found")
    h.eq(seen[2], "b"); h.eq(seen[3], "c", "items as found, none nil")
    h.eq(len, 2)
    h.eq(infos[1].item, "b"); h.near(infos[1].x1, 30, 1e-12); h.near(infos[1].x2, 40, 1e-12); h.eq(infos[1].y2, 5)
    h.eq(infos[2].item, "c"); h.near(infos[2].x1, 50, 1e-12); h.near(infos[2].x2, 60, 1e-12)
    local items
    items, len = w:queryRect(0, 0, 1000, 1000, function(item)
      if item == "a" then w:remove("c") end
      return true
    end)
    h.truthy(len >= 1 and #items == len, "queryRect: no hole in the list")
  end)

  -- A door that shuts when the player crosses a trigger on its way: the filter adds the door in
  -- the player's path, and the move meets it (as bump.lua's does), stopping flush against it.
  test("world: an item a filter adds in the mover's path is met by the same move", function()
    local w = c2d.newWorld(32)
    w:add("player", 0, 0, 10, 10)
    w:add("trigger", 20, 0, 5, 10)
    local x, y, cols, len = w:move("player", 100, 0, function(_, other)
      if other == "trigger" then
        if not w:hasItem("door") then w:add("door", 50, 0, 10, 10) end
        return "cross"
      end
      return "slide"
    end)
    h.eq(len, 2); h.eq(cols[1].other, "trigger"); h.eq(cols[2].other, "door")
    h.eq(x, 40); h.eq(y, 0)
  end)

  test("world: a filter that moves, checks and adds items during a move: the move goes on in the world it left", function()
    local w = c2d.newWorld(32)
    w:add("a", 0, 0, 10, 10)
    w:add("b", 30, 0, 10, 10)
    w:add("c", 60, 0, 10, 10)
    local nested
    local x, y, cols, len = w:move("a", 100, 0, function(_, other)
      if other == "b" and not nested then
        nested = { w:move("b", 50, 0) } -- b moves away, right up to c
        nested.checked = select(4, w:check("c", 0, 0))
        w:add("d", 200, 200, 5, 5)
      end
      return "slide"
    end)
    h.eq(nested[1], 50, "the nested move ran"); h.eq(nested.checked, 1, "the nested check met b")
    h.eq(len, 1); h.eq(cols[1].other, "b", "met b where the filter moved it")
    h.eq(x, 40); h.eq(y, 0)
    h.eq(w:countItems(), 4); h.truthy(w:hasItem("d"))
  end)
end
