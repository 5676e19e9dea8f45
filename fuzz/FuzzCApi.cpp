//===- FuzzCApi.cpp - libFuzzer target: the C API -------------------------===//
//
// ptxlint_lint_buffer and ptxlint_check_instruction with every accessor of
// the result; the first bytes choose options (target, version, rules), so
// invalid option strings are fuzzed too.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/ptxlint.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

void readAll(const ptxlint_result *R) {
  size_t N = ptxlint_result_count(R);
  for (size_t I = 0; I <= N; ++I) { // one past the end: must be safe
    (void)ptxlint_diag_severity(R, I);
    (void)ptxlint_diag_rule(R, I);
    (void)ptxlint_diag_message(R, I);
    (void)ptxlint_diag_spec(R, I);
    (void)ptxlint_diag_location(R, I);
    for (size_t J = 0, F = ptxlint_diag_fixit_count(R, I); J <= F; ++J) {
      (void)ptxlint_diag_fixit_location(R, I, J);
      (void)ptxlint_diag_fixit_replacement(R, I, J);
    }
    for (size_t J = 0, M = ptxlint_diag_note_count(R, I); J <= M; ++J)
      (void)ptxlint_diag_note_location(R, I, J);
  }
  (void)ptxlint_result_errors(R);
  (void)ptxlint_result_warnings(R);
  (void)ptxlint_result_text(R);
}

/// The next line of In (consumed), as a C string.
std::string line(std::string &In) {
  size_t NL = In.find('\n');
  std::string L = In.substr(0, NL);
  In = NL == std::string::npos ? std::string() : In.substr(NL + 1);
  return L;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string In(reinterpret_cast<const char *>(Data), Size);
  std::string Target = line(In), Version = line(In), Rule = line(In);
  ptxlint_options *O = ptxlint_options_create();
  if (!O)
    return 0;
  (void)ptxlint_options_set_target(O, Target.c_str());
  (void)ptxlint_options_set_version(O, Version.c_str());
  (void)ptxlint_options_disable_rule(O, Rule.c_str());
  ptxlint_options_set_warnings_as_errors(O, Size & 1);

  ptxlint_result *R = nullptr;
  ptxlint_status S = ptxlint_lint_buffer("fuzz.ptx", In.data(), In.size(), O, &R);
  if (S == PTXLINT_OK)
    readAll(R);
  else if (R)
    std::abort(); // a result only with PTXLINT_OK
  ptxlint_result_destroy(R);

  R = nullptr;
  S = ptxlint_check_instruction(In.c_str(), Target.c_str(), Version.c_str(), nullptr, O, &R);
  if (S == PTXLINT_OK)
    readAll(R);
  ptxlint_result_destroy(R);
  (void)ptxlint_status_string(S);
  ptxlint_options_destroy(O);
  return 0;
}
