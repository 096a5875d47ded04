// `bisect --predicate`: one duet of the working tree against --good, for `git bisect run`. Its
// exit codes are git's: 0 good, 1 bad, 125 skip; and anything that says nothing about the
// commit (a usage error, no OpenCL device, a bad file) exits 128, which makes git bisect run
// stop instead of marking the commit bad as any code from 1 to 127 would.
#include "commands/bisect/bisect.hpp"
#include "commands/bisect/bisect_step.hpp"
#include "grp/core/error.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/run/interrupt.hpp"

#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace grp::cli {

namespace {

namespace fs = std::filesystem;

/// git bisect run: 125 skips the commit, 128 and above stop the bisection.
constexpr int git_skip = 125;
constexpr int git_abort = 128;

int predicate(const bisect_cli_options& o) {
    if (o.good.empty() || o.spec.empty()) {
        throw usage_error("--predicate needs --good and -k SPEC");
    }
    if (!o.bad.empty() || o.resume) {
        throw usage_error("--predicate measures the checkout as it is against --good: give "
                          "neither --bad nor --resume (git bisect run picks the commits)");
    }
    run::start_signal_thread([](int sig) { ::_exit(128 + sig); });
    const auto good = resolve_commit(o.repo, o.good);
    const auto head = current_revision(o.repo);
    const std::string at = head.revision ? head.revision->commit.substr(0, 12) : "worktree";
    std::error_code ec;
    fs::create_directories(o.state, ec);
    duet_request q;
    q.base_spec = extract_spec_tree(o.repo, good, o.spec.substr(o.spec.rfind("./", 0) == 0 ? 2 : 0),
                                    (fs::path(o.state) / "trees" / good.substr(0, 12)).string());
    q.candidate_spec = o.spec;
    q.profile = (fs::path(o.state) / ("predicate-" + at + ".json")).string();
    q.alpha = o.alpha > 0 ? o.alpha : 0.01;
    q.run_args = duet_run_args(o.local_sizes, o.sizes, o.types, o.device, o.budget, o.run_args);
    q.cases = {o.case_glob, {}};
    const auto out = measure_duet(q);
    if (!out.result) {
        return 128 + run::interrupt_signal();
    }
    const auto& r = *out.result;
    std::cout << at << ' ' << to_string(r.verdict) << ": " << terminal_escape(r.reason)
              << " (profile " << terminal_escape(q.profile) << ")\n";
    switch (r.verdict) {
    case step_verdict::good:
        return 0;
    case step_verdict::bad:
        return 1;
    case step_verdict::undecided:
        break;
    }
    return git_skip;
}

} // namespace

int run_bisect_predicate(const bisect_cli_options& o) {
    try {
        return predicate(o);
    } catch (const error& e) {
        std::cerr << "error: " << terminal_escape(e.what(), true) << "\n(exit " << git_abort
                  << " instead of " << e.exit_status()
                  << ": git bisect run stops here rather than mark this commit bad)\n";
        return git_abort;
    }
}

} // namespace grp::cli
