// Finds the kernels a run asks for: built-in names and globs ("reduce*"), "all", or paths to a
// user's .json spec or .cl file (whose spec sits beside it as the same name with .json).
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <string>
#include <vector>

namespace grp {

/// Every built-in kernel (kernels/*.json, embedded in the binary), in file then entry order.
std::vector<kernel_spec> builtin_kernels();

/// The text of an embedded file such as "peak.cl". Throws usage_error when absent.
std::string builtin_source(const std::string& name);

/// Resolves --kernel items. Empty, or the item "default": the default sweep, i.e. the built-in
/// kernels marked default that declare one of `layouts` (flat when empty). A path that does not
/// exist is a usage_error naming it (exit 2); a bad spec is a file_error (exit 5); a name or glob
/// that matches nothing is a usage_error listing the built-in names.
std::vector<kernel_spec> resolve_kernels(const std::vector<std::string>& items,
                                         const std::vector<data_layout>& layouts);

/// Every kernel expanded into its instances, one per tuning configuration (instantiate_kernel),
/// in the given order.
std::vector<kernel_spec> instantiate_kernels(const std::vector<kernel_spec>& kernels);

/// Loads a user's spec file from disk; its "source" is resolved relative to the spec's folder.
/// An empty spec, or one holding this tool's error message (stderr redirected into it), is a
/// file_error that says so and how to write a starter (run --print-spec).
/// A source outside that folder ("../vendor/x.cl", "/abs/x.cl") is allowed: a spec for an
/// unmodified third-party tree lives in the user's own folder. source_outside_spec names them.
std::vector<kernel_spec> load_spec_file(const std::string& path);

/// run --print-spec FILE.cl: the starter spec for the kernels in FILE.cl (starter_spec.hpp), to
/// be saved as FILE.json beside it, and its notes (starter_spec_notes). A missing file, or one
/// without a __kernel, is a usage_error.
struct starter_text {
    std::string spec, notes;
};
starter_text starter_for(const std::string& cl_path);

/// One line per (spec, source) whose source lies outside the spec's folder, judged on the
/// paths as written (lexically, symbolic links not followed): "SPEC reads its source from
/// outside its folder: SOURCE". Built-in kernels never do. run prints them as notes.
std::vector<std::string> source_outside_spec(const std::vector<kernel_spec>& kernels);

/// One line per (kernel, tuning parameter) with more than one value whose name appears neither
/// as {NAME} in the kernel's build options nor in its grid expressions: its values build
/// identical binaries, timed as different configurations (one of which gets the star). run
/// prints them as warnings.
std::vector<std::string> params_that_change_nothing(const std::vector<kernel_spec>& kernels);

} // namespace grp
