-- Generates the LuaJIT ffi.cdef text from include/collide2d.h, so the FFI path cannot drift from
-- the header:
--   lua gen_cdef.lua include/collide2d.h target/lua/jit/collide2d_cdef.lua lua/api.h
--
-- The output (a Lua chunk returning one string) holds:
--   * every type and function declaration of the header, comments and preprocessor lines removed;
--   * each integer `#define C2D_NAME value` as `static const int C2D_NAME = value;`;
--   * for each function that passes or returns a struct by value (LuaJIT cannot compile such
--     calls) and that lua/api.h names (when given), the declaration of its pointer form exported
--     by the C module (lua/src/forms.c):
--       R c2d_f(struct A a, float k)  ->  R c2dl_f(const struct A *a, float k)
--       struct R c2d_f(struct A a)    ->  void c2dl_f(const struct A *a, struct R *ret)
--   * for each function that returns no struct and passes structs by value that hold only floats
--     (nested structs included), the declaration of its flat form, also exported by
--     the C module, with each such struct spread into its floats in field order (the calls
--     the FFI path makes most: no struct is stored to memory on the way):
--       bool c2d_f(struct c2d_rect a, struct c2d_hit *out)
--         ->  bool c2dlf_f(float a_x, float a_y, float a_w, float a_h, struct c2d_hit *out)
--     (the c2d_world_* functions get neither form: the Lua world is the C module's on every path);
--   * the declaration of c2dl_api(), the text of lua/api.h's list compiled into the module.
-- Runs on Lua 5.1 to 5.4 and LuaJIT.

local input, output, api = arg[1], arg[2], arg[3]
if not input or not output then
  io.stderr:write("usage: gen_cdef.lua HEADER OUTPUT [API_LIST]\n")
  os.exit(2)
end

-- With lua/api.h given, the forms are declared only for the C functions its lines name (the ones
-- lua/src/forms.c exports) and for those lua/src/forms.c writes by hand for the FFI path's own
-- use; without it, for every function of the header.
local listed
if api then
  local a = assert(io.open(api, "rb"))
  local text = a:read("*a"):gsub("/%*.-%*/", "")
  a:close()
  listed = { rot_from_degrees = true, rot_from_radians = true }
  for cfn in text:gmatch("C2DL_%u+%(%s*%u+,%s*[%w_]+,%s*([%w_]+),") do
    listed[cfn] = true
  end
end

local f = assert(io.open(input, "rb"))
local header = f:read("*a")
f:close()

-- Comments, then preprocessor lines (dropping `#ifdef __cplusplus` blocks entirely).
local text = header:gsub("/%*.-%*/", ""):gsub("//[^\n]*", "")
local lines, constants, skipping = {}, {}, 0
for line in (text .. "\n"):gmatch("([^\n]*)\n") do
  local directive = line:match("^%s*#%s*(%a+)")
  if skipping > 0 then
    if directive == "if" or directive == "ifdef" or directive == "ifndef" then
      skipping = skipping + 1
    elseif directive == "endif" then
      skipping = skipping - 1
    end
  elseif directive == "ifdef" and line:match("__cplusplus") then
    skipping = 1
  elseif directive == "define" then
    local name, value = line:match("^%s*#%s*define%s+(C2D_[%w_]+)%s+%(?(%-?%d+)[uU]?%)?%s*$")
    if name then
      constants[#constants + 1] = string.format("static const int %s = %s;", name, value)
    end
  elseif not directive then
    lines[#lines + 1] = line
  end
end
text = table.concat(lines, "\n")

-- Top-level declarations, split on ';' outside braces.
local decls, depth, start = {}, 0, 1
for i = 1, #text do
  local c = text:sub(i, i)
  if c == "{" then
    depth = depth + 1
  elseif c == "}" then
    depth = depth - 1
  elseif c == ";" and depth == 0 then
    local d = text:sub(start, i - 1):gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
    if d ~= "" then
      decls[#decls + 1] = d
    end
    start = i + 1
  end
end

-- Names of the struct types (by-value candidates), with their fields { type, name } in order.
local structs = {}
for _, d in ipairs(decls) do
  local name, body = d:match("^typedef struct ([%w_]+) {(.*)}")
  if name then
    local fields = {}
    for f in body:gmatch("([^;]+);") do
      local ty, fname = f:match("^%s*(.-) ?([%w_]+)%s*$")
      fields[#fields + 1] = { ty, fname }
    end
    structs[name] = fields
  end
end

-- The floats of struct `name` as parameters "float <prefix>_<field>[_<field>...]", appended to
-- out; false when a field (at any depth) is not a float.
local function flatten(name, prefix, out)
  for _, f in ipairs(structs[name]) do
    local ty, fname = f[1], f[2]
    -- An array field (`c2d_vec2 verts[C2D_POLY_MAX]`) does not parse as "type name": not flat.
    if not ty then
      return false
    end
    local inner = ty:match("^struct ([%w_]+)$") or ty:match("^([%w_]+)$")
    if ty == "float" then
      out[#out + 1] = string.format("float %s_%s", prefix, fname)
    elseif inner and structs[inner] then
      if not flatten(inner, prefix .. "_" .. fname, out) then
        return false
      end
    else
      return false
    end
  end
  return true
end

-- "struct T" or "T" naming a struct, without pointer: the struct's name, else nil.
local function by_value_struct(ty)
  local name = ty:match("^struct ([%w_]+)$") or ty:match("^([%w_]+)$")
  if name and structs[name] then
    return name
  end
  return nil
end

local shims, flats = {}, {}
for _, d in ipairs(decls) do
  local ret, fname, params = d:match("^(.-) ?(c2d_[%w_]+) ?%((.*)%)$")
  -- The world's functions get no forms: the Lua world is the C module's on every path; nor do
  -- the struct-of-arrays batch functions (the Lua module has no form of them).
  local soa = fname and fname:match("_soa$")
  local unlisted = listed and fname and not listed[fname:sub(5)]
  if ret and not d:match("^typedef") and not fname:match("^c2d_world_") and not soa
    and not unlisted then
    local out, changed = {}, false
    local flat, flat_ok = {}, not by_value_struct(ret)
    if params ~= "void" and params ~= "" then
      for p in (params .. ","):gmatch("%s*([^,]-)%s*,") do
        local ty, pname = p:match("^(.-) ?([%w_]+)$")
        local s = by_value_struct(ty)
        if s then
          out[#out + 1] = string.format("const struct %s *%s", s, pname)
          changed = true
          flat_ok = flat_ok and flatten(s, pname, flat)
        else
          out[#out + 1] = p
          flat[#flat + 1] = p
        end
      end
    end
    if changed and flat_ok then
      flats[#flats + 1] = string.format("%s c2dlf_%s(%s);", ret, fname:sub(5), table.concat(flat, ", "))
    end
    local rs = by_value_struct(ret)
    if rs then
      out[#out + 1] = string.format("struct %s *ret", rs)
      ret, changed = "void", true
    end
    if changed then
      shims[#shims + 1] = string.format("%s c2dl_%s(%s);", ret, fname:sub(5), table.concat(out, ", "))
    end
  end
end

local body = {}
for _, c in ipairs(constants) do
  body[#body + 1] = c
end
for _, d in ipairs(decls) do
  body[#body + 1] = d .. ";"
end
for _, s in ipairs(shims) do
  body[#body + 1] = s
end
for _, s in ipairs(flats) do
  body[#body + 1] = s
end
-- The list of the Lua module's functions (lua/api.h), as text the FFI path builds them from.
body[#body + 1] = "const char *c2dl_api(void);"
local cdef = table.concat(body, "\n")
assert(not cdef:find("]==]", 1, true))

local o = assert(io.open(output, "wb"))
o:write("-- Generated by lua/gen_cdef.lua from ", input, ": do not edit.\nreturn [==[\n", cdef, "\n]==]\n")
o:close()
