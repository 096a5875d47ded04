#include "commands/compare_cause.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"

#include <filesystem>
#include <iostream>
#include <system_error>

namespace grp::cli {

namespace {

/// --work's file: it must load and be a check profile.
profile given_check_profile(const std::string& path) {
    auto p = load_profile(path);
    if (!is_check_profile(p)) {
        throw usage_error("--work " + terminal_escape(path) +
                          ": written by run (times), not by check: --work takes the check "
                          "profiles of the base and the candidate (gpu-reduce-prof check ... -o "
                          "FILE)");
    }
    return p;
}

/// The check profile at `path` when there is one: a file that does not load or holds times is
/// said on stderr and left out, so a stray file beside a profile never stops a comparison.
std::optional<profile> beside_check_profile(const std::string& path) {
    std::error_code ec;
    if (path.empty() || !std::filesystem::is_regular_file(path, ec)) {
        return std::nullopt;
    }
    try {
        auto p = load_profile(path);
        if (is_check_profile(p)) {
            return p;
        }
        std::cerr << "warning: " << terminal_escape(path)
                  << " is named as a check profile but was written by run: no cause from it\n";
    } catch (const error& e) {
        std::cerr << "warning: " << terminal_escape(path)
                  << " does not load, no cause from it: " << terminal_escape(e.what()) << '\n';
    }
    return std::nullopt;
}

} // namespace

void check_work_option(const compare_cli_options& cli, std::size_t candidates) {
    if (cli.work.empty()) {
        return;
    }
    if (!cli.history.empty() || candidates != 1) {
        throw usage_error("--work names the check profiles of one base and one candidate: give "
                          "it with BASE.json CAND.json or one duet profile (with several "
                          "candidates, put each one's check profile beside it as X.check.json)");
    }
}

std::optional<work_files> find_work_files(const compare_cli_options& cli, const std::string& base,
                                          const std::string& cand, bool duet) {
    work_files f;
    if (cli.work.size() == 2) {
        f.base = given_check_profile(cli.work[0]);
        f.cand = given_check_profile(cli.work[1]);
        f.sources = {cli.work[0], cli.work[1], false};
        return f;
    }
    const auto bpath = check_profile_beside(base, duet), cpath = check_profile_beside(cand, false);
    f.base = beside_check_profile(bpath);
    f.cand = beside_check_profile(cpath);
    if (!f.base && !f.cand) {
        return std::nullopt;
    }
    f.sources = {f.base ? bpath : "", f.cand ? cpath : "", true};
    return f;
}

void explain_causes(std::vector<comparison>& all, const profile& bp, const profile& cp,
                    const std::optional<work_files>& files, const compare_cli_options& cli) {
    if (!files) {
        return;
    }
    work_evidence w;
    w.base = files->base ? &*files->base : nullptr;
    w.cand = files->cand ? &*files->cand : nullptr;
    w.files = files->sources;
    w.threshold = parse_percent(cli.work_threshold, "--work-threshold");
    for (auto& c : all) {
        if (!c.control) {
            explain_slower(c, bp, cp, w);
        }
    }
}

} // namespace grp::cli
