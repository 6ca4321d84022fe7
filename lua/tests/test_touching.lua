-- Touching as the game means it: things placed with the game's own arithmetic (x = wall.x - w,
-- y = floor.y - h, decimal level data, positions stepped by v * dt) are flush, even where the
-- exact sum of the doubles overlaps the wall by a rounding. Two faces within the band (on an
-- axis: one double ulp of the largest magnitude among both rects' position and size there, at
-- least 1e-10) are the same face. Random placements of every kind, on both c2d.newWorld and
-- collide2d.bump worlds, in all four directions; the exact gap of each placement is computed
-- here, and placements that end up beyond the band are checked as the overlaps or gaps they
-- are. Coordinates are y-down (up = 0, -1).
return function(test, c2d, h)
  local bump = require("collide2d.bump")
  local abs, max, floor = math.abs, math.max, math.floor
  local DT = 1 / 60

  local makers = {
    { "a collide2d world", function(cell) return c2d.newWorld(cell) end },
    { "a collide2d.bump world", function(cell) return bump.newWorld(cell) end },
  }

  local function g17(v) return string.format("%.17g", v) end

  local band = h.band

  -- a + b as an unevaluated sum s + e, exactly (Knuth's two-sum)
  local function twoSum(a, b)
    local s = a + b
    local bb = s - a
    return s, (a - (s - bb)) + (b - bb)
  end

  -- a - (b + c), exact for the small differences measured here: > 0 apart, < 0 overlapping
  local function gapTo(a, b, c)
    local s, e = twoSum(b, c)
    return (a - s) - e
  end

  -- A placement, axis-free: on the normal axis the wall spans p .. p + s and the player q .. q + r,
  -- the player on the wall's low side (sign = -1: q + r is flush with p) or its high side
  -- (sign = 1: q is flush with p + s); on the tangent axis the wall spans tp .. tp + ts and the
  -- player tq .. tq + tr, well inside it.
  local function gapOf(P, q)
    q = q or P.q
    if P.sign < 0 then return gapTo(P.p, q, P.r) end
    return gapTo(q, P.p, P.s)
  end
  local function bandOf(P, q) return band(P.p, P.s, q or P.q, P.r) end

  local function xy(P, n, t) -- normal and tangent coordinates to x, y
    if P.axis == "x" then return n, t end
    return t, n
  end
  local function nt(P, x, y) -- x, y to normal and tangent coordinates
    if P.axis == "x" then return x, y end
    return y, x
  end
  local function wallRect(P)
    local x, y = xy(P, P.p, P.tp)
    local w, hh = xy(P, P.s, P.ts)
    return x, y, w, hh
  end
  local function playerRect(P, q, tq)
    local x, y = xy(P, q or P.q, tq or P.tq)
    local w, hh = xy(P, P.r, P.tr)
    return x, y, w, hh
  end
  local function describe(P)
    local side = ({ x = { [-1] = "left of", [1] = "right of" }, y = { [-1] = "on", [1] = "under" } })[P.axis][P.sign]
    return string.format("%s: player {%s, %s, %s, %s} %s wall {%s, %s, %s, %s} (exact gap %.3g, band %.3g)",
      P.how, g17(select(1, playerRect(P))), g17(select(2, playerRect(P))), g17(select(3, playerRect(P))),
      g17(select(4, playerRect(P))), side, g17(select(1, wallRect(P))), g17(select(2, wallRect(P))),
      g17(select(3, wallRect(P))), g17(select(4, wallRect(P))), gapOf(P), bandOf(P))
  end

  -- Random numbers: the same sequence on every interpreter.
  local rng = h.rng(77001)
  local function uniform() return rng.next() / 2147483647 end
  local function pick(t) return t[rng.int(1, #t)] end

  -- A decimal as level data holds it: n units of 10^-d, written out and read back by tonumber.
  local function decimal(n, d)
    local neg = n < 0
    n = abs(n)
    local unit = 10 ^ d
    local ip = floor(n / unit)
    local fp = n - ip * unit
    return tonumber(string.format("%s%d.%0" .. d .. "d", neg and "-" or "", ip, fp))
  end

  -- Scales: where things are and how big they are.
  local scales = {
    ordinary = { base = 1000, size = 64, min = 1 },
    ["near 1e6"] = { base = 1e6, size = 64, min = 1, far = true },
    ["near 1e-3"] = { base = 2e-3, size = 1e-3, min = 1e-4 },
  }
  local SCALES = { "ordinary", "near 1e6", "near 1e-3" }
  local function position(sc)
    if sc.far then
      return (rng.int(0, 1) == 0 and -1 or 1) * (5e5 + uniform() * 1.5e6)
    end
    return (uniform() * 2 - 1) * sc.base
  end
  local function size(sc) return sc.min + uniform() * (sc.size - sc.min) end

  -- The tangent axis: the wall 4 to 8 times the player's size, the player in its middle half.
  local function tangent(P, sc, dec)
    local tr = size(sc)
    local ts = tr * (4 + uniform() * 4)
    local tp = position(sc)
    local tq = tp + (ts - tr) * (0.25 + uniform() * 0.5)
    if dec then
      local u = 10 ^ dec
      tr = decimal(floor(tr * u + 1), dec)
      ts = decimal(floor(ts * u + 1), dec)
      tp = decimal(floor(tp * u), dec)
      tq = decimal(floor(tq * u), dec)
    end
    P.tp, P.ts, P.tq, P.tr = tp, ts, tq, tr
  end

  local function newPlacement(how, axis, sign)
    return { how = how, axis = axis or pick({ "x", "y" }), sign = sign or pick({ -1, 1 }) }
  end

  -- The ways games place things.
  local generators = {}
  -- player.x = wall.x - player.w (or wall.x + wall.w), any double
  for _, scName in ipairs(SCALES) do
    generators[#generators + 1] = {
      name = "snapped by the game's arithmetic (x = wall.x - w, y = floor.y - h), " .. scName,
      snapped = true,
      make = function(axis, sign)
        local sc = scales[scName]
        local P = newPlacement("snapped, " .. scName, axis, sign)
        P.p, P.s, P.r = position(sc), size(sc), size(sc)
        if P.sign < 0 then P.q = P.p - P.r else P.q = P.p + P.s end
        tangent(P, sc)
        return P, sc
      end,
    }
  end
  -- decimal level data, snapped with the game's arithmetic (376.98 + 24.02 and the like)
  for _, d in ipairs({ 2, 3 }) do
    for _, scName in ipairs({ "ordinary", "near 1e6" }) do
      generators[#generators + 1] = {
        name = string.format("snapped from level data with %d decimals, %s", d, scName),
        snapped = true,
        make = function(axis, sign)
          local sc = scales[scName]
          local u = 10 ^ d
          local P = newPlacement(string.format("snapped, %d decimals, %s", d, scName), axis, sign)
          P.p = decimal(floor(position(sc) * u), d)
          P.s = decimal(floor(size(sc) * u) + 1, d)
          P.r = decimal(floor(size(sc) * u) + 1, d)
          if P.sign < 0 then P.q = P.p - P.r else P.q = P.p + P.s end
          tangent(P, sc, d)
          return P, sc
        end,
      }
    end
  end
  -- decimal level data, every number written in the file (x = 707.695, w = 10.18, wall at 717.875)
  for _, d in ipairs({ 2, 3 }) do
    for _, scName in ipairs({ "ordinary", "near 1e6" }) do
      generators[#generators + 1] = {
        name = string.format("written in level data with %d decimals, %s", d, scName),
        make = function(axis, sign)
          local sc = scales[scName]
          local u = 10 ^ d
          local P = newPlacement(string.format("level data, %d decimals, %s", d, scName), axis, sign)
          local pn = floor(position(sc) * u)
          local sn = floor(size(sc) * u) + 1
          local rn = floor(size(sc) * u) + 1
          P.p, P.s, P.r = decimal(pn, d), decimal(sn, d), decimal(rn, d)
          P.q = decimal(P.sign < 0 and pn - rn or pn + sn, d)
          tangent(P, sc, d)
          return P, sc
        end,
      }
    end
  end
  -- stepped by v * dt at 60 Hz
  for _, scName in ipairs(SCALES) do
    -- a lift moved by v * dt for a while, the rider set on it (y = lift.y - h) every frame
    generators[#generators + 1] = {
      name = "a platform stepped by v * dt for up to 2 seconds, the player set against it each frame, " .. scName,
      snapped = true,
      make = function(axis, sign)
        local sc = scales[scName]
        local P = newPlacement("platform stepped by v * dt, player snapped, " .. scName, axis, sign)
        P.s, P.r = size(sc), size(sc)
        local p = position(sc)
        local v = (uniform() * 2 - 1) * sc.size * 3
        for _ = 1, rng.int(1, 120) do p = p + v * DT end
        P.p = p
        if P.sign < 0 then P.q = P.p - P.r else P.q = P.p + P.s end
        tangent(P, sc)
        return P, sc
      end,
    }
    -- a player walking at v * dt toward a wall, stopped by the game at wall.x - w
    generators[#generators + 1] = {
      name = "a player walking at v * dt up to a wall, stopped by the game against it, " .. scName,
      snapped = true,
      make = function(axis, sign)
        local sc = scales[scName]
        local P = newPlacement("walked at v * dt and stopped against the wall, " .. scName, axis, sign)
        P.p, P.s, P.r = position(sc), size(sc), size(sc)
        local v = sc.size * (2 + uniform() * 6)
        local flush = P.sign < 0 and P.p - P.r or P.p + P.s
        local q = flush + P.sign * v * DT * rng.int(1, 50) * (1 + uniform())
        while true do
          local nq = q - P.sign * v * DT
          if (P.sign < 0 and nq + P.r >= P.p) or (P.sign > 0 and nq <= P.p + P.s) then
            q = flush
            break
          end
          q = nq
        end
        P.q = q
        tangent(P, sc)
        return P, sc
      end,
    }
    -- both stepped by the same v * dt for one frame from exactly flush (a lift and its rider
    -- moved by the game's own update)
    generators[#generators + 1] = {
      name = "a platform and the player on it both moved one frame by v * dt, " .. scName,
      make = function(axis, sign)
        local sc = scales[scName]
        local P = newPlacement("both stepped by v * dt from flush, " .. scName, axis, sign)
        local e = sc.far and 1 or (sc.min < 1 and 2 ^ -16 or 2 ^ -4)
        P.p = floor(position(sc) / e) * e
        P.s, P.r = floor(size(sc) / e + 1) * e, floor(size(sc) / e + 1) * e
        local q = P.sign < 0 and P.p - P.r or P.p + P.s -- exact
        local v = (uniform() * 2 - 1) * sc.size * 5
        P.p = P.p + v * DT
        P.q = q + v * DT
        tangent(P, sc)
        return P, sc
      end,
    }
  end

  local function findIn(items, len, x)
    for i = 1, len do
      if items[i] == x then return true end
    end
    return false
  end

  -- A failure, with the placement and the numbers.
  local function fails(P, what, fmt, ...)
    error(describe(P) .. ": " .. what .. ": " .. string.format(fmt, ...), 2)
  end

  -- Where the player may not be after any move it made from a touching placement: inside the
  -- wall beyond the band, or on its far side.
  local function notThrough(P, w, player, what)
    local x, y = w:getRect(player)
    local q = nt(P, x, y)
    local g = gapOf(P, q)
    if g < -bandOf(P, q) then
      fails(P, what, "ended at (%s, %s), %s into the wall or beyond its far side", g17(x), g17(y), g17(-g))
    end
  end

  -- A world (cell 64) of mk holding the placement's wall and player (by default named so): w, wall, player.
  local function scene(P, mk, wallName, playerName)
    local w, wall, player = mk(64), { name = wallName or "wall" }, { name = playerName or "player" }
    w:add(wall, wallRect(P))
    w:add(player, playerRect(P))
    return w, wall, player
  end

  -- Every check of a placement within the band, on one world. Returns nothing; raises on a failure.
  local function checkTouching(P, mk)
    local w, wall, player = scene(P, mk)
    local q, tq = P.q, P.tq
    local function back() w:update(player, playerRect(P)) end
    local function at(x, y, what)
      local ax, ay = w:getRect(player)
      if ax ~= x or ay ~= y then
        fails(P, what, "at (%s, %s), want (%s, %s)", g17(ax), g17(ay), g17(x), g17(y))
      end
    end
    local span = (P.ts - P.tr) / 4       -- tangent moves that keep the player along the wall
    local reach = P.r * (0.25 + uniform()) -- normal moves

    -- a query of its own rect does not find the wall; one a clear overlap deep does
    local items, len = w:queryRect(playerRect(P))
    if findIn(items, len, wall) then fails(P, "queryRect of the player's own rect", "found the wall") end
    local deep = P.q - P.sign * math.min(P.r, P.s) / 2
    items, len = w:queryRect(playerRect(P, deep))
    if not findIn(items, len, wall) then fails(P, "queryRect half a size into the wall", "did not find it") end

    -- moving away (straight and slanted) and along: free, exactly at the goal
    for _, m in ipairs({
      { "moving straight away", P.sign * reach, 0 },
      { "moving away and along", P.sign * reach, (uniform() * 2 - 1) * span },
      { "moving along", 0, (uniform() < 0.5 and -1 or 1) * (0.1 + uniform()) * span },
      { "moving along a hair", 0, P.tr * 1e-9 },
    }) do
      local gx, gy = xy(P, q + m[2], tq + m[3])
      local ax, ay, cols, n = w:move(player, gx, gy)
      if n ~= 0 then
        fails(P, m[1], "%d collisions (first with %s, ti %s), want none", n, tostring(cols[1].other.name), g17(cols[1].ti))
      end
      if ax ~= gx or ay ~= gy then
        fails(P, m[1], "ended at (%s, %s), want the goal (%s, %s)", g17(ax), g17(ay), g17(gx), g17(gy))
      end
      at(gx, gy, m[1])
      back()
    end

    -- moving into it: met at t = 0 where the player is; slide goes on along it
    for _, m in ipairs({
      { "moving straight into the wall", -P.sign * reach, 0, nil },
      { "moving straight into the wall with touch", -P.sign * reach, 0, "touch" },
      { "moving into the wall and along it (slide)", -P.sign * reach, (uniform() * 2 - 1) * span, "slide" },
      { "moving into the wall and along it (touch)", -P.sign * reach, (uniform() * 2 - 1) * span, "touch" },
      { "moving into the wall by a hair", -P.sign * P.r * 1e-9, 0, nil },
    }) do
      local gx, gy = xy(P, q + m[2], tq + m[3])
      local filter = m[4] and function() return m[4] end or nil
      local wantX, wantY = xy(P, q, (m[4] == "touch") and tq or tq + m[3])
      local ax, ay, cols, n = w:move(player, gx, gy, filter)
      if n ~= 1 then fails(P, m[1], "%d collisions, want 1 (to (%s, %s))", n, g17(gx), g17(gy)) end
      local c = cols[1]
      local cnx, cny = xy(P, P.sign, 0)
      if c.other ~= wall or c.ti ~= 0 or c.overlaps or c.normal.x ~= cnx or c.normal.y ~= cny then
        fails(P, m[1], "collision with %s, ti %s, overlaps %s, normal (%s, %s); want the wall at ti 0, not " ..
          "overlapping, normal (%s, %s)", tostring(c.other.name), g17(c.ti), tostring(c.overlaps), g17(c.normal.x),
          g17(c.normal.y), g17(cnx), g17(cny))
      end
      if ax ~= wantX or ay ~= wantY then
        fails(P, m[1], "ended at (%s, %s), want (%s, %s) (goal (%s, %s))", g17(ax), g17(ay), g17(wantX),
          g17(wantY), g17(gx), g17(gy))
      end
      notThrough(P, w, player, m[1])
      back()
    end

    -- random moves near the wall: never through it, never inside it
    for i = 1, 6 do
      local dn = (uniform() * 2 - 1) * reach * 2
      local dt_ = (uniform() * 2 - 1) * span
      local gx, gy = xy(P, q + dn, tq + dt_)
      local what = string.format("random move %d to (%s, %s)", i, g17(gx), g17(gy))
      local ax, ay, _, n = w:move(player, gx, gy)
      notThrough(P, w, player, what)
      local into = (q + dn - q) * P.sign < 0
      local wantX, wantY = xy(P, into and q or q + dn, tq + dt_)
      if n ~= (into and 1 or 0) or ax ~= wantX or ay ~= wantY then
        fails(P, what, "%d collisions, ended at (%s, %s); want %d, (%s, %s)", n, g17(ax), g17(ay),
          into and 1 or 0, g17(wantX), g17(wantY))
      end
      back()
    end

    -- check and project answer the same without moving it
    do
      local gx, gy = xy(P, q - P.sign * reach, tq)
      local ax, ay, _, n = w:check(player, gx, gy)
      local px, py = playerRect(P)
      if n ~= 1 or ax ~= px or ay ~= py then
        fails(P, "check into the wall", "%d collisions, at (%s, %s)", n, g17(ax), g17(ay))
      end
      at(px, py, "check leaves it in place")
      local x, y, ww, hh = playerRect(P)
      local _, np = w:project(player, x, y, ww, hh, xy(P, q + P.sign * reach, tq))
      if np ~= 0 then fails(P, "project away from the wall", "%d collisions, want none", np) end
      _, np = w:project(player, x, y, ww, hh, gx, gy)
      if np ~= 1 then fails(P, "project into the wall", "%d collisions, want 1", np) end
    end

    -- the kit: the wall is its ground on that side, it fits there, pushOut leaves it
    do
      local g = w:ground(player)
      local flag, field = "onFloor", "floor"
      if P.axis == "y" and P.sign > 0 then flag, field = "onCeiling", "ceiling"
      elseif P.axis == "x" and P.sign < 0 then flag, field = "onRight", "right"
      elseif P.axis == "x" then flag, field = "onLeft", "left" end
      if g[flag] ~= true or g[field] ~= wall then
        fails(P, "ground", "%s = %s, %s = %s; want true and the wall", flag, tostring(g[flag]), field,
          tostring(g[field] and g[field].name))
      end
      local x, y = playerRect(P)
      if not w:fits(player, x, y) then fails(P, "fits where it stands", "false") end
      if w:fits(player, playerRect(P, deep)) then fails(P, "fits half a size into the wall", "true") end
      local ox, oy = w:pushOut(player)
      if ox ~= x or oy ~= y then fails(P, "pushOut", "moved it to (%s, %s)", g17(ox), g17(oy)) end
      at(x, y, "pushOut leaves it")
    end

    -- one-way: the wall's face toward the player is its solid face: held; seen from behind, it
    -- lets the player through
    do
      local nx, ny = xy(P, P.sign, 0)
      w:setOneWay(wall, nx, ny)
      local gx, gy = xy(P, q - P.sign * reach, tq)
      local ax, ay, _, n = w:move(player, gx, gy)
      local x, y = playerRect(P)
      if n ~= 1 or ax ~= x or ay ~= y then
        fails(P, "moving into a one-way wall's solid face", "%d collisions, ended at (%s, %s)", n, g17(ax), g17(ay))
      end
      gx, gy = xy(P, q + P.sign * reach, tq)
      ax, ay, _, n = w:move(player, gx, gy)
      if n ~= 0 or ax ~= gx or ay ~= gy then
        fails(P, "moving away from a one-way wall's solid face", "%d collisions, ended at (%s, %s)", n, g17(ax), g17(ay))
      end
      back()
      if P.axis == "y" and P.sign < 0 then
        local g = w:ground(player)
        if not g.onFloor or g.floor ~= wall then fails(P, "ground on a one-way floor", "not on it") end
        local x2, y2, _, _, g2 = w:moveGround(player, x + P.tr / 4, y + reach)
        if y2 ~= y or x2 ~= x + P.tr / 4 or not g2.onFloor then
          fails(P, "walking on a one-way floor under gravity", "ended at (%s, %s), onFloor %s", g17(x2), g17(y2),
            tostring(g2.onFloor))
        end
        back()
      end
      if not w:fits(player, x, y) then fails(P, "fits beside a one-way wall", "false") end
      w:setOneWay(wall, -nx, -ny)
      gx, gy = xy(P, q - P.sign * reach, tq)
      ax, ay, _, n = w:move(player, gx, gy)
      if n ~= 0 or ax ~= gx or ay ~= gy then
        fails(P, "moving into a one-way wall from behind", "%d collisions, ended at (%s, %s), want the goal (%s, %s)",
          n, g17(ax), g17(ay), g17(gx), g17(gy))
      end
      w:setOneWay(wall, 0, 0)
      back()
    end
  end

  -- A placement beyond the band: an overlap or a gap, decided exactly.
  local function checkBeyond(P, mk)
    local w, wall, player = scene(P, mk)
    local items, len = w:queryRect(playerRect(P))
    local g = gapOf(P)
    if findIn(items, len, wall) ~= (g < 0) then
      fails(P, "queryRect of the player's own rect", "found the wall: %s", tostring(not (g < 0)))
    end
    local x, y = playerRect(P)
    if w:fits(player, x, y) ~= (g > 0) then fails(P, "fits", "%s", tostring(not (g > 0))) end
    if g > 0 then -- apart: moving into it stops flush (exactly, or on the outer side)
      local gx, gy = xy(P, P.q - P.sign * P.r, P.tq)
      local ax, ay, cols, n = w:move(player, gx, gy)
      local aq = nt(P, ax, ay)
      local ag = gapOf(P, aq)
      if n ~= 1 or cols[1].ti <= 0 or ag < 0 or ag > bandOf(P, aq) then
        fails(P, "moving into a wall a gap away", "%d collisions, ended at (%s, %s), gap %s", n, g17(ax), g17(ay), g17(ag))
      end
    end
  end

  -- The loops of the tests below: for each of how.gens (generator indexes), how.scales (scale
  -- names) or how.sides ({axis, sign}), on each world, for each of how.signs, how.cases times:
  -- check(P, mk, t, k, sc). P is the case's placement when made here: by the generator (how.gen,
  -- or the one of how.gens) on the side (or on how.axis and the sign), named "<how.prefix><its
  -- how> in <world>"; or with how.label, a player on a floor, "<label> <k>, <scale> in <world>".
  -- mk is the world's {name, maker}, t the test's tally (counts from 0, returned for the test to
  -- close), k the case's index, sc the scale.
  local function forEachCase(how, check)
    local t = setmetatable({}, { __index = function() return 0 end })
    for _, o in ipairs(how.gens or how.scales or how.sides or { false }) do
      local gen = how.gen or (how.gens and generators[o])
      for _, mk in ipairs(makers) do
        for _, sign in ipairs(how.signs or { false }) do
          for k = 1, how.cases do
            local P
            if gen then
              local side = how.sides and o or { how.axis, sign or nil }
              P = gen.make(side[1], side[2])
              P.how = (how.prefix or "") .. P.how .. " in " .. mk[1]
            elseif how.label then
              P = newPlacement(string.format("%s %d, %s in %s", how.label, k, o, mk[1]), "y", -1)
            end
            check(P, mk, t, k, how.scales and scales[o])
          end
        end
      end
    end
    return t
  end

  test("touching: just beyond the band (three band widths, at every scale) an overlap is an overlap and a gap a gap", function()
    local t = forEachCase({ gens = { 1, 2, 3, 4, 5, 7 }, cases = 40,
      prefix = "three band widths off, from " }, function(P, mk, t)
      local flush = P.q
      for _, k in ipairs({ -3, 3 }) do
        P.q = flush + P.sign * k * bandOf(P)
        if abs(gapOf(P)) <= bandOf(P) then
          error(describe(P) .. ": not beyond the band (the test's own arithmetic is wrong)")
        end
        checkBeyond(P, mk[2])
        t.n = t.n + 1
      end
    end)
    h.eq(t.n, 960)
  end)

  local PER = 60 -- placements per generator, side and world
  local SIDES = { { "x", -1 }, { "x", 1 }, { "y", -1 }, { "y", 1 } }

  for _, gen in ipairs(generators) do
    test("touching: " .. gen.name .. ": walking away and along is free, into the wall stops where it is, " ..
      "never through; queries, ground, fits, pushOut and one-way walls agree", function()
      local t = forEachCase({ gen = gen, sides = SIDES, cases = PER }, function(P, mk, t)
        t.total = t.total + 1
        local g = gapOf(P)
        if abs(g) <= bandOf(P) then
          t.inBand = t.inBand + 1
          checkTouching(P, mk[2])
        else
          if gen.snapped then
            error(describe(P) .. ": a snapped placement beyond the band (the test's own arithmetic is wrong)")
          end
          checkBeyond(P, mk[2])
        end
      end)
      -- most placements of every kind are within the band, or the test would check little
      h.truthy(t.inBand >= t.total * 0.75, string.format("%d of %d placements within the band", t.inBand, t.total))
    end)
  end

  test("touching: the platform example: standing on a floor at 100.1, a jump ends where it was asked", function()
    for _, mk in ipairs(makers) do
      local world = mk[2](64)
      local fl, player = {}, {}
      world:add(fl, 0, 100.1, 500, 10)
      world:add(player, 50, 100.1 - 10.3, 16, 10.3)
      local x, y, _, len = world:move(player, 50, 100.1 - 10.3 - 40)
      h.eq(x, 50, mk[1]); h.eq(y, 100.1 - 10.3 - 40, mk[1] .. ": y"); h.eq(len, 0, mk[1] .. ": collisions")
      h.eq(string.format("%.14g", y), "49.8")
    end
  end)

  -- A player standing on a floor (y = floor.y - h) jumps, flies at 60 Hz, lands back on it.
  test("touching: a player snapped onto a floor jumps, falls back at 60 Hz and lands on it, and stays on it", function()
    local t = forEachCase({ scales = SCALES, label = "jump", cases = 40 }, function(P, mk, t, k, sc)
      if k % 2 == 0 then
        P.p = decimal(floor(position(sc) * 100), 2)
        P.s, P.r = decimal(floor(size(sc) * 100) + 1, 2), decimal(floor(size(sc) * 100) + 1, 2)
      else
        P.p, P.s, P.r = position(sc), size(sc), size(sc)
      end
      P.q = P.p - P.r
      tangent(P, sc)
      P.ts = P.ts * 20 -- room to run
      P.tq = P.tp + P.ts / 3
      local w, fl, player = scene(P, mk[2], "floor")
      local x, y = P.tq, P.q
      local v0 = sc.size * (5 + uniform() * 10)
      local grav = v0 * (2 + uniform() * 2)
      local vx, vy = sc.size * uniform(), -v0
      local landed = false
      for frame = 1, 600 do
        vy = vy + grav * DT
        local gx, gy = x + vx * DT, y + vy * DT
        local ax, ay, cols, n = w:move(player, gx, gy)
        if frame == 1 and (n ~= 0 or ay ~= gy or ax ~= gx) then
          fails(P, "the jump's first frame", "%d collisions, at (%s, %s), want (%s, %s)", n, g17(ax), g17(ay),
            g17(gx), g17(gy))
        end
        if n > 0 then
          local c = cols[1]
          if n ~= 1 or c.other ~= fl or c.normal.y ~= -1 or ax ~= gx then
            fails(P, "landing", "%d collisions, normal y %s, at (%s, %s), goal (%s, %s)", n, g17(c.normal.y),
              g17(ax), g17(ay), g17(gx), g17(gy))
          end
          local gap = gapOf(P, ay)
          if gap < 0 or gap > bandOf(P, ay) then
            fails(P, "landing", "landed at y = %s: exact gap %s to the floor", g17(ay), g17(gap))
          end
          landed = true
          x, y = ax, ay
          break
        end
        x, y = ax, ay
      end
      if not landed then fails(P, "jump", "never landed (y = %s)", g17(y)) end
      t.landings = t.landings + 1
      -- standing there: the ground state, fits, and gravity holds it frame after frame
      local g = w:ground(player)
      if not g.onFloor or g.floor ~= fl then fails(P, "after landing", "not on the floor") end
      if not w:fits(player, x, y) then fails(P, "after landing", "does not fit where it stands") end
      for frame = 1, 10 do
        local ax, ay, _, _, g2 = w:moveGround(player, x + vx * DT, y + grav * DT * DT * frame)
        if ay ~= y or ax ~= x + vx * DT or not g2.onFloor then
          fails(P, "standing after landing", "frame %d: at (%s, %s), onFloor %s", frame, g17(ax), g17(ay),
            tostring(g2.onFloor))
        end
        x = ax
      end
      -- and jumps again from there
      local ax, ay, _, n = w:move(player, x, y - v0 * DT)
      if n ~= 0 or ax ~= x or ay ~= y - v0 * DT then
        fails(P, "jumping again", "%d collisions, at (%s, %s)", n, g17(ax), g17(ay))
      end
    end)
    h.eq(t.landings, 240)
  end)

  -- Moving solids: a lift carries a rider set on it by the game; a moving wall pushes a crate
  -- set against its face and leaves one set against its back.
  test("touching: a lift at decimal positions moved by v * dt carries a rider snapped onto it, frame after frame", function()
    forEachCase({ scales = SCALES, label = "lift", cases = 10 }, function(P, mk, _, _, sc)
      P.p = decimal(floor(position(sc) * 1000), 3)
      P.s, P.r = decimal(floor(size(sc) * 1000) + 1, 3), decimal(floor(size(sc) * 1000) + 1, 3)
      P.q = P.p - P.r
      tangent(P, sc, 3)
      local w, lift, rider = scene(P, mk[2], "lift", "rider")
      local vs = { -1.7, 0.9, -0.35, 2.3, -2.9, 0.45 }
      for frame = 1, 120 do
        local vy = vs[frame % #vs + 1] * sc.size
        local vx = (frame % 3 == 0) and vs[(frame + 2) % #vs + 1] * sc.size or 0
        local lx, ly, moved, len = w:moveSolid(lift, vx * DT, vy * DT)
        P.tp, P.p = lx, ly
        local rx, ry = w:getRect(rider)
        P.tq, P.q = rx, ry
        if len ~= 1 or moved[1].item ~= rider or not moved[1].carried or moved[1].squashed then
          fails(P, "frame " .. frame, "moved %d, carried %s, squashed %s", len, tostring(moved[1] and moved[1].carried),
            tostring(moved[1] and moved[1].squashed))
        end
        local gap = gapOf(P)
        if abs(gap) > bandOf(P) then
          fails(P, "frame " .. frame, "the rider is %s off the lift's top", g17(gap))
        end
        local g = w:ground(rider)
        if not g.onFloor or g.floor ~= lift then fails(P, "frame " .. frame, "the rider is not on the lift") end
        -- the game's own update of the rider: gravity, and it stays
        local ax, ay, _, _, g2 = w:moveGround(rider, rx, ry + sc.size * DT)
        if ax ~= rx or ay ~= ry or not g2.onFloor then
          fails(P, "frame " .. frame .. ": gravity on the rider", "at (%s, %s)", g17(ax), g17(ay))
        end
      end
    end)
  end)

  test("touching: a moving wall pushes a crate snapped against its face and leaves one snapped against its back", function()
    forEachCase({ gens = { 1, 2, 3, 4, 5 }, axis = "x", signs = { -1, 1 }, cases = 20 }, function(P, mk)
      local w, mover, crate = scene(P, mk[2], "mover", "crate")
      -- away from the crate: it stays, exactly
      local d = -P.sign * P.r * (0.1 + uniform())
      local _, _, _, len = w:moveSolid(mover, d, 0)
      local cx, cy = w:getRect(crate)
      local px, py = playerRect(P)
      if len ~= 0 or cx ~= px or cy ~= py then
        fails(P, "the wall moving away", "moved %d, the crate at (%s, %s)", len, g17(cx), g17(cy))
      end
      w:update(mover, wallRect(P))
      -- toward it: pushed ahead, flush with the face
      d = P.sign * P.r * (0.1 + uniform())
      local mx, _, moved
      mx, _, moved, len = w:moveSolid(mover, d, 0)
      if len ~= 1 or moved[1].item ~= crate or not moved[1].pushed then
        fails(P, "the wall pushing", "moved %d", len)
      end
      P.p = mx
      P.q, P.tq = w:getRect(crate)
      if abs(gapOf(P)) > bandOf(P) then
        fails(P, "the wall pushing", "the crate at %s is %s off its face", g17(P.q), g17(gapOf(P)))
      end
      local items, n = w:queryRect(w:getRect(crate))
      if findIn(items, n, mover) then fails(P, "the pushed crate", "a query of its rect finds the wall") end
    end)
  end)

  -- On the grid nothing changed: its band (1e-10) is below any gap there, so no answer moves by
  -- it. A move's end is its start, its goal, a contact or a point where its path is clear; on a
  -- world of quarter units these lie on the grid or are rounded there by an ulp (about 1e-15),
  -- never a band (1e-12 to 1e-8) beside a grid position, in or out of a face.
  test("touching: on the 1/256 grid no move ends a band beside a grid position (the band changes nothing there)", function()
    local function offGrid(v) return abs(v - floor(v * 256 + 0.5) / 256) end
    local function q4(lo, hi) return rng.int(lo, hi) / 4 end
    local t = forEachCase({ cases = 10000 }, function(_, mk, t, trial)
      local w = mk[2](32)
      local placed = {}
      for i = 1, rng.int(1, 3) do
        local r_ = { q4(-40, 40), q4(-40, 40), q4(1, 60), q4(1, 60) }
        w:add(i, r_[1], r_[2], r_[3], r_[4])
        placed[#placed + 1] = string.format("%d {%s, %s, %s, %s}", i, g17(r_[1]), g17(r_[2]), g17(r_[3]), g17(r_[4]))
      end
      local px, py, pw, ph = q4(-40, 40), q4(-40, 40), q4(1, 40), q4(1, 40)
      w:add("player", px, py, pw, ph)
      local gx, gy = px + q4(-60, 60), py + q4(-60, 60)
      local resp = ({ "slide", "touch", "bounce", "cross" })[trial % 4 + 1]
      local x, y, cols, len = w:move("player", gx, gy, function() return resp end)
      t.moves = t.moves + 1
      local dx, dy = offGrid(x), offGrid(y)
      if (dx > 1e-12 and dx < 1e-8) or (dy > 1e-12 and dy < 1e-8) then
        local desc = {}
        for i = 1, len do
          local c = cols[i]
          desc[#desc + 1] = string.format("%s %s overlaps=%s ti=%s touch (%s, %s)", tostring(c.other), c.type,
            tostring(c.overlaps), g17(c.ti), g17(c.touch.x), g17(c.touch.y))
        end
        error(string.format("%s, items %s: player {%s, %s, %s, %s} moved (%s) to (%s, %s) ended at (%s, %s), " ..
          "%.3g and %.3g off the grid; collisions: %s", mk[1], table.concat(placed, ", "), g17(px), g17(py), g17(pw),
          g17(ph), resp, g17(gx), g17(gy), g17(x), g17(y), dx, dy, table.concat(desc, "; ")))
      end
    end)
    h.eq(t.moves, 20000)
  end)

  -- On the grid (multiples of 1/256 up to 16384) nothing changed: 1/256 is an overlap or a gap.
  test("touching: on the 1/256 grid an overlap of 1/256 still collides, a gap of 1/256 is still a gap, flush touches", function()
    local U = 1 / 256
    local function gridv(lo, hi) return rng.int(lo * 256, hi * 256) * U end
    forEachCase({ cases = 200 }, function(_, mk, _, k)
      local P = newPlacement("grid " .. k .. " in " .. mk[1], nil, nil)
      P.p, P.s, P.r = gridv(-8000, 8000), gridv(U, 100), gridv(U * 2, 100)
      P.tp, P.ts, P.tr = gridv(-8000, 8000), gridv(50, 400), gridv(1, 40)
      P.tq = P.tp + floor((P.ts - P.tr) / 2 / U) * U
      local flush = P.sign < 0 and P.p - P.r or P.p + P.s
      for _, off in ipairs({ -U, 0, U }) do -- overlapping by 1/256, flush, a 1/256 gap
        P.q = flush + P.sign * off
        local w, wall, player = scene(P, mk[2])
        local items, len = w:queryRect(playerRect(P))
        local x, y = playerRect(P)
        if findIn(items, len, wall) ~= (off < 0) then
          fails(P, "queryRect", "found the wall: %s", tostring(off >= 0))
        end
        if w:fits(player, x, y) ~= (off >= 0) then fails(P, "fits", "%s", tostring(off < 0)) end
        -- moving away
        local gx, gy = xy(P, P.q + P.sign * 4, P.tq)
        local ax, ay, cols, n = w:move(player, gx, gy, function() return "touch" end)
        if off < 0 then
          if n ~= 1 or not cols[1].overlaps or cols[1].other ~= wall then
            fails(P, "moving away while overlapping by 1/256", "%d collisions, overlaps %s", n,
              tostring(n > 0 and cols[1].overlaps))
          end
        elseif n ~= 0 or ax ~= gx or ay ~= gy then
          fails(P, "moving away", "%d collisions at (%s, %s)", n, g17(ax), g17(ay))
        end
        -- moving into it from touching or from the gap: ends exactly flush
        w:update(player, x, y)
        if off >= 0 then
          gx, gy = xy(P, P.q - P.sign * 4, P.tq)
          ax, ay, cols, n = w:move(player, gx, gy)
          local wantX, wantY = xy(P, flush, P.tq)
          if n ~= 1 or ax ~= wantX or ay ~= wantY or (off > 0) ~= (cols[1].ti > 0) then
            fails(P, "moving into the wall", "%d collisions, at (%s, %s), want (%s, %s)", n, g17(ax), g17(ay),
              g17(wantX), g17(wantY))
          end
        else
          local ox, oy = w:pushOut(player)
          local wantX, wantY = xy(P, flush, P.tq)
          if ox ~= wantX or oy ~= wantY then
            fails(P, "pushOut of a 1/256 overlap", "at (%s, %s), want (%s, %s)", g17(ox), g17(oy), g17(wantX),
              g17(wantY))
          end
        end
      end
    end)
  end)
end
