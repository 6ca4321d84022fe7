-- The world's state: hash (compare two players' worlds frame by frame), snapshot and restore
-- (rollback, replays): a level rolled back and stepped again gives the same moves and hashes,
-- items removed and added since come back and go, and a damaged or foreign string changes
-- nothing.
return function(test, c2d, h)
  local function full_gc()
    for _ = 1, 4 do collectgarbage("collect") end
  end

  -- A small linear congruential generator: the same numbers on every interpreter (doubles only,
  -- every value below 2^53).
  local function lcg(state)
    local self = { state = state }
    function self.next(n) -- an integer in 0..n-1
      self.state = (self.state * 1103515245 + 12345) % 2147483648
      return math.floor(self.state / 65536) % n
    end
    return self
  end

  local function level(w)
    w:add("floor", 0, 400, 640, 20)
    w:add("ceiling", 0, -20, 640, 20)
    w:add("left", -20, 0, 20, 400)
    w:add("right", 640, 0, 20, 400)
    w:add("ledge", 200, 250, 120, 10)
    w:setOneWay("ledge", 0, -1)
    w:add("block", 400, 150, 40, 40)
    return w
  end

  test("state: two worlds built by the same calls hash equal, as 16 lowercase hex digits", function()
    local a, b = level(c2d.newWorld(64)), level(c2d.newWorld(64))
    local ha, hb = a:hash(), b:hash()
    h.eq(type(ha), "string"); h.eq(#ha, 16)
    h.truthy(ha:find("^[0-9a-f]+$"), "hex digits: " .. ha)
    h.eq(ha, hb, "same calls, same hash")
    h.eq(a:hash(), ha, "asking again changes nothing")
    a:add("p", 10, 10, 16, 16); b:add("p", 10, 10, 16, 16)
    h.eq(a:hash(), b:hash(), "after an add on both")
    h.truthy(a:hash() ~= ha, "an add changes the hash")
  end)

  test("state: moving an item changes the hash, and moving it back gives the old one again", function()
    local w = level(c2d.newWorld(64))
    w:add("p", 100, 100, 16, 16)
    local before = w:hash()
    w:move("p", 130, 100)
    local moved = w:hash()
    h.truthy(moved ~= before, "moved")
    w:update("p", 100, 100)
    h.eq(w:hash(), before, "moved back")
    w:move("p", 130, 100)
    h.eq(w:hash(), moved, "moved again")
    w:setOneWay("block", 0, -1)
    h.truthy(w:hash() ~= moved, "a one-way face counts")
  end)

  test("state: a removed and re-added item hashes as the same world on both sides", function()
    local a, b = level(c2d.newWorld(32)), level(c2d.newWorld(32))
    for _, w in ipairs({ a, b }) do
      w:add("x", 5, 5, 1, 1)
      w:add("y", 50, 5, 1, 1)
      w:remove("x")
      w:add("z", 7, 7, 2, 2)
    end
    h.eq(a:hash(), b:hash())
    a:remove("z"); h.truthy(a:hash() ~= b:hash(), "one more remove on one side")
    b:remove("z"); h.eq(a:hash(), b:hash(), "and on the other")
  end)

  -- The game: 30 movers with velocities, stepped at 60 Hz with v * dt; every 5th frame one is
  -- removed and a new one added, every 7th frame a shot is added and the oldest shot removed.
  local DT = 1 / 60
  local function new_game(w)
    local g = { w = w, rng = lcg(12345), movers = {}, shots = {}, spawned = 0 }
    local function spawn()
      g.spawned = g.spawned + 1
      local m = { name = "mover" .. g.spawned }
      local x, y = 20 + g.rng.next(580), 20 + g.rng.next(340)
      -- a free place: try the next cells along until one fits (queryRect is empty)
      while select(2, w:queryRect(x, y, 12, 12)) > 0 do
        x = 20 + (x + 17) % 580
        y = 20 + (y + 11) % 340
      end
      w:add(m, x, y, 12, 12)
      m.vx, m.vy = g.rng.next(400) - 200, g.rng.next(400) - 200
      g.movers[#g.movers + 1] = m
    end
    g.spawn = spawn
    for _ = 1, 30 do spawn() end
    return g
  end

  -- Copies the game's own state (references to its items, not the items).
  local function save_game(g)
    local s = { rng = g.rng.state, movers = {}, shots = {}, spawned = g.spawned, vel = {} }
    for i, m in ipairs(g.movers) do
      s.movers[i] = m
      s.vel[i] = { m.vx, m.vy }
    end
    for i, b in ipairs(g.shots) do s.shots[i] = b end
    return s
  end

  local function load_game(g, s)
    g.rng.state, g.spawned = s.rng, s.spawned
    g.movers, g.shots = {}, {}
    for i, m in ipairs(s.movers) do
      g.movers[i] = m
      m.vx, m.vy = s.vel[i][1], s.vel[i][2]
    end
    for i, b in ipairs(s.shots) do g.shots[i] = b end
  end

  -- One frame; appends the frame's record (every move's actual position, the hash) to rec.
  local function step(g, frame, rec)
    local w = g.w
    if frame % 5 == 0 then
      local k = 1 + g.rng.next(#g.movers)
      w:remove(g.movers[k])
      table.remove(g.movers, k)
      g.spawn()
    end
    if frame % 7 == 0 then
      local b = { name = "shot" .. frame }
      w:add(b, 300 + frame, 10, 4, 4)
      g.shots[#g.shots + 1] = b
      if #g.shots > 2 then
        w:remove(table.remove(g.shots, 1))
      end
    end
    for _, m in ipairs(g.movers) do
      local x, y = w:getRect(m)
      local ax, ay, _, len = w:move(m, x + m.vx * DT, y + m.vy * DT)
      if ax ~= x + m.vx * DT then m.vx = -m.vx end
      if ay ~= y + m.vy * DT then m.vy = -m.vy end
      rec[#rec + 1] = ax; rec[#rec + 1] = ay; rec[#rec + 1] = len
    end
    rec[#rec + 1] = w:hash()
  end

  test("state: a level rolled back to frame 20 and stepped again to 40 moves the same way", function()
    local w = level(c2d.newWorld(64))
    local g = new_game(w)
    local first = {}
    for frame = 1, 20 do step(g, frame, first) end
    local snap, saved, hash20 = w:snapshot(), save_game(g), w:hash()
    local count20, items20 = w:countItems(), {}
    for _, m in ipairs(g.movers) do items20[m] = { w:getRect(m) } end
    h.eq(type(snap), "string")
    local run1 = {}
    for frame = 21, 40 do step(g, frame, run1) end
    h.truthy(w:hash() ~= hash20, "the world changed")
    local late = g.movers[#g.movers] -- added after the snapshot

    h.eq(w:restore(snap), true)
    load_game(g, saved)
    h.eq(w:hash(), hash20, "the hash of frame 20")
    h.eq(w:countItems(), count20)
    h.eq(w:hasItem(late), false, "an item added after the snapshot is gone")
    for m, r in pairs(items20) do
      h.truthy(w:hasItem(m), m.name .. " is back")
      local x, y, rw, rh = w:getRect(m)
      h.eq(x, r[1]); h.eq(y, r[2]); h.eq(rw, r[3]); h.eq(rh, r[4])
    end

    local run2 = {}
    for frame = 21, 40 do step(g, frame, run2) end
    h.eq(#run2, #run1)
    for i = 1, #run1 do
      h.eq(run2[i], run1[i], "record " .. i)
    end
    -- and once more, from the same string
    h.eq(w:restore(snap), true)
    load_game(g, saved)
    local run3 = {}
    for frame = 21, 40 do step(g, frame, run3) end
    for i = 1, #run1 do h.eq(run3[i], run1[i], "record " .. i .. " again") end
  end)

  test("state: a world rolled back hashes as a world that never went ahead", function()
    local a, b = level(c2d.newWorld(64)), level(c2d.newWorld(64))
    local ga, gb = new_game(a), new_game(b)
    local ra, rb = {}, {}
    for frame = 1, 10 do step(ga, frame, ra); step(gb, frame, rb) end
    local snap, saved = a:snapshot(), save_game(ga)
    for frame = 11, 25 do step(ga, frame, ra) end
    h.eq(a:restore(snap), true); load_game(ga, saved)
    for frame = 11, 30 do step(ga, frame, ra); step(gb, frame, rb) end
    h.eq(a:hash(), b:hash(), "the same state")
    local ia, na = a:queryRect(0, 0, 640, 400)
    local ib, nb = b:queryRect(0, 0, 640, 400)
    h.eq(na, nb)
    local names = {}
    for i = 1, na do names[ia[i].name or ia[i]] = true end
    for i = 1, nb do h.truthy(names[ib[i].name or ib[i]], "both hold " .. tostring(ib[i].name or ib[i])) end
  end)

  test("state: after a restore the next add gets the handle and index it got after the snapshot", function()
    local w = level(c2d.newWorld(64))
    w:add("a", 10, 10, 5, 5); w:add("b", 30, 10, 5, 5)
    w:remove("a")
    local snap = w:snapshot()
    w:add("c", 50, 10, 5, 5)
    local after = w:hash()
    h.eq(w:restore(snap), true)
    h.eq(w:hasItem("c"), false); h.eq(w:hasItem("a"), false); h.eq(w:hasItem("b"), true)
    w:add("c", 50, 10, 5, 5)
    h.eq(w:hash(), after, "the same add, the same state")
    local items, len = w:getItems()
    h.eq(len, 8)
    local seen = {}
    for i = 1, len do seen[items[i]] = true end
    h.truthy(seen.c and seen.b and seen.floor, "getItems lists the restored items")
  end)

  test("state: a snapshot of a later timeline restores after rolling back past it", function()
    local w = level(c2d.newWorld(64))
    local x, y = { name = "x" }, { name = "y" }
    local early = w:snapshot()
    w:add(x, 10, 10, 5, 5)
    local later = w:snapshot()
    h.eq(w:restore(early), true)
    w:add(y, 10, 10, 5, 5) -- the handle x had
    h.eq(w:restore(later), true)
    h.eq(w:hasItem(x), true, "x is back"); h.eq(w:hasItem(y), false, "y is gone")
    h.eq(select(4, w:move(x, 20, 10)), 0, "x meets nothing")
    h.eq((w:getRect(x)), 20)
  end)

  test("state: an item removed after the snapshot comes back when the game still holds it", function()
    local w = c2d.newWorld(32)
    local crate = { name = "crate" }
    w:add(crate, 0, 0, 10, 10)
    w:add("player", 20, 0, 10, 10)
    local snap, hash = w:snapshot(), w:hash()
    w:remove(crate)
    w:move("player", -20, 0)
    h.eq((w:getRect("player")), -20)
    h.eq(w:restore(snap), true)
    h.eq(w:hash(), hash)
    local ax, _, cols, len = w:move("player", -20, 0)
    h.eq(ax, 10, "stopped by the crate again"); h.eq(len, 1); h.eq(cols[1].other, crate)
  end)

  test("state: an item of the snapshot the game let go makes restore fail and change nothing", function()
    local w = c2d.newWorld(32)
    w:add("player", 20, 0, 10, 10)
    local snap
    do
      local crate = { name = "crate" }
      w:add(crate, 0, 0, 10, 10)
      snap = w:snapshot()
      w:remove(crate)
    end
    w:add("other", 50, 50, 5, 5)
    full_gc()
    local hash = w:hash()
    local ok, msg = w:restore(snap)
    h.eq(ok, nil)
    h.truthy(tostring(msg):find("garbage%-collected"), "got: " .. tostring(msg))
    h.eq(w:hash(), hash, "unchanged")
    h.truthy(w:hasItem("other")); h.eq(w:countItems(), 2)
  end)

  test("state: damaged and foreign strings give nil and a message and leave the world as it was", function()
    local w = level(c2d.newWorld(64))
    w:add("p", 100, 100, 16, 16)
    local snap = w:snapshot()
    w:move("p", 150, 120)
    local hash, x, y = w:hash(), w:getRect("p")
    local function refused(s, pattern, what)
      local ok, msg = w:restore(s)
      h.eq(ok, nil, what)
      h.eq(type(msg), "string", what)
      if pattern then h.truthy(msg:find(pattern, 1, true), what .. ": " .. msg) end
      h.eq(w:hash(), hash, what .. ": hash unchanged")
      local gx, gy = w:getRect("p")
      h.eq(gx, x); h.eq(gy, y)
    end
    refused(snap:sub(1, -2), "damaged", "one byte short")
    refused(snap:sub(1, 40), "damaged", "cut short")
    refused(snap .. "\0", "damaged", "one byte more")
    refused("", "not a world snapshot", "empty")
    refused("hello, world", "not a world snapshot", "text")
    for _, at in ipairs({ 5, 9, 17, 25, 37, math.floor(#snap / 2), #snap - 8, #snap }) do
      local b = snap:byte(at)
      local flipped = snap:sub(1, at - 1) .. string.char((b + 1) % 256) .. snap:sub(at + 1)
      refused(flipped, nil, "byte " .. at .. " changed")
    end
    refused(nil, "must be a string", "nil")
    refused(42, "must be a string", "a number")
    refused({}, "must be a string", "a table")
    local other = level(c2d.newWorld(64))
    other:add("p", 100, 100, 16, 16)
    h.eq(other:hash(), (function() w:restore(snap); local s = w:hash(); return s end)(),
      "the other world holds the same state")
    w:move("p", 150, 120)
    hash = w:hash()
    refused(other:snapshot(), "another world", "a snapshot of another world")
    h.eq(w:restore(snap), true, "and the world's own still restores")
  end)

  test("state: items that are strings, numbers and booleans restore too", function()
    local w = c2d.newWorld(16)
    w:add("s", 0, 0, 1, 1); w:add(7, 2, 0, 1, 1); w:add(true, 4, 0, 1, 1)
    local snap, hash = w:snapshot(), w:hash()
    w:remove("s"); w:remove(7); w:remove(true)
    full_gc()
    h.eq(w:restore(snap), true)
    h.eq(w:hash(), hash)
    h.truthy(w:hasItem("s") and w:hasItem(7) and w:hasItem(true))
  end)

  if math.type then
    test("state: coordinates given as integers come back as integers after a restore", function()
      local w = c2d.newWorld(16)
      w:add("p", 1, 2, 3, 4)
      local snap = w:snapshot()
      w:update("p", 1.5, 2.5)
      h.eq(w:restore(snap), true)
      local x, y, rw, rh = w:getRect("p")
      h.eq(math.type(x), "integer"); h.eq(math.type(y), "integer")
      h.eq(math.type(rw), "integer"); h.eq(math.type(rh), "integer")
    end)
  end

  test("state: a world of collide2d.bump has hash, snapshot and restore", function()
    local bump = require("collide2d.bump")
    local w = bump.newWorld(64)
    w:add("a", 0, 0, 10, 10)
    local snap, hash = w:snapshot(), w:hash()
    w:remove("a")
    h.eq(w:restore(snap), true)
    h.eq(w:hash(), hash); h.truthy(w:hasItem("a"))
  end)
end
