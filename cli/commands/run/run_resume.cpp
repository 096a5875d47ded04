#include "commands/run/run_resume.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/model/baseline/resume.hpp"
#include "grp/run/resume.hpp"
#include "grp/run/run_record.hpp"

#include <iostream>

namespace grp::cli {

bool resume_preflight(const run::run_options& opts) {
    if (!opts.resume) {
        return true;
    }
    const auto summary = run::check_resume(opts);
    for (const auto& w :
         resume_setting_warnings(*opts.resume, opts.resume_path, run::settings_json(opts))) {
        std::cerr << "warning: " << terminal_escape(w) << '\n';
    }
    std::cerr << terminal_escape(run::describe_resume(summary, opts.resume_path)) << '\n';
    return summary.to_measure() != 0 || !opts.scenarios.empty();
}

void with_resumed(profile& p, const run::run_options& opts, bool warn) {
    if (!opts.resume) {
        return;
    }
    std::vector<std::string> warnings;
    p = resume_union(*opts.resume, opts.resume_path, p, run::resume_rules_of(opts), warnings);
    for (const auto& w : warn ? warnings : std::vector<std::string>{}) {
        std::cerr << "warning: " << terminal_escape(w) << '\n';
    }
}

} // namespace grp::cli
