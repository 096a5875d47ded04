#include "grp/model/bisect/record.hpp"

#include "grp/core/error.hpp"

#include <stdexcept>

namespace grp {

namespace {

using json = nlohmann::ordered_json;

json optional_number(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

std::optional<double> number_from(const json& j, const char* key) {
    return j.contains(key) && j.at(key).is_number() ? std::optional(j.at(key).get<double>())
                                                    : std::nullopt;
}

json step_json(const bisect_step_record& s) {
    json cases = json::array();
    for (const auto& c : s.result.cases) {
        cases.push_back({{"case", c.key},
                         {"verdict", c.verdict},
                         {"change", optional_number(c.change)},
                         {"ci_low", optional_number(c.ci_low)},
                         {"ci_high", optional_number(c.ci_high)}});
    }
    return {{"place", s.place},
            {"commit", s.commit},
            {"verdict", to_string(s.result.verdict)},
            {"reason", s.result.reason},
            {"profile", s.profile},
            {"seconds", s.seconds},
            {"cases", cases}};
}

bisect_step_record step_from(const json& j) {
    bisect_step_record s;
    s.place = j.at("place").get<std::size_t>();
    s.commit = j.at("commit").get<std::string>();
    const auto v = parse_step_verdict(j.at("verdict").get<std::string>());
    if (!v) {
        throw file_error("steps[].verdict: not good, bad or undecided");
    }
    s.result.verdict = *v;
    s.result.reason = j.at("reason").get<std::string>();
    s.profile = j.at("profile").get<std::string>();
    s.seconds = j.at("seconds").get<double>();
    for (const auto& c : j.at("cases")) {
        s.result.cases.push_back({c.at("case").get<std::string>(),
                                  c.at("verdict").get<std::string>(), number_from(c, "change"),
                                  number_from(c, "ci_low"), number_from(c, "ci_high")});
    }
    return s;
}

} // namespace

json to_json(const bisect_record& r) {
    const auto plan = r.plan();
    json steps = json::array();
    for (const auto& s : r.steps) {
        steps.push_back(step_json(s));
    }
    return {{"bisect_version", bisect_version},
            {"repo", r.repo},
            {"spec", r.spec},
            {"good", r.good},
            {"bad", r.bad},
            {"commits", r.commits},
            {"alpha",
             {{"total", r.alpha},
              {"halvings", plan.halvings},
              {"max_skips", r.max_skips},
              {"max_duets", plan.max_duets},
              {"per_duet", plan.per_duet}}},
            {"case_glob", r.case_glob},
            {"cases", r.cases},
            {"run_args", r.run_args},
            {"steps", steps}};
}

bisect_record bisect_record_from_json(const json& j) {
    bisect_record r;
    try {
        const auto version = j.at("bisect_version").get<std::string>();
        if (version.rfind("1.", 0) != 0) {
            throw file_error("bisect_version " + version + ": this build reads 1.x");
        }
        r.repo = j.at("repo").get<std::string>();
        r.spec = j.at("spec").get<std::string>();
        r.good = j.at("good").get<std::string>();
        r.bad = j.at("bad").get<std::string>();
        r.commits = j.at("commits").get<std::vector<std::string>>();
        r.alpha = j.at("alpha").at("total").get<double>();
        r.max_skips = j.at("alpha").at("max_skips").get<std::size_t>();
        r.case_glob = j.at("case_glob").get<std::string>();
        r.cases = j.at("cases").get<std::vector<std::string>>();
        r.run_args = j.at("run_args").get<std::vector<std::string>>();
        for (const auto& s : j.at("steps")) {
            r.steps.push_back(step_from(s));
        }
        if (r.commits.size() < 2 || r.commits.front() != r.good || r.commits.back() != r.bad) {
            throw file_error("commits: not the line from good to bad");
        }
        (void)r.plan(); // alpha in range
        (void)replay(r);
    } catch (const nlohmann::json::exception& e) {
        throw file_error(std::string("not a bisect state: ") + e.what());
    } catch (const std::invalid_argument& e) {
        throw file_error(std::string("alpha: ") + e.what());
    }
    return r;
}

bisect_search replay(const bisect_record& r) {
    bisect_search s(r.places(), r.plan().max_duets);
    for (const auto& step : r.steps) {
        if (s.next() != step.place || step.place >= r.commits.size() ||
            r.commits[step.place] != step.commit) {
            throw file_error("steps: place " + std::to_string(step.place) +
                             " is not the one the search measures next");
        }
        s.record(step.place, step.result.verdict);
    }
    return s;
}

} // namespace grp
