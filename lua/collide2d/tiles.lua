-- collide2d.tiles: tile layers from a Lua array of codes or kind names, from a map Tiled exports
-- as Lua (the format Simple-Tiled-Implementation reads), and from an LDtk IntGrid layer as the
-- game decodes it from the level's JSON. Each becomes one layer of the world (world:addTiles):
-- tiles merged into as few items as their kinds allow, so that a mover never catches on a seam
-- between two tiles. Reached as require("collide2d").tiles or require("collide2d.tiles").
--
-- A tile code is kind + tag * 256: the kind one of tiles.kinds, the tag a whole number from 0
-- to 2^24 - 1 of the game's own (tiles merge only with tiles of the same code). The items of a
-- layer reach the game as tables {layer=, col=, row=, cols=, rows=, code=, kind=, tag=}: the
-- run of tiles an item covers (columns and rows from 1), its kind by name and its tag.

local tiles = {}

-- Kinds by name. A one-way tile is named by the side its solid face looks to: "oneway-y-" is
-- solid from the low-y side only, the jump-through platform of a game whose y grows downwards
-- (Tiled, LÖVE); "oneway-y+" is the same platform where y grows upwards (cocos2d-x). A slope
-- is named by the corner of its right angle, as world:setSlope: "slope-x1y1" is a floor ramp
-- rising to the right where y grows downwards.
tiles.kinds = {
  empty = 0,
  solid = 1,
  ["oneway-y-"] = 2,
  ["oneway-y+"] = 3,
  ["oneway-x-"] = 4,
  ["oneway-x+"] = 5,
  ["slope-x0y0"] = 6,
  ["slope-x1y0"] = 7,
  ["slope-x0y1"] = 8,
  ["slope-x1y1"] = 9,
}
-- Short names: "oneway" is the y-down platform; a slope's corner alone names it.
tiles.kinds.oneway = tiles.kinds["oneway-y-"]
for _, corner in ipairs({ "x0y0", "x1y0", "x0y1", "x1y1" }) do
  tiles.kinds[corner] = tiles.kinds["slope-" .. corner]
end

local names = {}
for name, kind in pairs(tiles.kinds) do
  if name:find("-", 1, true) or name == "empty" or name == "solid" then
    names[kind] = name
  end
end

local TAG = 256
local TAG_MAX = 2 ^ 24 - 1

local function whole(v, lo, hi)
  return type(v) == "number" and v == math.floor(v) and v >= lo and v <= hi
end

--- tiles.code(kind[, tag]) -> code: kind a name of tiles.kinds or a number 0..9.
function tiles.code(kind, tag)
  local k = kind
  if type(kind) == "string" then
    k = tiles.kinds[kind]
  end
  if not whole(k, 0, 9) then
    error("collide2d.tiles: unknown tile kind " .. tostring(kind) .. " (one of: empty, solid, "
      .. "oneway, oneway-y-, oneway-y+, oneway-x-, oneway-x+, slope-x0y0, slope-x1y0, "
      .. "slope-x0y1, slope-x1y1)", 2)
  end
  tag = tag or 0
  if not whole(tag, 0, TAG_MAX) then
    error("collide2d.tiles: a tag must be a whole number from 0 to 16777215, but was "
      .. tostring(tag), 2)
  end
  return k + tag * TAG
end

--- tiles.kind(code) -> kind name, tag
function tiles.kind(code)
  return names[code % TAG], math.floor(code / TAG)
end

-- One entry of a Lua array: a code, a kind name, or nil/false for an empty tile.
local function entry_code(v, k)
  if v == nil or v == false then
    return 0
  elseif type(v) == "string" then
    local kind = tiles.kinds[v]
    if not kind then
      error("collide2d.tiles: data[" .. k .. "] is " .. string.format("%q", v)
        .. ", not a tile kind", 3)
    end
    return kind
  end
  return v
end

local function tile_size(opts)
  local tw = opts.tileWidth or opts.tileSize
  return tw, opts.tileHeight or tw
end

--- tiles.add(world, data, opts) -> layer: data holds cols * rows entries, row by row from the
--- first (data[(row - 1) * cols + col]), each a code, a kind name, or false/nil for an empty
--- tile; opts = {cols=, rows=, tileWidth=, tileHeight= (tileWidth), x= (0), y= (0)}. rows
--- defaults to the rows data fills. Also tiles(world, data, opts).
function tiles.add(world, data, opts)
  if type(data) ~= "table" then
    error("collide2d.tiles: data must be a table of tile codes or kind names, but was a "
      .. type(data), 2)
  end
  opts = opts or {}
  local cols = opts.cols
  if not whole(cols, 1, math.huge) then
    error("collide2d.tiles: opts.cols must be a whole number from 1, but was " .. tostring(cols), 2)
  end
  local rows = opts.rows or math.ceil(#data / cols)
  local codes = {}
  for k = 1, cols * rows do
    codes[k] = entry_code(data[k], k)
  end
  local tw, th = tile_size(opts)
  return world:addTiles(codes, cols, rows, tw, th, opts.x, opts.y)
end

setmetatable(tiles, {
  __call = function(_, world, data, opts)
    return tiles.add(world, data, opts)
  end,
})

-- ---- Tiled ----

-- Tiled keeps a tile's flips in the top three bits of its gid.
local FLIP_H, FLIP_V, FLIP_D = 2 ^ 31, 2 ^ 30, 2 ^ 29

-- A slope's corner or a one-way face after Tiled's flips (the anti-diagonal flip first, then the
-- horizontal, then the vertical, as Tiled draws them).
local corners = { [6] = { 0, 0 }, [7] = { 1, 0 }, [8] = { 0, 1 }, [9] = { 1, 1 } }
local faces = { [2] = { 0, -1 }, [3] = { 0, 1 }, [4] = { -1, 0 }, [5] = { 1, 0 } }

local function flipped(kind, h, v, d)
  local c = corners[kind]
  if c then
    local x, y = c[1], c[2]
    if d then x, y = y, x end
    if h then x = 1 - x end
    if v then y = 1 - y end
    return 6 + x + 2 * y
  end
  local f = faces[kind]
  if f then
    local x, y = f[1], f[2]
    if d then x, y = y, x end
    if h then x = -x end
    if v then y = -y end
    if y ~= 0 then return y < 0 and 2 or 3 end
    return x < 0 and 4 or 5
  end
  return kind
end

-- The kind and tag the properties of a tile give it (nil when they do not make it collide).
local function kind_of(props, layer_collides)
  local collides = props.collidable
  if collides == nil then
    collides = layer_collides or props.kind ~= nil or props.oneway or props.slope
  end
  if not collides then
    return nil
  end
  local name = props.kind or "solid"
  if props.slope then
    name = type(props.slope) == "string" and props.slope or "slope-x1y1"
    if not name:find("^slope%-") then name = "slope-" .. name end
  elseif props.oneway then
    name = type(props.oneway) == "string" and props.oneway or "oneway"
    if not name:find("^oneway") then name = "oneway-" .. name end
  end
  local kind = tiles.kinds[name]
  if not kind then
    error("collide2d.tiles: a tile's properties name an unknown kind: " .. tostring(name), 4)
  end
  local tag = props.tag or 0
  if not whole(tag, 0, TAG_MAX) then
    error("collide2d.tiles: a tile's tag property must be a whole number from 0 to 16777215, but "
      .. "was " .. tostring(tag), 4)
  end
  return kind, tag
end

-- The properties of every tile of the map that has some, by gid.
local function tile_properties(map)
  local by_gid = {}
  for _, set in ipairs(map.tilesets or {}) do
    if set.filename and not set.tiles then
      error("collide2d.tiles: tileset " .. tostring(set.filename) .. " is external: embed it in "
        .. "the map before exporting (Map > Embed Tilesets in Tiled)", 3)
    end
    for _, tile in ipairs(set.tiles or {}) do
      if tile.properties then
        by_gid[set.firstgid + tile.id] = tile.properties
      end
    end
  end
  return by_gid
end

-- The tile layers of the map (inside groups too) with their offsets in pixels.
local function tile_layers(list, ox, oy, out)
  for _, layer in ipairs(list or {}) do
    local x, y = ox + (layer.offsetx or 0), oy + (layer.offsety or 0)
    if layer.type == "tilelayer" then
      out[#out + 1] = { layer = layer, x = x, y = y }
    elseif layer.type == "group" then
      tile_layers(layer.layers, x, y, out)
    end
  end
  return out
end

-- The gids of a tile layer as one grid: its data, or its chunks (an infinite map) placed in the
-- box holding them all. -> gids, cols, rows, first column, first row
local function layer_grid(layer)
  if layer.encoding and layer.encoding ~= "lua" then
    error("collide2d.tiles: layer " .. tostring(layer.name) .. " is stored as " .. layer.encoding
      .. ": set the map's Tile Layer Format to CSV before exporting to Lua", 4)
  end
  if not layer.chunks then
    return layer.data or {}, layer.width, layer.height, 0, 0
  end
  local c0, r0, c1, r1 = math.huge, math.huge, -math.huge, -math.huge
  for _, ch in ipairs(layer.chunks) do
    c0, r0 = math.min(c0, ch.x), math.min(r0, ch.y)
    c1, r1 = math.max(c1, ch.x + ch.width), math.max(r1, ch.y + ch.height)
  end
  if c0 == math.huge then
    return {}, 1, 1, 0, 0
  end
  local cols, gids = c1 - c0, {}
  for _, ch in ipairs(layer.chunks) do
    for r = 0, ch.height - 1 do
      for c = 0, ch.width - 1 do
        gids[(ch.y - r0 + r) * cols + (ch.x - c0 + c) + 1] = ch.data[r * ch.width + c + 1]
      end
    end
  end
  return gids, cols, r1 - r0, c0, r0
end

--- tiles.fromTiled(world, map[, opts]) -> layers: every tile layer of a map exported by Tiled as
--- Lua (map = dofile("level.lua"), or love.filesystem.load("level.lua")()) that holds a tile
--- that collides becomes a layer of the world; layers[name] and layers[1], layers[2], ... (in
--- the map's order) are their ids. A tile collides when its tileset tile's properties say
--- collidable = true (or name a kind), or its layer's say collidable = true, or opts.collidable
--- is true; its properties choose the kind: oneway = true (or "y-", "y+", "x-", "x+"), slope =
--- "x0y0", "x1y0", "x0y1" or "x1y1" (the corner of the right angle), or kind = any name of
--- tiles.kinds; tag = a whole number sets the tag. A tile flipped or rotated in Tiled has its
--- slope and one-way face flipped with it. opts: collidable, layers (a set of names: only
--- those), x and y (added to the map's origin).
function tiles.fromTiled(world, map, opts)
  opts = opts or {}
  if type(map) ~= "table" or not map.layers or not map.tilewidth then
    error("collide2d.tiles: not a Tiled map (a table with layers and tilewidth, as Tiled's Lua "
      .. "export returns)", 2)
  end
  if map.orientation and map.orientation ~= "orthogonal" then
    error("collide2d.tiles: only orthogonal maps have rectangular tiles; this one is "
      .. map.orientation, 2)
  end
  local props = tile_properties(map)
  local out = {}
  for _, entry in ipairs(tile_layers(map.layers, 0, 0, {})) do
    local layer = entry.layer
    local lprops = layer.properties or {}
    if not opts.layers or opts.layers[layer.name] then
      local gids, cols, rows, c0, r0 = layer_grid(layer)
      local codes, any = {}, false
      for k = 1, cols * rows do
        local gid, code = gids[k] or 0, 0
        if gid ~= 0 then
          local id = gid % FLIP_D
          local kind, tag = kind_of(props[id] or {}, lprops.collidable or opts.collidable)
          if kind then
            local flips = (gid - id) / FLIP_D
            kind = flipped(kind, flips >= 4, flips % 4 >= 2, flips % 2 == 1)
            code, any = kind + tag * TAG, true
          end
        end
        codes[k] = code
      end
      if any then
        local x = (opts.x or 0) + entry.x + c0 * map.tilewidth
        local y = (opts.y or 0) + entry.y + r0 * map.tileheight
        local id = world:addTiles(codes, cols, rows, map.tilewidth, map.tileheight, x, y)
        out[#out + 1] = id
        if layer.name ~= nil then
          out[layer.name] = id
        end
      end
    end
  end
  return out
end

-- ---- LDtk ----

--- tiles.fromLDtk(world, layer[, opts]) -> layer: an IntGrid layer of an LDtk level, as the
--- game decodes it from JSON (one of level.layerInstances); or a level, with opts.layer the
--- layer's identifier (default: its first IntGrid layer). Value 0 is empty; opts.values maps
--- other values to a kind name, a {kind=, tag=} table or a code (default: every value solid,
--- its tag the value). The level's worldX and worldY, when given a level, and opts.x and opts.y
--- are added to the layer's offsets.
function tiles.fromLDtk(world, layer, opts)
  opts = opts or {}
  if type(layer) ~= "table" then
    error("collide2d.tiles: an LDtk layer or level must be a table, but was a " .. type(layer), 2)
  end
  local x, y = opts.x or 0, opts.y or 0
  if layer.layerInstances then
    x, y = x + (layer.worldX or 0), y + (layer.worldY or 0)
    local found
    for _, li in ipairs(layer.layerInstances) do
      if li.intGridCsv and #li.intGridCsv > 0
        and (opts.layer == nil or li.__identifier == opts.layer) then
        found = li
        break
      end
    end
    if not found then
      error("collide2d.tiles: the level has no IntGrid layer " .. (opts.layer and
        string.format("%q", opts.layer) or "with values"), 2)
    end
    layer = found
  end
  local csv, cols, rows, size = layer.intGridCsv, layer.__cWid, layer.__cHei, layer.__gridSize
  if type(csv) ~= "table" or not cols or not rows or not size then
    error("collide2d.tiles: not an LDtk IntGrid layer (intGridCsv, __cWid, __cHei, __gridSize)", 2)
  end
  local values = opts.values
  local codes = {}
  for k = 1, cols * rows do
    local v, code = csv[k] or 0, 0
    if v ~= 0 then
      local m = values == nil and { kind = "solid", tag = v } or values[v]
      if type(m) == "string" then
        code = tiles.code(m)
      elseif type(m) == "table" then
        code = tiles.code(m.kind or "solid", m.tag)
      elseif m ~= nil then
        code = m
      end
    end
    codes[k] = code
  end
  return world:addTiles(codes, cols, rows, size, size, x + (layer.__pxTotalOffsetX or 0),
    y + (layer.__pxTotalOffsetY or 0))
end

return tiles
