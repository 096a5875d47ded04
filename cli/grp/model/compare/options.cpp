#include "grp/model/compare/options.hpp"

#include "grp/core/error.hpp"

#include <sstream>
#include <utility>

namespace grp {

std::string to_string(verdict v) {
    switch (v) {
    case verdict::wrong:
        return "wrong";
    case verdict::implausible:
        return "implausible";
    case verdict::slower:
        return "slower";
    case verdict::unmeasured:
        return "unmeasured";
    case verdict::missing:
        return "missing";
    case verdict::biased:
        return "biased";
    case verdict::inconclusive:
        return "inconclusive";
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
    return "inconclusive";
}

fail_policy parse_fail_on(const std::string& list) {
    if (list.find_first_not_of(" ,") == std::string::npos) {
        throw usage_error("--fail-on is empty: that would let every case pass. Name the "
                          "outcomes (slower,wrong,unmeasured,missing,inconclusive) or say 'none'");
    }
    fail_policy f{false, false, false, false, false};
    std::stringstream ss(list);
    std::string word;
    while (std::getline(ss, word, ',')) {
        if (word == "slower") {
            f.slower = true;
        } else if (word == "wrong") {
            f.wrong = true;
        } else if (word == "unmeasured") {
            f.unmeasured = true;
        } else if (word == "missing") {
            f.missing = true;
        } else if (word == "inconclusive") {
            f.inconclusive = true;
        } else if (word != "none") {
            throw usage_error("--fail-on: unknown outcome '" + word +
                              "'; choose from slower, wrong, unmeasured, missing, inconclusive, "
                              "or none");
        }
    }
    return f;
}

std::string to_string(const fail_policy& f) {
    std::string s;
    for (auto [on, name] : {std::pair{f.slower, "slower"}, std::pair{f.wrong, "wrong"},
                            std::pair{f.unmeasured, "unmeasured"}, std::pair{f.missing, "missing"},
                            std::pair{f.inconclusive, "inconclusive"}}) {
        if (on) {
            s += (s.empty() ? "" : ",") + std::string(name);
        }
    }
    return s.empty() ? "none" : s;
}

round_center parse_round_center(const std::string& s) {
    if (s == "median") {
        return round_center::median;
    }
    if (s == "min") {
        return round_center::min;
    }
    throw usage_error("--round-center '" + s + "': expected 'median' or 'min'");
}

std::string to_string(round_center c) {
    return c == round_center::min ? "min" : "median";
}

compare_options same_round_options() {
    compare_options opt;
    opt.max_cpu_wait = 0;
    opt.set_aside_unsteady = false;
    return opt;
}

void parse_normalize(const std::string& text, compare_options& opt) {
    opt.reference.clear();
    if (text.empty() || text == "none") {
        opt.normalize = normalization::none;
    } else if (text == "peak") {
        opt.normalize = normalization::peak;
    } else if (text == "floor") {
        opt.normalize = normalization::floor;
    } else {
        opt.normalize = normalization::kernel;
        opt.reference = text;
    }
}

void check_compare_options(const compare_options& opt) {
    if (!(opt.alpha > 0 && opt.alpha < 0.5)) { // NaN fails too
        throw usage_error("--alpha must be a number between 0 and 0.5 (0.01 gives a 99 % "
                          "confidence interval)");
    }
    if (!(opt.threshold >= 0 && opt.threshold < 1)) {
        throw usage_error("--threshold must be from 0 % to below 100 %");
    }
    if (opt.min_rounds < 2) {
        throw usage_error("--min-rounds must be at least 2: one round shows no variation");
    }
}

} // namespace grp
