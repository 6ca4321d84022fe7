-- collide2d for LuaJIT through the FFI: the same functions, table shapes, results and error
-- messages as the C module (lua/collide2d.c), but calls the JIT compiler can trace.
--
-- LuaJIT cannot compile an FFI call that passes a struct by value, which is how the C API takes
-- every shape, so this calls the forms the C module exports instead (see lua/collide2d.c): flat
-- forms c2dlf_* taking each float-only shape as separate floats, and pointer forms c2dl_* for
-- the rest. The world is the C module's own. Their declarations come from collide2d_cdef.lua,
-- generated from include/collide2d.h by lua/gen_cdef.lua and kept beside the C module. Which
-- functions there are comes from the module too: the list of lua/api.h, compiled into it and
-- read back through c2dl_api(), each line built by its family's builder (see below).
--
-- The C module (collide2d.so, collide2d.dll on Windows) is looked for, in this order: under
-- LÖVE in the real folders behind its file system (the game folder, the folder of a fused game
-- or of its .love file, the save folder), in the folder that holds this file's folder (a game
-- ships collide2d/ and collide2d.so side by side), on package.cpath, and on Windows by the
-- system loader's own search (elsewhere LuaJIT would turn a bare "collide2d.so" into
-- "libcollide2d.so", the C library without the Lua module, so only full paths are loaded). The
-- first file that exists is loaded, and its loader error is raised when it does not load; when
-- none exists, the error lists every path looked at. The library handle is kept in the module
-- (`_lib`) so it is never unloaded while the module lives.

local ffi = require("ffi")

local type, floor, error, format = type, math.floor, error, string.format

local ext = ffi.os == "Windows" and ".dll" or ".so"
local sep = package.config:sub(1, 1)

local function exists(path)
  local f = io.open(path, "rb")
  if f then
    f:close()
    return true
  end
  return false
end

-- The candidate paths of the C module, in search order, without duplicates.
local function candidates()
  local list, seen = {}, {}
  local function add(dir)
    if dir then
      local path = dir .. "collide2d" .. ext
      if not seen[path] then
        seen[path] = true
        list[#list + 1] = path
      end
    end
  end
  local source = debug.getinfo(1, "S").source
  local file = source:sub(1, 1) == "@" and source:sub(2) or nil
  local parent = file and file:match("^(.*[/\\])[^/\\]+[/\\][^/\\]+$")
  -- LÖVE: this file's path is one of the game's virtual file system; its real folders hold the
  -- libraries (a game folder, or beside a fused game or its .love file; the save folder).
  local fs = type(love) == "table" and love.filesystem
  if type(fs) == "table" then
    local real = file and fs.getRealDirectory and fs.getRealDirectory(file)
    if real then
      add(real .. "/" .. (parent or ""))
    end
    if fs.getSourceBaseDirectory then add(fs.getSourceBaseDirectory() .. "/") end
    if fs.getSaveDirectory then add(fs.getSaveDirectory() .. "/") end
  end
  -- Beside this file's folder: "@/game/collide2d/ffi.lua" -> "/game/"; "collide2d/ffi.lua"
  -- was found relative to the current folder.
  if parent then
    add(parent)
  elseif file and file:match("^[^/\\]+[/\\][^/\\]+$") then
    add("." .. sep)
  end
  local found = package.searchpath and package.searchpath("collide2d", package.cpath)
  if found then
    add(found:gsub("collide2d" .. ext:gsub("%.", "%%.") .. "$", ""))
  end
  return list
end

local searched = candidates()
local so
for _, path in ipairs(searched) do
  if exists(path) then
    so = path
    break
  end
end
local lib, cdef_dir
if so then
  cdef_dir = so:sub(1, #so - #("collide2d" .. ext))
  lib = ffi.load(so) -- a loader error (a missing libcollide2d) propagates with its own text
elseif ffi.os == "Windows" then
  -- The system loader's own search (the program's folder, PATH), which takes the name as given.
  local ok, res = pcall(ffi.load, "collide2d" .. ext)
  if not ok then
    error("collide2d.ffi: collide2d" .. ext .. " not found; looked for:\n  "
      .. table.concat(searched, "\n  ") .. "\nand the system loader said: " .. tostring(res), 0)
  end
  lib, so = res, "collide2d" .. ext
else
  error("collide2d.ffi: collide2d" .. ext .. " not found; looked for:\n  "
    .. table.concat(searched, "\n  "), 0)
end
local cdef_file = (cdef_dir or "") .. "collide2d_cdef.lua"
local cdef_chunk, cdef_err = loadfile(cdef_file)
if not cdef_chunk then
  local ok, text = pcall(require, "collide2d_cdef")
  if not ok then
    error("collide2d.ffi: no declarations: " .. tostring(cdef_err) .. "; " .. tostring(text), 0)
  end
  cdef_chunk = function() return text end
end
ffi.cdef(cdef_chunk())

-- The world comes from the C module's own entry point, opened from the same file (a second
-- handle on the loaded library: require's own search might not find it, as in LÖVE).
local open_core, core_err = package.loadlib(so, "luaopen_collide2d_core")
if not open_core then
  error("collide2d.ffi: " .. tostring(core_err), 0)
end

local version = lib.c2d_version()
if floor(version / 65536) ~= lib.C2D_VERSION_MAJOR then
  error(format("collide2d: loaded library is %d.%d.%d, this module was built for %d.%d.%d",
    floor(version / 65536), floor(version / 256) % 256, version % 256,
    lib.C2D_VERSION_MAJOR, lib.C2D_VERSION_MINOR, lib.C2D_VERSION_PATCH), 0)
end

local M = {
  _VERSION = format("%d.%d.%d", lib.C2D_VERSION_MAJOR, lib.C2D_VERSION_MINOR, lib.C2D_VERSION_PATCH),
  _IMPL = "ffi",
  _lib = lib, -- keeps the library loaded (LuaJIT unloads a collected ffi.load handle)
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

-- A shape table: argument n itself (e == nil) or element e of the array in argument n.
local function check_table(t, n, fn, e)
  if type(t) ~= "table" then
    if e then
      arg_error(n, fn, format("field '[%d]' must be a table, got %s", e, type(t)))
    end
    arg_error(n, fn, "table expected, got " .. type(t))
  end
end

local function field_error(key, n, fn, e, what)
  if e then
    key = format("[%d].%s", e, key)
  end
  arg_error(n, fn, format("field '%s' must be %s", key, what))
end

local function num(t, key, n, fn, e)
  local v = t[key]
  if type(v) ~= "number" then
    field_error(key, n, fn, e, "a number")
  end
  return v
end

local function is_i32(v)
  return v >= -2147483648 and v <= 2147483647 and v == floor(v)
end

local function i32(t, key, n, fn, e)
  local v = num(t, key, n, fn, e)
  if not is_i32(v) then
    field_error(key, n, fn, e, "an integer in the int32 range")
  end
  return v
end

-- Plain number arguments (no numeric strings), as the C module's f32_arg and i32_arg.
local function number_arg(v, n, fn)
  if type(v) ~= "number" then
    arg_error(n, fn, "number expected, got " .. type(v))
  end
  return v
end

local function i32_arg(v, n, fn)
  number_arg(v, n, fn)
  if not is_i32(v) then
    arg_error(n, fn, "integer in the int32 range expected")
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
    read = function(t, n, fn, e)
      check_table(t, n, fn, e)
      return num(t, "x", n, fn, e), num(t, "y", n, fn, e), num(t, "width", n, fn, e),
        num(t, "height", n, fn, e)
    end,
    fill = function(c, x, y, w, h)
      c.x, c.y, c.w, c.h = x, y, w, h
    end,
  },
  circle = {
    ctype = "c2d_circle",
    read = function(t, n, fn, e)
      check_table(t, n, fn, e)
      return num(t, "x", n, fn, e), num(t, "y", n, fn, e), num(t, "r", n, fn, e)
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
    read = function(t, n, fn, e)
      check_table(t, n, fn, e)
      return i32(t, "x", n, fn, e), i32(t, "y", n, fn, e), i32(t, "width", n, fn, e),
        i32(t, "height", n, fn, e)
    end,
    fill = function(c, x, y, w, h)
      c.x, c.y, c.w, c.h = x, y, w, h
    end,
  },
  capsule = {
    ctype = "c2d_capsule",
    read = function(t, n, fn)
      check_table(t, n, fn)
      return num(t, "x1", n, fn), num(t, "y1", n, fn), num(t, "x2", n, fn), num(t, "y2", n, fn),
        num(t, "r", n, fn)
    end,
    fill = function(c, x1, y1, x2, y2, r)
      c.a.x, c.a.y, c.b.x, c.b.y, c.r = x1, y1, x2, y2, r
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
-- binary(name, cname, A, B, finish, body, out): M[name](p, q) reads p as shape A and q as shape B.
-- Where both shapes hold only floats (point, rect, circle, segment, capsule) it calls the flat form
-- c2dlf_<cname>, to which the numbers go straight as arguments: the function is compiled from
-- `body`, Lua source in which ARGS stands for the numbers read and `cfn`, `out` are the C function
-- and the struct given for results. Otherwise it fills two scratch structs of its own and returns
-- finish(lib["c2dl_" .. cname], a, b). Either way every argument is read (and checked) before
-- anything is filled or called.

local flat_arity = { point = 2, rect = 4, circle = 3, segment = 4, capsule = 5 }

-- "a1, a2, a3" for vars("a", 3)
local function vars(prefix, n)
  local t = {}
  for i = 1, n do
    t[i] = prefix .. i
  end
  return table.concat(t, ", ")
end

-- A function compiled from source, given upvalues through `...` (a flat call spells out its
-- arity, so each is generated for its shapes).
local function compile(src, ...)
  return assert(load(src, "=collide2d.ffi"))(...)
end

local function binary(name, cname, A, B, finish, body, out)
  local sa, sb = shapes[A], shapes[B]
  local readA, fillA, readB, fillB = sa.read, sa.fill, sb.read, sb.fill
  local na, nb = flat_arity[A], flat_arity[B]
  if body and na and nb then
    local args = vars("a", na) .. ", " .. vars("b", nb)
    M[name] = compile(format([[
local readA, readB, cfn, out, name = ...
return function(p, q)
  local %s = readA(p, 1, name)
  local %s = readB(q, 2, name)
  %s
end]], vars("a", na), vars("b", nb), (body:gsub("ARGS", args))), readA, readB,
      lib["c2dlf_" .. cname], out, name)
    return
  end
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
  binary(name, cname, A, B, call, "return cfn(ARGS)")
end

local function collide(name, cname, A, B)
  local c = ffi.new("c2d_contact")
  binary(name, cname, A, B, function(cfn, a, b)
    if not cfn(a, b, c) then
      return false
    end
    return true, c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y
  end, [[
  if not cfn(ARGS, out) then
    return false
  end
  return true, out.normal.x, out.normal.y, out.depth, out.point.x, out.point.y]], c)
end

local function closest(name, cname, A)
  local v = ffi.new("c2d_vec2")
  binary(name, cname, A, "point", function(cfn, a, p)
    cfn(a, p, v)
    return v.x, v.y
  end)
end


-- ---- continuous collision ----------------------------------------------------------------------
-- Sweeps (shape, dx, dy, target) and ray casts (x, y, dx, dy, target) -> false, or true, t, nx,
-- ny, px, py, posx, posy (the c2d_hit).

local function hit_results(ok, h)
  if not ok then
    return false
  end
  return true, h.t, h.normal.x, h.normal.y, h.point.x, h.point.y, h.pos.x, h.pos.y
end

local function sweep(name, cname, A, B)
  local sa, sb = shapes[A], shapes[B]
  local readA, fillA, readB, fillB = sa.read, sa.fill, sb.read, sb.fill
  local h = ffi.new("c2d_hit")
  local na, nb = flat_arity[A], flat_arity[B]
  if na and nb then
    M[name] = compile(format([[
local readA, readB, number_arg, hit_results, cfn, h, name = ...
return function(p, dx, dy, q)
  local %s = readA(p, 1, name)
  number_arg(dx, 2, name)
  number_arg(dy, 3, name)
  local %s = readB(q, 4, name)
  return hit_results(cfn(%s, dx, dy, %s, h), h)
end]], vars("a", na), vars("b", nb), vars("a", na), vars("b", nb)), readA, readB, number_arg,
      hit_results, lib["c2dlf_" .. cname], h, name)
    return
  end
  local a, b, d = ffi.new(sa.ctype), ffi.new(sb.ctype), ffi.new("c2d_vec2")
  local cfn = lib["c2dl_" .. cname]
  M[name] = function(p, dx, dy, q)
    local a1, a2, a3, a4, a5, a6 = readA(p, 1, name)
    number_arg(dx, 2, name)
    number_arg(dy, 3, name)
    local b1, b2, b3, b4, b5, b6 = readB(q, 4, name)
    fillA(a, a1, a2, a3, a4, a5, a6)
    fillB(b, b1, b2, b3, b4, b5, b6)
    d.x, d.y = dx, dy
    return hit_results(cfn(a, d, b, h), h)
  end
end

local function raycast(name, cname, B)
  local sb = shapes[B]
  local readB, fillB = sb.read, sb.fill
  local h = ffi.new("c2d_hit")
  local nb = flat_arity[B]
  if nb then
    M[name] = compile(format([[
local readB, number_arg, hit_results, cfn, h, name = ...
return function(x, y, dx, dy, q)
  number_arg(x, 1, name)
  number_arg(y, 2, name)
  number_arg(dx, 3, name)
  number_arg(dy, 4, name)
  local %s = readB(q, 5, name)
  return hit_results(cfn(x, y, dx, dy, %s, h), h)
end]], vars("b", nb), vars("b", nb)), readB, number_arg, hit_results, lib["c2dlf_" .. cname], h,
      name)
    return
  end
  local o, d, b = ffi.new("c2d_vec2"), ffi.new("c2d_vec2"), ffi.new(sb.ctype)
  local cfn = lib["c2dl_" .. cname]
  M[name] = function(x, y, dx, dy, q)
    number_arg(x, 1, name)
    number_arg(y, 2, name)
    number_arg(dx, 3, name)
    number_arg(dy, 4, name)
    local b1, b2, b3, b4, b5, b6 = readB(q, 5, name)
    fillB(b, b1, b2, b3, b4, b5, b6)
    o.x, o.y, d.x, d.y = x, y, dx, dy
    return hit_results(cfn(o, d, b, h), h)
  end
end


-- ---- polygons and capsules --------------------------------------------------------------------------
-- A polygon argument is a c2d_poly cdata (what newPoly returns), passed to the pointer forms as it
-- is, or a table of points, flat {x1, y1, x2, y2, ...} (when t[1] is a number) or {{x=, y=}, ...},
-- elements 1..#t read raw, whose convex hull c2d_poly_make builds into a c2d_poly taken from a
-- small pool for the call. The points buffer and the pooled polygons are taken out while in use,
-- so a call made from an __index metamethod meanwhile gets its own; an error leaves them to the
-- garbage collector. Capsules are plain float shapes (flat forms where the other shape is one too).

local poly_ct = ffi.typeof("c2d_poly")
local vec2_vla = ffi.typeof("c2d_vec2[?]")
local istype, poly_make, poly_max = ffi.istype, lib.c2d_poly_make, lib.C2D_POLY_MAX
local points_keep = math.floor(1048576 / ffi.sizeof("c2d_vec2")) -- as the C module: up to 1 MiB

local poly_errors = {
  [lib.C2D_ERR_DEGENERATE] = "degenerate polygon: fewer than 3 points off one line",
  [lib.C2D_ERR_TOO_MANY] = format("polygon's convex hull has more than %d vertices", poly_max),
  [lib.C2D_ERR_INVALID] = "polygon has a NaN or infinite coordinate",
}

local pool, pool_n = {}, 0
local function give_poly(p)
  if pool_n < 8 then
    pool_n = pool_n + 1
    pool[pool_n] = p
  end
end

local spare_pts, spare_cap = nil, 0

-- read_poly(t, n, fn) -> the c2d_poly to pass, and whether it is the pool's (give it back after
-- the call).
local function read_poly(t, n, fn)
  if istype(poly_ct, t) then
    return t, false
  end
  check_table(t, n, fn)
  local len = #t
  local flat = type(rawget(t, 1)) == "number"
  local count = flat and floor((len + 1) / 2) or len
  local buf, cap = spare_pts, spare_cap
  spare_pts, spare_cap = nil, 0
  if buf == nil or cap < count then
    cap = count > 2 * cap and count or 2 * cap
    cap = cap < 16 and 16 or cap
    buf = vec2_vla(cap)
  end
  if flat then
    for i = 1, len do
      local v = rawget(t, i)
      if type(v) ~= "number" then
        field_error(format("[%d]", i), n, fn, nil, "a number")
      end
      if i % 2 == 1 then
        buf[(i - 1) / 2].x = v
      else
        buf[i / 2 - 1].y = v
      end
    end
    if len % 2 == 1 then
      field_error(format("[%d]", len + 1), n, fn, nil, "a number")
    end
  else
    for i = 1, len do
      local pt = rawget(t, i)
      check_table(pt, n, fn, i)
      local x, y = num(pt, "x", n, fn, i), num(pt, "y", n, fn, i)
      local b = buf[i - 1]
      b.x, b.y = x, y
    end
  end
  local p
  if pool_n > 0 then
    p = pool[pool_n]
    pool[pool_n] = nil
    pool_n = pool_n - 1
  else
    p = poly_ct()
  end
  local status = poly_make(buf, count, p)
  if cap <= points_keep then
    spare_pts, spare_cap = buf, cap
  end
  if status ~= 0 then
    give_poly(p)
    arg_error(n, fn, poly_errors[status] or "polygon not built")
  end
  return p, true
end

-- M[name](p, q): A and/or B is "poly"; the other shape is filled into a scratch struct after
-- both arguments are read.
local function poly_pred(name, cname, A, B)
  local cfn = lib["c2dl_" .. cname]
  if A == "poly" and B == "poly" then
    M[name] = function(p, q)
      local a, own_a = read_poly(p, 1, name)
      local b, own_b = read_poly(q, 2, name)
      local r = cfn(a, b)
      if own_a then give_poly(a) end
      if own_b then give_poly(b) end
      return r
    end
  elseif A == "poly" then
    local sb = shapes[B]
    local readB, fillB, b = sb.read, sb.fill, ffi.new(sb.ctype)
    M[name] = function(p, q)
      local a, own = read_poly(p, 1, name)
      local b1, b2, b3, b4, b5, b6 = readB(q, 2, name)
      fillB(b, b1, b2, b3, b4, b5, b6)
      local r = cfn(a, b)
      if own then give_poly(a) end
      return r
    end
  else
    local sa = shapes[A]
    local readA, fillA, a = sa.read, sa.fill, ffi.new(sa.ctype)
    M[name] = function(p, q)
      local a1, a2, a3, a4, a5, a6 = readA(p, 1, name)
      local b, own = read_poly(q, 2, name)
      fillA(a, a1, a2, a3, a4, a5, a6)
      local r = cfn(a, b)
      if own then give_poly(b) end
      return r
    end
  end
end


-- Sweeps with a polygon on either side (shape, dx, dy, target): the pointer form, the other shape
-- filled into a scratch struct after every argument is read.
local function poly_sweep(name, cname, A, B)
  local cfn = lib["c2dl_" .. cname]
  local d, h = ffi.new("c2d_vec2"), ffi.new("c2d_hit")
  local function motion(dx, dy)
    number_arg(dx, 2, name)
    number_arg(dy, 3, name)
    d.x, d.y = dx, dy
  end
  if A == "poly" and B == "poly" then
    M[name] = function(p, dx, dy, q)
      local a, own_a = read_poly(p, 1, name)
      motion(dx, dy)
      local b, own_b = read_poly(q, 4, name)
      local ok = cfn(a, d, b, h)
      if own_a then give_poly(a) end
      if own_b then give_poly(b) end
      return hit_results(ok, h)
    end
  elseif A == "poly" then
    local sb = shapes[B]
    local readB, fillB, b = sb.read, sb.fill, ffi.new(sb.ctype)
    M[name] = function(p, dx, dy, q)
      local a, own = read_poly(p, 1, name)
      motion(dx, dy)
      local b1, b2, b3, b4, b5, b6 = readB(q, 4, name)
      fillB(b, b1, b2, b3, b4, b5, b6)
      local ok = cfn(a, d, b, h)
      if own then give_poly(a) end
      return hit_results(ok, h)
    end
  else
    local sa = shapes[A]
    local readA, fillA, a = sa.read, sa.fill, ffi.new(sa.ctype)
    M[name] = function(p, dx, dy, q)
      local a1, a2, a3, a4, a5, a6 = readA(p, 1, name)
      motion(dx, dy)
      local b, own = read_poly(q, 4, name)
      fillA(a, a1, a2, a3, a4, a5, a6)
      local ok = cfn(a, d, b, h)
      if own then give_poly(b) end
      return hit_results(ok, h)
    end
  end
end

-- Ray casts at a polygon (x, y, dx, dy, poly).
local function poly_raycast(name, cname)
  local o, d, h = ffi.new("c2d_vec2"), ffi.new("c2d_vec2"), ffi.new("c2d_hit")
  local cfn = lib["c2dl_" .. cname]
  M[name] = function(x, y, dx, dy, q)
    number_arg(x, 1, name)
    number_arg(y, 2, name)
    number_arg(dx, 3, name)
    number_arg(dy, 4, name)
    local b, own = read_poly(q, 5, name)
    o.x, o.y, d.x, d.y = x, y, dx, dy
    local ok = cfn(o, d, b, h)
    if own then give_poly(b) end
    return hit_results(ok, h)
  end
end

-- Contacts, manifolds and distances of polygons and capsules (1.2). poly_binary(name, cname, A,
-- B, finish) is poly_pred's reading with finish(cfn, a, b) making the results.
-- Gives pooled polygons back (false for none), passing the results through.
local function give_back(a, b, ...)
  if a then give_poly(a) end
  if b then give_poly(b) end
  return ...
end

local function poly_binary(name, cname, A, B, finish)
  local cfn = lib["c2dl_" .. cname]
  local sa, sb = shapes[A], shapes[B]
  local a_s = A ~= "poly" and ffi.new(sa.ctype) or nil
  local b_s = B ~= "poly" and ffi.new(sb.ctype) or nil
  M[name] = function(p, q)
    local a, own_a, b, own_b
    local a1, a2, a3, a4, a5, a6, b1, b2, b3, b4, b5, b6
    if A == "poly" then
      a, own_a = read_poly(p, 1, name)
    else
      a1, a2, a3, a4, a5, a6 = sa.read(p, 1, name)
    end
    if B == "poly" then
      b, own_b = read_poly(q, 2, name)
    else
      b1, b2, b3, b4, b5, b6 = sb.read(q, 2, name)
    end
    if a_s then
      sa.fill(a_s, a1, a2, a3, a4, a5, a6)
      a = a_s
    end
    if b_s then
      sb.fill(b_s, b1, b2, b3, b4, b5, b6)
      b = b_s
    end
    return give_back(own_a and a, own_b and b, finish(cfn, a, b))
  end
end

local contact_out, manifold_out = ffi.new("c2d_contact"), ffi.new("c2d_manifold")

local function contact_results(cfn, a, b)
  local c = contact_out
  if not cfn(a, b, c) then
    return false
  end
  return true, c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y
end

-- 0, or count, nx, ny, then depth, px, py per point.
local function manifold_results(m)
  local n = m.count
  if n <= 0 then
    return 0
  end
  local d, p = m.depth, m.point
  if n == 1 then
    return 1, m.normal.x, m.normal.y, d[0], p[0].x, p[0].y
  end
  return 2, m.normal.x, m.normal.y, d[0], p[0].x, p[0].y, d[1], p[1].x, p[1].y
end

local function manifold_call(cfn, a, b)
  cfn(a, b, manifold_out)
  return manifold_results(manifold_out)
end

local function distance_call(cfn, a, b)
  return (cfn(a, b))
end


-- take(t, n, fn) reads the array t (argument n; elements 1..#t, read raw like the C module's
-- lua_rawgeti) into a C array and returns it with its length and capacity; give(buf, cap) hands
-- it back for the next call (unless larger than 1 MiB). The one spare buffer is taken while in
-- use, so a call made from an __index metamethod during the reading gets a fresh one, and a
-- reading error leaves the buffer to the garbage collector.
local function array_reader(shape)
  local read, fill = shape.read, shape.fill
  local vla = ffi.typeof(shape.ctype .. "[?]")
  local keep_max = math.floor(1048576 / ffi.sizeof(shape.ctype)) -- as the C module: up to 1 MiB
  local spare, spare_cap = nil, 0
  local function take(t, n, fn)
    check_table(t, n, fn)
    local len = #t
    local buf, cap = spare, spare_cap
    spare, spare_cap = nil, 0
    if buf == nil or cap < len then
      cap = len > 2 * cap and len or 2 * cap
      cap = cap < 16 and 16 or cap
      buf = vla(cap)
    end
    for i = 1, len do
      local v1, v2, v3, v4 = read(rawget(t, i), n, fn, i)
      fill(buf[i - 1], v1, v2, v3, v4)
    end
    return buf, len, cap
  end
  local function give(buf, cap)
    if cap <= keep_max then
      spare, spare_cap = buf, cap
    end
  end
  return take, give
end

-- BATCH: (q, items) -> indices, n. The items are read into a C array (array_reader's) and the
-- library writes the indices of those q meets into a buffer kept between calls. On this path
-- items may also be the game's own cdata array of the item type (`c2d_rect[?]`, or a pointer to
-- its first element), given with its count n and optionally the byte stride between items (0 or
-- nil: packed), read by the library in place. An array's size is checked against n; behind a
-- pointer, as in C, the n items must be there.
local array_types = {} -- ctype id -> whether it is an array type
local function is_array(c)
  local id = tonumber(ffi.typeof(c))
  local a = array_types[id]
  if a == nil then
    a = tostring(ffi.typeof(c)):find("%[") ~= nil
    array_types[id] = a
  end
  return a
end

local function batch(name, cname, A, B)
  local sa = shapes[A]
  local read, fill = sa.read, sa.fill
  local take, give = array_reader(shapes[B])
  local q = ffi.new(sa.ctype)
  local cfn = lib["c2dl_" .. cname]
  local item_ptr = ffi.typeof("const " .. shapes[B].ctype .. " *")
  local item_size = ffi.sizeof(shapes[B].ctype)
  local hits, hits_cap = nil, 0
  local function room(n)
    if hits_cap < n then
      hits_cap = n > 2 * hits_cap and n or 2 * hits_cap
      hits = ffi.new("uint32_t[?]", hits_cap)
    end
  end
  local function results(m)
    local out = {}
    for k = 1, m do
      out[k] = hits[k - 1] + 1
    end
    return out, m
  end
  M[name] = function(a, items, n, stride)
    fill(q, read(a, 1, name))
    if type(items) == "cdata" then
      local ok, p = pcall(item_ptr, items)
      if not ok then
        arg_error(2, name, format("%s expected, got %s", tostring(item_ptr), tostring(ffi.typeof(items))))
      end
      if type(n) ~= "number" or n < 0 or n ~= floor(n) then
        arg_error(3, name, "count of items expected, got " .. tostring(n))
      end
      if stride ~= nil and (type(stride) ~= "number" or stride < 0 or stride ~= floor(stride)) then
        arg_error(4, name, "byte stride expected, got " .. tostring(stride))
      end
      local step = (stride or 0) > 0 and stride or item_size
      if n > 0 and is_array(items) and (n - 1) * step + item_size > ffi.sizeof(items) then
        arg_error(3, name, format("%d items do not fit in the array of %d bytes", n, ffi.sizeof(items)))
      end
      room(n)
      return results(tonumber(cfn(q, p, stride or 0, n, nil, hits, n)))
    end
    local buf, len, cap = take(items, 2, name)
    room(len)
    local m = tonumber(cfn(q, buf, 0, len, nil, hits, len))
    give(buf, cap)
    return results(m)
  end
end

-- ---- the functions of lua/api.h -------------------------------------------------------------------
-- The module's list of functions (lua/api.h), compiled into the C module and read back through
-- c2dl_api(): each line "FN|AKA family luaName c_function A B" is built by its family's builder
-- below; the CUSTOM ones are written by hand after the loop.

local manifold_body = [[
  cfn(ARGS, out)
  local n, d, p = out.count, out.depth, out.point
  if n <= 0 then
    return 0
  elseif n == 1 then
    return 1, out.normal.x, out.normal.y, d[0], p[0].x, p[0].y
  end
  return 2, out.normal.x, out.normal.y, d[0], p[0].x, p[0].y, d[1], p[1].x, p[1].y]]

local intersect_out = ffi.new("c2d_rect")
local function intersect_call(cfn, a, b)
  local out = intersect_out
  if not cfn(a, b, out) then
    return nil
  end
  return { x = out.x, y = out.y, width = out.w, height = out.h }
end

local families = {
  PRED = function(name, cname, A, B, poly)
    if poly then
      poly_pred(name, cname, A, B)
    else
      pred(name, cname, A, B)
    end
  end,
  COLLIDE = function(name, cname, A, B, poly)
    if poly then
      poly_binary(name, cname, A, B, contact_results)
    else
      collide(name, cname, A, B)
    end
  end,
  DIST = function(name, cname, A, B, poly)
    if poly then
      poly_binary(name, cname, A, B, distance_call)
    else
      binary(name, cname, A, B, distance_call, "return (cfn(ARGS))")
    end
  end,
  CLOSEST = function(name, cname, A)
    closest(name, cname, A)
  end,
  SWEEP = function(name, cname, A, B, poly)
    if poly then
      poly_sweep(name, cname, A, B)
    else
      sweep(name, cname, A, B)
    end
  end,
  RAYCAST = function(name, cname, _, B, poly)
    if poly then
      poly_raycast(name, cname)
    else
      raycast(name, cname, B)
    end
  end,
  MANIFOLD = function(name, cname, A, B, poly)
    if poly then
      poly_binary(name, cname, A, B, manifold_call)
    else
      binary(name, cname, A, B, manifold_call, manifold_body, manifold_out)
    end
  end,
  INTERSECT = function(name, cname, A, B)
    binary(name, cname, A, B, intersect_call, [[
  if not cfn(ARGS, out) then
    return nil
  end
  return { x = out.x, y = out.y, width = out.w, height = out.h }]], intersect_out)
  end,
  BATCH = batch,
  CUSTOM = function() end,
}

for line in ffi.string(lib.c2dl_api()):gmatch("[^\n]+") do
  local family, name, cname, A, B = line:match("^%u+ (%u+) ([%w_]+) ([%w_]+) ([%w_]+) ([%w_]+)$")
  local build = families[family]
  if not build then
    error("collide2d.ffi: no builder for the line '" .. line .. "' of the module's list", 0)
  end
  build(name, cname, A, B, A == "poly" or B == "poly")
end

-- newPoly(points) -> a c2d_poly cdata holding the hull, for a polygon used again and again.
do
  local size = ffi.sizeof(poly_ct)
  function M.newPoly(t)
    local p, own = read_poly(t, 1, "newPoly")
    local out = poly_ct()
    ffi.copy(out, p, size)
    if own then give_poly(p) end
    return out
  end
end

-- polyPoints(poly) -> {x1, y1, x2, y2, ...}: the hull's vertices (none for a c2d_poly put
-- together by hand with a count outside 3..C2D_POLY_MAX).
function M.polyPoints(t)
  local p, own = read_poly(t, 1, "polyPoints")
  local out, n = {}, p.count
  if n >= 3 and n <= poly_max then
    local v = p.verts
    for i = 0, n - 1 do
      out[2 * i + 1], out[2 * i + 2] = v[i].x, v[i].y
    end
  end
  if own then give_poly(p) end
  return out
end

-- ---- moves ------------------------------------------------------------------------------------------


-- nil = slide; otherwise one of these names (bump.lua's, plus "ignore").
local response_codes = { ignore = 0, slide = 1, touch = 2, cross = 3, bounce = 4 }

local function response_arg(v, n, fn)
  if v == nil then
    return response_codes.slide
  end
  if type(v) ~= "string" then
    arg_error(n, fn, "string expected, got " .. type(v))
  end
  local code = response_codes[v]
  if not code then
    arg_error(n, fn, format("invalid option '%s'", v))
  end
  return code
end

do
  local read, fill = shapes.rect.read, shapes.rect.fill
  local take, give = array_reader(shapes.rect)
  local a, d, info, ret = ffi.new("c2d_rect"), ffi.new("c2d_vec2"), ffi.new("c2d_move_info"),
    ffi.new("c2d_vec2")
  local move = lib.c2dl_move_rect
  function M.moveRect(r, dx, dy, obstacles, response)
    local x, y, w, h = read(r, 1, "moveRect")
    number_arg(dx, 2, "moveRect")
    number_arg(dy, 3, "moveRect")
    local buf, n, cap = take(obstacles, 4, "moveRect")
    local code = response_arg(response, 5, "moveRect")
    fill(a, x, y, w, h)
    d.x, d.y = dx, dy
    move(a, d, buf, n, code, info, ret)
    give(buf, cap)
    local count = tonumber(info.count)
    if count == 0 then
      return ret.x, ret.y, 0
    end
    local f = info.first_hit
    return ret.x, ret.y, count, tonumber(info.first) + 1, f.t, f.normal.x, f.normal.y, f.point.x,
      f.point.y, f.pos.x, f.pos.y
  end
end

do
  local read, fill = shapes.recti.read, shapes.recti.fill
  local take, give = array_reader(shapes.recti)
  local a, blocked, ret = ffi.new("c2d_recti"), ffi.new("uint32_t[1]"), ffi.new("c2d_recti")
  local move = lib.c2dl_move_recti
  local band = require("bit").band
  function M.moveRecti(r, dx, dy, obstacles)
    local x, y, w, h = read(r, 1, "moveRecti")
    i32_arg(dx, 2, "moveRecti")
    i32_arg(dy, 3, "moveRecti")
    local buf, n, cap = take(obstacles, 4, "moveRecti")
    fill(a, x, y, w, h)
    move(a, dx, dy, buf, n, blocked, ret)
    give(buf, cap)
    local b = blocked[0]
    return ret.x, ret.y, band(b, lib.C2D_BLOCKED_X) ~= 0, band(b, lib.C2D_BLOCKED_Y) ~= 0
  end
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

-- The world (bump.lua's API) is the C module's on this path too: its filters are Lua functions
-- the library calls back, which the C module runs under lua_pcall so that no Lua error unwinds
-- through the library.
local core = package.loaded["collide2d.core"] or open_core()
package.loaded["collide2d.core"] = core
M.newWorld = core.newWorld
M.responses = core.responses

for _, f in pairs(M) do
  if type(f) == "function" then
    public[f] = true
  end
end

-- M.tiles: collide2d.tiles (tile layers from Lua arrays, Tiled and LDtk maps), a Lua file beside
-- this one, required on first use as the C module does.
setmetatable(M, {
  __index = function(t, k)
    if k == "tiles" then
      local tiles = require("collide2d.tiles")
      rawset(t, k, tiles)
      return tiles
    end
  end,
})

return M
