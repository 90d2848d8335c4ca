# The parts of mm's CUDA toolkit that are links and small files, made the
# same way in the build tree (at configure time) and in the installation
# (at install time): bin/nvcc, a link to mm's driver, which behaves as nvcc
# under that name; lib64/libcudart.so and libcuda.so, linker scripts that
# name lib64/libcudart_static.a (lib/Runtime builds it: mm's runtime, which
# serves the CUDA runtime and driver APIs alike) with the libraries it
# needs, so that any link of -lcudart or -lcuda, a host compiler's too,
# links the runtime into the program, which then runs without a run path;
# lib64/libcublas.so and libcublas_static.a (and libcublasLt's, whose API
# is part of mm's cuBLAS), linker scripts that name lib64/libmm_cublas.a
# (lib/Cublas builds it: cuBLAS over OpenBLAS) with OpenBLAS, likewise;
# lib64/libcufft.so and libcufft_static.a, likewise for
# lib64/libmm_cufft.a (lib/Cufft: cuFFT over FFTW); lib64/libcurand.so and
# libcurand_static.a for lib64/libmm_curand.a (lib/Curand: cuRAND's host
# API) with the runtime, whose jump-ahead it calls; lib64/libcusparse.so and
# libcusparse_static.a for lib64/libmm_cusparse.a (lib/Cusparse);
# lib64/libnvToolsExt.so,
# a linker script that links nothing (NVTX is header-only);
# lib64/libcudadevrt.a, an empty archive (device code needs no device
# runtime on a CPU); version.json, the CUDA version of mm's headers.
#
#   mm_create_cuda_toolkit_links(ROOT [FINAL_ROOT])
#
# ROOT is where the files are made; FINAL_ROOT, where the toolkit is used
# from (the installation's prefix without DESTDIR), if not ROOT.
function(mm_create_cuda_toolkit_links root)
  set(final_root "${root}")
  if(ARGC GREATER 1)
    set(final_root "${ARGV1}")
  endif()
  file(MAKE_DIRECTORY "${root}/bin" "${root}/lib64")
  file(CREATE_LINK ../../bin/mm-nvcc "${root}/bin/nvcc" SYMBOLIC)
  foreach(name libcudart.so libcuda.so)
    file(WRITE "${root}/lib64/${name}"
         "/* mm's CUDA runtime (docs/tools/nvcc.md), linked into the program */\n"
         "INPUT(${final_root}/lib64/libcudart_static.a -lstdc++ -lm -lpthread -ldl -lrt)\n")
  endforeach()
  foreach(name libcublas.so libcublas_static.a libcublasLt.so
               libcublasLt_static.a)
    file(WRITE "${root}/lib64/${name}"
         "/* mm's cuBLAS over OpenBLAS (docs/runtime.md), linked into the program */\n"
         "INPUT(${final_root}/lib64/libmm_cublas.a -lopenblas -lstdc++ -lm)\n")
  endforeach()
  foreach(name libcufft.so libcufft_static.a)
    file(WRITE "${root}/lib64/${name}"
         "/* mm's cuFFT over FFTW (docs/runtime.md), linked into the program */\n"
         "INPUT(${final_root}/lib64/libmm_cufft.a -lfftw3f -lfftw3 -lstdc++ -lm)\n")
  endforeach()
  foreach(name libcurand.so libcurand_static.a)
    file(WRITE "${root}/lib64/${name}"
         "/* mm's cuRAND (docs/runtime.md), linked into the program */\n"
         "INPUT(${final_root}/lib64/libmm_curand.a ${final_root}/lib64/libcudart_static.a -lstdc++ -lm)\n")
  endforeach()
  foreach(name libcusparse.so libcusparse_static.a)
    file(WRITE "${root}/lib64/${name}"
         "/* mm's cuSPARSE (docs/runtime.md), linked into the program */\n"
         "INPUT(${final_root}/lib64/libmm_cusparse.a -lstdc++ -lm)\n")
  endforeach()
  # NVTX is header-only (include/nvtx3): NVTX 2's -lnvToolsExt links nothing.
  file(WRITE "${root}/lib64/libnvToolsExt.so"
       "/* NVTX on mm is header-only (docs/runtime.md): nothing to link */\n")
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
