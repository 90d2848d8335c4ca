" A stand-in for MLIR's mlir/utils/vim/syntax/mlir.vim: one keyword group.
syn keyword mlirStubKeyword func return module
let b:current_syntax = "mlir"
