" File types for chess position files, linted by `fenlint lsp`. The extensions in any case, as
" the command reads them (`.FEN`, `.Pgn`).
autocmd BufRead,BufNewFile *.[fF][eE][nN] setfiletype fen
autocmd BufRead,BufNewFile *.[eE][pP][dD] setfiletype epd
autocmd BufRead,BufNewFile *.[pP][gG][nN] setfiletype pgn
