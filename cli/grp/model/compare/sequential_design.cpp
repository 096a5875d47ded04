#include "grp/model/compare/sequential_design.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/stats/student_t.hpp"

#include <cmath>
#include <stdexcept>

namespace grp {

namespace {

[[noreturn]] void malformed(const std::string& field, const std::string& what) {
    throw file_error("/settings/sequential" + (field.empty() ? "" : "/" + field) + ": " + what);
}

template <typename T> T field(const nlohmann::ordered_json& s, const char* key) {
    if (!s.contains(key)) {
        malformed("", std::string("no \"") + key +
                          "\" (a sequential duet's record has spending, "
                          "alpha, max_processes, looks and stopped)");
    }
    try {
        return s.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        malformed(key, "has the wrong type");
    }
}

// A count: a JSON integer >= 0 (a get<std::size_t> would wrap -1 and truncate 3.5). Parsed
// text holds one as unsigned; a record built in memory (8 is an int) as a signed integer.
std::size_t count_of(const nlohmann::ordered_json& v, const char* key) {
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
        malformed(key, std::string("must hold whole numbers of processes (0 or more), got ") +
                           (v.is_number() ? "a negative or fractional number" : v.type_name()));
    }
    return v.get<std::size_t>();
}

// The looks: at least one, strictly increasing, the first after the fixed design's processes,
// none past the budget.
void check_looks(const sequential_design& d) {
    if (d.looks.empty()) {
        malformed("looks", "is empty (a record is written only after a look)");
    }
    if (d.looks.front() < sequential_first_look) {
        malformed("looks", "the first look is at " + std::to_string(d.looks.front()) +
                               " processes; a sequential duet looks first after " +
                               std::to_string(sequential_first_look));
    }
    for (std::size_t k = 1; k < d.looks.size(); ++k) {
        if (d.looks[k] <= d.looks[k - 1]) {
            malformed("looks", "must increase strictly (" + std::to_string(d.looks[k - 1]) +
                                   " then " + std::to_string(d.looks[k]) + ")");
        }
    }
    if (d.looks.back() > d.max_processes) {
        malformed("looks", "a look at " + std::to_string(d.looks.back()) +
                               " processes passes \"max_processes\" (" +
                               std::to_string(d.max_processes) + ")");
    }
}

// The processes --budget gave in `argv` ("--budget 12", "--budget=12,3min"), or none when it
// gave none or only a time (then the default, which depends on the devices, applies).
std::optional<std::size_t> budget_processes(const std::vector<std::string>& argv) {
    std::optional<std::string> value;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--budget" && i + 1 < argv.size()) {
            value = argv[i + 1];
        } else if (argv[i].rfind("--budget=", 0) == 0) {
            value = argv[i].substr(9);
        }
    }
    std::string rest = value.value_or("") + ",";
    for (std::size_t at = 0, comma; (comma = rest.find(',', at)) != std::string::npos;
         at = comma + 1) {
        const std::string t = rest.substr(at, comma - at);
        if (!t.empty() && t.size() <= 9 && t.find_first_not_of("0123456789") == std::string::npos) {
            return static_cast<std::size_t>(std::stoul(t));
        }
    }
    return std::nullopt;
}

} // namespace

std::vector<sequential_look> sequential_design::boundary() const {
    std::vector<double> fractions;
    for (auto n : looks) {
        fractions.push_back(static_cast<double>(n) / static_cast<double>(max_processes));
    }
    return sequential_boundary(fractions, alpha, spending);
}

double sequential_design::level_at_last_look(double df) const {
    const auto b = boundary();
    const double t = look_t_critical(b, b.size() - 1, df);
    return std::isinf(t) ? 0.0 : 2 * student_t_cdf(-t, df);
}

double sequential_design::spent() const {
    return spent_alpha(looks.empty()
                           ? 0.0
                           : static_cast<double>(looks.back()) / static_cast<double>(max_processes),
                       alpha, spending);
}

nlohmann::ordered_json to_json(const sequential_design& d) {
    return {{"spending", to_string(d.spending)},
            {"alpha", d.alpha},
            {"max_processes", d.max_processes},
            {"looks", d.looks},
            {"stopped", d.stopped}};
}

std::string stop_reason(std::size_t undecided, std::size_t processes, std::size_t max_processes,
                        double elapsed_s, double max_seconds) {
    if (undecided == 0) {
        return "decided";
    }
    if (processes >= max_processes) {
        return "budget";
    }
    const double per_process = processes > 0 ? elapsed_s / static_cast<double>(processes) : 0;
    return max_seconds > 0 && elapsed_s + per_process > max_seconds ? "budget" : "";
}

std::optional<sequential_design> sequential_design_of(const nlohmann::ordered_json& settings) {
    if (!settings.is_object() || !settings.contains("sequential")) {
        return std::nullopt;
    }
    const auto& s = settings.at("sequential");
    if (!s.is_object()) {
        malformed("", "not an object (a sequential duet's record of its looks)");
    }
    sequential_design d;
    const auto spending = field<std::string>(s, "spending");
    try {
        d.spending = parse_alpha_spending(spending);
    } catch (const std::invalid_argument&) {
        malformed("spending", "'" + terminal_escape(utf8_prefix(spending, 40)) +
                                  "' is not a spending function (obrien-fleming, pocock)");
    }
    d.alpha = field<double>(s, "alpha");
    d.max_processes = count_of(field<nlohmann::ordered_json>(s, "max_processes"), "max_processes");
    for (const auto& n : field<nlohmann::ordered_json::array_t>(s, "looks")) {
        d.looks.push_back(count_of(n, "looks"));
    }
    d.stopped = field<std::string>(s, "stopped");
    // compare's --alpha range: a record may not judge at a level no option could ask for.
    if (!(d.alpha > 0 && d.alpha < 0.5)) {
        malformed("alpha", "must be in (0, 0.5), as compare's --alpha (the run writes 0.01)");
    }
    if (d.max_processes < sequential_first_look || d.max_processes > max_run_processes) {
        malformed("max_processes", std::to_string(d.max_processes) + " is outside --budget's " +
                                       std::to_string(sequential_first_look) + " to " +
                                       std::to_string(max_run_processes) + " processes");
    }
    check_looks(d);
    if (d.stopped != "decided" && d.stopped != "budget" && d.stopped != "interrupted") {
        malformed("stopped", "must be \"decided\", \"budget\" or \"interrupted\"");
    }
    return d;
}

std::size_t measured_processes(const profile& p) {
    std::size_t n = 0;
    for (const auto& c : p.cases) {
        for (const auto& r : c.rounds) {
            if (!r.samples_ns.empty() && r.run >= n) {
                n = static_cast<std::size_t>(r.run) + 1;
            }
        }
    }
    return n;
}

std::optional<sequential_design> checked_sequential_design(const profile& p) {
    auto d = sequential_design_of(p.settings);
    if (!d) {
        return d;
    }
    if (const std::size_t measured = measured_processes(p); d->looks.back() > measured) {
        malformed("looks", "the last look is at " + std::to_string(d->looks.back()) +
                               " processes, but " + std::to_string(measured) +
                               " measured (runs whose rounds the cases hold): a look at a "
                               "process without data would judge the earlier data at a "
                               "later look's level (an earlier gpu-reduce-prof wrote one when a "
                               "signal cut the duet short: drop the looks past " +
                               std::to_string(measured) + ", or run the duet again)");
    }
    if (const auto budget = budget_processes(p.tool.argv); budget && *budget != d->max_processes) {
        malformed("max_processes", std::to_string(d->max_processes) +
                                       " is not the run's --budget (" + std::to_string(*budget) +
                                       " processes, tool.argv)");
    }
    return d;
}

} // namespace grp
