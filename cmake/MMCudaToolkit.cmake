# The parts of mm's CUDA toolkit that are links and small files, made the
# same way in the build tree (at configure time) and in the installation
# (at install time): bin/nvcc, a link to mm's driver, which behaves as nvcc
# under that name; lib64/libcuda.so, a link to lib64/libcudart.so (mm's
# runtime serves the CUDA runtime and driver APIs alike; lib/Runtime builds
# it and libcudart_static.a); lib64/libcudadevrt.a, an empty archive (device code needs no device
# runtime on a CPU); version.json, the CUDA version of mm's headers.
function(mm_create_cuda_toolkit_links root)
  file(MAKE_DIRECTORY "${root}/bin" "${root}/lib64")
  file(CREATE_LINK ../../bin/mm-nvcc "${root}/bin/nvcc" SYMBOLIC)
  file(CREATE_LINK libcudart.so "${root}/lib64/libcuda.so" SYMBOLIC)
  file(WRITE "${root}/lib64/libcudadevrt.a" "!<arch>\n")
  file(WRITE "${root}/version.json" [[
{
   "cuda" : {
      "name" : "CUDA SDK",
      "version" : "12.3.0"
   },
   "cuda_cudart" : {
      "name" : "CUDA Runtime (cudart): mm's libmm_runtime, for the CPU",
      "version" : "12.3.0"
   }
}
]])
endfunction()
