-- lua/api.h lists the module's functions once; both paths are built from it. Here each path
-- (the module under test, and on LuaJIT both the FFI path and the C module) must offer exactly
-- the listed functions: a listed function missing on a path fails, and so does a function a path
-- offers that the list does not name. On LuaJIT the list compiled into the module (c2dl_api())
-- must also be the one in lua/api.h (a module built from another list fails), and every pointer
-- and flat form the list implies must be exported.
return function(test, c2d, h)
  local source = debug.getinfo(1, "S").source:gsub("^@", "")
  local api_path = source:gsub("[^/\\]*$", "") .. "../api.h"

  local families = {
    PRED = true, COLLIDE = true, DIST = true, CLOSEST = true, SWEEP = true, RAYCAST = true,
    MANIFOLD = true, INTERSECT = true, BATCH = true, CUSTOM = true,
  }
  local flat_kinds = { point = true, rect = true, circle = true, obb = true, segment = true, capsule = true }

  -- { {mark, family, name, cname, A, B}, ... } in the file's order.
  local function read_list()
    local f = assert(io.open(api_path, "rb"), "cannot open " .. api_path)
    local text = f:read("*a")
    f:close()
    text = text:gsub("/%*.-%*/", "")
    local list = {}
    for line in text:gmatch("[^\n]+") do
      if line:match("%S") then
        local mark, family, name, cname, A, B = line:match(
          "^C2DL_(%u+)%(%s*(%u+),%s*([%w_]+),%s*([%w_]+),%s*([%w_]+),%s*([%w_]+)%s*%)%s*$")
        assert(mark, "lua/api.h: a line that is not C2DL_FN(...) or C2DL_AKA(...): " .. line)
        list[#list + 1] = { mark, family, name, cname, A, B }
      end
    end
    return list
  end
  local list = read_list()

  local function names_of(impl)
    local t = {}
    for k, v in pairs(impl) do
      if type(v) == "function" then
        t[k] = true
      end
    end
    return t
  end

  -- The functions of impl (label: which path) are exactly those of the list.
  local function check_path(impl, label)
    local offered = names_of(impl)
    local missing, extra = {}, {}
    local listed = {}
    for _, e in ipairs(list) do
      listed[e[3]] = true
      if not offered[e[3]] then
        missing[#missing + 1] = e[3]
      end
    end
    for name in pairs(offered) do
      if not listed[name] then
        extra[#extra + 1] = name
      end
    end
    table.sort(missing)
    table.sort(extra)
    h.truthy(#missing == 0, label .. ": listed in lua/api.h but missing: " .. table.concat(missing, ", "))
    h.truthy(#extra == 0, label .. ": offered but not listed in lua/api.h: " .. table.concat(extra, ", "))
  end

  test("lua/api.h: known families, each Lua name once, each C function on one FN line", function()
    h.truthy(#list >= 120, "lua/api.h lists the functions")
    local names, fn_of = {}, {}
    for _, e in ipairs(list) do
      local mark, family, name, cname = e[1], e[2], e[3], e[4]
      h.truthy(mark == "FN" or mark == "AKA", name .. ": C2DL_FN or C2DL_AKA")
      h.truthy(families[family], name .. ": known family " .. family)
      h.truthy(not names[name], name .. " listed twice")
      names[name] = true
      if mark == "FN" and family ~= "CUSTOM" then
        h.truthy(not fn_of[cname], cname .. " on two C2DL_FN lines (the second is C2DL_AKA)")
        fn_of[cname] = name
      end
    end
    for _, e in ipairs(list) do
      if e[1] == "AKA" then
        h.truthy(fn_of[e[4]], e[3] .. ": C2DL_AKA of " .. e[4] .. ", which no C2DL_FN line names")
      end
    end
  end)

  test("the module's functions are exactly lua/api.h's (" .. tostring(c2d._IMPL) .. " path)", function()
    check_path(c2d, tostring(c2d._IMPL) .. " path")
  end)

  local ok_ffi, ffi_impl = pcall(require, "collide2d.ffi")
  if not ok_ffi then
    return
  end

  test("LuaJIT: the FFI path and the C module both offer exactly lua/api.h's functions", function()
    check_path(ffi_impl, "FFI path")
    check_path(require("collide2d.core"), "C module")
  end)

  test("LuaJIT: the module was built from lua/api.h and exports the forms it implies", function()
    local ffi = require("ffi")
    local lib = ffi_impl._lib
    local compiled = {}
    for line in ffi.string(lib.c2dl_api()):gmatch("[^\n]+") do
      compiled[#compiled + 1] = line
    end
    h.eq(#compiled, #list, "lines in the module's list and in lua/api.h (rebuild with lua/build.sh)")
    for i, e in ipairs(list) do
      h.eq(compiled[i], table.concat(e, " "), "line " .. i .. " of the module's list")
    end
    for _, e in ipairs(list) do
      local mark, family, cname, A, B = e[1], e[2], e[4], e[5], e[6]
      if mark == "FN" and family ~= "CUSTOM" then
        h.truthy(pcall(function() return lib["c2dl_" .. cname] end), "c2dl_" .. cname .. " exported")
        if family ~= "CLOSEST" and flat_kinds[A] and flat_kinds[B] then
          h.truthy(pcall(function() return lib["c2dlf_" .. cname] end), "c2dlf_" .. cname .. " exported")
        end
      end
    end
  end)
end
