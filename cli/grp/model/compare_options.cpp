#include "grp/model/compare_options.hpp"

#include "grp/core/error.hpp"

#include <sstream>
#include <utility>

namespace grp {

std::string to_string(verdict v) {
    switch (v) {
    case verdict::wrong:
        return "wrong";
    case verdict::slower:
        return "slower";
    case verdict::missing:
        return "missing";
    case verdict::unknown:
        return "unknown";
    case verdict::still_wrong:
        return "still-wrong";
    case verdict::same:
        return "same";
    case verdict::faster:
        return "faster";
    case verdict::fixed:
        return "fixed";
    case verdict::added:
        return "added";
    case verdict::not_run:
        return "not-run";
    }
    return "unknown";
}

fail_policy parse_fail_on(const std::string& list) {
    fail_policy f{false, false, false};
    std::stringstream ss(list);
    std::string word;
    while (std::getline(ss, word, ',')) {
        if (word == "slower") {
            f.slower = true;
        } else if (word == "wrong") {
            f.wrong = true;
        } else if (word == "missing") {
            f.missing = true;
        } else if (word != "none") {
            throw usage_error("--fail-on: unknown outcome '" + word +
                              "'; choose from slower, wrong, missing, or none");
        }
    }
    return f;
}

std::string to_string(const fail_policy& f) {
    std::string s;
    for (auto [on, name] : {std::pair{f.slower, "slower"}, std::pair{f.wrong, "wrong"},
                            std::pair{f.missing, "missing"}}) {
        if (on) {
            s += (s.empty() ? "" : ",") + std::string(name);
        }
    }
    return s.empty() ? "none" : s;
}

void parse_normalize(const std::string& text, compare_options& opt) {
    opt.reference.clear();
    if (text.empty() || text == "none") {
        opt.normalize = normalization::none;
    } else if (text == "peak") {
        opt.normalize = normalization::peak;
    } else {
        opt.normalize = normalization::kernel;
        opt.reference = text;
    }
}

std::string format_p_value(double p) {
    if (p < 0.001) {
        return "<0.001";
    }
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(3);
    os << p;
    return os.str();
}

} // namespace grp
