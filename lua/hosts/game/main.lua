-- A tiny game that ships collide2d in its own folder: collide2d/ (the Lua files), collide2d.so
-- and libcollide2d.so.1 beside this file, and a level made in Tiled (level.lua). Run by a plain interpreter with package.path and
-- package.cpath pointing at the folder (lua/hosts/game_folder.sh), or by LÖVE as a game folder
-- (`love <folder>`), where it quits with status 0 when every check passes and 1 otherwise; in
-- LÖVE it also draws a world's cells with bump.lua's debug draw and checks the pixels.
-- The module to load is "collide2d" unless the first argument names another ("collide2d.core").

-- The Tiled map level.lua (examples/tiled/level.lua: ground, grass, a hill of ramps, a one-way
-- platform, spikes tagged 1, and a layer of flowers that do not collide), played at 60 frames a
-- second: a player drops onto the grass, walks up the hill and down, jumps up through the
-- platform and lands on it, walks off, and crosses the spikes, hurt.
local function play_level(c2d)
  local map = require("level")
  local world = c2d.newWorld(64)
  local layers = c2d.tiles.fromTiled(world, map)
  assert(#layers == 1 and layers.ground == layers[1] and layers.flowers == nil,
    "only the ground layer collides")
  local tiles = 0
  for _, gid in ipairs(map.layers[1].data) do
    tiles = tiles + (gid ~= 0 and 1 or 0)
  end
  local items = world:countItems()
  local player, h = { name = "player" }, 14
  world:add(player, 20, 0, 12, h)
  local vy, standing, hurt = 0, false, nil
  local function filter(_, other)
    return other.tag == 1 and "cross" or "slide"
  end
  local x, y
  local function frame(vx, jump)
    if jump and standing then
      vy = -420
    end
    vy = vy + 900 / 60
    x, y = world:getRect(player)
    local cols, len
    x, y, cols, len = world:move(player, x + vx / 60, y + vy / 60, filter)
    standing = false
    for i = 1, len do
      local col = cols[i]
      if col.other.tag == 1 then
        hurt = col.other
      elseif col.normal.y < 0 then
        standing, vy = true, 0
      elseif col.normal.y > 0 and vy < 0 then
        vy = 0
      end
    end
  end
  local function run(vx, what, done)
    for _ = 1, 240 do
      frame(vx)
      if done() then
        return
      end
    end
    error(string.format("%s: gave up at (%g, %g)", what, x, y))
  end
  local function feet(want, what)
    assert(y + h == want, string.format("%s: feet at %.17g, not %g", what, y + h, want))
  end
  run(0, "dropped", function() return standing end)
  feet(128, "on the grass")
  run(90, "up the ramps", function() return x >= 150 end)
  feet(96, "on the hilltop")
  run(90, "down the ramps", function() return x >= 226 and standing end)
  feet(128, "on the grass again")
  frame(0, true)
  run(0, "jumped", function() return standing end)
  feet(48, "up through the one-way platform and on it")
  run(90, "along and off the platform, across the spikes", function() return x >= 360 end)
  feet(128, "past the spikes")
  assert(hurt and hurt.kind == "solid" and hurt.col == 21 and hurt.cols == 2, "hurt by the spikes")
  assert(items < tiles, "merged")
  return tiles, items
end

local function check(module)
  local c2d = require(module)
  local world = c2d.newWorld(64)
  local player = { name = "player" }
  local wall = { name = "wall", world = world } -- an item that refers back to its world
  world:add(player, 0, 0, 16, 16)
  world:add(wall, 40, 0, 16, 64)
  -- the player runs right into the wall and slides down along it
  local x, y, cols, len = world:move(player, 100, 10)
  assert(x == 24 and y == 10, "slid along the wall: " .. x .. ", " .. y)
  assert(len == 1 and cols[1].other == wall and cols[1].normal.x == -1, "one collision, the wall")
  assert(c2d.rectIntersectsRect({ x = 0, y = 0, width = 1, height = 1 }, { x = 1, y = 0, width = 1, height = 1 }),
    "touching rects intersect (cocos2d-x's rule)")
  -- a bump.lua game's require, changed to this one
  local bump = require("collide2d.bump")
  local level = bump.newWorld(32)
  level:add("hero", 0, 99.9 - 16, 16, 16)
  level:add("ground", -100, 99.9, 400, 20)
  local hx, hy = level:move("hero", 50, 99.9, function() return "slide" end)
  assert(hx == 50 and hy == 99.9 - 16, "the hero walks on the ground: " .. hx .. ", " .. hy)
  assert(bump._VERSION == "bump v3.1.7" and bump.newWorld == c2d.newWorld, "bump.lua's module")
  local tiles, items = play_level(c2d)
  return string.format("collide2d %s (%s) loaded from the game folder: a slide to (%g, %g); "
    .. "a Tiled map of %d tiles in %d items played through", c2d._VERSION, c2d._IMPL, x, y, tiles,
    items)
end

-- bump.lua's debug draw, as it reads a world: every cell of `world.rows` shaded by its item
-- count, with the count printed in it. collide2d's world gives that table with getCells().
local function debug_draw(world)
  local cellSize = world.cellSize
  local font = love.graphics.getFont()
  local topOffset = (cellSize - font:getHeight()) / 2
  for cy, row in pairs(world.rows) do
    for cx, cell in pairs(row) do
      local l, t = world:toWorld(cx, cy)
      love.graphics.setColor(1, 1, 1, (cell.itemCount * 12 + 16) / 255)
      love.graphics.rectangle("fill", l, t, cellSize, cellSize)
      love.graphics.setColor(1, 1, 1, 64 / 255)
      love.graphics.printf(cell.itemCount, l, t + topOffset, cellSize, "center")
      love.graphics.setColor(1, 1, 1, 10 / 255)
      love.graphics.rectangle("line", l, t, cellSize, cellSize)
    end
  end
end

-- Draws a small world with the debug draw into a canvas and reads the pixels back: the cells
-- holding items are shaded, the others left clear.
local function draw_cells(c2d)
  local world = c2d.newWorld(32)
  world:add("a", 4, 4, 8, 8)
  world:add("b", 40, 40, 30, 8)
  world.rows = world:getCells()
  local canvas = love.graphics.newCanvas(128, 128)
  love.graphics.setCanvas(canvas)
  love.graphics.clear(0, 0, 0, 0)
  debug_draw(world)
  love.graphics.setCanvas()
  local pixels = canvas:newImageData()
  local function shaded(x, y)
    local _, _, _, a = pixels:getPixel(x, y)
    return a > 0
  end
  assert(shaded(2, 2) and shaded(34, 50) and shaded(66, 50), "the cells with items are drawn")
  assert(not shaded(100, 100) and not shaded(50, 2), "empty cells are not")
  return "bump.lua's debug draw ran on world.rows"
end

if type(love) == "table" then
  function love.load()
    local ok, msg = pcall(check, "collide2d")
    if ok then
      local drawn, dmsg = pcall(draw_cells, require("collide2d"))
      ok, msg = drawn, drawn and (msg .. "; " .. dmsg) or dmsg
    end
    print(ok and msg or ("FAILED: " .. tostring(msg)))
    love.event.quit(ok and 0 or 1)
  end
else
  print(check((arg and arg[1]) or "collide2d"))
end
