// Profiles fabricated for the history tests: one device, one case, a few processes of a few
// rounds each around a chosen time, with a commit and a start time.
#pragma once

#include "grp/model/history/timeline.hpp"

#include <cstdint>
#include <string>

namespace grp::test {

inline device_info history_device(const std::string& name = "Test GPU",
                                  const std::string& driver = "580.159.04") {
    device_info d;
    d.name = name;
    d.vendor = "Test Vendor";
    d.type = "gpu";
    d.driver_version = driver;
    d.uuid = "00112233445566778899aabbccddeeff";
    return d;
}

/// 40 hex digits made of `i` (a fabricated full sha).
inline std::string sha_of(int i) {
    const std::string hex = "0123456789abcdef";
    std::string s(40, '0');
    for (int k = 0; k < 40; ++k) {
        s[static_cast<std::size_t>(k)] = hex[static_cast<std::size_t>((i * 7 + k) % 16)];
    }
    s[0] = hex[static_cast<std::size_t>(i % 16)];
    s[1] = hex[static_cast<std::size_t>((i / 16) % 16)];
    return s;
}

/// A profile of two processes, three rounds each, whose times sit at `ns` (+-0.1 %, fixed
/// pattern), measured at commit sha_of(i), started at minute i.
inline history_source history_profile(int i, double ns, case_status status = case_status::ok,
                                      const device_info& dev = history_device()) {
    profile p;
    p.devices.emplace_back().info = dev;
    p.host.started_at =
        "2026-11-01T00:" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ":00Z";
    for (int run = 0; run < 2; ++run) {
        run_record r;
        r.id = "run" + std::to_string(i) + "_" + std::to_string(run);
        r.revision = git_revision{sha_of(i), "", false};
        p.runs.push_back(r);
    }
    case_result c;
    c.key = make_case_key("reduce3", "float", "flat", 1U << 20U, 256);
    c.status = status;
    for (run_index run = 0; run < 2; ++run) {
        for (int k = 0; k < 3; ++k) {
            round_record rr;
            rr.run = run;
            const double wiggle = 1 + 0.001 * ((k + static_cast<int>(run)) % 3 - 1);
            rr.samples_ns.push_back(static_cast<std::uint64_t>(ns * wiggle));
            c.rounds.push_back(rr);
        }
    }
    c.derive_from_rounds();
    p.cases.push_back(c);
    return {"p" + std::to_string(i) + ".json", p};
}

} // namespace grp::test
