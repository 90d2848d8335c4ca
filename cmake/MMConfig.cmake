# find_package(MM CONFIG): mm's libraries as imported targets (MM::MMBundle,
# MM::MMBundlePasses, ...), with their headers, and
# mm_add_bundle_pass_plugin to build a bundle pass plugin (MMPlugin.cmake).
# mm links the shared libLLVM and libMLIR of the LLVM it was built with.
include(CMakeFindDependencyMacro)
find_dependency(MLIR CONFIG HINTS /usr/lib/llvm-19/lib/cmake/mlir)
include("${CMAKE_CURRENT_LIST_DIR}/MMTargets.cmake")
set(MM_BUNDLE_PASSES_TARGET MM::MMBundlePasses)
include("${CMAKE_CURRENT_LIST_DIR}/MMPlugin.cmake")
