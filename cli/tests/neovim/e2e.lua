-- Driven by cli/tests/neovim.rs: opens FENLINT_FILE with the editors/neovim plugin attached to
-- FENLINT_BIN, waits for the diagnostics, applies the quick fix of the first diagnostic (and
-- with FENLINT_FIX_ALL set, "fix all" and formatting), saves, and writes what happened to
-- FENLINT_OUT as JSON.
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
  local encoding = client.offset_encoding or 'utf-16'
  vim.lsp.util.apply_workspace_edit(action.edit, encoding)
  if os.getenv('FENLINT_FIX_ALL') then
    -- "Fix all", then formatting, on the whole file.
    local start = { line = 0, character = 0 }
    local all = client.request_sync('textDocument/codeAction', {
      textDocument = { uri = vim.uri_from_bufnr(buf) },
      range = { start = start, ['end'] = start },
      context = { diagnostics = {}, only = { 'source.fixAll' } },
    }, 10000, buf)
    if not all or all.err or not all.result or #all.result == 0 then
      table.insert(report.errors, 'no fix-all action: ' .. vim.inspect(all))
      return
    end
    report.fix_all = all.result[1].title
    vim.lsp.util.apply_workspace_edit(all.result[1].edit, encoding)
    local formatted = client.request_sync('textDocument/formatting', {
      textDocument = { uri = vim.uri_from_bufnr(buf) },
      options = { tabSize = 4, insertSpaces = true },
    }, 10000, buf)
    if not formatted or formatted.err or not formatted.result then
      table.insert(report.errors, 'no formatting: ' .. vim.inspect(formatted))
      return
    end
    report.format_edits = #formatted.result
    vim.lsp.util.apply_text_edits(formatted.result, buf, encoding)
  end
  vim.cmd('silent write')
  report.fileformat = vim.bo[buf].fileformat
  report.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
if not ok then
  table.insert(report.errors, tostring(err))
end
finish()
