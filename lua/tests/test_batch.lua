-- One shape against many (a bullet against every enemy, the camera against every sprite): each
-- batch function lists the 1-based indices of the array's elements the shape meets, and its answer
-- for element i is the single call's answer for that pair, in both boundary flavours, on random
-- shapes laid on a grid of eighths so that many of them touch exactly.
return function(test, c2d, h)
  local nan = 0 / 0

  -- Each batch function and the single call that answers for one element.
  local singles = {
    overlapRectRects = function(q, r) return c2d.overlapRectRect(q, r) end,
    touchRectRects = function(q, r) return c2d.touchRectRect(q, r) end,
    overlapPointRects = function(p, r) return c2d.overlapPointRect(p, r) end,
    touchPointRects = function(p, r) return c2d.touchPointRect(p, r) end,
    overlapCircleRects = function(c, r) return c2d.overlapRectCircle(r, c) end,
    touchCircleRects = function(c, r) return c2d.touchRectCircle(r, c) end,
    overlapRectCircles = function(q, c) return c2d.overlapRectCircle(q, c) end,
    touchRectCircles = function(q, c) return c2d.touchRectCircle(q, c) end,
    overlapPointCircles = function(p, c) return c2d.overlapPointCircle(p, c) end,
    touchPointCircles = function(p, c) return c2d.touchPointCircle(p, c) end,
    overlapCircleCircles = function(q, c) return c2d.overlapCircleCircle(q, c) end,
    touchCircleCircles = function(q, c) return c2d.touchCircleCircle(q, c) end,
  }
  local kinds = {
    Rect = function(r) return { x = r.eighths(-8, 8), y = r.eighths(-8, 8), width = r.eighths(0, 6), height = r.eighths(0, 6) } end,
    Point = function(r) return { x = r.eighths(-8, 8), y = r.eighths(-8, 8) } end,
    Circle = function(r) return { x = r.int(-8, 8), y = r.int(-8, 8), r = r.int(0, 5) } end,
  }
  local function kinds_of(name)
    local q, items = name:match("^%l+(%u%l+)(%u%l+)s$")
    return kinds[q], kinds[items]
  end

  -- The indices the single calls give, ascending.
  local function expected(single, q, items)
    local want = {}
    for i = 1, #items do
      if single(q, items[i]) then
        want[#want + 1] = i
      end
    end
    return want
  end

  local function same(got, n, want, what)
    h.eq(n, #want, what .. ": count")
    h.eq(#got, #want, what .. ": list length")
    for k = 1, #want do
      h.eq(got[k], want[k], what .. ": index " .. k)
    end
  end

  test("batch: every function answers as its single call, on random and touching shapes (300 arrays)", function()
    local r = h.rng(20261129)
    for name, single in pairs(singles) do
      local make_q, make_item = kinds_of(name)
      for round = 1, 25 do
        local q, items = make_q(r), {}
        for i = 1, r.int(0, 40) do
          items[i] = make_item(r)
        end
        local got, n = c2d[name](q, items)
        same(got, n, expected(single, q, items), name .. " round " .. round)
      end
    end
  end)

  test("batch: a bullet against 1,000 enemies, more than one chunk and buffer of the binding", function()
    local r = h.rng(7)
    local enemies = {}
    for i = 1, 1000 do
      enemies[i] = { x = r.eighths(-64, 64), y = r.eighths(-64, 64), width = 4, height = 4 }
    end
    local bullet = { x = -60, y = -2, width = 120, height = 4 }
    local got, n = c2d.overlapRectRects(bullet, enemies)
    same(got, n, expected(singles.overlapRectRects, bullet, enemies), "bullet")
    h.truthy(n > 10, "some enemies hit")
    -- and again, the binding's buffers reused
    local again = c2d.overlapRectRects(bullet, enemies)
    h.eq(#again, n)
  end)

  test("batch: touching counts only in the touch flavour", function()
    local q = { x = 0, y = 0, width = 10, height = 10 }
    local items = { { x = 10, y = 0, width = 5, height = 5 }, { x = 5, y = 5, width = 10, height = 10 },
      { x = 20, y = 20, width = 1, height = 1 } }
    same(select(1, c2d.overlapRectRects(q, items)), select(2, c2d.overlapRectRects(q, items)), { 2 }, "overlap")
    same(select(1, c2d.touchRectRects(q, items)), select(2, c2d.touchRectRects(q, items)), { 1, 2 }, "touch")
  end)

  -- LuaJIT's FFI path also takes the game's own cdata: an array of the item type, or the items
  -- inside the game's structs with their byte stride, read in place.
  if c2d._IMPL == "ffi" then
    test("batch (FFI path): a c2d_rect array, and rects inside the game's own structs by stride", function()
      local ffi = require("ffi")
      local r = h.rng(11)
      local n = 300
      local list, arr = {}, ffi.new("c2d_rect[?]", n)
      pcall(ffi.cdef, "typedef struct { int id; c2d_rect box; float hp; } c2d_test_enemy;")
      local enemies = ffi.new("c2d_test_enemy[?]", n)
      for i = 1, n do
        local e = kinds.Rect(r)
        list[i] = e
        arr[i - 1].x, arr[i - 1].y, arr[i - 1].w, arr[i - 1].h = e.x, e.y, e.width, e.height
        enemies[i - 1].id, enemies[i - 1].hp = i, 1
        enemies[i - 1].box = arr[i - 1]
      end
      for round = 1, 20 do
        local q = kinds.Rect(r)
        local want = expected(singles.touchRectRects, q, list)
        same(select(1, c2d.touchRectRects(q, arr, n)), select(2, c2d.touchRectRects(q, arr, n)), want,
          "array round " .. round)
        local got, m = c2d.touchRectRects(q, enemies[0].box, n, ffi.sizeof("c2d_test_enemy"))
        same(got, m, want, "structs round " .. round)
      end
      local function expect(pattern, f, ...)
        local msg = h.err(f, ...)
        h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
      end
      local q = { x = 0, y = 0, width = 1, height = 1 }
      expect("bad argument #3 to 'overlapRectRects' (count of items expected, got nil)", c2d.overlapRectRects, q, arr)
      expect("bad argument #3 to 'overlapRectRects' (301 items do not fit in the array of 4800 bytes)",
        c2d.overlapRectRects, q, arr, n + 1)
      expect("bad argument #2 to 'overlapRectCircles' (ctype<const struct c2d_circle *> expected",
        c2d.overlapRectCircles, q, arr, 1)
      expect("bad argument #4 to 'overlapRectRects' (byte stride expected, got -4)", c2d.overlapRectRects, q, arr, 1, -4)
    end)
  end

  test("batch: an empty array, NaN fields and bad arguments", function()
    local got, n = c2d.overlapCircleRects({ x = 0, y = 0, r = 1 }, {})
    h.eq(n, 0); h.eq(#got, 0)
    local items = { { x = nan, y = 0, width = 1, height = 1 }, { x = 0, y = 0, width = 1, height = 1 } }
    local q = { x = 0.5, y = 0.5, width = 1, height = 1 }
    same(select(1, c2d.overlapRectRects(q, items)), select(2, c2d.overlapRectRects(q, items)),
      expected(singles.overlapRectRects, q, items), "NaN")
    local function expect(pattern, f, ...)
      local msg = h.err(f, ...)
      h.truthy(tostring(msg):find(pattern, 1, true), "got: " .. tostring(msg))
    end
    expect("bad argument #2 to 'overlapRectRects' (table expected, got nil)", c2d.overlapRectRects, q)
    expect("bad argument #1 to 'touchPointCircles'", c2d.touchPointCircles, 3, {})
    expect("bad argument #2 to 'overlapRectCircles' (field '[2].r' must be a number)",
      c2d.overlapRectCircles, q, { { x = 0, y = 0, r = 1 }, { x = 0, y = 0 } })
    expect("bad argument #2 to 'overlapPointRects' (field '[1]' must be a table, got number)",
      c2d.overlapPointRects, { x = 0, y = 0 }, { 5 })
  end)
end
