#include "commands/bisect/bisect_output.hpp"

#include "grp/core/error.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>

namespace grp::cli {

namespace {

using json = nlohmann::ordered_json;

std::string short_sha(const std::string& sha) {
    return sha.substr(0, 12);
}

std::string signed_pct(double v) {
    return (v >= 0 ? "+" : "") + format_fixed(v * 100, 1) + "%";
}

std::string case_text(const step_case& c) {
    std::string s = c.key + " " + c.verdict;
    if (c.change) {
        s += " " + signed_pct(*c.change);
    }
    if (c.ci_low && c.ci_high) {
        s += " [" + signed_pct(*c.ci_low) + ", " + signed_pct(*c.ci_high) + "]";
    }
    return s;
}

std::string commit_text(const std::string& repo, const std::string& sha) {
    const auto f = commit_facts_of(repo, sha);
    return short_sha(sha) + " (" + (f.subject.empty() ? "?" : f.subject) + ", " +
           (f.author_date.empty() ? "?" : f.author_date) + ")";
}

double total_seconds(const bisect_record& r) {
    double s = 0;
    for (const auto& step : r.steps) {
        s += step.seconds;
    }
    return s;
}

/// "95%" for alpha 0.05.
std::string confidence(const bisect_record& r) {
    return "confidence >= " + format_fixed((1 - r.alpha) * 100, 1) + "% (alpha " +
           format_fixed(r.alpha, 3) + " over at most " + std::to_string(r.plan().max_duets) +
           " duets, " + format_fixed(r.plan().per_duet, 4) + " each)";
}

std::string cost(const bisect_record& r) {
    return std::to_string(r.steps.size()) + " duet" + (r.steps.size() == 1 ? "" : "s") + ", " +
           format_fixed(total_seconds(r), 0) + " s";
}

/// The step that read `place` bad, and its first slower case.
const step_case* slower_case(const bisect_record& r, std::size_t place) {
    for (const auto& s : r.steps) {
        if (s.place != place) {
            continue;
        }
        const auto c = std::find_if(s.result.cases.begin(), s.result.cases.end(),
                                    [](const step_case& x) { return x.verdict == "slower"; });
        if (c != s.result.cases.end()) {
            return &*c;
        }
    }
    return nullptr;
}

std::string undecided_text(const bisect_record& r, const bisect_search& s) {
    if (s.steps().size() == 1) {
        return "undecided: " + short_sha(r.bad) + " against " + short_sha(r.good) +
               " could not be decided within a duet's budget (" + r.steps[0].result.reason +
               "); to decide: a larger --budget (more processes per duet)";
    }
    std::string skipped;
    for (const auto place : s.skipped()) {
        skipped += (skipped.empty() ? "" : ", ") + short_sha(r.commits[place]);
    }
    return "undecided: the first bad commit is one of the " +
           std::to_string(s.first_bad() - s.last_good()) + " commits after " +
           short_sha(r.commits[s.last_good()]) + " up to " + short_sha(r.commits[s.first_bad()]) +
           (skipped.empty() ? std::string() : "; undecided there: " + skipped) + "; " +
           std::to_string(s.steps().size()) + " of " + std::to_string(r.plan().max_duets) +
           " duets spent; to decide: a larger --budget (processes per duet) or --max-skips (more "
           "duets, each at a smaller alpha), then --resume with another --state";
}

} // namespace

std::string answer_line(const bisect_record& r, const std::string& repo) {
    const auto s = replay(r);
    switch (s.outcome()) {
    case search_outcome::culprit: {
        const auto* c = slower_case(r, s.first_bad());
        std::string change;
        if (c != nullptr && c->change) {
            change = ": " + signed_pct(*c->change) +
                     (c->ci_low && c->ci_high
                          ? " [" + signed_pct(*c->ci_low) + ", " + signed_pct(*c->ci_high) + "]"
                          : std::string()) +
                     " on " + c->key + " against " + short_sha(r.good);
        }
        return "first bad commit " + commit_text(repo, r.commits[s.first_bad()]) + change +
               " (last good " + short_sha(r.commits[s.last_good()]) + "); " + confidence(r) + "; " +
               cost(r);
    }
    case search_outcome::not_slower:
        return "not slower: " + commit_text(repo, r.bad) +
               " read same, faster or not slower than " + short_sha(r.good) + " on every case; " +
               confidence(r) + "; " + cost(r);
    case search_outcome::running:
        return "running: " + std::to_string(r.steps.size()) + " steps so far; --resume continues";
    case search_outcome::undecided:
        break;
    }
    return undecided_text(r, s) + "; " + cost(r);
}

std::string step_line(const bisect_record& r, const bisect_step_record& s, std::size_t duets_left) {
    std::string cases;
    for (const auto& c : s.result.cases) {
        cases += "\n    " + case_text(c);
    }
    return "step " + std::to_string(r.steps.size()) + " (" + std::to_string(duets_left) +
           " duets left): " + short_sha(s.commit) + " (" + std::to_string(s.place) + " of " +
           std::to_string(r.places()) + ") " + to_string(s.result.verdict) + ": " +
           s.result.reason + ", " + format_fixed(s.seconds, 0) + " s" + cases;
}

void print_bisect(std::ostream& os, const bisect_record& r, const std::string& repo) {
    os << "bisect " << terminal_escape(r.spec) << ": " << short_sha(r.good) << " (good) .. "
       << short_sha(r.bad) << " (bad), " << r.places()
       << (r.places() == 1 ? " commit\n" : " commits\n");
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
        const auto& s = r.steps[i];
        os << "  step " << i + 1 << "  " << short_sha(s.commit) << "  "
           << to_string(s.result.verdict) << "  " << terminal_escape(s.result.reason) << "  "
           << format_fixed(s.seconds, 0) << " s  " << terminal_escape(s.profile) << '\n';
    }
    os << terminal_escape(answer_line(r, repo)) << '\n';
}

void print_bisect_markdown(std::ostream& os, const bisect_record& r, const std::string& repo) {
    os << "### gpu-reduce-prof bisect: " << markdown_escape(r.spec) << "\n\n"
       << markdown_escape(answer_line(r, repo)) << "\n\n"
       << "| step | commit | verdict | cases | s |\n| --- | --- | --- | --- | --- |\n";
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
        const auto& s = r.steps[i];
        std::string cases;
        for (const auto& c : s.result.cases) {
            cases += (cases.empty() ? "" : "<br>") + markdown_escape(case_text(c));
        }
        os << "| " << i + 1 << " | `" << short_sha(s.commit) << "` | "
           << to_string(s.result.verdict) << " | " << (cases.empty() ? "-" : cases) << " | "
           << format_fixed(s.seconds, 0) << " |\n";
    }
}

json bisect_json(const bisect_record& r, const std::string& repo) {
    auto j = to_json(r);
    const auto s = replay(r);
    j["outcome"] = to_string(s.outcome());
    j["answer"] = answer_line(r, repo);
    j["last_good"] = r.commits[s.last_good()];
    j["first_bad"] = r.commits[s.first_bad()];
    json skipped = json::array();
    for (const auto place : s.skipped()) {
        skipped.push_back(r.commits[place]);
    }
    j["undecided_in_range"] = skipped;
    j["duets"] = r.steps.size();
    j["seconds"] = total_seconds(r);
    return j;
}

int bisect_exit_status(const bisect_record& r) {
    const auto o = replay(r).outcome();
    return o == search_outcome::culprit || o == search_outcome::not_slower
               ? 0
               : static_cast<int>(exit_code::undecided);
}

} // namespace grp::cli
