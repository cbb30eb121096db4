-- fenlint for Neovim: attaches `fenlint lsp` to FEN, EPD and PGN buffers.
--
--   require('fenlint').setup({
--     cmd = { 'fenlint', 'lsp' },                      -- the server command
--     settings = { variant = 'auto', severities = {} }, -- sent as initializationOptions
--   })
--
-- Works with Neovim 0.7 (vim.lsp.start_client) and later (vim.lsp.start).
local M = {}

local filetypes = { 'fen', 'epd', 'pgn' }

-- The directory holding the nearest fenlint.toml above the buffer's file, else the file's own.
local function root_of(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  local found = vim.fn.findfile('fenlint.toml', dir .. ';')
  if found ~= '' then
    return vim.fn.fnamemodify(found, ':p:h')
  end
  return dir
end

local clients = {} -- root directory -> client id (Neovim 0.7)

function M.attach(bufnr, opts)
  opts = opts or {}
  local settings = opts.settings or vim.empty_dict()
  local config = {
    name = 'fenlint',
    cmd = opts.cmd or { 'fenlint', 'lsp' },
    root_dir = root_of(bufnr),
    init_options = settings,
    settings = { fenlint = settings },
  }
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients[config.root_dir]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    clients[config.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

function M.setup(opts)
  vim.api.nvim_create_autocmd('FileType', {
    pattern = filetypes,
    callback = function(args)
      M.attach(args.buf, opts)
    end,
  })
end

return M
