#include "commands/bisect/bisect.hpp"

#include "commands/bisect/bisect_output.hpp"
#include "commands/bisect/bisect_step.hpp"
#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace grp::cli {

namespace {

namespace fs = std::filesystem;

std::string state_file(const bisect_cli_options& o) {
    return (fs::path(o.state) / "bisect.json").string();
}

void save_state(const bisect_cli_options& o, const bisect_record& r) {
    output_file(state_file(o), "bisect state", true).write(json_output_text(to_json(r), 2) + "\n");
}

std::string without_dot_slash(std::string spec) {
    while (spec.rfind("./", 0) == 0) {
        spec.erase(0, 2);
    }
    return spec;
}

/// The first-parent line from `good` to `bad`, oldest first.
std::vector<std::string> line_between(const std::string& repo, const std::string& good,
                                      const std::string& bad) {
    auto line = first_parent_commits(repo, bad);
    const auto at = std::find(line.begin(), line.end(), good);
    if (at == line.end()) {
        const bool swapped = is_ancestor(repo, bad, good).value_or(false);
        throw usage_error("--good " + good.substr(0, 12) +
                          " is not on the first-parent line of --bad " + bad.substr(0, 12) +
                          (swapped ? ": --bad is older than --good (swapped?); give the newer, "
                                     "slower commit as --bad"
                                   : ": bisect follows that line (git log --first-parent); give a "
                                     "good commit on it"));
    }
    line.erase(at + 1, line.end());
    std::reverse(line.begin(), line.end());
    return line;
}

bisect_record new_record(const bisect_cli_options& o) {
    if (o.good.empty() || o.bad.empty() || o.spec.empty()) {
        throw usage_error("bisect needs --good, --bad and -k SPEC (or --resume with --state)");
    }
    bisect_record r;
    // Absolute: --resume from another folder finds the same repository.
    r.repo = fs::absolute(o.repo).lexically_normal().string();
    r.spec = without_dot_slash(o.spec);
    r.good = resolve_commit(o.repo, o.good);
    r.bad = resolve_commit(o.repo, o.bad);
    if (r.good == r.bad) {
        throw usage_error("--good and --bad name the same commit: nothing to bisect");
    }
    r.commits = line_between(o.repo, r.good, r.bad);
    r.alpha = o.alpha > 0 ? o.alpha : 0.05;
    r.max_skips = o.max_skips;
    r.case_glob = o.case_glob;
    r.run_args = duet_run_args(o.local_sizes, o.sizes, o.types, o.device, o.budget, o.run_args);
    return r;
}

/// The state of --resume, checked against what the command line gives again.
bisect_record resumed_record(const bisect_cli_options& o) {
    const auto path = state_file(o);
    auto r = bisect_record_from_json(
        parse_json_text(read_regular_file(path, "bisect state", 64U << 20U, exit_code::usage), path,
                        profile_json_limits));
    const auto differs = [&](const std::string& given, const std::string& kept, bool commit) {
        return !given.empty() && (commit ? resolve_commit(r.repo, given) : given) != kept;
    };
    if (differs(o.good, r.good, true) || differs(o.bad, r.bad, true) ||
        differs(o.spec.empty() ? "" : without_dot_slash(o.spec), r.spec, false)) {
        throw usage_error(path + " bisects " + r.good.substr(0, 12) + ".." + r.bad.substr(0, 12) +
                          " of " + r.spec +
                          ": --resume continues it as it was begun; give "
                          "another --state for another bisection");
    }
    return r;
}

bisect_record open_record(const bisect_cli_options& o) {
    if (o.resume) {
        return resumed_record(o);
    }
    if (fs::exists(state_file(o))) {
        throw usage_error(o.state + " holds a bisection already: --resume continues it; give "
                                    "another --state (or remove that folder) to begin another");
    }
    auto r = new_record(o);
    std::error_code ec;
    fs::create_directories(o.state, ec);
    for (const auto& commit : {r.good, r.bad}) { // the spec at both ends, before any duet
        (void)extract_spec_tree(r.repo, commit, r.spec,
                                (fs::path(o.state) / "trees" / commit.substr(0, 12)).string());
    }
    save_state(o, r);
    return r;
}

/// Measures commits[place] against the good commit; nullopt when a signal stopped it.
std::optional<bisect_step_record> take_step(const bisect_cli_options& o, const bisect_record& r,
                                            std::size_t place, std::vector<std::string>& slower) {
    const auto started = std::chrono::steady_clock::now();
    const auto trees = fs::path(o.state) / "trees";
    const auto& commit = r.commits[place];
    const std::string name =
        "step-" + std::to_string(r.steps.size() + 1) + "-" + commit.substr(0, 12) + ".json";
    duet_request q;
    q.base_spec = extract_spec_tree(r.repo, r.good, r.spec, (trees / "good").string());
    q.candidate_spec =
        extract_spec_tree(r.repo, commit, r.spec, (trees / commit.substr(0, 12)).string());
    q.profile = (fs::path(o.state) / name).string();
    q.alpha = r.plan().per_duet;
    q.run_args = r.run_args;
    q.cases = r.selection();
    for (const auto& s : r.steps) { // the bad end's reading, once it read slower
        if (s.place == r.places() && s.result.verdict == step_verdict::bad) {
            q.bad_end = s.result;
            break;
        }
    }
    const auto out = measure_duet(q);
    if (!out.result) {
        return std::nullopt;
    }
    if (r.steps.empty() && out.exit_status == static_cast<int>(exit_code::kernel_build)) {
        throw error("the duet of --bad against --good did not build (its log is above): fix the "
                    "spec or the kernels at either end; a midpoint that does not build is skipped",
                    exit_code::kernel_build);
    }
    slower = out.slower;
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return bisect_step_record{place, commit, *out.result, fs::exists(q.profile) ? name : "", s};
}

} // namespace

int run_bisect(const bisect_cli_options& o) {
    if (o.predicate) {
        return run_bisect_predicate(o);
    }
    run::start_signal_thread([](int sig) { ::_exit(128 + sig); });
    auto r = open_record(o);
    auto search = replay(r);
    if (!o.quiet) {
        const auto plan = r.plan();
        std::cerr << "bisect " << r.places() << " commits of " << terminal_escape(r.spec)
                  << ": at most " << plan.max_duets << " duets (1 + " << plan.halvings
                  << " halvings + " << plan.max_skips << " skips), each at alpha " << plan.per_duet
                  << " (" << r.alpha << " in all); state in " << terminal_escape(o.state) << '\n';
    }
    while (const auto place = search.next()) {
        std::vector<std::string> slower;
        const auto step = take_step(o, r, *place, slower);
        if (!step) {
            std::cerr << "interrupted: the state in " << terminal_escape(o.state) << " holds "
                      << r.steps.size()
                      << (r.steps.size() == 1 ? " finished step" : " finished steps")
                      << "; --resume continues\n";
            return 128 + run::interrupt_signal();
        }
        if (r.steps.empty() && r.case_glob.empty()) {
            r.cases = slower; // the bad end chooses the cases the search follows
        }
        r.steps.push_back(*step);
        search.record(*place, step->result.verdict);
        save_state(o, r);
        if (!o.quiet) {
            std::cerr << step_line(r, r.steps.back(), search.duets_left()) << '\n';
        }
    }
    if (o.json) {
        std::cout << json_output_text(bisect_json(r, r.repo), 2) << '\n';
    } else if (o.markdown) {
        print_bisect_markdown(std::cout, r, r.repo);
    } else {
        print_bisect(std::cout, r, r.repo);
    }
    return bisect_exit_status(r);
}

} // namespace grp::cli
