-- On LuaJIT both implementations load: the FFI path and the C module must give the same results
-- for every function on the same random inputs (elsewhere this file has nothing to compare).
return function(test, c2d, h)
  local ok_ffi, ffi_impl = pcall(require, "collide2d.ffi")
  if not ok_ffi then
    return
  end
  local core = require("collide2d.core")

  local function pack(...)
    return { n = select("#", ...), ... }
  end

  local function same(a, b)
    if a == b or (a ~= a and b ~= b) then return true end
    if type(a) == "table" and type(b) == "table" then
      for k, v in pairs(a) do if not same(v, b[k]) then return false end end
      for k in pairs(b) do if a[k] == nil then return false end end
      return true
    end
    return false
  end

  test("LuaJIT: every pointer and flat form the cdef declares (per by-value C API function) is exported", function()
    local ffi = require("ffi")
    local so = package.searchpath("collide2d", package.cpath)
    local cdef = dofile(so:gsub("[^/\\]*$", "") .. "collide2d_cdef.lua")
    local lib = ffi.load(so)
    local n = 0
    local flat = 0
    for name in cdef:gmatch("(c2dlf?_[%w_]+)%(") do
      if name:match("^c2dlf_") then flat = flat + 1 end
      n = n + 1
      h.truthy(pcall(function() return lib[name] end),
        name .. " is declared from include/collide2d.h but lua/collide2d.c does not define it")
    end
    h.truthy(n >= 80 and flat >= 40, "pointer and flat forms declared")
  end)

  test("LuaJIT: FFI path and C module agree on every function (random inputs, NaN included)", function()
    local r = h.rng(777)
    local function v() return r.int(1, 50) == 1 and 0 / 0 or r.eighths(-64, 64) end
    local gen = {
      point = function() return { x = v(), y = v() } end,
      rect = function() return { x = v(), y = v(), width = v(), height = v() } end,
      circle = function() return { x = v(), y = v(), r = v() } end,
      obb = function()
        if r.int(0, 1) == 1 then return { cx = v(), cy = v(), hw = v(), hh = v(), angle = v() } end
        return { x = v(), y = v(), width = v(), height = v(), angle = v() }
      end,
      segment = function() return { x1 = v(), y1 = v(), x2 = v(), y2 = v() } end,
    }
    local kinds = { "point", "rect", "circle", "obb", "segment" }
    local checked = 0
    for name, f in pairs(core) do
      if type(f) == "function" and name ~= "version" then
        h.eq(type(ffi_impl[name]), "function", name)
        for _ = 1, 300 do
          local a, b = gen[kinds[r.int(1, 5)]](), gen[kinds[r.int(1, 5)]]()
          local x, y = pack(pcall(f, a, b)), pack(pcall(ffi_impl[name], a, b))
          h.truthy(x.n == y.n, name .. ": same number of results")
          for i = 1, x.n do
            h.truthy(same(x[i], y[i]), string.format("%s: result %d: C %s, FFI %s", name, i,
              tostring(x[i]), tostring(y[i])))
          end
          checked = checked + 1
        end
      end
    end
    for name in pairs(ffi_impl) do
      if name ~= "_lib" then -- the FFI path's library handle
        h.truthy(core[name] ~= nil, "C module has " .. name)
      end
    end
    h.eq(ffi_impl.version(), core.version())
    h.eq(ffi_impl._VERSION, core._VERSION)
    h.truthy(checked > 10000, "many calls compared")
  end)

  test("LuaJIT: FFI path and C module agree on sweeps, ray casts and moves (random, NaN and bad input)", function()
    local r = h.rng(4711)
    local function v() return r.int(1, 60) == 1 and 0 / 0 or r.eighths(-64, 64) end
    -- now and then a wrong value, so the errors are compared too
    local function arg(x) return r.int(1, 80) == 1 and "1" or x end
    local function i() return arg(r.int(-64, 64)) end
    local gen = {
      rect = function() return { x = v(), y = v(), width = arg(r.eighths(0, 40)), height = r.eighths(0, 40) } end,
      circle = function() return { x = v(), y = v(), r = arg(r.eighths(0, 20)) } end,
      obb = function()
        if r.int(0, 1) == 1 then return { cx = v(), cy = v(), hw = r.eighths(0, 20), hh = r.eighths(0, 20), angle = v() } end
        return { x = v(), y = v(), width = r.eighths(0, 40), height = r.eighths(0, 40), angle = arg(v()) }
      end,
      segment = function() return { x1 = v(), y1 = v(), x2 = v(), y2 = arg(v()) } end,
      recti = function() return { x = i(), y = r.int(-64, 64), width = r.int(0, 40), height = r.int(0, 40) } end,
    }
    local function array(kind)
      local t = {}
      for k = 1, r.int(0, 40) do t[k] = gen[kind]() end
      return t
    end
    local responses = { "slide", "touch", "cross", "bounce", "ignore", nil, "bump" }
    local calls = {
      sweepRectRect = function() return gen.rect(), arg(v()), v(), gen.rect() end,
      sweepCircleRect = function() return gen.circle(), v(), v(), gen.rect() end,
      sweepCircleCircle = function() return gen.circle(), v(), arg(v()), gen.circle() end,
      sweepRectCircle = function() return gen.rect(), v(), v(), gen.circle() end,
      sweepCircleObb = function() return gen.circle(), v(), v(), gen.obb() end,
      sweepRectObb = function() return gen.rect(), v(), v(), gen.obb() end,
      raycastRect = function() return v(), v(), v(), v(), gen.rect() end,
      raycastCircle = function() return arg(v()), v(), v(), v(), gen.circle() end,
      raycastObb = function() return v(), v(), v(), v(), gen.obb() end,
      raycastSegment = function() return v(), v(), v(), v(), gen.segment() end,
      moveRect = function() return gen.rect(), v(), v(), array("rect"), responses[r.int(1, 7)] end,
      moveRecti = function() return gen.recti(), i(), r.int(-64, 64), array("recti") end,
    }
    local checked, errors = 0, 0
    for name, make in pairs(calls) do
      for _ = 1, 400 do
        local args = pack(make())
        local unpack = unpack or table.unpack
        local x = pack(pcall(core[name], unpack(args, 1, args.n)))
        local y = pack(pcall(ffi_impl[name], unpack(args, 1, args.n)))
        h.truthy(x.n == y.n, name .. ": same number of results")
        for k = 1, x.n do
          h.truthy(same(x[k], y[k]), string.format("%s: result %d: C %s, FFI %s", name, k,
            tostring(x[k]), tostring(y[k])))
        end
        if not x[1] then errors = errors + 1 end
        checked = checked + 1
      end
    end
    h.truthy(errors > 100 and errors < checked / 2, "errors compared too (" .. errors .. ")")
  end)
end
