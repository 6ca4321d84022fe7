-- Contacts, manifolds and distances of polygons and capsules in Lua: a crate stacked on a floor
-- and resting on a slope, a pill-shaped player on the ground, a ball against a paddle, a laser
-- into a pill, and the errors of bad arguments.
return function(test, c2d, h)
  local function rect(x, y, w, hh) return { x = x, y = y, width = w, height = hh } end
  local function circle(x, y, r) return { x = x, y = y, r = r } end
  local function capsule(x1, y1, x2, y2, r) return { x1 = x1, y1 = y1, x2 = x2, y2 = y2, r = r } end
  local s = math.sqrt(0.5)
  local slope = c2d.newPoly({ 0, 0, 100, 0, 100, 100 }) -- y-up, face y = x
  local ground = c2d.newPoly({ -50, -10, 50, -10, 50, 0, -50, 0 })

  test("poly contact: module has every contact, manifold and distance function", function()
    for _, name in ipairs({ "collideRectPoly", "collideObbPoly", "collidePolyPoly", "collidePolyCircle",
      "collidePolyCapsule", "collideRectCapsule", "collideObbCapsule", "collideCapsuleCircle",
      "collideCapsuleCapsule", "manifoldRectPoly", "manifoldObbPoly", "manifoldPolyPoly",
      "manifoldRectRect", "distanceRectPoly", "distanceObbPoly", "distancePolyPoly",
      "distancePolyCircle", "distancePolyCapsule", "distanceRectCapsule", "distanceObbCapsule",
      "distanceCapsuleCircle", "distanceCapsuleCapsule", "raycastCapsule" }) do
      h.eq(type(c2d[name]), "function", name)
    end
  end)

  test("poly contact: a crate sunk into the floor gets two contact points under its sides", function()
    local crate = { -4, -0.5, 4, -0.5, 4, 7.5, -4, 7.5 }
    local n, nx, ny, d1, x1, y1, d2, x2, y2 = c2d.manifoldPolyPoly(crate, ground)
    h.eq(n, 2, "two points")
    h.eq(nx, 0); h.eq(ny, -1)
    h.eq(d1, 0.5); h.eq(d2, 0.5)
    h.eq(y1, 0); h.eq(y2, 0)
    h.eq(x1 + x2, 0); h.eq(math.abs(x1), 4)
    -- The same crate as a rect, on the polygon floor and on a rect floor.
    h.eq((c2d.manifoldRectPoly(rect(-4, -0.5, 8, 8), ground)), 2)
    n, nx, ny = c2d.manifoldRectRect(rect(-4, -0.5, 8, 8), rect(-50, -10, 100, 10))
    h.eq(n, 2); h.eq(ny, -1)
    local hit, cx, cy, depth = c2d.collideRectRect(rect(-4, -0.5, 8, 8), rect(-50, -10, 100, 10))
    h.eq(hit, true); h.eq(cx, nx); h.eq(cy, ny); h.eq(depth, 0.5)
    -- Resting exactly on it: no contact, an empty manifold, 0 away; lifted by 3: 3 away.
    h.eq(c2d.manifoldPolyPoly({ -4, 0, 4, 0, 4, 8, -4, 8 }, ground), 0)
    h.eq(c2d.collidePolyPoly({ -4, 0, 4, 0, 4, 8, -4, 8 }, ground), false)
    h.eq(c2d.distancePolyPoly({ -4, 0, 4, 0, 4, 8, -4, 8 }, ground), 0)
    h.eq(c2d.distancePolyPoly({ -4, 3, 4, 3, 4, 11, -4, 11 }, ground), 3)
  end)

  test("poly contact: a crate turned to lie flat on the 45-degree slope gets two points", function()
    -- A 20 x 10 box turned 45 degrees, its bottom face a quarter unit into the face y = x.
    local up = 5 - 0.25
    local crate = { cx = 50 - up * s, cy = 50 + up * s, hw = 10, hh = 5, angle = 45 }
    local n, nx, ny, d1, _, _, d2 = c2d.manifoldObbPoly(crate, slope)
    h.eq(n, 2, "two points")
    h.near(nx, s, 1e-5); h.near(ny, -s, 1e-5)
    h.near(d1, 0.25, 1e-4); h.near(d2, 0.25, 1e-4)
    local hit, cx, cy, depth = c2d.collideObbPoly(crate, slope)
    h.eq(hit, true); h.eq(cx, nx); h.eq(cy, ny); h.near(depth, 0.25, 1e-4)
  end)

  test("poly contact: a pill-shaped player sunk into the ground is pushed straight up", function()
    local floor = rect(-50, -10, 100, 10)
    local hit, nx, ny, depth, px, py = c2d.collideRectCapsule(floor, capsule(0, 0.375, 0, 2, 0.5))
    h.eq(hit, true); h.eq(nx, 0); h.eq(ny, 1); h.eq(depth, 0.125)
    h.truthy(py <= 0 and py >= -0.125 and px == 0, "point in both")
    h.eq(c2d.collideRectCapsule(floor, capsule(0, 0.5, 0, 2, 0.5)), false, "standing on it")
    h.eq(c2d.distanceRectCapsule(floor, capsule(0, 0.75, 0, 2, 0.5)), 0.25)
    hit, nx, ny, depth = c2d.collidePolyCapsule(ground, capsule(0, 0.375, 0, 2, 0.5))
    h.eq(hit, true); h.eq(ny, 1); h.eq(depth, 0.125)
    h.eq(c2d.distancePolyCapsule(ground, capsule(0, 1, 0, 2, 0.5)), 0.5)
  end)

  test("poly contact: a ball against a paddle bounces off its side and its round end", function()
    local paddle = capsule(-8, 0, 8, 0, 1)
    local hit, nx, ny, depth = c2d.collideCapsuleCircle(paddle, circle(2, 2.5, 2))
    h.eq(hit, true); h.eq(nx, 0); h.eq(ny, 1); h.eq(depth, 0.5)
    hit, nx, ny, depth = c2d.collideCapsuleCircle(paddle, circle(11, 4, 4.5))
    h.eq(hit, true); h.near(nx, 0.6, 1e-6); h.near(ny, 0.8, 1e-6); h.near(depth, 0.5, 1e-6)
    h.eq(c2d.distanceCapsuleCircle(paddle, circle(0, 3, 1)), 1)
    h.eq(c2d.distanceCapsuleCapsule(paddle, capsule(-8, 5, 8, 5, 1)), 3)
    hit, nx, ny, depth = c2d.collideCapsuleCapsule(paddle, capsule(0, -3, 0, 3, 1))
    h.eq(hit, true); h.eq(nx, 0); h.eq(math.abs(ny), 1); h.eq(depth, 5)
    -- A ball whose centre is inside the slope, s below its face: out through the face.
    hit, nx, ny, depth = c2d.collidePolyCircle(slope, circle(50, 49, 2))
    h.eq(hit, true); h.near(nx, -s, 1e-6); h.near(ny, s, 1e-6); h.near(depth, 2 + s, 1e-5)
    h.eq(c2d.distancePolyCircle(slope, circle(-4, 0, 1)), 3)
  end)

  test("poly contact: a laser into the side of a pill stops at its skin", function()
    local pill = capsule(0, 0, 0, 4, 1)
    local hit, t, nx, ny, px, py = c2d.raycastCapsule(-5, 2, 10, 0, pill)
    h.eq(hit, true); h.near(t, 0.4, 1e-7); h.eq(nx, -1); h.eq(ny, 0); h.eq(px, -1); h.eq(py, 2)
    hit, t, nx, ny = c2d.raycastCapsule(0, 10, 0, -10, pill)
    h.eq(hit, true); h.eq(t, 0.5); h.eq(ny, 1)
    h.eq(c2d.raycastCapsule(-5, 6, 10, 0, pill), false, "passes above")
    hit, t, nx, ny = c2d.raycastCapsule(0, 1, 3, 0, pill)
    h.eq(hit, true); h.eq(t, 0); h.eq(nx, 0); h.eq(ny, 0)
  end)

  test("poly contact: bad arguments raise the usual errors; NaN gives no contact", function()
    h.eq(h.err(c2d.collideRectPoly, rect(0, 0, 1, 1), {}),
      "bad argument #2 to 'collideRectPoly' (degenerate polygon: fewer than 3 points off one line)")
    h.eq(h.err(c2d.manifoldPolyPoly, { 0, 0, 1, 0, 1 }, ground),
      "bad argument #1 to 'manifoldPolyPoly' (field '[6]' must be a number)")
    h.eq(h.err(c2d.distancePolyCapsule, ground, { x1 = 0, y1 = 0, x2 = 1, y2 = 1 }),
      "bad argument #2 to 'distancePolyCapsule' (field 'r' must be a number)")
    h.eq(h.err(c2d.raycastCapsule, 0, 0, 1, nil, capsule(0, 0, 1, 1, 1)),
      "bad argument #4 to 'raycastCapsule' (number expected, got nil)")
    h.eq(c2d.collideCapsuleCapsule(capsule(0, 0, 1, 0, 0 / 0), capsule(0, 0, 1, 0, 1)), false)
    local d = c2d.distanceCapsuleCircle(capsule(0, 0, 1, 0, 1), circle(0 / 0, 0, 1))
    h.truthy(d ~= d, "NaN distance")
    h.eq(c2d.distanceCapsuleCapsule(capsule(0, 0, 1, 0, -1), capsule(0, 0, 1, 0, 1)), math.huge)
  end)
end
