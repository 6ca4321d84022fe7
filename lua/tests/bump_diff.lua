-- Differential check of require("collide2d.bump") against bump.lua 3.1.7 itself, loaded from a
-- path given at run time (it is not part of this repository):
--   lua bump_diff.lua PATH/TO/bump.lua [OPS [SEED]]
-- Random worlds in three coordinate kinds (integers, decimals such as 12.3, arbitrary doubles),
-- and decimal worlds with a response of their own added (their moves run bump.lua's loop),
-- the same operations on both: add, update, remove, move and check under every response (and
-- mixed filters that ignore some items), project, queryRect, queryPoint, querySegment and
-- querySegmentWithCoords. Every answer is compared; numbers must agree within 1e-9. A move
-- that ends apart is counted and both worlds are put back in step (bump.lua's position).
-- Differences where bump.lua lets the item end strictly inside, or sweep through, a solid item
-- it did not start in (a pass-through), or restarts a move from its starting point after a
-- cross, are counted as bump.lua's own; two known differences of collide2d (lua/README.md) are
-- counted apart; any other difference is printed and fails the run (exit 1).
local oracle_path = assert(arg[1], "usage: bump_diff.lua PATH/TO/bump.lua [OPS [SEED]]")
-- (BUMP_DIFF_DUMP=1 in the environment prints both collision lists of each differing move.)
local OPS = tonumber(arg[2]) or 3000
local SEED = tonumber(arg[3]) or 20261125

local oracle = dofile(oracle_path)
local mine = require("collide2d.bump")
local H = require("helpers")

local TOL = 1e-9
local abs, floor = math.abs, math.floor
local mtype = math.type -- Lua 5.3 and later: integers given stay integers, as in bump.lua

local function near(a, b)
  if type(a) ~= "number" or type(b) ~= "number" then
    return a == b
  end
  return a == b or abs(a - b) <= TOL * math.max(1, abs(a), abs(b))
end

local totals = { ops = 0, moves = 0, checks = 0, projects = 0, queries = 0, cols = 0,
  diffs = 0, passthrough = 0, crossRestart = 0, ties = 0, margin = 0, unasked = 0, exactTies = 0, projectMargin = 0, subtypes = 0 }
local byKind = {}
local failures = {}

local function fail(kind, what)
  totals.diffs = totals.diffs + 1
  if #failures < 15 then
    failures[#failures + 1] = kind .. ": " .. what
  end
end

local function fmtrect(r) return string.format("{%.17g,%.17g,%.17g,%.17g}", r.x, r.y, r.w, r.h) end

-- Compares two collision lists; returns nil or a description of the first difference.
local function colsDiff(a, b, na, nb)
  if na ~= nb then
    return string.format("len %d vs %d", na, nb)
  end
  for i = 1, na do
    local p, q = a[i], b[i]
    if p.other ~= q.other then return string.format("col %d: other %s vs %s", i, tostring(p.other), tostring(q.other)) end
    if p.type ~= q.type then return string.format("col %d: type %s vs %s", i, tostring(p.type), tostring(q.type)) end
    if p.overlaps ~= q.overlaps then return string.format("col %d: overlaps", i) end
    if not near(p.ti, q.ti) then return string.format("col %d: ti %.17g vs %.17g", i, p.ti, q.ti) end
    for _, f in ipairs({ "move", "normal", "touch", "slide", "bounce" }) do
      local u, v = p[f], q[f]
      if (u == nil) ~= (v == nil) then return string.format("col %d: %s present in one", i, f) end
      if u and not (near(u.x, v.x) and near(u.y, v.y)) then
        return string.format("col %d: %s (%.17g, %.17g) vs (%.17g, %.17g)", i, f, u.x, u.y, v.x, v.y)
      end
    end
    for _, f in ipairs({ "itemRect", "otherRect" }) do
      local u, v = p[f], q[f]
      if not (near(u.x, v.x) and near(u.y, v.y) and near(u.w, v.w) and near(u.h, v.h)) then
        return string.format("col %d: %s %s vs %s", i, f, fmtrect(u), fmtrect(v))
      end
    end
  end
end

-- bump.lua's margin of 1e-10 and its rounding: collide2d meets an item bump.lua takes as apart
-- (an overlap of less than 1e-10, a corner grazed for less than 1e-10 of the motion), or
-- bump.lua meets an item that the box, where collide2d has it, merely touches (bump.lua's
-- rounded position a hair inside it). a: the box where the motion began.
local function touching(p, w, h, o)
  return near(p.y + h, o.y) or near(p.y, o.y + o.h) or near(p.x + w, o.x) or near(p.x, o.x + o.w)
end

local function onMargin(bc, bn, mc, mn, a)
  local inBump, inMine = {}, {}
  for i = 1, bn do inBump[bc[i].other] = true end
  for i = 1, mn do inMine[mc[i].other] = true end
  for i = 1, mn do
    local c = mc[i]
    if c.overlaps and -c.ti < 1e-9 * a.w * a.h then return true end
    if not inBump[c.other] and not c.overlaps then
      local ir, orc = c.itemRect, c.otherRect
      local x, y, w, h = oracle.rect.getDiff(ir.x, ir.y, ir.w, ir.h, orc.x, orc.y, orc.w, orc.h)
      local t1, t2 = oracle.rect.getSegmentIntersectionIndices(x, y, w, h, 0, 0, c.move.x, c.move.y, -math.huge, math.huge)
      if t1 and abs(t1 - t2) < 1e-9 then return true end
    end
  end
  for i = 1, bn do
    local c = bc[i]
    if not inMine[c.other] then
      local p = (i > 1 and mc[i - 1] and mc[i - 1].touch) or { x = a.x, y = a.y }
      if near(p.x, c.itemRect.x) and near(p.y, c.itemRect.y) and touching(p, a.w, a.h, c.otherRect) then
        return true
      end
      if c.overlaps and -c.ti < 1e-9 * a.w * a.h then return true end
    end
  end
  return false
end

local function overlap(a, b)
  return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h
end

local function run(kindName, coord, size, r, custom)
  local cell = ({ 16, 32, 50, 64 })[r.int(1, 4)]
  local B, M = oracle.newWorld(cell), mine.newWorld(cell)
  if custom then
    -- a response of the game's own, built on the library's: moves run bump.lua's loop in the
    -- binding instead of the library's
    B:addResponse("glue", oracle.responses.touch)
    M:addResponse("glue", mine.responses.touch)
  end
  local N = 60
  local pool, kind = {}, {}
  for i = 1, N do
    local it = (i % 2 == 0) and { id = i } or ("item" .. i)
    pool[i] = it
    kind[it] = i % 4
  end
  local count = 0
  local filters = {
    slide = function() return "slide" end,
    touch = function() return "touch" end,
    cross = function() return "cross" end,
    bounce = function() return "bounce" end,
    mixed = function(_, other) return ({ "slide", "cross", custom and "glue" or "touch", false })[kind[other] + 1] end,
    none = nil,
  }
  local names = { "slide", "touch", "cross", "bounce", "mixed", "none" }
  local stats = byKind[kindName] or { ops = 0, moves = 0, diffs = 0, passthrough = 0, crossRestart = 0 }
  byKind[kindName] = stats

  local function rectOf(w, it)
    local x, y, ww, hh = w:getRect(it)
    return { x = x, y = y, w = ww, h = hh }
  end

  local function compareItems(tag, ia, na, ib, nb)
    local sa, sb = {}, {}
    for i = 1, na do sa[ia[i]] = true end
    for i = 1, nb do sb[ib[i]] = true end
    local ok = na == nb
    for k in pairs(sa) do if not sb[k] then ok = false end end
    if not ok then fail(kindName, tag .. string.format(": %d vs %d items", na, nb)) end
  end

  for step = 1, OPS do
    totals.ops = totals.ops + 1
    stats.ops = stats.ops + 1
    local it = pool[r.int(1, N)]
    local has = B:hasItem(it)
    if M:hasItem(it) ~= has then fail(kindName, "hasItem differs for " .. tostring(it)) end
    local k = r.int(1, 100)
    if not has then
      if k <= 60 then
        local x, y, w, h = coord(), coord(), size(), size()
        B:add(it, x, y, w, h)
        M:add(it, x, y, w, h)
        count = count + 1
      end
    elseif k <= 8 then
      B:remove(it)
      M:remove(it)
      count = count - 1
    elseif k <= 20 then
      local x, y = coord(), coord()
      if k <= 14 then
        B:update(it, x, y)
        M:update(it, x, y)
      else
        local w, h = size(), size()
        B:update(it, x, y, w, h)
        M:update(it, x, y, w, h)
      end
    elseif k <= 70 then
      local a = rectOf(B, it)
      local reach = (k <= 60) and 3 or 12
      local gx, gy = a.x + coord() / reach, a.y + coord() / reach
      local fname = names[r.int(1, #names)]
      local filter = filters[fname]
      local isCheck = k > 66
      local before = {}
      for _, o in ipairs((B:getItems())) do
        if o ~= it and overlap(rectOf(B, o), a) then before[o] = true end
      end
      local bx, by, bc, bn, mx, my, mc, mn
      if isCheck then
        bx, by, bc, bn = B:check(it, gx, gy, filter)
        mx, my, mc, mn = M:check(it, gx, gy, filter)
        totals.checks = totals.checks + 1
      else
        bx, by, bc, bn = B:move(it, gx, gy, filter)
        mx, my, mc, mn = M:move(it, gx, gy, filter)
        totals.moves = totals.moves + 1
        stats.moves = stats.moves + 1
      end
      totals.cols = totals.cols + bn
      if mtype and near(bx, mx) and near(by, my) and (mtype(bx) ~= mtype(mx) or mtype(by) ~= mtype(my)) then
        totals.subtypes = totals.subtypes + 1
        if #failures < 15 then
          failures[#failures + 1] = string.format("%s: step %d: number types %s,%s vs %s,%s", kindName, step,
            mtype(bx), mtype(by), mtype(mx), mtype(my))
        end
      end
      local d = colsDiff(bc, mc, bn, mn)
      if not d and not (near(bx, mx) and near(by, my)) then
        d = string.format("end (%.17g, %.17g) vs (%.17g, %.17g)", bx, by, mx, my)
      end
      if d then
        -- bump.lua's own faults: ending strictly inside a solid item it did not start in, or a
        -- restart from the start after a cross
        local final = { x = bx, y = by, w = a.w, h = a.h }
        local crossed = {}
        for i = 1, bn do if bc[i].type == "cross" then crossed[bc[i].other] = true end end
        local through = false
        for _, o in ipairs((B:getItems())) do
          local ans = filter and filter(it, o) or (not filter and "slide")
          if o ~= it and not before[o] and ans and ans ~= "cross" and not crossed[o]
            and overlap(rectOf(B, o), final) then
            through = true
          end
        end
        -- after a cross, bump.lua projects again from where the move began, not from where
        -- the item is on its path
        local restart = false
        for i = 1, bn do
          if bc[i].type == "cross" and (bc[i].itemRect.x ~= a.x or bc[i].itemRect.y ~= a.y) then
            restart = true
          end
        end
        local margin = onMargin(bc, bn, mc, mn, a)
        -- two items met at times equal in doubles: bump.lua takes the nearer first, collide2d the
        -- one its exact times put first
        local tie = false
        for i = 1, math.min(bn, mn) do
          if bc[i].other ~= mc[i].other then
            tie = near(bc[i].ti, mc[i].ti)
            break
          end
        end
        -- bump.lua ends inside an item its filter ignores or crosses but was never asked about
        -- (reached by stepping out of an overlapped item); collide2d stops short of it
        local unasked = false
        if not through and not (near(bx, mx) and near(by, my)) then
          local reported = {}
          for i = 1, bn do reported[bc[i].other] = true end
          for _, o in ipairs((B:getItems())) do
            local ans = filter and filter(it, o) or (not filter and "slide")
            if o ~= it and not reported[o] and (not ans or ans == "cross")
              and overlap(rectOf(B, o), { x = bx, y = by, w = a.w, h = a.h }) then
              unasked = true
            end
          end
        end
        -- bump.lua's path, leg by leg (a jump out of an item overlapped at the start is no leg):
        -- does the box sweep through a solid item it did not overlap where the leg began?
        if not through then
          local pts, px, py = {}, a.x, a.y
          for i = 1, bn do
            local c = bc[i]
            if c.type ~= "cross" then
              if not c.overlaps then pts[#pts + 1] = { px, py, c.touch.x, c.touch.y } end
              px, py = c.touch.x, c.touch.y
            end
          end
          pts[#pts + 1] = { px, py, bx, by }
          for _, leg in ipairs(pts) do
            for _, o in ipairs((B:getItems())) do
              local ans = filter and filter(it, o) or (not filter and "slide")
              if o ~= it and ans and ans ~= "cross" and not crossed[o] then
                local orc = rectOf(B, o)
                local at = { x = leg[1], y = leg[2], w = a.w, h = a.h }
                if not overlap(orc, at) then
                  local t1, t2 = oracle.rect.getSegmentIntersectionIndices(orc.x - a.w, orc.y - a.h,
                    orc.w + a.w, orc.h + a.h, leg[1], leg[2], leg[3], leg[4], 0, 1)
                  if t1 and t2 - t1 > 1e-9 and t1 < 1 then through = true end
                end
              end
            end
          end
        end
        if through then
          totals.passthrough = totals.passthrough + 1
          stats.passthrough = stats.passthrough + 1
        elseif restart then
          totals.crossRestart = totals.crossRestart + 1
          stats.crossRestart = stats.crossRestart + 1
        elseif margin then
          totals.margin = totals.margin + 1
        elseif tie then
          totals.exactTies = totals.exactTies + 1
        elseif unasked then
          totals.unasked = totals.unasked + 1
        else
          stats.diffs = stats.diffs + 1
          fail(kindName, string.format("step %d %s(%s, %.17g, %.17g, %s) from %s: %s", step,
            isCheck and "check" or "move", tostring(it), gx, gy, fname, fmtrect(a), d))
        end
        if os.getenv("BUMP_DIFF_DUMP") and not through and not restart then
          print("CASE", step, fname, fmtrect(a), gx, gy, bx, by, mx, my)
          for i = 1, bn do local c = bc[i] print("  bump", tostring(c.other), c.type, c.overlaps, c.ti, fmtrect(c.itemRect), c.touch.x, c.touch.y, fmtrect(c.otherRect)) end
          for i = 1, mn do local c = mc[i] print("  collide2d", tostring(c.other), c.type, c.overlaps, c.ti, fmtrect(c.itemRect), c.touch.x, c.touch.y, fmtrect(c.otherRect)) end
        end
      end
      -- Both worlds go on from the same place, collide2d's: bump.lua's rounding would otherwise
      -- leave items a hair inside each other, and every later move would start from there.
      -- (Through remove and add, so bump.lua also takes collide2d's number types: its update
      -- keeps the old ones when the values are equal.)
      if not isCheck then
        local x, y, w, h = M:getRect(it)
        B:remove(it)
        B:add(it, x, y, w, h)
      end
    elseif k <= 78 then
      local x, y, w, h = coord(), coord(), size(), size()
      local gx, gy = x + coord() / 3, y + coord() / 3
      local fname = names[r.int(1, #names)]
      local subject = r.int(1, 2) == 1 and it or {}
      local bc, bn = B:project(subject, x, y, w, h, gx, gy, filters[fname])
      local mc, mn = M:project(subject, x, y, w, h, gx, gy, filters[fname])
      totals.projects = totals.projects + 1
      local d = colsDiff(bc, mc, bn, mn)
      if d then
        -- bump.lua sorts equal ti and equal distance in no fixed order: compare as sets then
        local same = bn == mn
        if same then
          for i = 1, bn do
            local found = false
            for j = 1, mn do
              if mc[j].other == bc[i].other and near(mc[j].ti, bc[i].ti) then found = true end
            end
            same = same and found
          end
        end
        if same then
          totals.ties = totals.ties + 1
        elseif onMargin(bc, bn, mc, mn, { x = x, y = y, w = w, h = h }) then
          totals.projectMargin = totals.projectMargin + 1
        else
          fail(kindName, string.format("step %d project(%s, %s, %s): %s", step, fmtrect({ x = x, y = y, w = w, h = h }),
            tostring(gx) .. "," .. tostring(gy), fname, d))
        end
      end
    else
      totals.queries = totals.queries + 1
      local q = r.int(1, 4)
      if q == 1 then
        local x, y, w, h = coord(), coord(), size() * 2, size() * 2
        local ia, na = B:queryRect(x, y, w, h)
        local ib, nb = M:queryRect(x, y, w, h)
        compareItems(string.format("queryRect(%s)", fmtrect({ x = x, y = y, w = w, h = h })), ia, na, ib, nb)
      elseif q == 2 then
        local x, y = coord(), coord()
        if r.int(1, 2) == 1 and has then
          local a = rectOf(B, it)
          x = a.x + a.w * r.int(0, 4) / 4
        end
        local ia, na = B:queryPoint(x, y)
        local ib, nb = M:queryPoint(x, y)
        compareItems(string.format("queryPoint(%.17g, %.17g)", x, y), ia, na, ib, nb)
      else
        local x1, y1, x2, y2 = coord(), coord(), coord(), coord()
        if r.int(1, 3) == 1 then y2 = y1 end
        if has and r.int(1, 3) == 1 then
          local a = rectOf(B, it)
          x1, y1 = a.x, a.y -- from a corner
        end
        local tag = string.format("querySegment(%.17g, %.17g, %.17g, %.17g)", x1, y1, x2, y2)
        if q == 3 then
          local ia, na = B:querySegment(x1, y1, x2, y2)
          local ib, nb = M:querySegment(x1, y1, x2, y2)
          compareItems(tag, ia, na, ib, nb)
        else
          local ia, na = B:querySegmentWithCoords(x1, y1, x2, y2)
          local ib, nb = M:querySegmentWithCoords(x1, y1, x2, y2)
          if na ~= nb then
            fail(kindName, tag .. " WithCoords: len " .. na .. " vs " .. nb)
          else
            local byItem = {}
            for i = 1, nb do byItem[ib[i].item] = ib[i] end
            for i = 1, na do
              local p, o = ia[i], byItem[ia[i].item]
              if not o then
                fail(kindName, tag .. " WithCoords: item missing")
              else
                for _, f in ipairs({ "ti1", "ti2", "x1", "y1", "x2", "y2" }) do
                  if not near(p[f], o[f]) then
                    fail(kindName, string.format("%s WithCoords: %s %.17g vs %.17g", tag, f, p[f], o[f]))
                  end
                end
              end
            end
          end
        end
      end
    end
    if step % 100 == 0 then
      if M:countItems() ~= count or B:countItems() ~= count then fail(kindName, "countItems") end
      for i = 1, N do
        local o = pool[i]
        if B:hasItem(o) then
          local p, q = rectOf(B, o), rectOf(M, o)
          if not (near(p.x, q.x) and near(p.y, q.y) and p.w == q.w and p.h == q.h) then
            fail(kindName, "getRect " .. tostring(o) .. " " .. fmtrect(p) .. " vs " .. fmtrect(q))
          elseif mtype and (mtype(p.w) ~= mtype(q.w) or mtype(p.h) ~= mtype(q.h)
            or (p.x == q.x and mtype(p.x) ~= mtype(q.x)) or (p.y == q.y and mtype(p.y) ~= mtype(q.y))) then
            fail(kindName, "getRect " .. tostring(o) .. ": number types differ: " .. string.format("%s %s %s %s vs %s %s %s %s", mtype(p.x), mtype(p.y), mtype(p.w), mtype(p.h), mtype(q.x), mtype(q.y), mtype(q.w), mtype(q.h)) .. " " .. fmtrect(p))
          end
        end
      end
    end
  end
end

local r = H.rng(SEED)
local function uniform() return r.next() / 2147483647 end
local kinds = {
  { "integer", function() return r.int(-200, 200) end, function() return r.int(1, 48) end },
  { "decimal", function() return r.int(-2000, 2000) / 10 end, function() return r.int(1, 480) / 10 end },
  { "double", function() return (uniform() - 0.5) * 400 end, function() return 0.01 + uniform() * 48 end },
  { "custom", function() return r.int(-2000, 2000) / 10 end, function() return r.int(1, 480) / 10 end, true },
}
for _, k in ipairs(kinds) do
  run(k[1], k[2], k[3], r, k[4])
end

for _, k in ipairs(kinds) do
  local s = byKind[k[1]]
  print(string.format("%-8s %5d ops, %4d moves: %d other differences, %d bump.lua pass-throughs, %d bump.lua cross restarts",
    k[1], s.ops, s.moves, s.diffs, s.passthrough, s.crossRestart))
end
print(string.format("all: %d ops (%d moves, %d checks, %d projects, %d queries, %d collisions)",
  totals.ops, totals.moves, totals.checks, totals.projects, totals.queries, totals.cols))
print(string.format("  %d differences beyond %g; bump.lua's own: %d pass-throughs, %d restarts after a cross",
  totals.diffs, TOL, totals.passthrough, totals.crossRestart))
print(string.format("  listed in lua/README.md: %d moves and %d projections on bump.lua's 1e-10 margin or rounding, " ..
  "%d stops short of an item the filter was not asked about, %d moves and %d projections meeting items at times " ..
  "equal in doubles in another order", totals.margin, totals.projectMargin, totals.unasked, totals.exactTies, totals.ties))
if mtype then
  print(string.format("  %d moves ending at the same place with another number type (integer or float)", totals.subtypes))
end
for _, f in ipairs(failures) do print("DIFF " .. f) end
print(string.format("[%s]", type(jit) == "table" and jit.version or _VERSION))
os.exit((totals.diffs == 0 and totals.subtypes == 0) and 0 or 1)
