-- The four collision functions of a cocos2d-x Lua MainScene ("简单几何图形的碰撞检测"), in their
-- published pure-Lua form, as the reference the binding is compared with. Two changes outside the
-- bodies: the published text names both rect-circle functions rectIntersectsCircle; the second
-- (rotated rect) is named rectRotateIntersectsCircle here, as its MainScene calls it. And math.atan2 is
-- supplied where the interpreter lacks it (Lua 5.4 without compatibility: math.atan takes 2
-- arguments).
local math = setmetatable({ atan2 = math.atan2 or math.atan }, { __index = math })

local function circleIntersectsCircle(circle1,circle2)
    return  (circle1.x - circle2.x)^2 + (circle1.y - circle2.y)^2 < (circle1.r + circle2.r)^2
end

local function rectIntersectsRect( rect1, rect2 )
    local intersect = not ( rect1.x > rect2.x + rect2.width or
        rect1.x + rect1.width < rect2.x or
        rect1.y > rect2.y + rect2.height or
        rect1.y + rect1.height < rect2.y)
    return intersect
end

local function rectIntersectsCircle(rect,circle)
    local v = {math.abs(circle.x - (rect.x + rect.width/2)),
        math.abs(circle.y - (rect.y + rect.height/2)) }
    local h = {rect.width/2,rect.height/2}
    local u = {math.max(v[1]-h[1],0),math.max(v[2]-h[2],0)}
    return u[1]*u[1] + u[2]*u[2] < circle.r*circle.r
end

local function rectRotateIntersectsCircle(rect,circle)
    local srcAngle = math.rad(rect.angle)
    local rectCenterX = rect.x + rect.width / 2 * math.cos(srcAngle) + 
                        rect.height / 2 * math.cos(srcAngle + math.pi / 2)
    local rectCenterY = rect.y + rect.width / 2 * math.sin(srcAngle) + 
                        rect.height / 2* math.sin(srcAngle + math.pi / 2)
    local vectorX = circle.x - rectCenterX
    local vectorY = circle.y - rectCenterY
    local angle = math.atan2(rectCenterY - circle.y,rectCenterX - circle.x)
    local angle = angle - math.rad(rect.angle)
    local len = math.sqrt(vectorX^2 + vectorY^2)
    local v = {math.abs(len * math.cos(angle)),math.abs(len * math.sin(angle))}
    local h = {rect.width/2,rect.height/2}
    local u = {math.max(v[1]-h[1],0),math.max(v[2]-h[2],0)}
    return u[1]*u[1] + u[2]*u[2] < circle.r*circle.r
end

return {
    circleIntersectsCircle = circleIntersectsCircle,
    rectIntersectsRect = rectIntersectsRect,
    rectIntersectsCircle = rectIntersectsCircle,
    rectRotateIntersectsCircle = rectRotateIntersectsCircle,
}
