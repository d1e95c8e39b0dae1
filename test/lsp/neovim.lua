-- Neovim's built-in LSP client (0.7+) starts `robokit lsp --stdio` on the file given on the
-- command line, waits for its diagnostics and writes them as JSON to $ROBOKIT_NVIM_OUT.
local out = os.getenv("ROBOKIT_NVIM_OUT")
local cmd = vim.json.decode(os.getenv("ROBOKIT_LSP_CMD"))

local function finish(list)
  local f = io.open(out, "w")
  f:write(vim.json.encode(list))
  f:close()
  vim.cmd("qa!")
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    local buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_create_autocmd("DiagnosticChanged", {
      callback = function(args)
        if args.buf ~= buf then return end
        local list = {}
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          table.insert(list, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message })
        end
        if #list > 0 then finish(list) end
      end,
    })
    local client = vim.lsp.start_client({ name = "robokit", cmd = cmd, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(buf, client)
    vim.defer_fn(function() finish({ { error = "no diagnostics within 50 s" } }) end, 50000)
  end,
})
