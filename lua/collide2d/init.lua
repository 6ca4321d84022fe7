-- require("collide2d"): on LuaJIT the FFI path (collide2d.ffi) when it loads, otherwise the C
-- module, which this file reaches as "collide2d.core" (collide2d.so also exports
-- luaopen_collide2d_core), since a Lua file on package.path shadows collide2d.so on
-- package.cpath. Both offer the same functions with the same results and errors; `_IMPL` says
-- which one was loaded ("ffi" or "c").
if type(jit) == "table" then
  local ok, impl = pcall(require, "collide2d.ffi")
  if ok then
    return impl
  end
end
return require("collide2d.core")
