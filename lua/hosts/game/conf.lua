-- Headless: no window, no sound; the game only loads the module and quits.
function love.conf(t)
  t.window = false
  t.modules.audio = false
  t.modules.sound = false
  t.modules.graphics = false
  t.modules.window = false
  t.modules.joystick = false
end
