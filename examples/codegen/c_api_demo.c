/*===- c_api_demo.c - the ptx-lint C API from C ---------------------------===*
 *
 * Checks one instruction per command-line argument (or a built-in wrong one)
 * for a target and PTX ISA version, and prints each diagnostic with its
 * location, rule, spec section and fix-its. Exit status: the number of
 * instructions with errors (capped at 100), or 101 on an API failure.
 *
 *   c-api-demo [--target sm_90a] [--ptx 8.7] 'mma.sync.aligned...;' ...
 *
 *===----------------------------------------------------------------------===*/
#include "ptxlint/ptxlint.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *target = "sm_80", *version = "7.8";
  const char *fallback = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32 "
                         "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};";
  int bad = 0, checked = 0;
  printf("libptxlint %s (C API %d)\n", ptxlint_version(), ptxlint_api_version());

  ptxlint_options *opts = ptxlint_options_create();
  if (!opts)
    return 101;
  for (int i = 1; i <= argc; ++i) {
    const char *inst;
    if (i < argc && strcmp(argv[i], "--target") == 0 && i + 1 < argc) {
      target = argv[++i];
      continue;
    }
    if (i < argc && strcmp(argv[i], "--ptx") == 0 && i + 1 < argc) {
      version = argv[++i];
      continue;
    }
    if (i < argc)
      inst = argv[i];
    else if (checked == 0)
      inst = fallback; /* no instruction given: show a wrong one */
    else
      break;
    ++checked;

    ptxlint_result *res = NULL;
    ptxlint_status st = ptxlint_check_instruction(inst, target, version, NULL, opts, &res);
    if (st != PTXLINT_OK) {
      fprintf(stderr, "c-api-demo: %s\n", ptxlint_status_string(st));
      ptxlint_options_destroy(opts);
      return 101;
    }
    printf("%s\n  %s %s: %u errors, %u warnings\n", inst, target, version,
           ptxlint_result_errors(res), ptxlint_result_warnings(res));
    for (size_t d = 0; d < ptxlint_result_count(res); ++d) {
      ptxlint_location loc = ptxlint_diag_location(res, d);
      printf("  %u:%u: %s: %s [%s", loc.line, loc.column,
             ptxlint_severity_name(ptxlint_diag_severity(res, d)), ptxlint_diag_message(res, d),
             ptxlint_diag_rule(res, d));
      if (*ptxlint_diag_spec(res, d))
        printf(", PTX ISA %s", ptxlint_diag_spec(res, d));
      printf("]\n");
      for (size_t f = 0; f < ptxlint_diag_fixit_count(res, d); ++f) {
        ptxlint_location floc = ptxlint_diag_fixit_location(res, d, f);
        printf("    fix-it: replace bytes %u-%u with '%s'\n", floc.begin, floc.end,
               ptxlint_diag_fixit_replacement(res, d, f));
      }
    }
    if (ptxlint_result_errors(res) > 0 && bad < 100)
      ++bad;
    ptxlint_result_destroy(res);
  }
  ptxlint_options_destroy(opts);
  return bad;
}
