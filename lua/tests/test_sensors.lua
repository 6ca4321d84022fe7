-- Sensors and their events: a coin picked up, a bullet crossing a tripwire far thinner than its
-- step, random frames checked against a brute-force diff of every frame's overlaps, a rollback
-- that brings the same events back, and bad input.
return function(test, c2d, h)
  local function names(ev, n)
    local out = {}
    for i = 1, n do
      local e = ev[i]
      out[i] = string.format("%s %s %s%s%s", tostring(e.sensor), tostring(e.item), e.kind,
        e.passed and " passed" or "", e.removed and " removed" or "")
    end
    return table.concat(out, ", ")
  end

  test("sensors: a coin the player walks onto begins, and picked up (removed) it ends", function()
    local w = c2d.newWorld(32)
    w:add("coin", 100, 0, 16, 16)
    w:add("player", 0, 0, 12, 24)
    w:setSensor("coin")
    h.eq(w:isSensor("coin"), true, "isSensor")
    h.eq(w:isSensor("player"), false, "isSensor")
    local x, y, cols, len = w:move("player", 95, 0)
    h.eq(x, 95); h.eq(y, 0); h.eq(len, 0, "a sensor is no collision")
    h.eq(names(w:events()), "coin player begin")
    h.eq(select(2, w:events()), 0, "handed out once")
    w:remove("coin")
    h.eq(names(w:events()), "coin player end removed", "the removed coin is still named")
    h.eq(names(w:events()), "")
  end)

  test("sensors: a bullet a million units per frame across a tripwire 1/256 wide is seen passing", function()
    local w = c2d.newWorld(64)
    w:add("wire", 5000, -50, 1 / 256, 100)
    w:setSensor("wire", true)
    w:add("bullet", 0, 0, 4, 2)
    w:add("wall", 2e6, -50, 10, 100)
    local x = w:move("bullet", 3e6, 0)
    h.eq(x, 2e6 - 4, "the wall stops it, not the wire")
    h.eq(names(w:events()), "wire bullet begin passed, wire bullet end passed")
    w:update("bullet", 0, 0)
    h.eq(names(w:events()), "", "a teleport passes nothing")
    w:setSensor("wire", false)
    h.eq(w:isSensor("wire"), false)
    x = w:move("bullet", 3e6, 0)
    h.eq(x, 5000 - 4, "an ordinary item again, the wire blocks")
  end)

  test("sensors: random frames bring exactly the events a brute-force diff finds", function()
    local rng = h.rng(4242)
    local w = c2d.newWorld(64)
    local S = 256 -- grid steps per unit: every value is k / 256, exact in doubles
    local items, order, serial = {}, {}, 0
    local function add()
      serial = serial + 1
      local name = "i" .. serial
      local sensor = rng.int(0, 2) == 0
      local it = { x = rng.int(-8192, 8192), y = rng.int(-8192, 8192), sensor = sensor }
      if sensor and rng.int(0, 1) == 0 then
        it.w, it.h = 1, rng.int(1, 16 * S)
      else
        it.w, it.h = rng.int(1, 24 * S), rng.int(1, 24 * S)
      end
      items[name] = it
      w:add(name, it.x / S, it.y / S, it.w / S, it.h / S)
      w:setSensor(name, sensor)
    end
    local function overlap(a, b)
      return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h
    end
    local function key(a, b) -- "sensor visitor" when one visits the other, else nil
      local A, B = items[a], items[b]
      if A.sensor == B.sensor then return nil end
      return A.sensor and (a .. " " .. b) or (b .. " " .. a)
    end
    local function pairs_now()
      local set, names_ = {}, {}
      for n in pairs(items) do names_[#names_ + 1] = n end
      for i = 1, #names_ do
        for j = i + 1, #names_ do
          local k = key(names_[i], names_[j])
          if k and overlap(items[names_[i]], items[names_[j]]) then set[k] = true end
        end
      end
      return set
    end
    -- Whether a moving by (dx, dy) steps overlaps o at some time in [0, 1], exactly: times as
    -- fractions n / d (d > 0), every product below 2^53.
    local function passes(a, dx, dy, o)
      local lo_n, lo_d, hi_n, hi_d, open = 0, 1, 1, 1, false
      for _, ax in ipairs({ { a.x, a.w, o.x, o.w, dx }, { a.y, a.h, o.y, o.h, dy } }) do
        local alo, ahi, olo, ohi, d = ax[1], ax[1] + ax[2], ax[3], ax[3] + ax[4], ax[5]
        if d == 0 then
          if not (alo < ohi and olo < ahi) then return false end
        else
          local en, ln = olo - ahi, ohi - alo
          local dd = d
          if dd < 0 then en, ln, dd = -en, -ln, -dd end
          local t0n, t1n = en, ln
          if d < 0 then t0n, t1n = ln, en end
          if t0n * lo_d >= lo_n * dd then lo_n, lo_d, open = t0n, dd, true end
          if t1n * hi_d <= hi_n * dd then hi_n, hi_d, open = t1n, dd, true end
        end
      end
      if open then return lo_n * hi_d < hi_n * lo_d end
      return true
    end
    for _ = 1, 16 do add() end
    local before = {}
    local checked = 0
    for frame = 1, 300 do
      local passed, removed, removed_pairs = {}, {}, {}
      for _ = 1, rng.int(1, 8) do
        order = {}
        for n in pairs(items) do order[#order + 1] = n end
        table.sort(order)
        local name = order[rng.int(1, #order)]
        local it = items[name]
        local op = rng.int(0, 9)
        if op <= 4 then
          local dx, dy = rng.int(-40 * S, 40 * S), rng.int(-40 * S, 40 * S)
          if rng.int(0, 3) == 0 then dy = 0 end
          for o, other in pairs(items) do
            local k = o ~= name and key(name, o)
            if k and passes(it, dx, dy, other) then passed[k] = true end
          end
          local x, y = w:move(name, (it.x + dx) / S, (it.y + dy) / S, function() return "cross" end)
          it.x, it.y = it.x + dx, it.y + dy
          h.eq(x, it.x / S, "frame " .. frame .. ": a crossing move ends at its goal")
          h.eq(y, it.y / S)
        elseif op == 5 then
          it.x, it.y = rng.int(-8192, 8192), rng.int(-8192, 8192)
          w:update(name, it.x / S, it.y / S)
        elseif op == 6 then
          for o, other in pairs(items) do
            local k = o ~= name and key(name, o)
            if k and overlap(it, other) then removed_pairs[k] = true end
          end
          removed[name] = true
          items[name] = nil
          w:remove(name)
        elseif op == 7 then
          it.sensor = not it.sensor
          w:setSensor(name, it.sensor)
        else
          add()
        end
      end
      local after = pairs_now()
      local all, want = {}, {}
      for _, set in ipairs({ before, after, passed, removed_pairs }) do
        for k in pairs(set) do all[#all + 1] = k end
      end
      table.sort(all)
      local last
      for _, k in ipairs(all) do
        if k ~= last then
          last = k
          local s, v = k:match("^(%S+) (%S+)$")
          local old, new = before[k], after[k]
          local gone = removed[s] or removed[v]
          if old and not new then
            want[#want + 1] = k .. " end" .. (gone and " removed" or "")
          elseif new and not old then
            want[#want + 1] = k .. " begin"
          elseif not old and not new and removed_pairs[k] then
            want[#want + 1] = k .. " begin"
            want[#want + 1] = k .. " end removed"
          elseif not old and not new and passed[k] then
            want[#want + 1] = k .. " begin passed"
            want[#want + 1] = k .. " end passed"
          end
        end
      end
      local ev, n = w:events()
      -- The library orders by handle; the model by name: compare as sorted lists.
      local got = {}
      for i = 1, n do got[i] = names({ ev[i] }, 1) end
      table.sort(got)
      table.sort(want)
      h.eq(table.concat(got, ", "), table.concat(want, ", "), "frame " .. frame)
      checked = checked + n
      before = after
    end
    h.truthy(checked > 200, "the frames brought events (" .. checked .. ")")
  end)

  test("sensors: a rolled-back world brings the same events again", function()
    local w = c2d.newWorld(32)
    w:add("zone", 200, -50, 100, 100)
    w:setSensor("zone")
    w:add("a", 0, 0, 8, 8)
    w:add("b", 210, 0, 8, 8)
    local snap = w:snapshot()
    w:move("a", 220, 0)
    w:remove("b")
    local first = names(w:events())
    h.eq(first, "zone a begin, zone b begin, zone b end removed")
    assert(w:restore(snap))
    h.eq(names(w:events()), "zone b begin", "the restored world had not handed out b's begin")
    w:move("a", 220, 0)
    w:remove("b")
    h.eq(names(w:events()), "zone a begin, zone b end removed")
  end)

  test("sensors: a player snapped flush against a zone by x = zone.x - w, from decimal level data, is not in it", function()
    local w = c2d.newWorld(32)
    local zx, pw = 376.98, 24.02
    w:add("zone", zx, 0, 50, 50)
    w:setSensor("zone")
    w:add("player", zx - pw, 10, pw, 20)
    h.eq(select(2, w:events()), 0, "touching is not visiting")
    w:move("player", zx - pw + 0.5, 10)
    h.eq(names(w:events()), "zone player begin")
    w:update("player", zx - pw, 10)
    h.eq(names(w:events()), "zone player end", "snapped flush again: out")
  end)

  test("sensors: bad input raises bump.lua's errors", function()
    local w = c2d.newWorld(32)
    w:add("a", 0, 0, 8, 8)
    h.truthy(h.err(w.setSensor, w, "nobody"):find("must be added to the world", 1, true))
    h.truthy(h.err(w.isSensor, w, "nobody"):find("must be added to the world", 1, true))
    h.truthy(h.err(w.setSensor, w, "a", "yes"):find("boolean expected", 1, true))
    h.truthy(h.err(w.events, {}):find("bad self", 1, true))
    h.eq(select(2, w:events()), 0)
  end)

  test("sensors: lua/README.md's LÖVE example picks up every coin and sees the finish line", function()
    local printed = {}
    local env = {
      love = {},
      require = function() return c2d end,
      print = function(...) printed[#printed + 1] = table.concat({ ... }, " ") end,
    }
    local score = h.readme_example("-- main.lua (LÖVE): coins picked up", env,
      "\nreturn function() return score end")
    for _ = 1, 120 do env.love.update(1 / 60) end
    h.eq(score(), 50, "five coins of 10")
    h.eq(#printed, 1, "the finish line is reported once")
    h.truthy(printed[1]:find("^finished"), printed[1])
  end)
end
