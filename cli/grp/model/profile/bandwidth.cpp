#include "grp/model/profile/bandwidth.hpp"

#include "grp/model/profile/json_fields.hpp"
#include "grp/model/profile/profile.hpp"

#include <algorithm>

namespace grp {

using ojson = nlohmann::ordered_json;
using profile_fields::opt_double;

ojson peak_json(const std::optional<peak_bandwidth>& p) {
    if (!p) {
        return nullptr;
    }
    return {{"read_gbps", json_number(p->read_gbps)},
            {"copy_gbps", json_number(p->copy_gbps)},
            {"bytes", p->bytes},
            {"read_median_ns", json_number(p->read_median_ns)},
            {"copy_median_ns", json_number(p->copy_median_ns)},
            {"read_shape", p->read_shape}};
}

std::optional<peak_bandwidth> peak_from(const ojson& j) {
    if (!j.is_object()) {
        return std::nullopt;
    }
    peak_bandwidth b;
    b.read_gbps = opt_double(j, "read_gbps").value_or(0);
    b.copy_gbps = opt_double(j, "copy_gbps").value_or(0);
    b.bytes = j.value("bytes", std::uint64_t{0});
    b.read_median_ns = opt_double(j, "read_median_ns").value_or(0);
    b.copy_median_ns = opt_double(j, "copy_median_ns").value_or(0);
    b.read_shape = j.value("read_shape", "stream_read");
    return b;
}

void keep_best_roofs(std::vector<read_roof>& into, const std::vector<read_roof>& from) {
    for (const auto& r : from) {
        auto same = std::find_if(into.begin(), into.end(),
                                 [&r](const read_roof& o) { return o.bytes == r.bytes; });
        if (same == into.end()) {
            into.push_back(r);
        } else if (r.read_gbps > same->read_gbps) {
            *same = r;
        }
    }
}

ojson roofs_json(const std::vector<read_roof>& roofs) {
    ojson out = ojson::array();
    for (const auto& r : roofs) {
        out.push_back({{"bytes", r.bytes},
                       {"read_gbps", json_number(r.read_gbps)},
                       {"read_median_ns", json_number(r.read_median_ns)},
                       {"read_shape", r.read_shape}});
    }
    return out;
}

std::vector<read_roof> roofs_from(const ojson& j) {
    std::vector<read_roof> out;
    if (!j.is_array()) {
        return out;
    }
    for (const auto& r : j) {
        if (r.is_object() && r.value("bytes", ojson()).is_number_unsigned()) {
            out.push_back({r["bytes"].get<std::uint64_t>(), opt_double(r, "read_gbps").value_or(0),
                           opt_double(r, "read_median_ns").value_or(0), r.value("read_shape", "")});
        }
    }
    return out;
}

} // namespace grp
