-- collide2d for LuaJIT through the FFI: the same functions, table shapes, results and error
-- messages as the C module (lua/collide2d.c), but calls the JIT compiler can trace.
--
-- LuaJIT cannot compile an FFI call that passes a struct by value, which is how the C API takes
-- every shape, so this calls the pointer forms c2dl_* that the C module exports (one per C API
-- function, see lua/collide2d.c). Their declarations come from target/lua/jit/collide2d_cdef.lua,
-- generated from include/collide2d.h by lua/gen_cdef.lua; both files are found beside the
-- collide2d.so that package.cpath resolves. Raises an error when any of that is missing.

local ffi = require("ffi")

local type, floor, error, format = type, math.floor, error, string.format

local so = package.searchpath and package.searchpath("collide2d", package.cpath)
if not so then
  error("collide2d.ffi: collide2d.so not found in package.cpath", 0)
end
local cdef = assert(loadfile(so:gsub("[^/\\]*$", "") .. "collide2d_cdef.lua"))()
ffi.cdef(cdef)
local lib = ffi.load(so)

local version = lib.c2d_version()
if floor(version / 65536) ~= lib.C2D_VERSION_MAJOR then
  error(format("collide2d: loaded library is %d.%d.%d, this module was built for %d.%d.%d",
    floor(version / 65536), floor(version / 256) % 256, version % 256,
    lib.C2D_VERSION_MAJOR, lib.C2D_VERSION_MINOR, lib.C2D_VERSION_PATCH), 0)
end

local M = {
  _VERSION = format("%d.%d.%d", lib.C2D_VERSION_MAJOR, lib.C2D_VERSION_MINOR, lib.C2D_VERSION_PATCH),
  _IMPL = "ffi",
}

-- ---- argument errors (text identical to the C module's) -----------------------------------------

-- The public functions, to find the caller's frame: like luaL_error in the C module, the message
-- gets the position of the code that called the collide2d function ("file:line: " from Lua code,
-- nothing from C such as pcall).
local public = {}
local getinfo = debug.getinfo

local function arg_error(n, fn, msg)
  msg = format("bad argument #%d to '%s' (%s)", n, fn, msg)
  local level = 2
  while true do
    local info = getinfo(level, "f")
    if not info then
      error(msg, 0)
    end
    if public[info.func] then
      error(msg, level + 1)
    end
    level = level + 1
  end
end

local function check_table(t, n, fn)
  if type(t) ~= "table" then
    arg_error(n, fn, "table expected, got " .. type(t))
  end
end

local function num(t, key, n, fn)
  local v = t[key]
  if type(v) ~= "number" then
    arg_error(n, fn, format("field '%s' must be a number", key))
  end
  return v
end

local function i32(t, key, n, fn)
  local v = num(t, key, n, fn)
  if not (v >= -2147483648 and v <= 2147483647) or v ~= floor(v) then
    arg_error(n, fn, format("field '%s' must be an integer in the int32 range", key))
  end
  return v
end

-- ---- shapes ---------------------------------------------------------------------------------------
-- Each shape: a C type, read(t, n, fn) -> up to six values (all fields checked, in the C module's
-- order), and fill(cdata, values...). Every argument is read before any is filled, so an __index
-- metamethod that calls back into this module cannot clobber a half-built argument.

local obb_from_rect, rot_from_degrees = lib.c2dl_obb_from_rect, lib.c2dl_rot_from_degrees
local scratch_rect = ffi.new("c2d_rect")

local shapes = {
  point = {
    ctype = "c2d_vec2",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return num(t, "x", n, fn), num(t, "y", n, fn)
    end,
    fill = function(c, x, y)
      c.x, c.y = x, y
    end,
  },
  rect = {
    ctype = "c2d_rect",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return num(t, "x", n, fn), num(t, "y", n, fn), num(t, "width", n, fn), num(t, "height", n, fn)
    end,
    fill = function(c, x, y, w, h)
      c.x, c.y, c.w, c.h = x, y, w, h
    end,
  },
  circle = {
    ctype = "c2d_circle",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return num(t, "x", n, fn), num(t, "y", n, fn), num(t, "r", n, fn)
    end,
    fill = function(c, x, y, r)
      c.x, c.y, c.r = x, y, r
    end,
  },
  -- {x=, y=, width=, height=, angle=} (about the corner) or {cx=, cy=, hw=, hh=, angle=}.
  obb = {
    ctype = "c2d_obb",
    read = function(t, n, fn)
      check_table(t, n, fn)
      if t.cx ~= nil then
        return true, num(t, "cx", n, fn), num(t, "cy", n, fn), num(t, "hw", n, fn),
          num(t, "hh", n, fn), num(t, "angle", n, fn)
      end
      return false, num(t, "x", n, fn), num(t, "y", n, fn), num(t, "width", n, fn),
        num(t, "height", n, fn), num(t, "angle", n, fn)
    end,
    fill = function(c, centred, p, q, w, h, angle)
      if centred then
        c.center.x, c.center.y, c.half.x, c.half.y = p, q, w, h
        rot_from_degrees(angle, c.rot)
      else
        local r = scratch_rect
        r.x, r.y, r.w, r.h = p, q, w, h
        obb_from_rect(r, angle, c)
      end
    end,
  },
  segment = {
    ctype = "c2d_segment",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return num(t, "x1", n, fn), num(t, "y1", n, fn), num(t, "x2", n, fn), num(t, "y2", n, fn)
    end,
    fill = function(c, x1, y1, x2, y2)
      c.a.x, c.a.y, c.b.x, c.b.y = x1, y1, x2, y2
    end,
  },
  recti = {
    ctype = "c2d_recti",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return i32(t, "x", n, fn), i32(t, "y", n, fn), i32(t, "width", n, fn), i32(t, "height", n, fn)
    end,
    fill = function(c, x, y, w, h)
      c.x, c.y, c.w, c.h = x, y, w, h
    end,
  },
  circlei = {
    ctype = "c2d_circlei",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return i32(t, "x", n, fn), i32(t, "y", n, fn), i32(t, "r", n, fn)
    end,
    fill = function(c, x, y, r)
      c.x, c.y, c.r = x, y, r
    end,
  },
}

-- ---- function families ----------------------------------------------------------------------------
-- binary(name, cname, A, B, finish): M[name](p, q) reads p as shape A and q as shape B, fills two
-- scratch structs of its own and returns finish(lib["c2dl_" .. cname], a, b). Sweeps and moves
-- are further families of the same form.

local function binary(name, cname, A, B, finish)
  local sa, sb = shapes[A], shapes[B]
  local readA, fillA, readB, fillB = sa.read, sa.fill, sb.read, sb.fill
  local a, b = ffi.new(sa.ctype), ffi.new(sb.ctype)
  local cfn = lib["c2dl_" .. cname]
  M[name] = function(p, q)
    local a1, a2, a3, a4, a5, a6 = readA(p, 1, name)
    local b1, b2, b3, b4, b5, b6 = readB(q, 2, name)
    fillA(a, a1, a2, a3, a4, a5, a6)
    fillB(b, b1, b2, b3, b4, b5, b6)
    return finish(cfn, a, b)
  end
end

local function call(cfn, a, b)
  return cfn(a, b)
end

local function pred(name, cname, A, B)
  binary(name, cname, A, B, call)
end

local function collide(name, cname, A, B)
  local c = ffi.new("c2d_contact")
  binary(name, cname, A, B, function(cfn, a, b)
    if not cfn(a, b, c) then
      return false
    end
    return true, c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y
  end)
end

local function closest(name, cname, A)
  local v = ffi.new("c2d_vec2")
  binary(name, cname, A, "point", function(cfn, a, p)
    cfn(a, p, v)
    return v.x, v.y
  end)
end

-- Seed 002's cocos2d-x calls, with its names and semantics.
pred("circleIntersectsCircle", "overlap_circle_circle", "circle", "circle")
pred("rectIntersectsRect", "touch_rect_rect", "rect", "rect")
pred("rectIntersectsCircle", "overlap_rect_circle", "rect", "circle")
pred("rectRotateIntersectsCircle", "overlap_obb_circle", "obb", "circle")

-- Strict (overlap*) and closed (touch*) predicates; integer shapes; closed segments.
for _, p in ipairs({
  { "RectRect", "rect_rect", "rect", "rect" },
  { "CircleCircle", "circle_circle", "circle", "circle" },
  { "RectCircle", "rect_circle", "rect", "circle" },
  { "PointRect", "point_rect", "point", "rect" },
  { "PointCircle", "point_circle", "point", "circle" },
  { "ObbCircle", "obb_circle", "obb", "circle" },
  { "ObbRect", "obb_rect", "obb", "rect" },
  { "ObbObb", "obb_obb", "obb", "obb" },
  { "PointObb", "point_obb", "point", "obb" },
  { "RectiRecti", "recti_recti", "recti", "recti" },
  { "RectiCirclei", "recti_circlei", "recti", "circlei" },
  { "CircleiCirclei", "circlei_circlei", "circlei", "circlei" },
}) do
  pred("overlap" .. p[1], "overlap_" .. p[2], p[3], p[4])
  pred("touch" .. p[1], "touch_" .. p[2], p[3], p[4])
end
pred("intersectSegmentSegment", "intersect_segment_segment", "segment", "segment")
pred("intersectSegmentRect", "intersect_segment_rect", "segment", "rect")
pred("intersectSegmentCircle", "intersect_segment_circle", "segment", "circle")
pred("intersectSegmentObb", "intersect_segment_obb", "segment", "obb")

-- Contacts and distances.
for _, p in ipairs({
  { "RectRect", "rect_rect", "rect", "rect" },
  { "CircleCircle", "circle_circle", "circle", "circle" },
  { "RectCircle", "rect_circle", "rect", "circle" },
  { "ObbCircle", "obb_circle", "obb", "circle" },
  { "ObbRect", "obb_rect", "obb", "rect" },
  { "ObbObb", "obb_obb", "obb", "obb" },
}) do
  collide("collide" .. p[1], "collide_" .. p[2], p[3], p[4])
  binary("distance" .. p[1], "distance_" .. p[2], p[3], p[4], function(cfn, a, b)
    return (cfn(a, b))
  end)
end

closest("closestPointRect", "closest_point_rect", "rect")
closest("closestPointObb", "closest_point_obb", "obb")
closest("closestPointSegment", "closest_point_segment", "segment")

do
  local out = ffi.new("c2d_rect")
  binary("intersectionRect", "intersection_rect", "rect", "rect", function(cfn, a, b)
    if not cfn(a, b, out) then
      return nil
    end
    return { x = out.x, y = out.y, width = out.w, height = out.h }
  end)
end

do
  local read, fill, o = shapes.obb.read, shapes.obb.fill, ffi.new("c2d_obb")
  function M.obbFromRect(t)
    local centred, p, q, w, h, angle = read(t, 1, "obbFromRect")
    fill(o, centred, p, q, w, h, angle)
    return { cx = o.center.x, cy = o.center.y, hw = o.half.x, hh = o.half.y, angle = angle }
  end
end

function M.version()
  return lib.c2d_version()
end

for _, f in pairs(M) do
  if type(f) == "function" then
    public[f] = true
  end
end

return M
