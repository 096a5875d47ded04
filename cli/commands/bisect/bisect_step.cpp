#include "commands/bisect/bisect_step.hpp"

#include "grp/core/error.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/parts/child_process.hpp"
#include "grp/run/interrupt.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

namespace grp::cli {

namespace {

namespace fs = std::filesystem;

/// What one commit's folder may hold: a kernel folder, not a repository.
constexpr std::size_t max_tree_files = 4096;
constexpr std::size_t max_file_bytes = std::size_t{16} << 20;
constexpr std::size_t max_tree_bytes = std::size_t{64} << 20;

/// A path in the tree, checked: relative, no empty, "." or ".." part (git never stores one;
/// a state file or a hand-made repository might), so nothing lands outside `dest`.
bool safe_tree_path(const std::string& path) {
    if (path.empty() || path.front() == '/') {
        return false;
    }
    std::istringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '/')) {
        if (part.empty() || part == "." || part == "..") {
            return false;
        }
    }
    return path.back() != '/';
}

void write_tree_file(const fs::path& path, const std::string& bytes) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
    out.close();
    if (ec || !out) {
        throw file_error(path.string() + ": cannot be written" +
                         (ec ? " (" + ec.message() + ")" : std::string()) +
                         "; give --state a folder you can write");
    }
}

std::string folder_of(const std::string& spec) {
    const auto cut = spec.rfind('/');
    return cut == std::string::npos ? std::string() : spec.substr(0, cut + 1);
}

} // namespace

std::string extract_spec_tree(const std::string& repo, const std::string& commit,
                              const std::string& spec, const std::string& dest) {
    if (!safe_tree_path(spec)) {
        throw usage_error("-k " + terminal_escape(spec) +
                          ": give the spec as a path in the repository's tree, from its root "
                          "(e.g. kernels/my_reduce.json)");
    }
    const auto folder = folder_of(spec);
    std::size_t files = 0, bytes = 0;
    bool found = false;
    for (const auto& path : files_at(repo, commit)) {
        if (path.compare(0, folder.size(), folder) != 0 || !safe_tree_path(path)) {
            continue;
        }
        if (++files > max_tree_files) {
            throw file_error(folder + " at " + commit.substr(0, 12) + ": more than " +
                             std::to_string(max_tree_files) +
                             " files; keep the kernels and their specs in a folder of their own");
        }
        const auto text = file_at(repo, commit, path, max_file_bytes);
        bytes += text.size();
        if (bytes > max_tree_bytes) {
            throw file_error(folder + " at " + commit.substr(0, 12) +
                             ": more than 64 MiB; keep "
                             "the kernels and their specs in a folder of their own");
        }
        write_tree_file(fs::path(dest) / path, text);
        found = found || path == spec;
    }
    if (!found) {
        throw usage_error(terminal_escape(spec) + " is not in commit " + commit.substr(0, 12) +
                          ": give -k the spec's path in the repository's tree, from its root");
    }
    return (fs::path(dest) / spec).string();
}

std::vector<std::string> duet_run_args(const std::string& local_sizes, const std::string& sizes,
                                       const std::string& types, const std::string& device,
                                       const std::string& budget,
                                       const std::vector<std::string>& extra) {
    std::vector<std::string> args;
    for (const auto& [flag, value] :
         {std::pair{"-l", &local_sizes}, std::pair{"-n", &sizes}, std::pair{"-t", &types},
          std::pair{"-d", &device}, std::pair{"--budget", &budget}}) {
        if (!value->empty()) {
            args.insert(args.end(), {flag, *value});
        }
    }
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

namespace {

std::vector<std::string> child_argv(const duet_request& r) {
    std::ostringstream alpha;
    alpha.precision(17);
    alpha << r.alpha;
    std::vector<std::string> args{"gpu-reduce-prof",
                                  "run",
                                  "-k",
                                  r.candidate_spec,
                                  "--duet",
                                  r.base_spec,
                                  "-o",
                                  r.profile,
                                  "--force",
                                  "--alpha",
                                  alpha.str(),
                                  "--one-sided", // bisect asks: slower or not
                                  "-q"};         // its errors still print; bisect says the rest
    args.insert(args.end(), r.run_args.begin(), r.run_args.end());
    return args;
}

} // namespace

duet_outcome measure_duet(const duet_request& r) {
    const int status = parts::wait_child(parts::start_child(child_argv(r), {0, 2}));
    duet_outcome out;
    out.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (run::interrupted() || out.exit_status >= 128) {
        if (!run::interrupted()) {
            run::request_interrupt(out.exit_status - 128);
        }
        return out; // stopped: the step is not taken, and --resume measures it again
    }
    if (out.exit_status == static_cast<int>(exit_code::kernel_build)) {
        out.result =
            step_result{step_verdict::undecided, {}, "a kernel failed to build (run exit 4)"};
        return out;
    }
    if (out.exit_status != 0 && out.exit_status != 1) {
        throw error("the duet (run -k " + r.candidate_spec + " --duet " + r.base_spec +
                        ") failed with exit " + std::to_string(out.exit_status) +
                        "; its message is above",
                    static_cast<exit_code>(out.exit_status));
    }
    const auto p = load_profile(r.profile);
    compare_options opt = same_round_options(); // as `compare DUET.json` and run's looks judge
    opt.alpha = r.alpha;
    const auto judged = judge_duet(p, recorded_pairs(p), opt, r.profile);
    out.result = classify_step(judged, r.cases, opt.threshold,
                               r.bad_end ? good_cuts(*r.bad_end, opt.threshold)
                                         : std::map<std::string, double>{});
    out.slower = slower_cases(judged);
    return out;
}

} // namespace grp::cli
