-- Headless but for graphics: a small window (under xvfb-run when there is no display) so that
-- the debug draw can render into a canvas; no sound, no joystick. The game checks and quits.
function love.conf(t)
  t.window.width = 128
  t.window.height = 128
  t.window.title = "collide2d"
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
end
