//===- Runner.h - run a harness on the GPU through the driver API -*- C++ -*-===//
//
// Loads the CUDA driver library at run time (dlopen "libcuda.so.1"); there is
// no link-time dependency on CUDA, so ptx-lint builds and runs without it and
// the runner reports that no GPU driver was found. One warp, one block.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_EXEC_RUNNER_H
#define PTXLINT_LIB_EXEC_RUNNER_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ptxlint {
namespace exec {

class CudaRunner {
public:
  /// Null (Err says why) when the driver library or a GPU is missing.
  static std::unique_ptr<CudaRunner> create(std::string &Err);
  ~CudaRunner();

  std::string deviceName() const { return Name; }
  int ccMajor() const { return Major; }
  int ccMinor() const { return Minor; }
  int driverVersion() const { return DriverVersion; }

  enum class Status { Ok, CompileError, LaunchError };
  /// JIT-compiles Ptx (cuModuleLoadDataEx), launches entry Entry with
  /// parameters (in, out) on one warp, copies OutBytes back.
  Status run(const std::string &Ptx, const char *Entry, const std::vector<uint8_t> &In,
             size_t OutBytes, std::vector<uint8_t> &Out, std::string &Err);

  struct Api;

private:
  CudaRunner() = default;
  bool resetContext(std::string &Err);
  void *Lib = nullptr;
  std::unique_ptr<Api> F;
  void *Ctx = nullptr;
  int Dev = 0;
  std::string Name;
  int Major = 0, Minor = 0, DriverVersion = 0;
};

} // namespace exec
} // namespace ptxlint

#endif // PTXLINT_LIB_EXEC_RUNNER_H
