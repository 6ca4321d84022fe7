-- A cocos2d-x MainScene, headless: a circle sprite (r = 50) starts at (500,300), a
-- 180x72 rect sprite at (620,300) with anchor (0,0); the user drags the circle and the label
-- shows whether the circle touches the rotated rect. Here the drag is scripted: the circle moves
-- in steps across the rect and the label text is printed at each step.
--
-- Rotation: MainScene calls rect2:setRotation(-45) on the sprite but passes angle = 45 to the test.
-- cocos2d-x's setRotation is clockwise in degrees, so -45 turns the sprite 45 degrees counter-
-- clockwise about its anchor, the (0,0) corner: the same box as {x=620, y=300, width=180,
-- height=72, angle=45} in rectRotateIntersectsCircle's convention (angle counter-clockwise
-- about (x,y)).
--
-- Run from the repository root after `cargo build --release && lua/build.sh`:
--   LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='target/lua/5.4/?.so;;' \
--   LD_LIBRARY_PATH=target/release lua5.4 examples/mainscene.lua
local c2d = require("collide2d")
local rectRotateIntersectsCircle = c2d.rectRotateIntersectsCircle

local circle1 = { x = 500, y = 300 } -- self.circle1:getPosition()
local rect2 = { x = 620, y = 300 } -- self.rect2:getPosition(), anchor (0,0)

-- the scene's moveCallback test
local function label()
  local c = { x = circle1.x, y = circle1.y, r = 50 }
  local r = { x = rect2.x, y = rect2.y, width = 180, height = 72, angle = 45 }
  if rectRotateIntersectsCircle(r, c) then
    return "是否碰撞: true"
  else
    return "是否碰撞: false"
  end
end

print(string.format("collide2d %s (%s)", c2d._VERSION, c2d._IMPL))
print(string.format("start    circle (%6.1f, %6.1f)  %s", circle1.x, circle1.y, label()))
-- Drag right and up across the box (touch deltas of (20, 12)), then down along x = 700.
local step = 0
for _ = 1, 20 do
  step = step + 1
  circle1.x, circle1.y = circle1.x + 20, circle1.y + 12
  print(string.format("step %2d  circle (%6.1f, %6.1f)  %s", step, circle1.x, circle1.y, label()))
end
circle1.x, circle1.y = 700, 600
for _ = 1, 10 do
  step = step + 1
  circle1.y = circle1.y - 40
  print(string.format("step %2d  circle (%6.1f, %6.1f)  %s", step, circle1.x, circle1.y, label()))
end
