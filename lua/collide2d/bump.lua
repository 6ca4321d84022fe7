-- require("collide2d.bump"): bump.lua 3.1.7's module on collide2d. A game written for bump.lua
-- switches by changing `require "bump"` to `require "collide2d.bump"`.
--
-- newWorld is collide2d's world (the same as require("collide2d").newWorld): every method of
-- bump.lua's world with its argument checks and error texts, in double precision, exact where
-- bump.lua rounds, and never letting an item pass through or end inside a solid item.
-- responses are bump.lua's four, usable from custom responses (world:addResponse). rect holds
-- bump.lua's rectangle functions, written here from the algorithms they name; they compute in
-- doubles as bump.lua does, with its margin of 1e-10 where it uses one. lua/README.md lists where
-- the answers differ from bump.lua's.
local c2d = require("collide2d")

local abs, min, huge = math.abs, math.min, math.huge

-- Points closer than this to a box's edge are not inside it (bump.lua's margin).
local DELTA = 1e-10

-- The corner coordinate nearer to p on one axis: lo unless hi is strictly nearer.
local function nearer(p, lo, hi)
  if abs(lo - p) < abs(hi - p) then
    return lo
  end
  return hi
end

local function getNearestCorner(x, y, w, h, px, py)
  return nearer(px, x, x + w), nearer(py, y, y + h)
end

-- The four sides of a box, as (outward normal, p, q) for the segment (x1, y1)..(x2, y2) with
-- direction (dx, dy): the line is inside the side's half-plane where p * t <= q.
local sides = {
  { -1, 0, function(x, _, _, _, x1, _, dx, _) return -dx, x1 - x end },
  { 1, 0, function(x, _, w, _, x1, _, dx, _) return dx, x + w - x1 end },
  { 0, -1, function(_, y, _, _, _, y1, _, dy) return -dy, y1 - y end },
  { 0, 1, function(_, y, _, h, _, y1, _, dy) return dy, y + h - y1 end },
}

-- Liang and Barsky's clip of the line (x1, y1) + t (x2 - x1, y2 - y1), t in [ti1, ti2] (0 and 1
-- by default), against the box: the clipped entry and exit parameters and the normals of the
-- sides entered and left (0, 0 when none), or nil when the clipped line misses the box. A line
-- running along a side does not enter the box.
local function getSegmentIntersectionIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2)
  ti1, ti2 = ti1 or 0, ti2 or 1
  local dx, dy = x2 - x1, y2 - y1
  local enx, eny, exx, exy = 0, 0, 0, 0
  for i = 1, 4 do
    local side = sides[i]
    local p, q = side[3](x, y, w, h, x1, y1, dx, dy)
    if p == 0 then
      if q <= 0 then
        return nil
      end
    else
      local t = q / p
      if p < 0 then -- entering through this side
        if t > ti2 then
          return nil
        elseif t > ti1 then
          ti1, enx, eny = t, side[1], side[2]
        end
      else -- leaving through it
        if t < ti1 then
          return nil
        elseif t < ti2 then
          ti2, exx, exy = t, side[1], side[2]
        end
      end
    end
  end
  return ti1, ti2, enx, eny, exx, exy
end

-- The box of the positions of the corner of a w1 x h1 box touching or overlapping the second box
-- (their Minkowski difference, seen from the first box's corner).
local function getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
end

local function containsPoint(x, y, w, h, px, py)
  return px - x > DELTA and py - y > DELTA and x + w - px > DELTA and y + h - py > DELTA
end

local function isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2)
  return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
end

-- The squared distance between the two boxes' centres.
local function getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

local function sign(v)
  if v > 0 then
    return 1
  elseif v == 0 then
    return 0
  end
  return -1
end

-- The collision of box 1 moving (its corner) to (goalX, goalY) with the static box 2, or nil:
-- an overlap at the start (ti = minus the overlap's area, touch = where the line of motion,
-- extended backwards, entered box 2, or the nearest way out for a box that does not move), or
-- the first contact on the way (ti in [0, 1), touch = the corner there). Grazing a corner is no
-- contact.
local function detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY)
  goalX, goalY = goalX or x1, goalY or y1
  local dx, dy = goalX - x1, goalY - y1
  local x, y, w, h = getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  local overlaps, ti, nx, ny, tx, ty
  if containsPoint(x, y, w, h, 0, 0) then
    local px, py = getNearestCorner(x, y, w, h, 0, 0)
    ti = -min(w1, abs(px)) * min(h1, abs(py))
    overlaps = true
    if dx == 0 and dy == 0 then
      if abs(px) < abs(py) then
        py = 0
      else
        px = 0
      end
      nx, ny = sign(px), sign(py)
      tx, ty = x1 + px, y1 + py
    else
      local back, _
      back, _, nx, ny = getSegmentIntersectionIndices(x, y, w, h, 0, 0, dx, dy, -huge, 1)
      if not back then
        return nil
      end
      tx, ty = x1 + dx * back, y1 + dy * back
    end
  else
    local t1, t2, enx, eny = getSegmentIntersectionIndices(x, y, w, h, 0, 0, dx, dy, -huge, huge)
    if not (t1 and t1 < 1 and abs(t1 - t2) >= DELTA and (0 < t1 + DELTA or (t1 == 0 and t2 > 0))) then
      return nil
    end
    ti, nx, ny, overlaps = t1, enx, eny, false
    tx, ty = x1 + dx * ti, y1 + dy * ti
  end
  return {
    overlaps = overlaps,
    ti = ti,
    move = { x = dx, y = dy },
    normal = { x = nx, y = ny },
    touch = { x = tx, y = ty },
    itemRect = { x = x1, y = y1, w = w1, h = h1 },
    otherRect = { x = x2, y = y2, w = w2, h = h2 },
  }
end

return {
  _VERSION = "bump v3.1.7",
  _URL = "https://github.com/kikito/bump.lua",
  _DESCRIPTION = "A collision detection library for Lua",
  _LICENSE = [[
    MIT LICENSE

    Copyright (c) 2014 Enrique García Cota

    Permission is hereby granted, free of charge, to any person obtaining a
    copy of this software and associated documentation files (the
    "Software"), to deal in the Software without restriction, including
    without limitation the rights to use, copy, modify, merge, publish,
    distribute, sublicense, and/or sell copies of the Software, and to
    permit persons to whom the Software is furnished to do so, subject to
    the following conditions:

    The above copyright notice and this permission notice shall be included
    in all copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
    OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
    MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
    IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
    CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
    TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
    SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
  ]],
  newWorld = c2d.newWorld,
  responses = c2d.responses,
  rect = {
    getNearestCorner = getNearestCorner,
    getSegmentIntersectionIndices = getSegmentIntersectionIndices,
    getDiff = getDiff,
    containsPoint = containsPoint,
    isIntersecting = isIntersecting,
    getSquareDistance = getSquareDistance,
    detectCollision = detectCollision,
  },
}
