#include "grp/parts/run_parts.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/measure/launch_timeout.hpp"
#include "grp/parts/child_process.hpp"
#include "grp/parts/input_digests.hpp"
#include "grp/parts/part_merge.hpp"
#include "grp/parts/partition.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <iostream>
#include <sys/wait.h>

namespace grp::parts {

namespace {

/// The parts finished so far, the merge's warnings, and the files of those with a hung case.
struct parts_state {
    std::vector<labelled_part> parts;
    std::vector<std::string> warnings;
    std::vector<std::string> hung_files;
};

/// The invocation's arguments plus the part, where it writes, the invocation's order seed (one
/// for all parts: their rounds continue one seeded sequence), the first part's peaks and the
/// parts whose cases hung (each would hang again, costing --launch-timeout per process).
std::vector<std::string> child_args(std::size_t i, const parts_plan& plan, const std::string& path,
                                    const parts_state& s) {
    const profile* first = s.parts.empty() ? nullptr : &s.parts.front().first;
    std::vector<std::string> args = plan.argv;
    args.insert(args.end(),
                {"--part", std::to_string(i) + "/" + std::to_string(plan.count), "--part-output",
                 path, "--order-seed", std::to_string(plan.order_seed)});
    if (plan.part_rounds_total > 0) {
        args.insert(args.end(), {"--part-rounds", std::to_string(plan.part_rounds_total)});
    }
    if (plan.points) {
        for (const auto& point : plan.points()) {
            args.insert(args.end(), {"--part-points", point});
        }
    }
    for (const auto& digest : plan.inputs) {
        args.insert(args.end(), {"--part-input", digest});
    }
    for (std::size_t d = 0; first != nullptr && d < first->devices.size(); ++d) {
        if (const auto& peak = first->devices[d].peak; peak && peak->read_median_ns > 0) {
            args.insert(args.end(), {"--part-peak", part_peak_arg(static_cast<int>(d), *peak)});
        }
    }
    for (const auto& f : s.hung_files) {
        args.insert(args.end(), {"--skip-hung", f});
    }
    return args;
}

// A process that stopped on a bad file may have found the inputs changed: the parent checks
// them on disk itself, so its error (the profile's incomplete_reason) names the files too.
void check_inputs_again(const parts_plan& plan, const std::string& kept) {
    try {
        check_input_digests(plan.inputs, *plan.options, "during the run", true);
    } catch (const error& e) {
        throw error(std::string(e.what()) + "\n" + kept, e.code());
    }
}

// Runs process `i` and takes its part into `p` (checkpointed); throws when the run must stop.
void run_one(const parts_plan& plan, std::size_t i, part_folder& folder,
             const run::progress_sink& progress, const parts_voice& voice, parts_state& s,
             profile& p) {
    if (!voice.quiet) {
        std::cerr << "run " << i << " of " << (plan.look ? "at most " : "") << plan.count
                  << " (a process of its own, so that compare sees the run-to-run spread; "
                     "--runs)"
                  << time_left(s.parts, plan.count - i + 1) << "\n";
    }
    const int status = wait_child(start_child(child_args(i, plan, folder.file(i), s)));
    const std::size_t before = s.parts.size();
    const std::string refused = take_part(folder, i, plan.count, plan.argv, s.parts, s.warnings, p);
    if (s.parts.size() > before) {
        const auto& cases = s.parts.back().first.cases;
        if (std::any_of(cases.begin(), cases.end(),
                        [](const case_result& c) { return is_hung(c); })) {
            s.hung_files.push_back(folder.file(i));
        }
        if (const auto& runs = s.parts.back().first.runs;
            !voice.quiet && runs.size() == 1 && voice.process_time) {
            std::cerr << "  " << voice.process_time(runs.front(), i, plan.count) << '\n';
        }
        if (progress.checkpoint) {
            progress.checkpoint(p);
        }
        folder.merged(i); // after the checkpoint: a second signal's save holds it
    }
    if (plan.options != nullptr && WIFEXITED(status) &&
        WEXITSTATUS(status) == static_cast<int>(exit_code::bad_file)) {
        check_inputs_again(plan, kept_note(s.parts.size(), refused));
    }
    judge_child(status, i, plan.count, kept_note(s.parts.size(), refused));
    if (!refused.empty()) {
        throw file_error(refused + "; " + kept_note(s.parts.size(), ""));
    }
}

// After the last process ran or a signal stopped them: no empty profile, and a profile cut
// short says where.
void end_parts(const parts_plan& plan, std::size_t stopped_in, const parts_state& s, profile& p) {
    for (const auto& w : s.warnings) {
        std::cerr << "warning: " << terminal_escape(w) << '\n';
    }
    if (run::interrupted() && s.parts.empty()) { // no empty profile, no empty folder
        const int sig = run::interrupt_signal();
        throw error(std::string("interrupted by ") + run::signal_name(sig) + " in process " +
                        std::to_string(stopped_in) + " of " + std::to_string(plan.count) +
                        " before any process finished: no profile is written",
                    static_cast<exit_code>(128 + sig));
    }
    if (run::interrupted()) {
        p.complete = false;
        p.incomplete_reason = std::string("interrupted by ") +
                              run::signal_name(run::interrupt_signal()) + " in process " +
                              std::to_string(stopped_in) + " of " + std::to_string(plan.count);
    }
}

} // namespace

std::size_t run_parts(const parts_plan& plan, part_folder& folder,
                      const run::progress_sink& progress, const parts_voice& voice, profile& p) {
    parts_state s;
    std::size_t i = 1;
    for (; i <= plan.count && !run::interrupted(); ++i) {
        run_one(plan, i, folder, progress, voice, s, p);
        if (plan.look && i >= plan.first_look && !run::interrupted() && s.parts.size() == i &&
            plan.look(p, i) && i < plan.count) {
            p = merge_parts(s.parts, i, plan.argv, s.warnings); // complete: a run of i processes
            if (progress.checkpoint) {
                progress.checkpoint(p);
            }
            ++i;
            break;
        }
    }
    end_parts(plan, i - 1, s, p);
    return i - 1;
}

} // namespace grp::parts
