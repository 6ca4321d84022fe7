-- Tile layers from Lua: a Lua array of kinds, a Tiled map (flipped ramps, an infinite map's
-- chunks, what Tiled exports that cannot load), an LDtk IntGrid layer, the tile proxies a game
-- meets in queries, moves and events, destructible terrain edited at random and checked against
-- the grid after every edit, rollback, and bad input.
return function(test, c2d, h)
  local T = c2d.tiles

  -- Every non-empty tile of the layer is covered by exactly one live proxy whose code is the
  -- tile's, whose run lies in the grid and whose rect is its run's; no proxy of the layer is
  -- stale. Returns the number of the layer's items.
  local function check_layer(w, layer, what)
    local cols, rows, tw, th, ox, oy = w:getTiles(layer)
    local cover = {}
    local items, n = w:getItems()
    local count = 0
    for i = 1, n do
      local it = items[i]
      if type(it) == "table" and it.layer == layer then
        count = count + 1
        h.truthy(w:hasItem(it), what .. ": a live proxy")
        local x, y, iw, ih = w:getRect(it)
        h.eq(x, ox + (it.col - 1) * tw, what .. ": x of the run at " .. it.col .. "," .. it.row)
        h.eq(y, oy + (it.row - 1) * th, what .. ": y")
        h.eq(iw, it.cols * tw, what .. ": w")
        h.eq(ih, it.rows * th, what .. ": h")
        h.eq(select(1, T.kind(it.code)), it.kind, what .. ": kind")
        h.eq(select(2, T.kind(it.code)), it.tag, what .. ": tag")
        for r = it.row, it.row + it.rows - 1 do
          for c = it.col, it.col + it.cols - 1 do
            local k = (r - 1) * cols + c
            h.eq(cover[k], nil, what .. ": tile " .. c .. "," .. r .. " covered twice")
            cover[k] = it
            h.eq(w:getTile(layer, c, r), it.code, what .. ": the code of tile " .. c .. "," .. r)
          end
        end
      end
    end
    for r = 1, rows do
      for c = 1, cols do
        if w:getTile(layer, c, r) % 256 ~= 0 then
          h.truthy(cover[(r - 1) * cols + c], what .. ": tile " .. c .. "," .. r .. " has an item")
        end
      end
    end
    return count
  end

  test("tiles: a level from a Lua array of kinds merges into runs that keep kind and tag", function()
    local w = c2d.newWorld(256) -- runs merge within a cell: here 16 tiles
    local _ = false
    local data = {
      _, _, _, _, _, _, _, _,
      _, _, "oneway", "oneway", "oneway", _, _, _,
      _, "x1y1", _, _, _, "x0y1", _, _,
      "solid", "solid", "solid", "solid", "solid", "solid", T.code("solid", 7), T.code("solid", 7),
      "solid", "solid", "solid", "solid", "solid", "solid", T.code("solid", 7), T.code("solid", 7),
    }
    local layer = T(w, data, { cols = 8, tileWidth = 16, x = 100, y = 50 })
    h.eq(check_layer(w, layer, "array"), 5, "two solid runs, one platform run, two ramps")
    local cols, rows, tw, th, x, y = w:getTiles(layer)
    h.eq(cols, 8); h.eq(rows, 5); h.eq(tw, 16); h.eq(th, 16); h.eq(x, 100); h.eq(y, 50)
    -- a point inside the tagged tiles finds the tagged run
    local found, len = w:queryPoint(100 + 7 * 16 + 3, 50 + 3 * 16 + 3)
    h.eq(len, 1)
    h.eq(found[1].kind, "solid"); h.eq(found[1].tag, 7); h.eq(found[1].col, 7); h.eq(found[1].row, 4)
    h.eq(found[1].cols, 2); h.eq(found[1].rows, 2)
    -- a point in the ramp's empty half finds nothing, in its solid half the ramp
    local _, none = w:queryPoint(100 + 16 + 2, 50 + 32 + 2)
    local ramp = w:queryPoint(100 + 16 + 14, 50 + 32 + 14)
    h.eq(ramp[1] and ramp[1].kind, "slope-x1y1", "the ramp")
    h.eq(none, 1, "a query by boxes finds the ramp's box either way")
  end)

  test("tiles: a player walks along a floor of differently tagged runs without catching on a seam", function()
    local w = c2d.newWorld(64)
    local row = {}
    for c = 1, 40 do
      row[c] = T.code("solid", math.floor((c - 1) / 3) % 2)
    end
    local layer = T(w, row, { cols = 40, tileWidth = 16, tileHeight = 16, y = 100 })
    h.truthy(check_layer(w, layer, "floor") >= 13, "the tags break the floor into runs")
    local player = {}
    -- standing flush on the floor, snapped by the game's own arithmetic (y = floor.y - h)
    w:add(player, 1.5, 100 - 20, 10, 20)
    local x, y, cols, len = w:move(player, 600.25, 100 - 20)
    h.eq(x, 600.25, "walked the whole way"); h.eq(y, 80); h.eq(len, 0, "no seam met")
    -- falling onto it with a step of v * dt lands exactly on top of a run
    w:update(player, 300.1, 40)
    local vy, dt = 0, 1 / 60
    for _ = 1, 60 do
      vy = vy + 900 * dt
      local px, py = w:getRect(player)
      local _, ny, c, n = w:move(player, px + 37 * dt, py + vy * dt)
      if n > 0 then
        h.eq(ny, 80, "landed flush")
        h.eq(c[1].normal.y, -1)
        h.eq(type(c[1].other), "table"); h.eq(c[1].other.layer, layer)
        return
      end
    end
    error("never landed")
  end)

  test("tiles: a jump-through row holds from above and lets a jump through from below", function()
    local w = c2d.newWorld(64)
    local data = {}
    for c = 1, 10 do data[c] = "oneway" end
    T(w, data, { cols = 10, tileWidth = 16, y = 64 })
    local p = {}
    w:add(p, 20, 90, 8, 8)
    local x, y, _, len = w:move(p, 20, 40)
    h.eq(y, 40, "jumped up through the platform"); h.eq(len, 0)
    x, y, _, len = w:move(p, 30, 100)
    h.eq(x, 30); h.eq(y, 56, "landed on it"); h.eq(len, 1)
  end)

  -- A Tiled map as Tiled 1.10 exports it to Lua: one tileset with properties, flips in the gids.
  local FH, FV, FD = 2 ^ 31, 2 ^ 30, 2 ^ 29
  local function tiled_map(data, extra)
    local map = {
      version = "1.10", luaversion = "5.1", orientation = "orthogonal", renderorder = "right-down",
      width = 4, height = 2, tilewidth = 8, tileheight = 8,
      tilesets = {
        { name = "t", firstgid = 1, tilewidth = 8, tileheight = 8, tilecount = 4, tiles = {
          { id = 0, properties = { collidable = true } },
          { id = 1, properties = { collidable = true, slope = "x1y1" } },
          { id = 2, properties = { collidable = true, oneway = true } },
          { id = 3, properties = { kind = "solid", tag = 9 } },
        } },
      },
      layers = {
        { type = "tilelayer", name = "walls", width = 4, height = 2, encoding = "lua",
          offsetx = 4, offsety = 0, properties = {}, data = data },
      },
    }
    for k, v in pairs(extra or {}) do map[k] = v end
    return map
  end

  test("tiles: Tiled's flipped and rotated ramps and platforms keep their shape as drawn", function()
    local cases = {
      { 2, "slope-x1y1" }, { 2 + FH, "slope-x0y1" }, { 2 + FV, "slope-x1y0" },
      { 2 + FH + FV, "slope-x0y0" }, { 2 + FD, "slope-x1y1" }, { 2 + FD + FH, "slope-x0y1" },
      { 3, "oneway-y-" }, { 3 + FV, "oneway-y+" }, { 3 + FD, "oneway-x-" },
      { 3 + FD + FH, "oneway-x+" }, { 1 + FH + FV + FD, "solid" },
    }
    for _, case in ipairs(cases) do
      local w = c2d.newWorld(64)
      local layers = T.fromTiled(w, tiled_map({ case[1], 0, 0, 0, 0, 0, 0, 0 }))
      h.eq(#layers, 1); h.eq(layers.walls, layers[1])
      local items, n = w:getItems()
      h.eq(n, 1)
      h.eq(items[1].kind, case[2], "gid " .. string.format("%.0f", case[1]))
      h.eq(select(1, w:getRect(items[1])), 4, "the layer's offset")
    end
  end)

  test("tiles: a Tiled map's tags, layer properties, groups, chunks and what cannot load", function()
    local w = c2d.newWorld(64)
    local layers = T.fromTiled(w, tiled_map({ 4, 4, 1, 1, 4, 0, 0, 0 }))
    h.eq(check_layer(w, layers.walls, "tags"), 3)
    local found = w:queryPoint(4 + 2, 2)
    h.eq(found[1].tag, 9); h.eq(found[1].cols, 2)
    -- a layer marked collidable makes its plain tiles solid; a group's offset adds up
    local map = tiled_map({ 0, 0, 0, 0, 0, 0, 0, 0 })
    map.tilesets[1].tiles = {}
    map.layers = { { type = "group", name = "g", offsetx = 100, layers = {
      { type = "tilelayer", name = "deco", width = 4, height = 2, data = { 1, 1, 1, 1, 1, 1, 1, 1 } },
      { type = "tilelayer", name = "solid", width = 4, height = 2, properties = { collidable = true },
        data = { 1, 0, 0, 1, 1, 0, 0, 1 } },
    } } }
    w = c2d.newWorld(64)
    layers = T.fromTiled(w, map)
    h.eq(#layers, 1, "the layer of plain tiles does not collide"); h.truthy(layers.solid)
    h.eq(check_layer(w, layers.solid, "collidable layer"), 2)
    h.eq(w:queryPoint(100 + 2, 2)[1].kind, "solid")
    w = c2d.newWorld(64)
    h.eq(#T.fromTiled(w, map, { collidable = true }), 2, "opts.collidable")
    w = c2d.newWorld(64)
    h.eq(#T.fromTiled(w, map, { collidable = true, layers = { deco = true } }), 1, "opts.layers")
    -- an infinite map: chunks placed by their own coordinates, negative ones too
    local inf = tiled_map({})
    inf.layers = { { type = "tilelayer", name = "inf", width = 0, height = 0, properties = {}, chunks = {
      { x = -16, y = 0, width = 16, height = 1, data = (function() local d = {} for k = 1, 16 do d[k] = 1 end return d end)() },
      { x = 16, y = 16, width = 16, height = 1, data = (function() local d = {} for k = 1, 16 do d[k] = 0 end d[1] = 4 return d end)() },
    } } }
    w = c2d.newWorld(128)
    layers = T.fromTiled(w, inf)
    h.eq(w:queryPoint(-16 * 8 + 4 + 1, 1)[1].cols, 16, "the first chunk at column -16")
    h.eq(w:queryPoint(16 * 8 + 4 + 1, 16 * 8 + 1)[1].tag, 9, "the second at (16, 16)")
    check_layer(w, layers.inf, "chunks")
    -- what Tiled can export but a collision layer cannot be made of: clear errors
    local b64 = tiled_map("eJxjYGBgAAAABAAB")
    b64.layers[1].encoding = "base64"
    h.truthy(h.err(T.fromTiled, c2d.newWorld(64), b64):find("Tile Layer Format to CSV", 1, true))
    local ext = tiled_map({ 1, 0, 0, 0, 0, 0, 0, 0 })
    ext.tilesets[1] = { firstgid = 1, filename = "terrain.tsx" }
    h.truthy(h.err(T.fromTiled, c2d.newWorld(64), ext):find("Embed Tilesets", 1, true))
    h.truthy(h.err(T.fromTiled, c2d.newWorld(64), tiled_map({}, { orientation = "isometric" }))
      :find("orthogonal", 1, true))
    h.truthy(h.err(T.fromTiled, c2d.newWorld(64), {}):find("not a Tiled map", 1, true))
    local bad = tiled_map({ 1, 0, 0, 0, 0, 0, 0, 0 })
    bad.tilesets[1].tiles[1].properties.oneway = "sideways"
    h.truthy(h.err(T.fromTiled, c2d.newWorld(64), bad):find("unknown kind", 1, true))
  end)

  test("tiles: an LDtk IntGrid layer, alone or found in its level", function()
    local li = {
      __identifier = "Collisions", __type = "IntGrid", __cWid = 5, __cHei = 2, __gridSize = 16,
      __pxTotalOffsetX = 8, __pxTotalOffsetY = 0,
      intGridCsv = { 1, 1, 2, 2, 0, 1, 1, 3, 3, 0 },
    }
    local w = c2d.newWorld(64)
    local layer = T.fromLDtk(w, li)
    h.eq(check_layer(w, layer, "ldtk"), 3, "by default each value is solid with its value as tag")
    h.eq(w:queryPoint(8 + 16 * 3 + 1, 1)[1].tag, 2)
    w = c2d.newWorld(64)
    layer = T.fromLDtk(w, { worldX = 1000, worldY = 0, layerInstances = {
      { __identifier = "Entities", __type = "Entities", entityInstances = {} },
      li,
    } }, { values = { [1] = "solid", [2] = "oneway", [3] = { kind = "solid", tag = 5 } } })
    h.eq(check_layer(w, layer, "ldtk level"), 3)
    local _, _, _, _, x = w:getTiles(layer)
    h.eq(x, 1008, "the level's worldX and the layer's offset")
    h.eq(w:queryPoint(1008 + 16 * 2 + 1, 1)[1].kind, "oneway-y-")
    h.eq(w:queryPoint(1008 + 16 * 2 + 1, 17)[1].tag, 5)
    h.truthy(h.err(T.fromLDtk, w, { layerInstances = {} }):find("no IntGrid layer", 1, true))
    h.truthy(h.err(T.fromLDtk, w, { x = 1 }):find("not an LDtk IntGrid layer", 1, true))
  end)

  test("tiles: destructible terrain, 400 random edits, the proxies equal to the grid after each", function()
    local rng = h.rng(777)
    local w = c2d.newWorld(128) -- blocks of 16 x 16 tiles of 8: edits re-merge up to 15 tiles away
    local cols, rows = 40, 24
    local kinds = { "empty", "solid", "solid", "oneway", "x1y1", "x0y1" }
    local data = {}
    for k = 1, cols * rows do
      data[k] = T.code(kinds[rng.int(1, #kinds)], rng.int(0, 1))
    end
    local layer = T(w, data, { cols = cols, rows = rows, tileWidth = 8 })
    local player = { name = "player" }
    w:add(player, -50, -50, 6, 6)
    check_layer(w, layer, "fresh")
    local held = {}
    for e = 1, 400 do
      local c, r = rng.int(1, cols), rng.int(1, rows)
      -- the game may hold a proxy across the edit that replaces it
      local hit = w:queryPoint((c - 1) * 8 + 4, (r - 1) * 8 + 4)
      if hit[1] then held[#held + 1] = hit[1] end
      w:setTile(layer, c, r, T.code(kinds[rng.int(1, #kinds)], rng.int(0, 1)))
      if e % 40 == 0 then
        check_layer(w, layer, "after edit " .. e)
      end
    end
    local n = check_layer(w, layer, "after 400 edits")
    h.eq(w:countItems(), n + 1, "the layer's items and the player, nothing stale")
    local stale = 0
    for _, p in ipairs(held) do
      if not w:hasItem(p) then stale = stale + 1 end
    end
    h.truthy(stale > 0, "replaced proxies left the world")
    -- the layer and its items leave together
    w:removeTiles(layer)
    h.eq(w:countItems(), 1); h.eq(#w:getItems(), 1)
    h.truthy(h.err(w.getTiles, w, layer):find("not a tile layer", 1, true))
  end)

  test("tiles: a rollback over edits brings back the layer and its proxies", function()
    local w = c2d.newWorld(64)
    local data = {}
    for k = 1, 64 do data[k] = (k % 5 == 0) and 0 or "solid" end
    local layer = T(w, data, { cols = 16, tileWidth = 16 })
    w:add("player", 0, -20, 10, 10)
    local snap = w:snapshot()
    local before = w:hash()
    local kept = w:queryPoint(16 + 1, 1)[1]
    for c = 1, 16 do w:setTile(layer, c, 1, 0) end
    w:setTile(layer, 5, 2, T.code("solid", 3))
    h.truthy(not w:hasItem(kept), "the edit replaced it")
    kept = nil
    collectgarbage(); collectgarbage()
    h.eq(w:restore(snap), true)
    h.eq(w:hash(), before, "the same world")
    check_layer(w, layer, "restored")
    -- proxies the game let go are made anew; the edit can be made again
    w:setTile(layer, 5, 2, T.code("solid", 3))
    check_layer(w, layer, "edited after the rollback")
    h.eq(w:move("player", 0, 40), 0)
    h.eq(select(2, w:move("player", 0, 40)), -10, "stands on row 1")
  end)

  test("tiles: a sensor walking over tiles names them in its events", function()
    local w = c2d.newWorld(64)
    local data = { 0, "solid", 0, T.code("solid", 4) }
    local layer = T(w, data, { cols = 4, tileWidth = 16 })
    w:add("probe", -20, 4, 8, 8)
    w:setSensor("probe")
    w:move("probe", 70, 4)
    local ev, n = w:events()
    h.eq(n, 4, "over each run and off it again")
    h.eq(ev[1].item.layer, layer); h.eq(ev[1].item.col, 2); h.eq(ev[1].passed, true)
    h.eq(ev[3].item.tag, 4)
  end)

  test("tiles: lua/README.md's LÖVE example walks the Tiled map's hill and digs a hole in it", function()
    local keys, printed = {}, {}
    local env = {
      love = { keyboard = { isDown = function(k) return keys[k] == true end } },
      require = function(name)
        if name == "level" then return dofile("examples/tiled/level.lua") end
        return c2d
      end,
      print = function(...) printed[#printed + 1] = table.concat({ ... }, " ") end,
    }
    local world, player = h.readme_example("-- main.lua (LÖVE): a level made in Tiled", env,
      "\nreturn function() return world, player end")()
    local function frames(n) for _ = 1, n do env.love.update(1 / 60) end end
    frames(60)
    local x, y = world:getRect(player)
    h.eq(y + 14, 128, "landed on the grass")
    keys.right = true
    for _ = 1, 240 do
      frames(1)
      x, y = world:getRect(player)
      if x >= 150 then break end
    end
    keys.right = nil
    frames(10)
    x, y = world:getRect(player)
    h.eq(y + 14, 96, "up the ramps onto the hilltop")
    world:update(player, 146, y) -- within one tile's width: over column 10 alone
    env.love.keypressed("down")
    frames(60)
    x, y = world:getRect(player)
    h.eq(y + 14, 112, "dropped into the hole it dug")
    h.eq(#printed, 0, "no spikes on the way")
  end)

  test("tiles: bad input gets clear errors and changes nothing", function()
    local w = c2d.newWorld(64)
    local layer = T(w, { "solid", 0, 0, "solid" }, { cols = 2, tileWidth = 8 })
    local count = w:countItems()
    h.truthy(h.err(w.setTile, w, layer, 3, 1, 1):find("col must be a whole number from 1 to 2", 1, true))
    h.truthy(h.err(w.setTile, w, layer, 1, 0, 1):find("row must be", 1, true))
    h.truthy(h.err(w.setTile, w, layer, 1, 1, 10):find("tile code", 1, true))
    h.truthy(h.err(w.setTile, w, layer, 1, 1, -1):find("tile code", 1, true))
    h.truthy(h.err(w.setTile, w, layer, 1, 1, 0.5):find("tile code", 1, true))
    h.truthy(h.err(w.setTile, w, 99, 1, 1, 1):find("not a tile layer", 1, true))
    h.truthy(h.err(w.setTile, w, "1", 1, 1, 1):find("not a tile layer", 1, true))
    h.truthy(h.err(w.getTile, w, layer, 1, 1 / 0):find("row must be", 1, true))
    h.truthy(h.err(w.addTiles, w, { 1, 2, 99 }, 3, 1, 8):find("codes[3]", 1, true))
    h.truthy(h.err(w.addTiles, w, { 1 }, 0, 1, 8):find("cols must be", 1, true))
    h.truthy(h.err(w.addTiles, w, { 1 }, 1, 2 ^ 40, 8):find("rows must be", 1, true))
    h.truthy(h.err(w.addTiles, w, { 1 }, 1, 1, 0 / 0):find("tileWidth", 1, true))
    h.truthy(h.err(w.addTiles, w, { 1 }, 1, 1, -8):find("tileWidth", 1, true))
    h.truthy(h.err(w.addTiles, w, "x", 1, 1, 8))
    h.truthy(h.err(T, w, { "lava" }, { cols = 1, tileWidth = 8 }):find('"lava", not a tile kind', 1, true))
    h.truthy(h.err(T.code, "solid", 2 ^ 24):find("tag", 1, true))
    local proxy = w:getItems()[1]
    h.truthy(h.err(w.remove, w, proxy):find("is a tile of a layer", 1, true))
    h.eq(w:countItems(), count, "nothing changed")
    h.eq(w:getTile(layer, 1, 1), 1)
    check_layer(w, layer, "after the errors")
  end)
end
