# Layers.cmake - the library as one static library per layer, with declared
# dependencies that the compiler enforces (docs/architecture.md, "Layers").
#
# Each layer ptxlint_<layer> compiles lib/<Dir>/*.cpp and sees, on its include
# path, only
#   - its own headers (lib/<Dir>/ as "<Dir>/X.h"), and
#   - what the layers it depends on export: their public headers
#     (include/ptxlint/X.h as "ptxlint/X.h") and, for layers whose internals
#     other layers may use, their lib/<Dir>/ headers.
# The include directories are folders of symbolic links under
# build/layers/<layer>/, so an #include of a header from a layer that is not
# a dependency does not compile ("No such file or directory"), and neither
# lib/ nor include/ is ever on a layer's include path as a whole.
# test/layers/include-matrix.test checks the same matrix on the #include
# lines of the sources (it also runs without a build).
#
# Dependencies are PUBLIC where the layer's exported headers include the
# dependency's headers, PRIVATE otherwise (the objects still link in order).

set(PTXLINT_LAYER_DIR ${CMAKE_BINARY_DIR}/layers)

# Links Dst (a file or folder) to Src by a relative path, replacing whatever
# was there.
function(ptxlint_link Src Dst)
  get_filename_component(_dir ${Dst} DIRECTORY)
  file(MAKE_DIRECTORY ${_dir})
  if(IS_SYMLINK ${Dst} OR EXISTS ${Dst})
    file(REMOVE ${Dst})
  endif()
  file(RELATIVE_PATH _rel ${_dir} ${Src})
  file(CREATE_LINK ${_rel} ${Dst} SYMBOLIC)
endfunction()

# ptxlint_layer(NAME DIR <Dir> [PUBLIC_HEADERS h...] [EXPORT_INTERNALS]
#               [PUBLIC_DEPS l...] [PRIVATE_DEPS l...] [SOURCES extra...])
function(ptxlint_layer name)
  cmake_parse_arguments(L "EXPORT_INTERNALS" "DIR"
    "PUBLIC_HEADERS;PUBLIC_DEPS;PRIVATE_DEPS;SOURCES" ${ARGN})
  set(_tgt ptxlint_${name})
  file(GLOB _srcs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/lib/${L_DIR}/*.cpp)
  add_library(${_tgt} STATIC ${_srcs} ${L_SOURCES})
  add_library(PtxLint::${name} ALIAS ${_tgt})
  set(_pub ${PTXLINT_LAYER_DIR}/${name}/public)
  set(_own ${PTXLINT_LAYER_DIR}/${name}/own)
  file(REMOVE_RECURSE ${_pub} ${_own})
  file(MAKE_DIRECTORY ${_pub} ${_own})
  foreach(h ${L_PUBLIC_HEADERS})
    ptxlint_link(${CMAKE_SOURCE_DIR}/include/ptxlint/${h} ${_pub}/ptxlint/${h})
  endforeach()
  if(L_EXPORT_INTERNALS)
    ptxlint_link(${CMAKE_SOURCE_DIR}/lib/${L_DIR} ${_pub}/${L_DIR})
  else()
    ptxlint_link(${CMAKE_SOURCE_DIR}/lib/${L_DIR} ${_own}/${L_DIR})
  endif()
  target_include_directories(${_tgt} PUBLIC $<BUILD_INTERFACE:${_pub}> PRIVATE ${_own})
  # LLVM is the library's private helper: every layer may use it, no public
  # header includes it (test/layers/include-matrix.test).
  target_include_directories(${_tgt} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  target_compile_definitions(${_tgt} PRIVATE ${LLVM_DEFINITIONS})
  target_compile_options(${_tgt} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  foreach(d ${L_PUBLIC_DEPS})
    target_link_libraries(${_tgt} PUBLIC ptxlint_${d})
  endforeach()
  foreach(d ${L_PRIVATE_DEPS})
    target_link_libraries(${_tgt} PRIVATE ptxlint_${d})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY PTXLINT_LAYERS ${_tgt})
endfunction()

# The dependency matrix. A layer may depend only on layers listed before it.
ptxlint_layer(support DIR Support EXPORT_INTERNALS
  PUBLIC_HEADERS Span.h Source.h Diagnostic.h Target.h Options.h Severity.h Rules.h Rules.def
  rules Fix.h)
target_link_libraries(ptxlint_support PUBLIC ${PTXLINT_LLVM_LIBS} ${CMAKE_DL_LIBS} Threads::Threads)
ptxlint_layer(ast DIR AST EXPORT_INTERNALS PUBLIC_HEADERS AST.h PUBLIC_DEPS support)
ptxlint_layer(spec DIR Spec EXPORT_INTERNALS PUBLIC_DEPS support
  SOURCES ${PTXLINT_ISA_GEN_DIR}/IsaTables.inc)
target_include_directories(ptxlint_spec PRIVATE ${PTXLINT_ISA_GEN_DIR})
# The parser's internals (the fast recognizers, the driver, ANTLR) stay
# private: other layers see ptxlint/Parser.h only.
ptxlint_layer(parse DIR Parse PUBLIC_HEADERS Parser.h PUBLIC_DEPS ast support)
target_link_libraries(ptxlint_parse PRIVATE ptxlint_grammar)
ptxlint_layer(check DIR Check EXPORT_INTERNALS PUBLIC_DEPS parse ast spec support)
ptxlint_layer(emit DIR Emit EXPORT_INTERNALS PUBLIC_HEADERS Emitter.h
  PUBLIC_DEPS ast support PRIVATE_DEPS parse)

# The rule registry is public and in support (include/ptxlint/Rules.h, with
# each rule's section and its anchor); its selectors are read by the output
# formats, the suppressions and the C API: those layers see exactly this
# header of lib/Check, not the checker, and link the check layer's objects.
set(_reg ${PTXLINT_LAYER_DIR}/registry)
file(REMOVE_RECURSE ${_reg})
foreach(h RuleSelect.h)
  ptxlint_link(${CMAKE_SOURCE_DIR}/lib/Check/${h} ${_reg}/Check/${h})
endforeach()
add_library(ptxlint_registry INTERFACE)
target_include_directories(ptxlint_registry INTERFACE $<BUILD_INTERFACE:${_reg}>)
target_link_libraries(ptxlint_registry INTERFACE ptxlint_support $<LINK_ONLY:ptxlint_check>)

ptxlint_layer(output DIR Output EXPORT_INTERNALS PUBLIC_HEADERS Output.h
  PUBLIC_DEPS support PRIVATE_DEPS registry)
ptxlint_layer(verify DIR Verify EXPORT_INTERNALS PUBLIC_HEADERS Verify.h
  PUBLIC_DEPS support PRIVATE_DEPS registry)
ptxlint_layer(lint DIR Lint PUBLIC_HEADERS Lint.h
  PUBLIC_DEPS support PRIVATE_DEPS check parse ast spec)
ptxlint_layer(cuda DIR Cuda PUBLIC_HEADERS InlineAsm.h
  PUBLIC_DEPS lint PRIVATE_DEPS check parse ast spec support)
ptxlint_layer(exec DIR Exec EXPORT_INTERNALS
  PUBLIC_DEPS spec ast support PRIVATE_DEPS lint emit parse)
ptxlint_layer(capi DIR CAPI PUBLIC_HEADERS ptxlint.h
  PRIVATE_DEPS lint cuda output verify registry support)

# The whole library for in-tree users (the command, tests, tools, fuzzers):
# every layer, the whole public include/ folder and LLVM (they use it too).
get_property(PTXLINT_LAYER_TARGETS GLOBAL PROPERTY PTXLINT_LAYERS)
add_library(ptxlint INTERFACE)
add_library(PtxLint::ptxlint ALIAS ptxlint)
target_link_libraries(ptxlint INTERFACE ${PTXLINT_LAYER_TARGETS})
target_include_directories(ptxlint INTERFACE $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>)
target_include_directories(ptxlint SYSTEM INTERFACE $<BUILD_INTERFACE:${LLVM_INCLUDE_DIRS}>)
target_compile_definitions(ptxlint INTERFACE ${LLVM_DEFINITIONS})
