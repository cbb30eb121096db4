" File types for chess position files, linted by `fenlint lsp`.
autocmd BufRead,BufNewFile *.fen setfiletype fen
autocmd BufRead,BufNewFile *.epd setfiletype epd
autocmd BufRead,BufNewFile *.pgn setfiletype pgn
