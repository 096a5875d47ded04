// `gpu-reduce-prof validate FILE...`: checks profiles against the JSON Schema embedded in the
// binary (profiles/profile.schema.json), then loads them as compare and report would. One line
// per file when valid, one line per problem otherwise; exit 5 when any file is invalid, so a CI
// job can gate on it before comparing.
#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/profile/schema_check.hpp"

#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

struct validate_options {
    std::vector<std::string> files;
    bool print_schema = false;
};

int run_validate(const validate_options& opt) {
    if (opt.print_schema) {
        std::cout << profile_schema_text();
        return 0;
    }
    if (opt.files.empty()) {
        throw usage_error("validate: name at least one profile file, e.g. "
                          "'gpu-reduce-prof validate profile.json'");
    }
    bool all_valid = true;
    for (const auto& path : opt.files) {
        const auto check = check_profile_file(path);
        if (check.ok()) {
            std::cout << terminal_escape(path) << ": ok (" << check.cases << " cases, "
                      << check.devices << " devices)\n";
            continue;
        }
        all_valid = false;
        std::cout.flush(); // the ok lines before, in order on a terminal
        for (const auto& line : check.problems) {
            std::cerr << terminal_escape(line) << '\n'; // lines quote the file's strings
        }
    }
    std::cout.flush();
    return all_valid ? 0 : static_cast<int>(exit_code::bad_file);
}

} // namespace

void add_validate(CLI::App& app, command_slot& slot) {
    auto opt = std::make_shared<validate_options>();
    auto* sub = app.add_subcommand(
        "validate", "Check profiles against the profile JSON Schema (schema " +
                        std::string(profile_schema_version) + ", embedded in this binary)");
    sub->footer(
        "Examples:\n"
        "  gpu-reduce-prof validate profile.json\n"
        "  gpu-reduce-prof validate profiles/baselines/*.json   # gate CI before 'compare'\n"
        "  gpu-reduce-prof validate --print-schema > profile.schema.json\n\n"
        "Output: 'FILE: ok (N cases, M devices)' for a valid file; otherwise one line per\n"
        "problem, 'FILE: /json/pointer: what was expected, what was found', or\n"
        "'FILE:LINE:COL: ...' for broken JSON. A profile of another schema major version is\n"
        "rejected with the version this tool reads. Fields are described in profiles/SCHEMA.md.\n\n"
        "Exit codes: 0 every file is valid, 5 any file is invalid or unreadable, 2 usage.");
    sub->add_option("files", opt->files, "Profile JSON files written by 'gpu-reduce-prof run'")
        ->type_name("FILE");
    accept_files_after_double_dash(sub);
    sub->add_flag("--print-schema", opt->print_schema,
                  "Print the embedded JSON Schema (draft-07) and exit");
    sub->callback([opt, &slot] {
        slot = [opt] {
            return run_validate(*opt);
        };
    });
}

} // namespace grp::cli
