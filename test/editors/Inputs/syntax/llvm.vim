" A stand-in for LLVM's llvm/utils/vim/syntax/llvm.vim: one keyword group.
syn keyword llvmStubKeyword define declare ret
let b:current_syntax = "llvm"
