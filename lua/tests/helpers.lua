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

return H
