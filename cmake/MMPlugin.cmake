# mm_add_bundle_pass_plugin(NAME SOURCES...): a bundle pass plugin, a
# shared library that mm-opt and mm-lli load with -load-pass-plugin, as
# LLVM's add_llvm_pass_plugin makes one for opt. It links mm's bundle pass
# library and the shared libLLVM that the tools use, with LLVM's and mm's
# headers and definitions. Used in mm's build and through find_package(MM).
function(mm_add_bundle_pass_plugin name)
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE ${MM_BUNDLE_PASSES_TARGET} LLVM)
  target_include_directories(${name} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  separate_arguments(definitions NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_definitions(${name} PRIVATE ${definitions})
  target_compile_features(${name} PRIVATE cxx_std_17)
  set_target_properties(${name} PROPERTIES PREFIX "")
endfunction()
