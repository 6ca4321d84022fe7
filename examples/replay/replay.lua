-- The replay of replay.c in Lua: the same level, the same 1,000 players, the same recorded keys,
-- and the same line per frame ("frame hash"), which must match examples/replay/hashes.txt on
-- Lua 5.1 to 5.4 and LuaJIT as it does from C.
--
--   lua replay.lua inputs.txt                 play the recording, one line per frame
--   lua replay.lua --rollback F N inputs.txt  the same, and at frame F also snapshot, play N
--                                             frames, restore and play them again (exit 1 if the
--                                             hashes differ)
--
-- From the repository root, after `make all` (for Lua 5.4; target/lua/5.1 for 5.1 and LuaJIT):
--   LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='target/lua/5.4/?.so;;' \
--     lua5.4 examples/replay/replay.lua examples/replay/inputs.txt > frames.txt
--
-- The game's arithmetic is the C program's, operation for operation, in doubles (Lua's numbers):
-- every speed a multiple of 1/8.
local c2d = require("collide2d")

local MOVERS, SECTIONS, LIFT_PERIOD = 1000, 32, 280

local function build()
  local g = { world = c2d.newWorld(64), lifts = {}, players = {}, vy = {}, onFloor = {}, keys = {} }
  local w = g.world
  local n = 0
  -- The level, then the players, added in replay.c's order: the handles are part of the hash.
  local function add(x, y, width, height, kind)
    n = n + 1
    local item = { kind = kind, n = n }
    w:add(item, x, y, width, height)
    return item
  end
  add(0, 760, 16000, 40, "level")
  add(-32, -2000, 32, 2800, "level")
  add(16000, -2000, 32, 2800, "level")
  for k = 0, SECTIONS - 1 do
    local base = k * 500.0
    w:setSlope(add(base + 40, 728, 64, 32, "level"), "x1y1")
    add(base + 104, 728, 96, 32, "level")
    w:setSlope(add(base + 200, 728, 64, 32, "level"), "x0y1")
    w:setSlope(add(base + 120, 712, 32, 16, "level"), "x1y1")
    w:setSlope(add(base + 152, 712, 32, 16, "level"), "x0y1")
    w:setOneWay(add(base + 280, 680.5, 96, 8, "level"), 0, -1)
    w:setOneWay(add(base + 300.25, 610.75, 64, 8, "level"), 0, -1)
  end
  for k = 0, SECTIONS - 1 do
    local base = k * 500.0
    if k % 2 == 0 then
      g.lifts[k] = add(base + 400, 700, 64, 8, "lift")
    else
      g.lifts[k] = add(base + 380, 650, 64, 8, "lift")
    end
  end
  for i = 0, MOVERS - 1 do
    g.players[i] = add(16 + (i % 250) * 63.5, 100 + math.floor(i / 250) * 40, 12, 20, "player")
    g.vy[i], g.onFloor[i], g.keys[i] = 0.0, false, 0
  end
  return g
end

-- Lifts carry and push players, never the level or each other.
local function liftFilter(item)
  return item.kind == "player" and "slide" or nil
end

local function step(g, frame)
  local w = g.world
  for k = 0, SECTIONS - 1 do
    local phase = (frame + k * 17) % LIFT_PERIOD
    local way = phase < LIFT_PERIOD / 2 and -1 or 1
    if k % 2 == 0 then
      w:moveSolid(g.lifts[k], 0, way, liftFilter, 0, -1)
    else
      w:moveSolid(g.lifts[k], way * 0.5, 0, liftFilter, 0, -1)
    end
  end
  local vy, onFloor, keys = g.vy, g.onFloor, g.keys
  for i = 0, MOVERS - 1 do
    local item = g.players[i]
    local x, y = w:getRect(item)
    local k, vx = keys[i], 0.0
    if k % 2 == 1 then vx = vx - 2.25 end
    if math.floor(k / 2) % 2 == 1 then vx = vx + 2.25 end
    local v = vy[i] + 0.375
    if v > 12 then v = 12.0 end
    if k >= 4 and onFloor[i] then v = -8.5 end
    local _, _, _, _, ground = w:moveGround(item, x + vx, y + v, nil, 0, -1)
    onFloor[i] = ground.onFloor
    if (ground.onFloor and v > 0) or (ground.onCeiling and v < 0) then v = 0.0 end
    vy[i] = v
  end
end

local function copyState(g)
  local c = { vy = {}, onFloor = {}, keys = {} }
  for i = 0, MOVERS - 1 do
    c.vy[i], c.onFloor[i], c.keys[i] = g.vy[i], g.onFloor[i], g.keys[i]
  end
  return c
end

local function play(path, rollbackAt, rollbackFrames)
  local lines = assert(io.lines(path))
  local movers, frames = lines():match("^movers (%d+) frames (%d+)")
  assert(tonumber(movers) == MOVERS, "a recording of " .. MOVERS .. " players")
  frames = tonumber(frames)
  local g = build()
  local nextFrame, mover, keys = 0, nil, nil
  local function nextChange()
    local line = lines()
    local d, m, k = (line or ""):match("^(%d+) (%d+) (%d+)")
    if not d then nextFrame = -1; return end
    nextFrame, mover, keys = nextFrame + tonumber(d), tonumber(m), tonumber(k)
  end
  nextChange()
  local out = {}
  for frame = 0, frames - 1 do
    while nextFrame == frame do
      g.keys[mover] = keys
      nextChange()
    end
    if frame == rollbackAt then
      -- A rollback: the world's snapshot and the game's own state, N frames played with the
      -- keys held now, then both put back and the same frames played again.
      local snap, saved, first, same = g.world:snapshot(), copyState(g), {}, true
      for n = 0, rollbackFrames - 1 do
        step(g, frame + n)
        first[n] = g.world:hash()
      end
      local function back()
        g.world:restore(snap)
        local c = copyState(saved)
        g.vy, g.onFloor, g.keys = c.vy, c.onFloor, c.keys
      end
      back()
      for n = 0, rollbackFrames - 1 do
        step(g, frame + n)
        same = same and first[n] == g.world:hash()
      end
      io.stderr:write(("rollback at frame %d: %d frames played again, %s\n"):format(frame,
        rollbackFrames, same and "the same hashes" or "DIFFERENT hashes"))
      if not same then os.exit(1) end
      back()
    end
    step(g, frame)
    out[#out + 1] = ("%d %s\n"):format(frame + 1, g.world:hash())
    if #out == 500 then
      io.write(table.concat(out)); out = {}
    end
  end
  io.write(table.concat(out))
end

if arg[1] == "--rollback" and arg[4] then
  play(arg[4], tonumber(arg[2]), tonumber(arg[3]))
elseif arg[1] and not arg[2] then
  play(arg[1], -1, 0)
else
  io.stderr:write("usage: lua replay.lua inputs.txt\n       lua replay.lua --rollback FRAME N inputs.txt\n")
  os.exit(2)
end
