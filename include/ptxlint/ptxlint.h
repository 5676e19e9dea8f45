/*===- ptxlint.h - the C API of the ptx-lint library ----------*- C -*-===*
 *
 * For code generators written in C or any language with a C FFI (Python
 * ctypes, Rust, Go, ...). Everything is reached through opaque handles:
 *
 *   ptxlint_options  settings for a check (optional: NULL means defaults)
 *   ptxlint_result   the diagnostics of one check, owned by the caller and
 *                    freed with ptxlint_result_destroy
 *
 * Rules of the API:
 *  - No global state, nothing to initialise: any number of threads may call
 *    the check functions at once. A ptxlint_options may be shared by many
 *    threads while nobody modifies it; a ptxlint_result belongs to the
 *    thread that holds it (reading one from many threads at once is fine).
 *  - Nothing throws, nothing aborts: failures are reported by the returned
 *    ptxlint_status; findings in the PTX are diagnostics in the result.
 *  - Strings returned by accessors are NUL-terminated UTF-8 owned by the
 *    result (or static): valid until the result is destroyed.
 *  - Positions: byte offsets are 0-based and half-open [begin, end) into
 *    the checked text; lines and columns are 1-based, columns count bytes,
 *    the end column is exclusive. A diagnostic without a location (e.g. a
 *    target that is too new for the PTX version) has offsets
 *    PTXLINT_NO_OFFSET and line/column 0.
 *
 * The C++ API (ptxlint/Lint.h) offers the same checks with richer types.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PTXLINT_PTXLINT_H
#define PTXLINT_PTXLINT_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define PTXLINT_API
#else
#define PTXLINT_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Bumped when a function is added or changes; see ptxlint_api_version(). */
#define PTXLINT_C_API_VERSION 3

/** The offset of a diagnostic (or fix-it, or note) that has no location. */
#define PTXLINT_NO_OFFSET UINT32_MAX

typedef struct ptxlint_options ptxlint_options;
typedef struct ptxlint_result ptxlint_result;

/** What a call returns. Only PTXLINT_OK produces a result. */
typedef enum ptxlint_status {
  PTXLINT_OK = 0,
  PTXLINT_ERROR_INVALID_ARGUMENT = 1, /**< a required pointer was NULL */
  PTXLINT_ERROR_BAD_TARGET = 2,       /**< target is not "sm_NN", "sm_NNa", "sm_NNf" */
  PTXLINT_ERROR_BAD_VERSION = 3,      /**< version is not "X.Y" */
  PTXLINT_ERROR_OUT_OF_MEMORY = 4,
  PTXLINT_ERROR_INTERNAL = 5 /**< a bug in ptx-lint: please report the input */
} ptxlint_status;

typedef enum ptxlint_severity {
  PTXLINT_SEVERITY_NOTE = 0,
  PTXLINT_SEVERITY_WARNING = 1,
  PTXLINT_SEVERITY_ERROR = 2
} ptxlint_severity;

/** Where something is: byte offsets and the matching lines and columns. */
typedef struct ptxlint_location {
  uint32_t begin;      /**< byte offset, or PTXLINT_NO_OFFSET */
  uint32_t end;        /**< byte offset just past the range */
  uint32_t line;       /**< 1-based; 0 when there is no location */
  uint32_t column;     /**< 1-based, in bytes */
  uint32_t end_line;   /**< line of the end */
  uint32_t end_column; /**< column just past the range's last byte */
} ptxlint_location;

/* --- Library information ------------------------------------------------- */

/** The library version, e.g. "0.1.0" (static string). */
PTXLINT_API const char *ptxlint_version(void);
/** PTXLINT_C_API_VERSION of the library that is loaded. */
PTXLINT_API int ptxlint_api_version(void);
/** A short English description of a status (static string). */
PTXLINT_API const char *ptxlint_status_string(ptxlint_status status);
/** "note", "warning" or "error" (static string). */
PTXLINT_API const char *ptxlint_severity_name(ptxlint_severity severity);

/* --- Options -------------------------------------------------------------- */

/** New options with the defaults (all checks on, default rule set). NULL
 *  when out of memory. */
PTXLINT_API ptxlint_options *ptxlint_options_create(void);
/** Frees options; NULL is ignored. */
PTXLINT_API void ptxlint_options_destroy(ptxlint_options *options);
/** Switches off the rules a selector names: an id ("mma-target"), a glob
 *  ("mma-*", '*' and '?') or "all". Calls are ordered: for each rule the last
 *  disable/enable call whose selector matches it decides (API version 2;
 *  version 1 let a disable win). Unknown ids are accepted (see
 *  ptxlint_rule_selector_check). */
PTXLINT_API ptxlint_status ptxlint_options_disable_rule(ptxlint_options *options, const char *rule);
/** Switches on the rules a selector names (also those off by default). */
PTXLINT_API ptxlint_status ptxlint_options_enable_rule(ptxlint_options *options, const char *rule);
/** Non-zero: report warnings as errors. */
PTXLINT_API void ptxlint_options_set_warnings_as_errors(ptxlint_options *options, int on);
/** Zero: syntax only, the instruction checks do not run. */
PTXLINT_API void ptxlint_options_set_run_checks(ptxlint_options *options, int on);
/** Check a module as if its .target were this ("sm_90a"); NULL clears. */
PTXLINT_API ptxlint_status ptxlint_options_set_target(ptxlint_options *options, const char *target);
/** The GPU a module will be compiled for, as ptxas -arch ("sm_100a"; API
 *  version 2): the module's own .target still gates its instructions, and
 *  a .target that ptxas -arch would refuse is an error. NULL clears. */
PTXLINT_API ptxlint_status ptxlint_options_set_arch(ptxlint_options *options, const char *arch);
/** Check a module as if its .version were this ("8.7"); NULL clears. */
PTXLINT_API ptxlint_status ptxlint_options_set_version(ptxlint_options *options,
                                                       const char *version);

/* --- The rule registry (API version 2) ------------------------------------- */

/** Number of registered rules; rules are indexed 0..count-1, sorted by id. */
PTXLINT_API size_t ptxlint_rule_count(void);
/** Fields of rule i (static strings; "" when i is out of range or the field
 *  is empty): the id, the PTX ISA section, the one-line constraint, a PTX
 *  example that triggers it and how to fix it. */
PTXLINT_API const char *ptxlint_rule_id(size_t i);
PTXLINT_API const char *ptxlint_rule_spec(size_t i);
PTXLINT_API const char *ptxlint_rule_summary(size_t i);
PTXLINT_API const char *ptxlint_rule_example(size_t i);
PTXLINT_API const char *ptxlint_rule_fix(size_t i);
/** Why rule i matters, and its example written correctly (C API version 3). */
PTXLINT_API const char *ptxlint_rule_rationale(size_t i);
PTXLINT_API const char *ptxlint_rule_corrected_example(size_t i);
/** 1 when the fix-its of rule i's diagnostics are safe (C API version 3). */
PTXLINT_API int ptxlint_rule_fix_safe(size_t i);
/** The usual severity of rule i's diagnostics. */
PTXLINT_API ptxlint_severity ptxlint_rule_severity(size_t i);
/** Non-zero when rule i reports without being enabled. */
PTXLINT_API int ptxlint_rule_on_by_default(size_t i);
/** Checks a rule selector: returns 1 when it matches a registered rule,
 *  else 0 and writes a NUL-terminated message ("unknown rule 'mma-targt';
 *  did you mean 'mma-target'?") into message (capacity bytes; may be NULL). */
PTXLINT_API int ptxlint_rule_selector_check(const char *selector, char *message, size_t capacity);

/* --- Checks ----------------------------------------------------------------- */

/** Checks a whole PTX module held in memory (size bytes at text; it need not
 *  be NUL-terminated). name is the file name used by
 *  ptxlint_result_text (may be NULL: "<buffer>"). options may be NULL. On PTXLINT_OK, *result
 * receives a new result that the caller frees with ptxlint_result_destroy. */
PTXLINT_API ptxlint_status ptxlint_lint_buffer(const char *name, const char *text, size_t size,
                                               const ptxlint_options *options,
                                               ptxlint_result **result);

/** Checks one instruction, e.g.
 *    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
 *       {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};"
 *  as if it appeared in a function compiled for target ("sm_90a") at PTX ISA
 *  version ("8.7"). Either may be NULL or "" (not checked against it).
 *  decls (may be NULL) holds PTX declarations of the registers it uses, e.g.
 *  ".reg .f32 %f<8>; .reg .b32 %r<6>;"; without it every register is taken
 *  to have an acceptable type. options may be NULL. On PTXLINT_OK, *result
 *  receives a new result that the caller frees. Offsets in the result are
 *  into instruction. */
PTXLINT_API ptxlint_status ptxlint_check_instruction(const char *instruction, const char *target,
                                                     const char *version, const char *decls,
                                                     const ptxlint_options *options,
                                                     ptxlint_result **result);

/** Checks every inline asm statement of a CUDA or C/C++ source held in
 *  memory (docs/cuda.md); offsets in the result are into text. Since API
 *  version 2. */
PTXLINT_API ptxlint_status ptxlint_lint_cuda_buffer(const char *name, const char *text, size_t size,
                                                    const ptxlint_options *options,
                                                    ptxlint_result **result);

/** Checks one inline asm template with its constraints, as nvcc would emit
 *  it: template "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3},
 *  {%4,%5}, {%6}, {%7,%8,%9,%10};" (or LLVM/Triton "$0" placeholders),
 *  constraints "=f,=f,=f,=f,r,r,r,f,f,f,f" (outputs first; h r l f d n i, a
 *  digit for a matching operand, "~{...}" clobbers ignored). target and
 *  version may be NULL or "" (no gating). Offsets are into the template.
 *  Since API version 2. */
PTXLINT_API ptxlint_status ptxlint_check_inline_asm(const char *asm_template,
                                                    const char *constraints, const char *target,
                                                    const char *version,
                                                    const ptxlint_options *options,
                                                    ptxlint_result **result);

/* --- Results ------------------------------------------------------------------ */

/** Frees a result; NULL is ignored. */
PTXLINT_API void ptxlint_result_destroy(ptxlint_result *result);
/** Number of diagnostics (0 for NULL). */
PTXLINT_API size_t ptxlint_result_count(const ptxlint_result *result);
/** Number of errors and of warnings among them. */
PTXLINT_API unsigned ptxlint_result_errors(const ptxlint_result *result);
PTXLINT_API unsigned ptxlint_result_warnings(const ptxlint_result *result);

/** All diagnostics rendered as ptx-lint's text output ("name:line:col:
 *  severity: message [rule, PTX ISA section]", the source line, a caret and
 *  fix-its), "" when there are none. Built on first use (thread-safe). */
PTXLINT_API const char *ptxlint_result_text(const ptxlint_result *result);

/* Accessors of diagnostic i (0 <= i < ptxlint_result_count). With an index
 * out of range, strings are "" and the location is all PTXLINT_NO_OFFSET/0. */

PTXLINT_API ptxlint_severity ptxlint_diag_severity(const ptxlint_result *result, size_t i);
/** The stable rule id, e.g. "mma-type-combination". */
PTXLINT_API const char *ptxlint_diag_rule(const ptxlint_result *result, size_t i);
/** The PTX ISA section, e.g. "9.7.14.5.14" ("" when none). */
PTXLINT_API const char *ptxlint_diag_spec(const ptxlint_result *result, size_t i);
/** The message: lowercase, no final period. */
PTXLINT_API const char *ptxlint_diag_message(const ptxlint_result *result, size_t i);
/** The qualifier, operand or token at fault. */
PTXLINT_API ptxlint_location ptxlint_diag_location(const ptxlint_result *result, size_t i);

/** Fix-its of diagnostic i: replace the text at the location by the
 *  replacement (an empty range inserts). */
PTXLINT_API size_t ptxlint_diag_fixit_count(const ptxlint_result *result, size_t i);
PTXLINT_API ptxlint_location ptxlint_diag_fixit_location(const ptxlint_result *result, size_t i,
                                                         size_t j);
PTXLINT_API const char *ptxlint_diag_fixit_replacement(const ptxlint_result *result, size_t i,
                                                       size_t j);
/** 1 when the fix-its of diagnostic i are safe to apply without review
 *  (ptx-lint --fix applies them: they keep the meaning), 0 when they are
 *  unsafe (a guess, or a change of what the module needs) or there are none.
 *  The fix-its of one diagnostic are one edit: apply all of them or none.
 *  (C API version 3.) */
PTXLINT_API int ptxlint_diag_fixit_safe(const ptxlint_result *result, size_t i);

/** Notes attached to diagnostic i ("declared here"). */
PTXLINT_API size_t ptxlint_diag_note_count(const ptxlint_result *result, size_t i);
PTXLINT_API ptxlint_location ptxlint_diag_note_location(const ptxlint_result *result, size_t i,
                                                        size_t j);
PTXLINT_API const char *ptxlint_diag_note_message(const ptxlint_result *result, size_t i, size_t j);

/** Source origins of diagnostic i from .file/.loc (PTX with line
 *  information): j = 0 is the source line the PTX came from, then the
 *  inlined_at call site. Lines and columns are 1-based (column 0: none).
 *  Since API version 2. */
PTXLINT_API size_t ptxlint_diag_origin_count(const ptxlint_result *result, size_t i);
PTXLINT_API const char *ptxlint_diag_origin_file(const ptxlint_result *result, size_t i, size_t j);
PTXLINT_API uint32_t ptxlint_diag_origin_line(const ptxlint_result *result, size_t i, size_t j);
PTXLINT_API uint32_t ptxlint_diag_origin_column(const ptxlint_result *result, size_t i, size_t j);
PTXLINT_API const char *ptxlint_diag_origin_message(const ptxlint_result *result, size_t i,
                                                    size_t j);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PTXLINT_PTXLINT_H */
