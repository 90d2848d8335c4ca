" mm's bundles: .mml files.
autocmd BufNewFile,BufRead *.mml setfiletype mml
