-- A tiny game that ships collide2d in its own folder: collide2d/ (the Lua files), collide2d.so
-- and libcollide2d.so.1 beside this file. Run by a plain interpreter with package.path and
-- package.cpath pointing at the folder (lua/hosts/game_folder.sh), or by LÖVE as a game folder
-- (`love <folder>`), where it quits with status 0 when every check passes and 1 otherwise.
-- The module to load is "collide2d" unless the first argument names another ("collide2d.core").

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
  return string.format("collide2d %s (%s) loaded from the game folder: a slide to (%g, %g)",
    c2d._VERSION, c2d._IMPL, x, y)
end

if type(love) == "table" then
  function love.load()
    local ok, msg = pcall(check, "collide2d")
    print(ok and msg or ("FAILED: " .. tostring(msg)))
    love.event.quit(ok and 0 or 1)
  end
else
  print(check((arg and arg[1]) or "collide2d"))
end
