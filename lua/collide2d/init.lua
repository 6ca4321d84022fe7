-- require("collide2d"): on LuaJIT the FFI path (collide2d.ffi), otherwise the C module, which
-- this file reaches as "collide2d.core" (collide2d.so also exports luaopen_collide2d_core),
-- since a Lua file on package.path shadows collide2d.so on package.cpath. Both offer the same
-- functions with the same results and errors; `_IMPL` says which one was loaded ("ffi" or "c").
-- LuaJIT takes the C module only where the FFI path cannot be had (no collide2d/ffi.lua, or a
-- LuaJIT without its ffi library): an FFI path that is there but does not load (a game that
-- forgot collide2d_cdef.lua) is an error naming what is missing, not a quietly slower game.
-- require("collide2d.core") asks for the C module on purpose. When nothing loads, the error
-- gives each loader's own message (a missing libcollide2d, a file not found on the paths
-- searched). Either way the module's `tiles` field is collide2d.tiles (tile layers from Lua
-- arrays, Tiled and LDtk maps), a Lua file beside this one.
local function with_tiles(impl)
  impl.tiles = impl.tiles or require("collide2d.tiles")
  return impl
end
local ffi_err
if type(jit) == "table" then
  local ok, impl = pcall(require, "collide2d.ffi")
  if ok then
    return with_tiles(impl)
  end
  ffi_err = tostring(impl)
  local absent = ffi_err:find("module 'collide2d.ffi' not found", 1, true)
    or ffi_err:find("module 'ffi' not found", 1, true)
  if not absent then
    error("collide2d: the LuaJIT FFI path did not load (require(\"collide2d.core\") takes the"
      .. " C module instead):\n" .. ffi_err, 2)
  end
end
local ok, core = pcall(require, "collide2d.core")
if ok then
  return with_tiles(core)
end
local msg = "collide2d: the module did not load\n"
if ffi_err then
  msg = msg .. "LuaJIT FFI path: " .. ffi_err .. "\n"
end
error(msg .. "C module: " .. tostring(core), 2)
