-- A runner for busted-style specs on any interpreter (Debian's busted runs on Lua 5.1 only):
--   lua spec_runner.lua SPEC...
-- It offers the part of busted the specs of bump.lua use — describe, it, before_each, spy.on,
-- assert.{equal, equals, same, truthy, is_nil, is_true, is_false, error, is_error} and
-- assert.spy(s).was.called(n) — runs each `it` after the before_each functions of the describes
-- around it, and ends with "N successes / N failures", exiting 1 on any failure.

local blocks = { { name = "", before = {}, children = {} } }
local stack = { blocks[1] }

function describe(name, fn)
  local parent = stack[#stack]
  local block = { name = name, before = {}, children = {} }
  parent.children[#parent.children + 1] = block
  stack[#stack + 1] = block
  fn()
  stack[#stack] = nil
end

function it(name, fn)
  local parent = stack[#stack]
  parent.children[#parent.children + 1] = { name = name, test = fn }
end

function before_each(fn)
  local parent = stack[#stack]
  parent.before[#parent.before + 1] = fn
end

-- Deep equality as busted's `same`: tables key by key, everything else with ==.
local function same(a, b)
  if a == b then
    return true
  end
  if type(a) ~= "table" or type(b) ~= "table" then
    return false
  end
  for k, v in pairs(a) do
    if not same(v, b[k]) then
      return false
    end
  end
  for k in pairs(b) do
    if a[k] == nil then
      return false
    end
  end
  return true
end

local function show(v)
  if type(v) ~= "table" then
    return type(v) == "string" and string.format("%q", v) or tostring(v)
  end
  local parts = {}
  for k, x in pairs(v) do
    parts[#parts + 1] = tostring(k) .. "=" .. show(x)
  end
  table.sort(parts)
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function check(ok, fmt, ...)
  if not ok then
    error(string.format(fmt, ...), 3)
  end
end

local spies = setmetatable({}, { __mode = "k" })

assert = setmetatable({
  equal = function(a, b) check(a == b, "expected %s to equal %s", show(b), show(a)) end,
  same = function(a, b) check(same(a, b), "expected %s to be the same as %s", show(b), show(a)) end,
  truthy = function(v) check(v, "expected a truthy value, got %s", show(v)) end,
  is_nil = function(v) check(v == nil, "expected nil, got %s", show(v)) end,
  is_true = function(v) check(v == true, "expected true, got %s", show(v)) end,
  is_false = function(v) check(v == false, "expected false, got %s", show(v)) end,
  error = function(f) check(not pcall(f), "expected an error") end,
  spy = function(s)
    local calls = assert(spies[s], "not a spy")
    return { was = { called = function(n)
      check(calls.n == n, "expected %d calls, got %d", n, calls.n)
    end } }
  end,
}, { __call = function(_, v, msg, ...) if not v then error(msg or "assertion failed!", 2) end return v, msg, ... end })
assert.equals = assert.equal
assert.is_error = assert.error

spy = {
  on = function(t, key)
    local original = t[key]
    local calls = { n = 0 }
    local s = setmetatable({}, { __call = function(_, ...)
      calls.n = calls.n + 1
      return original(...)
    end })
    spies[s] = calls
    t[key] = s
    return s
  end,
}

for i = 1, #arg do
  local chunk = assert(loadfile(arg[i]))
  stack = { blocks[1] }
  chunk()
end

local passed, failed = 0, 0
local function run(block, befores, path)
  local mine = {}
  for _, f in ipairs(befores) do mine[#mine + 1] = f end
  for _, f in ipairs(block.before or {}) do mine[#mine + 1] = f end
  for _, child in ipairs(block.children) do
    local name = path == "" and child.name or (path .. " " .. child.name)
    if child.test then
      local ok, err = pcall(function()
        for _, f in ipairs(mine) do f() end
        child.test()
      end)
      if ok then
        passed = passed + 1
      else
        failed = failed + 1
        print("FAIL " .. name .. "\n     " .. tostring(err))
      end
    else
      run(child, mine, name)
    end
  end
end
run(blocks[1], {}, "")
print(string.format("%d successes / %d failures  (%s)", passed, failed,
  type(jit) == "table" and jit.version or _VERSION))
os.exit(failed == 0 and 0 or 1)
