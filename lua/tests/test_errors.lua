-- Wrong arguments raise a Lua error naming the argument and the field, with the same text
-- whichever way the function is called and on either implementation; nothing crashes.
return function(test, c2d, h)
  local R = { x = 0, y = 0, width = 1, height = 1 }
  local C = { x = 0, y = 0, r = 1 }

  -- pcall(f, ...) calls f from C: the message carries no position.
  local function expect(msg, f, ...)
    h.eq(h.err(f, ...), msg, "error message")
  end

  test("errors: missing field names argument and field (a rect without its height)", function()
    expect("bad argument #1 to 'rectIntersectsRect' (field 'height' must be a number)",
      c2d.rectIntersectsRect, { x = 0, y = 0, width = 1 }, R)
    expect("bad argument #2 to 'rectIntersectsRect' (field 'x' must be a number)",
      c2d.rectIntersectsRect, R, {})
    expect("bad argument #2 to 'circleIntersectsCircle' (field 'r' must be a number)",
      c2d.circleIntersectsCircle, C, { x = 1, y = 2 })
  end)

  test("errors: the first bad argument is reported", function()
    expect("bad argument #1 to 'overlapRectCircle' (field 'x' must be a number)",
      c2d.overlapRectCircle, {}, {})
  end)

  test("errors: called from Lua code, the message starts with the caller's position", function()
    local f = c2d.rectIntersectsCircle -- a local alias still names rectIntersectsCircle
    local line
    local ok, msg = pcall(function()
      line = debug.getinfo(1, "l").currentline + 1
      local r = f(R, { x = 1, y = 1 })
      return r
    end)
    h.eq(ok, false)
    h.eq(msg, string.format("%s:%d: bad argument #2 to 'rectIntersectsCircle' (field 'r' must be a number)",
      debug.getinfo(1, "S").short_src, line), "alias")
  end)

  test("errors: non-table arguments", function()
    expect("bad argument #1 to 'touchRectRect' (table expected, got number)", c2d.touchRectRect, 5, R)
    expect("bad argument #2 to 'touchRectRect' (table expected, got string)", c2d.touchRectRect, R, "r")
    expect("bad argument #2 to 'touchRectRect' (table expected, got nil)", c2d.touchRectRect, R)
    expect("bad argument #1 to 'touchRectRect' (table expected, got nil)", c2d.touchRectRect)
    expect("bad argument #1 to 'touchRectRect' (table expected, got boolean)", c2d.touchRectRect, true, R)
  end)

  test("errors: a numeric string is not a number", function()
    expect("bad argument #1 to 'overlapRectRect' (field 'width' must be a number)",
      c2d.overlapRectRect, { x = 0, y = 0, width = "1", height = 1 }, R)
  end)

  test("errors: rotated rect needs angle; centre form needs all of cx, cy, hw, hh, angle", function()
    expect("bad argument #1 to 'rectRotateIntersectsCircle' (field 'angle' must be a number)",
      c2d.rectRotateIntersectsCircle, R, C)
    expect("bad argument #2 to 'overlapObbObb' (field 'hh' must be a number)",
      c2d.overlapObbObb, { cx = 0, cy = 0, hw = 1, hh = 1, angle = 0 }, { cx = 0, cy = 0, hw = 1 })
    expect("bad argument #1 to 'collideObbCircle' (field 'cx' must be a number)",
      c2d.collideObbCircle, { cx = "0", cy = 0, hw = 1, hh = 1, angle = 0 }, C)
  end)

  test("errors: segments, points, integer shapes", function()
    expect("bad argument #1 to 'intersectSegmentRect' (field 'y2' must be a number)",
      c2d.intersectSegmentRect, { x1 = 0, y1 = 0, x2 = 1 }, R)
    expect("bad argument #2 to 'closestPointRect' (field 'y' must be a number)",
      c2d.closestPointRect, R, { x = 1 })
    expect("bad argument #1 to 'overlapRectiRecti' (field 'width' must be an integer in the int32 range)",
      c2d.overlapRectiRecti, { x = 0, y = 0, width = 1.5, height = 1 }, R)
    expect("bad argument #2 to 'touchRectiCirclei' (field 'x' must be an integer in the int32 range)",
      c2d.touchRectiCirclei, R, { x = 2147483648, y = 0, r = 1 })
    expect("bad argument #2 to 'touchCircleiCirclei' (field 'r' must be an integer in the int32 range)",
      c2d.touchCircleiCirclei, C, { x = 0, y = 0, r = 0 / 0 })
  end)

  test("errors: every function rejects a missing first argument", function()
    for name, f in pairs(c2d) do
      if type(f) == "function" and name ~= "version" and name ~= "newWorld" then
        local msg = h.err(f)
        local want = name:match("^raycast") and "number" or "table"
        h.eq(msg, "bad argument #1 to '" .. name .. "' (" .. want .. " expected, got nil)", name)
      end
    end
  end)

  test("errors: an __index metamethod supplies fields", function()
    local proxy = setmetatable({}, { __index = { x = 0, y = 0, width = 1, height = 1 } })
    h.eq(c2d.rectIntersectsRect(proxy, { x = 1, y = 1, width = 1, height = 1 }), true)
  end)
end
