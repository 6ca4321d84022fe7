-- Calls per second of the cocos2d-x MainScene's four functions: the binding against their pure-Lua
-- versions (lua/tests/cocos_pure.lua), on the running interpreter; then of the motion calls
-- (binding only), and of one rect against 1,000 (a loop of single calls and the batch call). On
-- LuaJIT both the FFI path and the C module are measured; then of a world's move and queryRect
-- at 1,000 and 10,000 items. Prints one
-- table row per function. Timing uses os.clock (CPU time).
--   lua bench.lua [seconds-per-case]
local seed = require("cocos_pure")
local budget = tonumber(arg and arg[1]) or 0.3

local impls = {}
if type(jit) == "table" then
  local ok, m = pcall(require, "collide2d.ffi")
  if ok then impls[#impls + 1] = { "FFI", m } end
  impls[#impls + 1] = { "C module", require("collide2d.core") }
else
  impls[#impls + 1] = { "C module", require("collide2d") }
end
impls[#impls + 1] = { "pure Lua", seed }

-- 64 argument pairs around the MainScene geometry, half colliding, cycled through.
local cases = {
  circleIntersectsCircle = function(i)
    return { x = 500 + i, y = 300, r = 50 }, { x = 600, y = 300 + i % 7, r = 50 }
  end,
  rectIntersectsRect = function(i)
    return { x = 500 + i, y = 300, width = 100, height = 40 }, { x = 620, y = 300 + i % 7, width = 180, height = 72 }
  end,
  rectIntersectsCircle = function(i)
    return { x = 620, y = 300, width = 180, height = 72 }, { x = 540 + i, y = 330 + i % 7, r = 50 }
  end,
  rectRotateIntersectsCircle = function(i)
    return { x = 620, y = 300, width = 180, height = 72, angle = 45 }, { x = 520 + 2 * i, y = 300 + i, r = 50 }
  end,
}
local names = { "circleIntersectsCircle", "rectIntersectsRect", "rectIntersectsCircle", "rectRotateIntersectsCircle" }

-- The timing loop is compiled afresh for every measurement (a new function prototype), so on
-- LuaJIT each function is measured in a trace of its own rather than in a side trace of the loop
-- compiled for the previous one. Same loop for the binding and the pure Lua.
local loop_src = [[
local f, as, bs, budget = ...
local clock = os.clock
local n, total, hits = 4096, 0, 0
local t0 = clock()
repeat
  for i = 1, n do
    local k = i % 64 + 1
    if f(as[k], bs[k]) then hits = hits + 1 end
  end
  total = total + n
  n = n * 2
until clock() - t0 >= budget
return total / (clock() - t0), hits
]]

local function rate(f, as, bs)
  return assert((loadstring or load)(loop_src, "=bench loop"))(f, as, bs, budget)
end

local header = string.format("%-28s", (type(jit) == "table" and jit.version or _VERSION))
for _, impl in ipairs(impls) do header = header .. string.format(" %14s", impl[1]) end
print(header .. "   (million calls/s)")
for _, name in ipairs(names) do
  local as, bs = {}, {}
  for k = 1, 64 do as[k], bs[k] = cases[name](k) end
  local row = string.format("%-28s", name)
  for _, impl in ipairs(impls) do
    row = row .. string.format(" %14.2f", rate(impl[2][name], as, bs) / 1e6)
  end
  print(row)
end

-- Motion calls, each through a two-argument wrapper (the same loop): a 16x16 mover against a
-- 64x8 rect (two in five hit), a ray from its centre, and a slide over a 20-tile floor.
local floor = {}
for i = 0, 19 do floor[#floor + 1] = { x = 16 * i, y = 100, width = 16, height = 16 } end
local motion = {
  { "sweepRectRect", function(m)
    local f = m.sweepRectRect
    return function(a, b) return f(a, 0, 70, b) end
  end },
  { "raycastRect", function(m)
    local f = m.raycastRect
    return function(a, b) return f(a.x + 8, a.y + 8, 0, 70, b) end
  end },
  { "moveRect (20 tiles)", function(m)
    local f = m.moveRect
    return function(a) return f(a, 60, 20, floor) end
  end },
}
local header2 = string.format("%-28s", "motion")
for i = 1, #impls - 1 do header2 = header2 .. string.format(" %14s", impls[i][1]) end
print(header2)
for _, case in ipairs(motion) do
  local as, bs = {}, {}
  for k = 1, 64 do
    as[k] = { x = 10 + 2 * k, y = 60, width = 16, height = 16 }
    bs[k] = { x = 100, y = 130, width = 64, height = 8 }
  end
  local row = string.format("%-28s", case[1])
  for i = 1, #impls - 1 do
    row = row .. string.format(" %14.2f", rate(case[2](impls[i][2]), as, bs) / 1e6)
  end
  print(row)
end

-- One rect against 1,000 rects (a bullet against every enemy, 4% hit): a loop of overlapRectRect
-- calls building the list of hits, and one overlapRectRects call. Microseconds per 1,000 tests,
-- the least of five rounds of `budget` seconds' worth.
do
  local clock, s, items = os.clock, 12345, {}
  local function rnd() s = (s * 16807) % 2147483647 return s % 1000 end
  for i = 1, 1000 do items[i] = { x = rnd(), y = rnd(), width = 8, height = 8 } end
  local q = { x = 300, y = 300, width = 200, height = 200 }
  local function per_sweep(f)
    local best = math.huge
    for _ = 1, 5 do
      local reps, t0 = 0, clock()
      repeat
        f(q, items)
        reps = reps + 1
      until clock() - t0 >= budget / 5
      best = math.min(best, (clock() - t0) / reps * 1e6)
    end
    return best
  end
  local header4 = string.format("%-28s", "one rect vs 1,000 rects")
  for i = 1, #impls - 1 do header4 = header4 .. string.format(" %14s", impls[i][1]) end
  print(header4 .. "   (microseconds per 1,000 tests)")
  local loops, batches = string.format("%-28s", "loop of overlapRectRect"), string.format("%-28s", "overlapRectRects")
  for i = 1, #impls - 1 do
    local m = impls[i][2]
    local single = m.overlapRectRect
    loops = loops .. string.format(" %14.1f", per_sweep(function(a, list)
      local out, n = {}, 0
      for k = 1, #list do
        if single(a, list[k]) then n = n + 1; out[n] = k end
      end
      return out, n
    end))
    batches = batches .. string.format(" %14.1f", per_sweep(m.overlapRectRects))
  end
  print(loops)
  print(batches)
end

-- The world (the C module's newWorld on every path), against bump.lua 3.1.7 in the same run when
-- its file is given (BUMP_LUA=path/to/bump.lua; lua/bench.sh passes the copy beside the
-- checkout): 16x16 items on an 18-unit grid (2-unit gaps), cell size 64, at 1,000 and 10,000
-- items. move: each call moves the next item (cycling through all of them) 4 units diagonally
-- from its home toward a neighbour, alternating the direction, with a filter returning "slide"
-- (most calls hit and slide). queryRect: a 24x24 rect at the next item's home (finds it and up
-- to 8 neighbours). Same loop as above; each world is built afresh for each measurement.
local newWorld = impls[1][2].newWorld or require("collide2d").newWorld
local bump_path = os.getenv("BUMP_LUA")
local bump = bump_path and bump_path ~= "" and dofile(bump_path) or nil
local worldCases = {
  { "move (slide, neighbours)", function(w, items, hx, hy, n)
    local j, flip = 0, 1
    local function slide() return "slide" end
    return function()
      j = j + 1
      if j > n then j = 1; flip = -flip end
      local d = (j % 2 == 0) and 4 * flip or -4 * flip
      return w:move(items[j], hx[j] + d, hy[j] + d, slide)
    end
  end },
  { "queryRect (24x24)", function(w, _, hx, hy, n)
    local j = 0
    return function()
      j = j + 1
      if j > n then j = 1 end
      return w:queryRect(hx[j] - 4, hy[j] - 4, 24, 24)
    end
  end },
}
local sizes = { 1000, 10000 }
local function build(make, n)
  local w, items, hx, hy = make(64), {}, {}, {}
  local side = math.ceil(math.sqrt(n))
  for j = 1, n do
    items[j] = { id = j }
    hx[j], hy[j] = 18 * ((j - 1) % side), 18 * math.floor((j - 1) / side)
    w:add(items[j], hx[j], hy[j], 16, 16)
  end
  return w, items, hx, hy
end
local header3 = string.format("%-28s", "world")
for _, n in ipairs(sizes) do
  header3 = header3 .. string.format(" %14s", n .. " items")
  if bump then header3 = header3 .. string.format(" %14s %7s", "bump.lua", "ratio") end
end
print(header3)
for _, case in ipairs(worldCases) do
  local row = string.format("%-28s", case[1])
  for _, n in ipairs(sizes) do
    local w, items, hx, hy = build(newWorld, n)
    local mine = rate(case[2](w, items, hx, hy, n), {}, {})
    row = row .. string.format(" %14.3f", mine / 1e6)
    if bump then
      w, items, hx, hy = build(bump.newWorld, n)
      local theirs = rate(case[2](w, items, hx, hy, n), {}, {})
      row = row .. string.format(" %14.3f %6.1fx", theirs / 1e6, mine / theirs)
    end
    collectgarbage("collect")
  end
  print(row)
end
