-- Driven by cli/tests/neovim.rs: opens FENLINT_FILE with the editors/neovim plugin attached to
-- FENLINT_BIN, waits for the diagnostics, applies the quick fix at the cursor, saves, and
-- writes what happened to FENLINT_OUT as JSON.
local bin, file, out = os.getenv('FENLINT_BIN'), os.getenv('FENLINT_FILE'), os.getenv('FENLINT_OUT')
local report = { errors = {} }

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(report) }, out)
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  vim.cmd('filetype on')
  require('fenlint').setup({ cmd = { bin, 'lsp' } })
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[buf].filetype
  local got = vim.wait(30000, function()
    return #vim.diagnostic.get(buf) > 0
  end, 50)
  if not got then
    table.insert(report.errors, 'no diagnostics within 30 s')
    return
  end
  report.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(report.diagnostics, {
      lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity,
      code = code, source = d.source, message = d.message,
    })
  end
  local client = vim.lsp.get_active_clients({ bufnr = buf })[1] or vim.lsp.buf_get_clients(buf)[1]
  local first = report.diagnostics[1]
  local position = { line = first.lnum, character = first.col }
  local response = client.request_sync('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = position, ['end'] = position },
    context = { diagnostics = {}, only = { 'quickfix' } },
  }, 10000, buf)
  if not response or response.err or not response.result or #response.result == 0 then
    table.insert(report.errors, 'no code action: ' .. vim.inspect(response))
    return
  end
  local action = response.result[1]
  report.action = action.title
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16')
  vim.cmd('silent write')
  report.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
if not ok then
  table.insert(report.errors, tostring(err))
end
finish()
