-- A real editor against `scene lsp` (scripts/nvim-trial runs it): headless Neovim,
-- set up with docs/editors.md's snippet for its version, opens a copy of
-- Tests/Fixtures/check/map-too-tight.scene (the map example before its fix, two
-- findings) and checks what a user would see. Requests go through
-- Neovim's own client (buf_request_sync), formatting through its command
-- (formatting_sync on 0.7, format on 0.8+), the quick fix through its workspace edit.
-- Results go to $TRIAL_OUT, one line per check: "ok NAME: detail" or "FAIL NAME: detail".
local out = assert(io.open(os.getenv("TRIAL_OUT"), "w"))
local failed = 0
local function check(name, ok, detail)
  out:write((ok and "ok " or "FAIL ") .. name .. ": " .. tostring(detail) .. "\n")
  out:flush()
  if not ok then failed = failed + 1 end
end

-- init.lua is docs/editors.md's snippet for this Neovim: opening the file must
-- detect the filetype, start `scene lsp` and attach it.
local file = os.getenv("TRIAL_FILE")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
check("filetype", vim.bo[buf].filetype == "scene", "`" .. vim.bo[buf].filetype .. "`")
local original = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local function attached()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  local list = {}
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do table.insert(list, c) end
  return list
end
vim.wait(20000, function() return #attached() > 0 and attached()[1].initialized ~= false end, 50)
local client = attached()[1]
local id = client and client.id
check("start", client ~= nil and client.name == "scene", client and ("client `" .. client.name .. "` attached, "
  .. table.concat(client.config.cmd, " ")) or "no client attached")
if not client then out:close(); vim.cmd("cq!") end
check("omnifunc", vim.bo[buf].omnifunc == "v:lua.vim.lsp.omnifunc", "`" .. vim.bo[buf].omnifunc .. "`")

-- Diagnostics: the two thumbnails' container-too-tight warnings.
vim.wait(20000, function() return #vim.diagnostic.get(buf) >= 2 end, 50)
local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
local seen = {}
for _, d in ipairs(diags) do
  table.insert(seen, string.format("%d:%d %s %s", d.lnum + 1, d.col + 1, d.code or "?", d.severity))
end
check("diagnostics", #diags == 2 and diags[1].code == "container-too-tight" and diags[1].lnum == 24
  and diags[1].col == 10 and diags[2].lnum == 26 and diags[1].severity == vim.diagnostic.severity.WARN,
  table.concat(seen, ", ") .. " — " .. (diags[1] and diags[1].message:gsub("\n.*", "") or ""))

local function request(method, params)
  local r = vim.lsp.buf_request_sync(buf, method, params, 20000)
  if not r or not r[id] then return nil, "no answer" end
  if r[id].err then return nil, vim.inspect(r[id].err) end
  return r[id].result
end
local uri = vim.uri_from_bufnr(buf)
local function pos(line, text)  -- 0-based line, the column of `text` on it
  local l = vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1]
  return { line = line, character = (l:find(text, 1, true) or 1) - 1 }
end

-- Inlay hints (Neovim 0.7 shows none itself: the request is what 0.10's display makes).
local hints = request("textDocument/inlayHint", { textDocument = { uri = uri },
  range = { start = { line = 0, character = 0 }, ["end"] = { line = #original, character = 0 } } }) or {}
local t1hint
for _, h in ipairs(hints) do
  local label = type(h.label) == "string" and h.label or (h.label[1] and h.label[1].value) or ""
  if h.position.line == 24 then t1hint = label end
end
check("inlay hints", #hints >= 5 and t1hint ~= nil and t1hint:find("10 10 10 10", 1, true) and t1hint:find("card", 1, true),
  #hints .. " hints; on t1: " .. tostring(t1hint))

-- Hover on t1: the :show table, against its container card.
local hover = request("textDocument/hover", { textDocument = { uri = uri }, position = pos(24, "t1") })
local value = hover and hover.contents and (hover.contents.value or hover.contents) or ""
check("hover", type(value) == "string" and value:find("card", 1, true) and value:find("10", 1, true),
  (type(value) == "string" and value:gsub("\n", " | "):sub(1, 160)) or vim.inspect(value))

-- Completion after `screen `: the presets.
local comp = request("textDocument/completion", { textDocument = { uri = uri }, position = pos(19, "iphone") })
local items = comp and (comp.items or comp) or {}
local names = {}
for _, it in ipairs(items) do names[it.label] = true end
check("completion", names["iphone-16-pro"] and names["ipad-air"], #items .. " items after `screen `, iphone-16-pro "
  .. (names["iphone-16-pro"] and "among them" or "missing"))

-- Go to definition: `thumb` in t1's size → its let.
local def = request("textDocument/definition", { textDocument = { uri = uri }, position = pos(24, "thumb") })
local loc = def and (def[1] or def)
check("definition", loc and loc.range and loc.range.start.line == 18,
  loc and loc.range and ("line " .. (loc.range.start.line + 1)) or vim.inspect(def))

-- Formatting through the editor's own command: mangle two lines, format, compare.
vim.api.nvim_buf_set_lines(buf, 16, 17, false, { "let  map=28 # maps and large media" })
vim.api.nvim_buf_set_lines(buf, 24, 25, false, { "t1:concentric min 10 size thumb x thumb fill #ff9500" })
if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 20000 }) else vim.lsp.buf.formatting_sync(nil, 20000) end
local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local same = #now == #original
for i = 1, math.min(#now, #original) do if now[i] ~= original[i] then same = false end end
check("formatting", same, same and "the mangled lines are back in the canonical layout"
  or ("line 17 now `" .. tostring(now[17]) .. "`, line 25 `" .. tostring(now[25]) .. "`"))

-- Quick fix: the finding's code action, applied through the editor, resolves clean.
local actions = request("textDocument/codeAction", { textDocument = { uri = uri },
  range = { start = pos(24, "concentric"), ["end"] = pos(24, "concentric") }, context = { diagnostics = {} } }) or {}
local fix
for _, a in ipairs(actions) do if a.edit and a.kind == "quickfix" and not fix then fix = a end end
if fix then vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or "utf-16") end
vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
check("code action", fix ~= nil and #vim.diagnostic.get(buf) == 0,
  (fix and ("`" .. fix.title .. "`") or "no fix offered") .. "; " .. #vim.diagnostic.get(buf) .. " diagnostics after it")

vim.lsp.stop_client(id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 50)
out:write(failed == 0 and "all checks passed\n" or (failed .. " checks failed\n"))
out:close()
vim.cmd(failed == 0 and "qa!" or "cq!")
