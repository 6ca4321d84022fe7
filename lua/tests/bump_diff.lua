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
-- Then placements made the way games make them (x = wall.x - w, y = floor.y - h, decimal level
-- data, positions stepped by v * dt; ordinary sizes, near 1e6 and near 1e-3), a player flush
-- against a wall and sometimes a floor, moved away, along, into and anywhere near under every
-- response: the moves where the two differ are counted by why (bump.lua lets the mover pass
-- through or end inside; touching within the band, one ulp of the magnitudes or 1e-10; other,
-- printed). In both parts a move of collide2d that jumps out of an item it only touches, passes
-- through a solid item, ends inside one it did not start in or ends beyond a face bump.lua holds
-- fails the run (see throughOf).
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

local band = H.band
-- a - (b + c), exactly where the result is small (b + c as a two-sum)
local function gapTo(a, b, c)
  local s = b + c
  local bb = s - b
  local e = (b - (s - bb)) + (c - bb)
  return (a - s) - e
end
-- The span [a, a + aw] against [o, o + ow]: "low" (below it, or flush within the band), "high",
-- or "mid" (overlapping it by more than the band).
local function axisRel(a, aw, o, ow)
  local bnd = band(a, aw, o, ow)
  if gapTo(o, a, aw) >= -bnd then return "low" end
  if gapTo(a, o, ow) >= -bnd then return "high" end
  return "mid"
end
local function overlapsBeyond(r, o)
  return axisRel(r.x, r.w, o.x, o.w) == "mid" and axisRel(r.y, r.h, o.y, o.h) == "mid"
end
-- r and o are flush within the band but not exactly: on an axis they overlap, or leave a gap, of
-- no more than the band (and not 0), and they are not overlapping beyond it (on both axes).
-- Where bump.lua's 1e-10 and its rounding may read them otherwise.
local function bandTouch(r, o)
  local inexact = false
  for _, ax in ipairs({ { r.x, r.w, o.x, o.w }, { r.y, r.h, o.y, o.h } }) do
    local ov = math.min(-gapTo(ax[3], ax[1], ax[2]), -gapTo(ax[1], ax[3], ax[4]))
    local bnd = band(ax[1], ax[2], ax[3], ax[4])
    if ov < -bnd then return false end
    if abs(ov) <= bnd and ov ~= 0 then inexact = true end
  end
  return inexact and not overlapsBeyond(r, o)
end

-- Whether a box w x h going straight from (x1, y1) to (x2, y2) passes through the inside of o,
-- shrunk by a few bands (rounding in these sums stays well inside that).
local function sweepsThrough(x1, y1, x2, y2, w, h, o)
  local mx = 4 * band(math.max(abs(x1), abs(x2)), w, o.x, o.w)
  local my = 4 * band(math.max(abs(y1), abs(y2)), h, o.y, o.h)
  local t0, t1 = 0, 1
  for _, ax in ipairs({ { x1, x2, o.x - w + mx, o.x + o.w - mx }, { y1, y2, o.y - h + my, o.y + o.h - my } }) do
    local p, q, lo, hi = ax[1], ax[2], ax[3], ax[4]
    if lo >= hi then return false end
    local d = q - p
    if d == 0 then
      if not (lo < p and p < hi) then return false end
    else
      local ta, tb = (lo - p) / d, (hi - p) / d
      if ta > tb then ta, tb = tb, ta end
      if ta > t0 then t0 = ta end
      if tb < t1 then t1 = tb end
    end
  end
  return t0 < t1
end
-- Whether a move, from the box a to (fx, fy) with these collisions, went through a face; nil, or
-- what it did and to which item. others: { {item=, x=, y=, w=, h=, solid=} } as the world was
-- when the move began. A move goes through when it
--   jumps out of an item it only touches (a collision, other than a cross, reported as overlapped
--     at its start where the two are flush within the band or apart: bump.lua's rule for
--     overlaps, wrongly applied; "teleports to the far side" when the jump lands beyond the item);
--   sweeps through a solid item on its way to a contact (from where a collision's projection
--     began to its touch, up to the first jump out of an overlapped item: after one, bump.lua's
--     rule for what is met again decides), one it was overlapping neither there nor where the
--     move began;
--   ends inside a solid item it did not start in (more than the band into it; not asked of a
--     world with responses of its own, custom: such a move ends where its responses put it);
--   ends on the far side of a face the other library holds (ox, oy: where the other ended): the
--     start and the other's end on one side of the item on an axis, this end on the other, the
--     start and this end overlapping the item's span on the other axis (asked of moves without
--     bounces or jumps out of overlapped items, whose paths go straight on each axis: such a
--     move can only have got there through the item).
local function rel(r, o, axis)
  if axis == "x" then return axisRel(r.x, r.w, o.x, o.w) end
  return axisRel(r.y, r.h, o.y, o.h)
end
local function throughOf(others, a, cols, n, fx, fy, ox, oy, custom)
  local byItem = {}
  for _, o in ipairs(others) do byItem[o.item] = o end
  local jumped, bounced = false, false
  for i = 1, n do
    local c = cols[i]
    if c.type == "bounce" then bounced = true end
    local at = { x = c.itemRect.x, y = c.itemRect.y, w = a.w, h = a.h }
    local to = { x = c.touch.x, y = c.touch.y, w = a.w, h = a.h }
    if c.overlaps then
      if c.type ~= "cross" then jumped = true end
      local o = c.otherRect
      if c.type ~= "cross" and not overlapsBeyond(at, o) then
        local far = false
        for _, axis in ipairs({ "x", "y" }) do
          local r1, r2 = rel(at, o, axis), rel(to, o, axis)
          if (r1 == "low" and r2 == "high") or (r1 == "high" and r2 == "low") then far = true end
        end
        return far and "teleports to the far side of" or "jumps out of an item it only touches:",
          byItem[c.other] or { item = c.other, x = o.x, y = o.y, w = o.w, h = o.h }, c.itemRect.x, c.itemRect.y,
          c.touch.x, c.touch.y
      end
    elseif c.type ~= "cross" and not jumped then
      for _, o in ipairs(others) do
        if o.solid and not overlapsBeyond(a, o) and not overlapsBeyond(at, o)
          and sweepsThrough(at.x, at.y, to.x, to.y, a.w, a.h, o) then
          return "passes through", o, at.x, at.y, to.x, to.y
        end
      end
    end
  end
  local final = { x = fx, y = fy, w = a.w, h = a.h }
  for _, o in ipairs(others) do
    if o.solid and not overlapsBeyond(a, o) then
      if not custom and overlapsBeyond(final, o) then
        return "ends inside", o, a.x, a.y, fx, fy
      end
      if ox and not jumped and not bounced then
        local held = { x = ox, y = oy, w = a.w, h = a.h }
        for _, k in ipairs({ { "x", "y" }, { "y", "x" } }) do
          local s0, s1, s2 = rel(a, o, k[1]), rel(held, o, k[1]), rel(final, o, k[1])
          if s0 ~= "mid" and s0 == s1 and s2 ~= "mid" and s2 ~= s0
            and rel(a, o, k[2]) == "mid" and rel(final, o, k[2]) == "mid" then
            return "ends on the far side of a face the other holds:", o, a.x, a.y, fx, fy
          end
        end
      end
    end
  end
end

local totals = { ops = 0, moves = 0, checks = 0, projects = 0, queries = 0, cols = 0,
  diffs = 0, passthrough = 0, crossRestart = 0, ties = 0, margin = 0, unasked = 0, exactTies = 0, projectMargin = 0, subtypes = 0,
  c2dThrough = 0, band = 0, projectBand = 0, queryBand = 0 }
local byKind = {}
local failures = {}

local function fail(kind, what)
  totals.diffs = totals.diffs + 1
  if #failures < 15 then
    failures[#failures + 1] = kind .. ": " .. what
  end
end

local function fmtrect(r) return string.format("{%.17g,%.17g,%.17g,%.17g}", r.x, r.y, r.w, r.h) end

-- A move of collide2d through a face (see throughOf): always a failure.
local function c2dThrough(what, why, o, x1, y1, x2, y2, fx, fy)
  totals.c2dThrough = totals.c2dThrough + 1
  if #failures < 30 then
    failures[#failures + 1] = string.format("%s: collide2d %s %s %s (from (%.17g, %.17g) to (%.17g, %.17g)), ending at (%.17g, %.17g)",
      what, why, type(o.item) == "table" and o.item.name or tostring(o.item), fmtrect(o), x1, y1, x2, y2, fx, fy)
  end
end

-- Whether a difference involves an item, one either library met or one bump.lua's end is inside
-- of, that the box touches within the band where the move begins (bandTouch: flush but not
-- exactly), or at one of its ends (flush within the band, exactly or not: bump.lua's rounded
-- contacts and its 1e-10 read a box ending against a face either way). ends: {x, y} pairs.
local function touchesWithin(r, o)
  if overlapsBeyond(r, o) then return false end
  local near_ = false
  for _, ax in ipairs({ { r.x, r.w, o.x, o.w }, { r.y, r.h, o.y, o.h } }) do
    local ov = math.min(-gapTo(ax[3], ax[1], ax[2]), -gapTo(ax[1], ax[3], ax[4]))
    local bnd = band(ax[1], ax[2], ax[3], ax[4])
    if ov < -bnd then return false end
    if abs(ov) <= bnd then near_ = true end
  end
  return near_
end
local function bandInvolved(others, a, bc, bn, mc, mn, ends)
  local met = {}
  for i = 1, bn do met[bc[i].other] = true end
  for i = 1, mn do met[mc[i].other] = true end
  local bEnd = ends and ends[1] and { x = ends[1][1], y = ends[1][2], w = a.w, h = a.h }
  for _, o in ipairs(others) do
    if met[o.item] or (bEnd and overlapsBeyond(bEnd, o)) then
      if bandTouch(a, o) then return true end
      for _, e in ipairs(ends or {}) do
        if touchesWithin({ x = e[1], y = e[2], w = a.w, h = a.h }, o) then return true end
      end
    end
  end
  return false
end

-- The other items of a world as the move begins, and whether the filter makes them solid.
local function othersOf(world, it, filter)
  local t = {}
  for _, o in ipairs((world:getItems())) do
    if o ~= it then
      local x, y, w, h = world:getRect(o)
      local ans = filter and filter(it, o) or (not filter and "slide")
      t[#t + 1] = { item = o, x = x, y = y, w = w, h = h, solid = (ans and ans ~= "cross") and true or false }
    end
  end
  return t
end

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

  local function compareItems(tag, ia, na, ib, nb, q)
    local sa, sb = {}, {}
    for i = 1, na do sa[ia[i]] = true end
    for i = 1, nb do sb[ib[i]] = true end
    local ok = na == nb
    for k in pairs(sa) do if not sb[k] then ok = false end end
    if not ok and q then
      -- every item found by one only touches the query's rect within the band
      local band_ = true
      for k in pairs(sa) do if not sb[k] and not bandTouch(q, rectOf(M, k)) then band_ = false end end
      for k in pairs(sb) do if not sa[k] and not bandTouch(q, rectOf(M, k)) then band_ = false end end
      if band_ then
        totals.queryBand = totals.queryBand + 1
        return
      end
    end
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
      local others = othersOf(M, it, filter)
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
      local why, o, x1, y1, x2, y2 = throughOf(others, a, mc, mn, mx, my, bx, by, custom)
      if why then
        c2dThrough(string.format("%s: step %d %s(%s, %.17g, %.17g, %s) from %s", kindName, step,
          isCheck and "check" or "move", tostring(it), gx, gy, fname, fmtrect(a)), why, o, x1, y1, x2, y2, mx, my)
      end
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
        local inBand = bandInvolved(others, a, bc, bn, mc, mn, { { bx, by }, { mx, my }, { gx, gy } })
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
        elseif inBand then
          totals.band = totals.band + 1
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
        elseif bandInvolved(othersOf(M, subject, filters[fname]), { x = x, y = y, w = w, h = h }, bc, bn, mc, mn,
          { { gx, gy } }) then
          totals.projectBand = totals.projectBand + 1
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
        compareItems(string.format("queryRect(%s)", fmtrect({ x = x, y = y, w = w, h = h })), ia, na, ib, nb,
          { x = x, y = y, w = w, h = h })
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

-- Placements made the way games make them: a player flush against a wall (and sometimes standing
-- on, or hanging under, a floor too), by the game's own arithmetic. On the wall's normal axis the
-- wall spans p .. p + s and the player q .. q + r, the player on its low side (sign -1: q = p - r)
-- or its high side (sign 1: q = p + s); on the other axis the player lies inside the wall's span.
local DT = 1 / 60
local function decimal(n, d) -- n units of 10^-d, as level data writes it and tonumber reads it
  local neg = n < 0
  n = abs(n)
  local unit = 10 ^ d
  local ip = floor(n / unit)
  return tonumber(string.format("%s%d.%0" .. d .. "d", neg and "-" or "", ip, n - ip * unit))
end
local scales = {
  ordinary = { pos = function() return (uniform() * 2 - 1) * 1000 end, lo = 1, hi = 64 },
  ["near 1e6"] = { pos = function() return (r.int(0, 1) * 2 - 1) * (5e5 + uniform() * 1.5e6) end, lo = 1, hi = 64 },
  ["near 1e-3"] = { pos = function() return (uniform() * 2 - 1) * 2e-3 end, lo = 1e-4, hi = 1e-3 },
}
local function size(sc) return sc.lo + uniform() * (sc.hi - sc.lo) end
local placeKinds = {}
for _, scName in ipairs({ "ordinary", "near 1e6", "near 1e-3" }) do
  placeKinds[#placeKinds + 1] = { "snapped (x = wall.x - w), " .. scName, scName, function(sc, sign)
    local p, sz, rz = sc.pos(), size(sc), size(sc)
    return p, sz, sign < 0 and p - rz or p + sz, rz
  end }
end
for _, d in ipairs({ 2, 3 }) do
  for _, scName in ipairs({ "ordinary", "near 1e6" }) do
    placeKinds[#placeKinds + 1] = { string.format("snapped, %d decimals, %s", d, scName), scName, function(sc, sign)
      local u = 10 ^ d
      local p = decimal(floor(sc.pos() * u), d)
      local sz, rz = decimal(floor(size(sc) * u) + 1, d), decimal(floor(size(sc) * u) + 1, d)
      return p, sz, sign < 0 and p - rz or p + sz, rz, d
    end }
    placeKinds[#placeKinds + 1] = { string.format("level data, %d decimals, %s", d, scName), scName, function(sc, sign)
      local u = 10 ^ d
      local pn, sn, rn = floor(sc.pos() * u), floor(size(sc) * u) + 1, floor(size(sc) * u) + 1
      return decimal(pn, d), decimal(sn, d), decimal(sign < 0 and pn - rn or pn + sn, d), decimal(rn, d), d
    end }
  end
end
for _, scName in ipairs({ "ordinary", "near 1e6", "near 1e-3" }) do
  placeKinds[#placeKinds + 1] = { "stepped by v * dt, then snapped, " .. scName, scName, function(sc, sign)
    local p, sz, rz = sc.pos(), size(sc), size(sc)
    local v = (uniform() * 2 - 1) * sc.hi * 3
    for _ = 1, r.int(1, 120) do p = p + v * DT end
    return p, sz, sign < 0 and p - rz or p + sz, rz
  end }
  placeKinds[#placeKinds + 1] = { "both stepped one frame by v * dt, " .. scName, scName, function(sc, sign)
    local e = sc.lo < 1 and 2 ^ -16 or 2 ^ -4
    local p = floor(sc.pos() / e) * e
    local sz, rz = floor(size(sc) / e + 1) * e, floor(size(sc) / e + 1) * e
    local q = sign < 0 and p - rz or p + sz
    local dv = (uniform() * 2 - 1) * sc.hi * 5 * DT
    return p + dv, sz, q + dv, rz
  end }
end

local filters_ = {
  slide = function() return "slide" end,
  touch = function() return "touch" end,
  cross = function() return "cross" end,
  bounce = function() return "bounce" end,
}
local placed = { placements = 0, moves = 0, differ = 0, bumpThrough = 0, band = 0, other = 0 }
local placedByKind = {}
local others_ = {}

local function runPlaced(kind, count)
  local name, sc, make = kind[1], scales[kind[2]], kind[3]
  local st = { moves = 0, differ = 0, bumpThrough = 0, band = 0, other = 0 }
  placedByKind[#placedByKind + 1] = { name, st }
  local names = { "slide", "touch", "cross", "bounce", "none" }
  for n = 1, count do
    placed.placements = placed.placements + 1
    local axis = r.int(1, 2) == 1 and "x" or "y"
    local sign = r.int(1, 2) * 2 - 3
    local p, sz, q, rz, d = make(sc, sign)
    -- the other axis: the wall 4 to 8 times the player's size, the player in its middle half
    local tr = size(sc)
    local ts = tr * (4 + uniform() * 4)
    local tp = sc.pos()
    local tq = tp + (ts - tr) * (0.25 + uniform() * 0.5)
    if d then
      local u = 10 ^ d
      tr, ts, tp, tq = decimal(floor(tr * u) + 1, d), decimal(floor(ts * u) + 1, d), decimal(floor(tp * u), d),
        decimal(floor(tq * u), d)
    end
    local function xy(nv, tv) if axis == "x" then return nv, tv end return tv, nv end
    local wall, player, fl = { name = "wall" }, { name = "player" }, { name = "floor" }
    local rects = {}
    local wx, wy = xy(p, tp)
    local ww, wh = xy(sz, ts)
    rects[wall] = { wx, wy, ww, wh }
    local px, py = xy(q, tq)
    local pw, ph = xy(rz, tr)
    rects[player] = { px, py, pw, ph }
    if r.int(1, 2) == 1 then
      -- a floor (or ceiling) against the player's other face, set there by the game's arithmetic,
      -- reaching under the wall
      local lo = math.min(q - 3 * rz, p)
      local fx, fy = xy(lo, r.int(1, 2) == 1 and tq + tr or tq - tr)
      local fw, fh = xy(math.max(q + 4 * rz, p + sz) - lo, tr)
      rects[fl] = { fx, fy, fw, fh }
    end
    local B, M = oracle.newWorld(64), mine.newWorld(64)
    for it, rc in pairs(rects) do
      B:add(it, rc[1], rc[2], rc[3], rc[4])
      M:add(it, rc[1], rc[2], rc[3], rc[4])
    end
    local reach, span = rz * (0.25 + uniform()), (ts - tr) / 4
    local goals = {
      { sign * reach, 0 }, { sign * reach, (uniform() * 2 - 1) * span }, { 0, (uniform() * 2 - 1) * span },
      { -sign * reach, 0 }, { -sign * reach, (uniform() * 2 - 1) * span },
    }
    for _ = 1, 3 do goals[#goals + 1] = { (uniform() * 2 - 1) * 2 * reach, (uniform() * 2 - 1) * span } end
    for gi, g in ipairs(goals) do
      local gx, gy = xy(q + g[1], tq + g[2])
      local fname = names[r.int(1, #names)]
      local filter = fname ~= "none" and filters_[fname] or nil
      local a = { x = px, y = py, w = pw, h = ph }
      local others = othersOf(M, player, filter)
      local bx, by, bc, bn = B:move(player, gx, gy, filter)
      local mx, my, mc, mn = M:move(player, gx, gy, filter)
      placed.moves = placed.moves + 1
      st.moves = st.moves + 1
      local what = string.format("placed %s #%d, move %d: player %s, wall %s%s, to (%.17g, %.17g) with %s",
        name, n, gi, fmtrect(a), fmtrect({ x = wx, y = wy, w = ww, h = wh }),
        rects[fl] and (", floor " .. fmtrect({ x = rects[fl][1], y = rects[fl][2], w = rects[fl][3], h = rects[fl][4] })) or "",
        gx, gy, fname)
      local why, o, x1, y1, x2, y2 = throughOf(others, a, mc, mn, mx, my, bx, by)
      if why then c2dThrough(what, why, o, x1, y1, x2, y2, mx, my) end
      local dd = colsDiff(bc, mc, bn, mn)
      if not dd and not (near(bx, mx) and near(by, my)) then
        dd = string.format("end (%.17g, %.17g) vs (%.17g, %.17g)", bx, by, mx, my)
      end
      if dd then
        placed.differ = placed.differ + 1
        st.differ = st.differ + 1
        if throughOf(others, a, bc, bn, bx, by, mx, my) then
          placed.bumpThrough = placed.bumpThrough + 1
          st.bumpThrough = st.bumpThrough + 1
        elseif bandInvolved(others, a, bc, bn, mc, mn, { { bx, by }, { mx, my }, { gx, gy } }) then
          placed.band = placed.band + 1
          st.band = st.band + 1
        else
          placed.other = placed.other + 1
          st.other = st.other + 1
          if #others_ < 10 then others_[#others_ + 1] = what .. ": " .. dd end
        end
      end
      B:update(player, px, py)
      M:update(player, px, py)
    end
  end
end

for _, k in ipairs(placeKinds) do
  runPlaced(k, math.max(1, floor(OPS / 20)))
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
print(string.format("  touching within the band (faces flush to within one ulp or 1e-10, which bump.lua's 1e-10 " ..
  "and rounding read otherwise): %d moves, %d projections, %d queries", totals.band, totals.projectBand, totals.queryBand))
if mtype then
  print(string.format("  %d moves ending at the same place with another number type (integer or float)", totals.subtypes))
end
print(string.format("placed: %d placements, a player flush against a wall (and a floor in about half), %d moves: " ..
  "%d differ: %d bump.lua lets the mover pass through or end inside, %d touching within the band, %d other",
  placed.placements, placed.moves, placed.differ, placed.bumpThrough, placed.band, placed.other))
for _, k in ipairs(placedByKind) do
  local st = k[2]
  print(string.format("  %-46s %5d moves: %4d differ: %4d pass through or end inside, %4d within the band, %d other",
    k[1], st.moves, st.differ, st.bumpThrough, st.band, st.other))
end
print(string.format("collide2d through a face (jumps out of an item it only touches, passes through or ends inside " ..
  "a solid item, or ends beyond a face bump.lua holds): %d moves", totals.c2dThrough))
for _, f in ipairs(failures) do print("DIFF " .. f) end
for _, f in ipairs(others_) do print("OTHER " .. f) end
print(string.format("[%s]", type(jit) == "table" and jit.version or _VERSION))
os.exit((totals.diffs == 0 and totals.subtypes == 0 and totals.c2dThrough == 0) and 0 or 1)
