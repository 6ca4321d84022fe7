-- Test runner: lua run.lua MODULE FILE...   (MODULE: collide2d, or collide2d.core for the C
-- module under LuaJIT). Each FILE returns function(test, c2d, h) that registers cases with
-- test(name, fn); fn fails by raising an error. Ends with "N passed, N failed"; exits 1 on failure.
local module = assert(arg[1], "usage: run.lua MODULE FILE...")
local c2d = require(module)
local h = require("helpers")

local cases = {}
local function test(name, fn)
  cases[#cases + 1] = { name = name, fn = fn }
end

for i = 2, #arg do
  local chunk = assert(loadfile(arg[i]))
  chunk()(test, c2d, h)
end

local passed, failed = 0, 0
for _, c in ipairs(cases) do
  local ok, err = pcall(c.fn)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
    print(string.format("FAIL %s\n     %s", c.name, tostring(err)))
  end
end
print(string.format("[%s, %s as %s: %s]", _VERSION, module, tostring(c2d._IMPL), jit and jit.version or "PUC"))
print(string.format("%d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
