// Reading schema 1.x profiles (gpu-reduce-prof 0.1): the document is reshaped into schema 2
// before parsing, so every command reads old files through the same path. A 1.x case measured
// one burst of launches: it becomes one round of one run, timed as the sum of its passes
// ("kernel"). One round cannot show round-to-round variation, so `compare` reports its timing
// as inconclusive rather than pretending launches were independent samples.
#include "grp/model/profile/v1.hpp"

#include "grp/model/profile/profile.hpp"

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

void upgrade_case(ojson& c) {
    ojson round = {{"run", 0},
                   {"started_s", 0},
                   {"warmup", c.value("warmup", 0)},
                   {"flagged", c.value("flagged_samples", 0)},
                   {"samples_ns", c.value("samples_ns", ojson::array())},
                   {"pass_sum_ns", ojson::array()},
                   {"overhead_ns", c.value("launch_overhead_ns", ojson::array())}};
    c["rounds"] = ojson::array({round});
    c["rounds_planned"] = 1;
    c["timing"] = "kernel"; // 1.x summed END-START over the passes
    const bool exact_type =
        c.contains("key") && c["key"].is_object() &&
        (c["key"].value("type", "") == "int" || c["key"].value("type", "") == "uint");
    if (exact_type && c.value("tolerance", ojson(nullptr)).is_number()) {
        c["tolerance"] = nullptr; // 1.x wrote 0 for "exact"
    }
    bool finite = true;
    for (const auto& v : c.value("result", ojson::array())) {
        finite = finite && v.is_number();
    }
    if (!finite) { // 1.x recorded errors of 0 next to a NaN result
        c["abs_error"] = nullptr;
        c["rel_error"] = nullptr;
    }
    c["verification"] = {{"data", "random (schema 1.x: one verification launch)"}};
}

} // namespace

void upgrade_v1_document(ojson& j) {
    if (auto cases = j.find("cases"); cases != j.end() && cases->is_array()) {
        for (auto& c : *cases) {
            if (c.is_object()) {
                upgrade_case(c);
            }
        }
    }
}

} // namespace grp
