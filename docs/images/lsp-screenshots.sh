#!/usr/bin/env bash
# Takes the screenshots of docs/editors.md: Neovim (Debian's, 0.7) in an xterm under Xvfb, with
# `ludex lsp` attached, showing a diagnostic and two hovers. Needs the Debian packages neovim, xvfb,
# xterm, imagemagick, xfonts-base and fonts-dejavu-core, and a built `ludex` (LUDEX, by default
# target/debug/ludex). Run from the repository's root: docs/images/lsp-screenshots.sh
set -euo pipefail
ludex=$(realpath "${LUDEX:-target/debug/ludex}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Neovim 0.7 has no vim.lsp.start (0.8): the client is started and attached by hand.
cat > "$work/init.lua" <<'LUA'
vim.opt.termguicolors = true
vim.opt.background = 'dark'
vim.opt.number = true
vim.opt.signcolumn = 'yes'
vim.cmd('highlight NormalFloat guibg=#2b3040 guifg=#e6e6e6')
vim.cmd('highlight FloatBorder guibg=#2b3040 guifg=#8aa4d6')
vim.lsp.handlers['textDocument/hover'] = vim.lsp.with(vim.lsp.handlers.hover, { border = 'rounded' })
vim.cmd('autocmd BufRead,BufNewFile *.rules setfiletype ludex')
local client = vim.lsp.start_client({ name = 'ludex', cmd = { os.getenv('LUDEX'), 'lsp' }, root_dir = vim.fn.getcwd() })
vim.cmd('autocmd FileType ludex lua vim.lsp.buf_attach_client(0, ' .. client .. ')')
vim.defer_fn(function()
  vim.api.nvim_win_set_cursor(0, { tonumber(os.getenv('LINE')), tonumber(os.getenv('COL')) })
  vim.cmd('normal! zz')
  if os.getenv('SHOT') == 'hover' then
    vim.lsp.buf.hover()
  else
    vim.diagnostic.open_float({ scope = 'line', border = 'rounded', close_events = {} })
  end
end, 4000)
LUA

# shoot FILE LINE COLUMN hover|diagnostic PNG
shoot() {
  Xvfb :99 -screen 0 1100x620x24 >/dev/null 2>&1 &
  local xvfb=$!
  sleep 1
  DISPLAY=:99 LUDEX="$ludex" LINE=$2 COL=$3 SHOT=$4 xterm -geometry 110x30+0+0 -fa 'DejaVu Sans Mono' -fs 11 \
    -bg '#1e1e1e' -fg '#d4d4d4' -e nvim -u "$work/init.lua" "$1" &
  local term=$!
  sleep 8
  import -display :99 -window root -crop 995x578+0+0 "$5"
  kill "$term" "$xvfb"
  wait 2>/dev/null || true
}

# A misspelled direction in a copy of Dice Chess.
sed 's/step orthogonal$/step orthogonl/' rules/dice-chess.rules > "$work/dice-chess.rules"
(cd "$work" && shoot dice-chess.rules 40 8 diagnostic "$OLDPWD/docs/images/lsp-diagnostics-neovim.png")
shoot rules/dice-chess.rules 78 10 hover docs/images/lsp-hover-neovim.png
shoot rules/dice-chess.rules 85 8 hover docs/images/lsp-hover-builtin-neovim.png
