" Vim syntax file for mm's bundles (.mml, format-spec/mml-v1.md).
"
" The `#mm` directive lines are highlighted here; each body is handed to
" Vim's `llvm` or `mlir` syntax by its header's `kind=`: the syntax files
" that LLVM's sources ship (llvm/utils/vim, mlir/utils/vim), where Vim finds
" them on 'runtimepath'. Without them a body is plain text. A body with an
" explicit `lines=` count that holds `#mm` lines of its own ends, for this
" file, at the first of them.

if exists("b:current_syntax")
  finish
endif

syn include @mmLLVM syntax/llvm.vim
unlet! b:current_syntax
syn include @mmMLIR syntax/mlir.vim
unlet! b:current_syntax

syn case match
" A body's syntax depends on its header, which may be far above.
syn sync fromstart

" The preamble: comments and the `#mm bundle` line.
syn match mmComment /^\s*\(;\|\/\/\).*$/
syn match mmBundleLine /^#mm\s\+bundle\>.*$/ contains=mmDirective,mmField

" Submodules: each a region from its header line to the next directive
" line, whose body goes to the syntax of the header's kind. The header's own
" items match within the region's first line.
syn region mmOtherModule start=/^#mm\s\+module\>.*$/
      \ end=/^\ze#mm\(\s\|$\)/ contains=@mmHeaderItems
syn region mmLLVMModule
      \ start=/^#mm\s\+module\s.*\s\<kind=\("\=\)llvm\1\(\s.*\)\=$/
      \ end=/^\ze#mm\(\s\|$\)/ contains=@mmHeaderItems,@mmLLVM
syn region mmMLIRModule
      \ start=/^#mm\s\+module\s.*\s\<kind=\("\=\)mlir\1\(\s.*\)\=$/
      \ end=/^\ze#mm\(\s\|$\)/ contains=@mmHeaderItems,@mmMLIR

" Within a directive line, and only there.
syn cluster mmHeaderItems contains=mmDirective,mmModuleName,mmField
syn match mmDirective /^#mm\s\+\(bundle\|module\)\>/ contained
syn match mmModuleName /\(^#mm\s\+module\s\+\)\@<=[^ \t]\+/ contained
syn match mmField /\(^#mm\s.*\)\@<=\<[A-Za-z][A-Za-z0-9-]*=\("\([^"\\]\|\\.\)*"\|[^ \t"]*\)/
      \ contained contains=mmFieldKey,mmFieldValue
syn match mmFieldKey /\<[A-Za-z][A-Za-z0-9-]*\ze=/ contained
syn match mmFieldValue /=\zs\("\([^"\\]\|\\.\)*"\|[^ \t"]*\)/ contained

hi def link mmComment Comment
hi def link mmDirective PreProc
hi def link mmModuleName Identifier
hi def link mmFieldKey Type
hi def link mmFieldValue String

let b:current_syntax = "mml"
