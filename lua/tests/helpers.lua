-- Assertions and a deterministic generator shared by the tests (same sequence on every interpreter).
local H = {}

function H.eq(got, want, what)
  if got ~= want then
    error(string.format("%s: got %s, want %s", what or "value", tostring(got), tostring(want)), 2)
  end
end

function H.near(got, want, tol, what)
  if not (math.abs(got - want) <= tol) then
    error(string.format("%s: got %.9g, want %.9g (tol %g)", what or "value", got, want, tol), 2)
  end
end

function H.truthy(v, what)
  if not v then
    error((what or "condition") .. " is false", 2)
  end
end

-- The error message a call raises (fails when it does not raise).
function H.err(f, ...)
  local ok, msg = pcall(f, ...)
  if ok then
    error("expected an error", 2)
  end
  return msg
end

-- Park-Miller generator: products stay below 2^46, exact in doubles and in 5.3+ integers.
function H.rng(seed)
  local s = seed
  local r = {}
  function r.next()
    s = (s * 16807) % 2147483647
    return s
  end
  -- integer in [lo, hi]
  function r.int(lo, hi)
    return lo + r.next() % (hi - lo + 1)
  end
  -- multiple of 1/8 in [lo, hi] (lo, hi multiples of 1/8): exactly representable in f32
  function r.eighths(lo, hi)
    return r.int(lo * 8, hi * 8) / 8
  end
  return r
end

-- The band of a double-precision world: two faces whose exact positions differ by no more than
-- it are the same face. One unit in the last place (the spacing of doubles just above |m|) of
-- the largest magnitude among the values given (both rects' position and size on an axis), at
-- least 1e-10.
function H.ulp(m)
    m = math.abs(m)
    if m < 2 ^ -1000 then return 2 ^ -1074 end
    local p = 1.0
    if m >= 1 then
        while p * 2 <= m do p = p * 2 end
    else
        while p > m do p = p / 2 end
    end
    return p * 2 ^ -52
end

function H.band(...)
    local m = 0
    for i = 1, select("#", ...) do m = math.max(m, math.abs((select(i, ...)))) end
    return math.max(1e-10, H.ulp(m))
end

-- Runs the ```lua example of lua/README.md that starts with the line `first` (plain text), its
-- globals looked up in `env` (then _G), `tail` appended (to hand back its locals); returns what
-- the example returns.
function H.readme_example(first, env, tail)
    local f = assert(io.open("lua/README.md", "rb"))
    local text = f:read("*a")
    f:close()
    local at = text:find("```lua\n" .. first, 1, true)
    assert(at, "the example is in lua/README.md: " .. first)
    local code = text:sub(at + 7, text:find("```", at + 7, true) - 1) .. (tail or "")
    setmetatable(env, { __index = _G })
    local chunk
    if setfenv then
        chunk = assert(loadstring(code))
        setfenv(chunk, env)
    else
        chunk = assert(load(code, "example", "t", env))
    end
    return chunk()
end

return H
