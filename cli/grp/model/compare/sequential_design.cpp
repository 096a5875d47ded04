#include "grp/model/compare/sequential_design.hpp"

#include "grp/core/error.hpp"
#include "grp/model/stats/student_t.hpp"

#include <cmath>
#include <stdexcept>

namespace grp {

namespace {

[[noreturn]] void malformed(const std::string& what) {
    throw file_error("settings.sequential: " + what);
}

template <typename T> T field(const nlohmann::ordered_json& s, const char* key) {
    if (!s.contains(key)) {
        malformed(std::string("no \"") + key + "\"");
    }
    try {
        return s.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        malformed(std::string("\"") + key + "\" has the wrong type");
    }
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
        malformed("not an object");
    }
    sequential_design d;
    try {
        d.spending = parse_alpha_spending(field<std::string>(s, "spending"));
    } catch (const std::invalid_argument& e) {
        malformed(e.what());
    }
    d.alpha = field<double>(s, "alpha");
    d.max_processes = field<std::size_t>(s, "max_processes");
    d.looks = field<std::vector<std::size_t>>(s, "looks");
    d.stopped = field<std::string>(s, "stopped");
    if (!(d.alpha > 0 && d.alpha < 1)) {
        malformed("\"alpha\" must be in (0, 1)");
    }
    std::size_t last = 0;
    for (auto n : d.looks) {
        if (n <= last || n > d.max_processes) {
            malformed("\"looks\" must increase and stay within \"max_processes\"");
        }
        last = n;
    }
    if (d.looks.empty()) {
        malformed("\"looks\" is empty");
    }
    return d;
}

} // namespace grp
