//===- Runner.cpp - CUDA driver API through dlopen --------------------------===//
//
// Only the handful of driver entry points the harness needs, declared here
// with their documented C signatures (cuda.h) so that no CUDA header or
// library is needed to build. The primary context is used; after a launch
// error (a sticky error poisons the context) it is reset, so one failing
// form does not fail the ones after it.
//
//===----------------------------------------------------------------------===//
#include "Exec/Runner.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace ptxlint {
namespace exec {

namespace {
using CUresult = int;
using CUdevice = int;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUdeviceptr = unsigned long long;
constexpr int AttrCcMajor = 75, AttrCcMinor = 76; // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_*
constexpr int JitInfoLog = 3, JitInfoLogSize = 4, JitErrorLog = 5, JitErrorLogSize = 6;
} // namespace

struct CudaRunner::Api {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuDevicePrimaryCtxReset)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, void *, void **, void **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
};

namespace {
template <typename T> bool sym(void *Lib, const char *Name, T &Out) {
  Out = reinterpret_cast<T>(dlsym(Lib, Name));
  return Out != nullptr;
}
} // namespace

static std::string errorText(const CudaRunner::Api &F, CUresult R, const char *What) {
  const char *S = nullptr;
  if (F.cuGetErrorString)
    F.cuGetErrorString(R, &S);
  return std::string(What) + " failed: " + (S ? S : "error " + std::to_string(R));
}

std::unique_ptr<CudaRunner> CudaRunner::create(std::string &Err) {
  // PTXLINT_LIBCUDA names another driver library (tests use a path that
  // does not exist to see the no-driver message on machines with a GPU).
  const char *Override = getenv("PTXLINT_LIBCUDA");
  const char *LibName = Override && *Override ? Override : "libcuda.so.1";
  void *Lib = dlopen(LibName, RTLD_NOW | RTLD_LOCAL);
  if (!Lib && !Override)
    Lib = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    Err = std::string("no GPU driver found (could not load ") + LibName + ")";
    return nullptr;
  }
  std::unique_ptr<CudaRunner> R(new CudaRunner());
  R->Lib = Lib;
  R->F = std::make_unique<Api>();
  Api &F = *R->F;
  bool Ok =
      sym(Lib, "cuInit", F.cuInit) && sym(Lib, "cuDriverGetVersion", F.cuDriverGetVersion) &&
      sym(Lib, "cuDeviceGet", F.cuDeviceGet) && sym(Lib, "cuDeviceGetCount", F.cuDeviceGetCount) &&
      sym(Lib, "cuDeviceGetName", F.cuDeviceGetName) &&
      sym(Lib, "cuDeviceGetAttribute", F.cuDeviceGetAttribute) &&
      sym(Lib, "cuDevicePrimaryCtxRetain", F.cuDevicePrimaryCtxRetain) &&
      sym(Lib, "cuDevicePrimaryCtxRelease_v2", F.cuDevicePrimaryCtxRelease) &&
      sym(Lib, "cuDevicePrimaryCtxReset_v2", F.cuDevicePrimaryCtxReset) &&
      sym(Lib, "cuCtxSetCurrent", F.cuCtxSetCurrent) &&
      sym(Lib, "cuCtxSynchronize", F.cuCtxSynchronize) &&
      sym(Lib, "cuModuleLoadDataEx", F.cuModuleLoadDataEx) &&
      sym(Lib, "cuModuleUnload", F.cuModuleUnload) &&
      sym(Lib, "cuModuleGetFunction", F.cuModuleGetFunction) &&
      sym(Lib, "cuMemAlloc_v2", F.cuMemAlloc) && sym(Lib, "cuMemFree_v2", F.cuMemFree) &&
      sym(Lib, "cuMemcpyHtoD_v2", F.cuMemcpyHtoD) && sym(Lib, "cuMemcpyDtoH_v2", F.cuMemcpyDtoH) &&
      sym(Lib, "cuMemsetD8_v2", F.cuMemsetD8) && sym(Lib, "cuLaunchKernel", F.cuLaunchKernel) &&
      sym(Lib, "cuGetErrorString", F.cuGetErrorString);
  if (!Ok) {
    Err = "the GPU driver library lacks a needed entry point (driver too old?)";
    return nullptr;
  }
  CUresult Res = F.cuInit(0);
  if (Res) {
    Err = "no usable GPU: " + errorText(F, Res, "cuInit");
    return nullptr;
  }
  int Count = 0;
  if (F.cuDeviceGetCount(&Count) || Count == 0) {
    Err = "no GPU found by the driver";
    return nullptr;
  }
  F.cuDriverGetVersion(&R->DriverVersion);
  F.cuDeviceGet(&R->Dev, 0);
  char Name[256] = {0};
  F.cuDeviceGetName(Name, sizeof Name - 1, R->Dev);
  R->Name = Name;
  F.cuDeviceGetAttribute(&R->Major, AttrCcMajor, R->Dev);
  F.cuDeviceGetAttribute(&R->Minor, AttrCcMinor, R->Dev);
  if (!R->resetContext(Err))
    return nullptr;
  return R;
}

bool CudaRunner::resetContext(std::string &Err) {
  Api &A = *F;
  if (Ctx) {
    A.cuDevicePrimaryCtxRelease(Dev);
    A.cuDevicePrimaryCtxReset(Dev);
    Ctx = nullptr;
  }
  CUresult R = A.cuDevicePrimaryCtxRetain(&Ctx, Dev);
  if (R) {
    Err = errorText(A, R, "cuDevicePrimaryCtxRetain");
    return false;
  }
  R = A.cuCtxSetCurrent(Ctx);
  if (R) {
    Err = errorText(A, R, "cuCtxSetCurrent");
    return false;
  }
  return true;
}

CudaRunner::~CudaRunner() {
  if (F && Ctx)
    F->cuDevicePrimaryCtxRelease(Dev);
  // The library stays loaded: unloading the driver is not supported.
}

CudaRunner::Status CudaRunner::run(const std::string &Ptx, const char *Entry,
                                   const std::vector<uint8_t> &In, size_t OutBytes,
                                   std::vector<uint8_t> &Out, std::string &Err) {
  Api &A = *F;
  std::vector<char> ErrLog(16384, 0), InfoLog(4096, 0);
  int Opts[] = {JitErrorLog, JitErrorLogSize, JitInfoLog, JitInfoLogSize};
  // The driver API takes the log sizes as pointer-sized values.
  void *Vals[] = {ErrLog.data(),
                  reinterpret_cast<void *>( // NOLINT(performance-no-int-to-ptr)
                      uintptr_t(ErrLog.size() - 1)),
                  InfoLog.data(),
                  reinterpret_cast<void *>( // NOLINT(performance-no-int-to-ptr)
                      uintptr_t(InfoLog.size() - 1))};
  CUmodule Mod = nullptr;
  CUresult R = A.cuModuleLoadDataEx(&Mod, Ptx.c_str(), 4, Opts, Vals);
  if (R) {
    Err = errorText(A, R, "cuModuleLoadDataEx");
    if (ErrLog[0])
      Err += std::string(": ") + ErrLog.data();
    return Status::CompileError;
  }
  CUfunction Fn = nullptr;
  CUdeviceptr DIn = 0, DOut = 0;
  Status St = Status::Ok;
  auto Fail = [&](CUresult Res, const char *What) {
    Err = errorText(A, Res, What);
    St = Status::LaunchError;
  };
  if ((R = A.cuModuleGetFunction(&Fn, Mod, Entry))) {
    Fail(R, "cuModuleGetFunction");
  } else if ((R = A.cuMemAlloc(&DIn, In.size() ? In.size() : 4)) ||
             (R = A.cuMemAlloc(&DOut, OutBytes ? OutBytes : 4))) {
    Fail(R, "cuMemAlloc");
  } else if ((R = A.cuMemcpyHtoD(DIn, In.data(), In.size())) ||
             (R = A.cuMemsetD8(DOut, 0xA5, OutBytes))) {
    Fail(R, "cuMemcpyHtoD");
  } else {
    void *Params[] = {&DIn, &DOut};
    if ((R = A.cuLaunchKernel(Fn, 1, 1, 1, 32, 1, 1, 0, nullptr, Params, nullptr)))
      Fail(R, "cuLaunchKernel");
    else if ((R = A.cuCtxSynchronize()))
      Fail(R, "kernel execution");
    else {
      Out.assign(OutBytes, 0);
      if ((R = A.cuMemcpyDtoH(Out.data(), DOut, OutBytes)))
        Fail(R, "cuMemcpyDtoH");
    }
  }
  if (St == Status::LaunchError) {
    std::string E2;
    resetContext(E2); // frees everything the poisoned context held
    return St;
  }
  A.cuMemFree(DIn);
  A.cuMemFree(DOut);
  A.cuModuleUnload(Mod);
  return St;
}

} // namespace exec
} // namespace ptxlint
