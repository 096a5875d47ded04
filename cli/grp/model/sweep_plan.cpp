#include "grp/model/sweep_plan.hpp"

#include "grp/core/error.hpp"
#include "grp/core/units.hpp"

#include <algorithm>
#include <random>
#include <set>
#include <sstream>

namespace grp {

sweep_order parse_sweep_order(const std::string& s) {
    if (s == "sequential") {
        return sweep_order::sequential;
    }
    if (s == "interleaved") {
        return sweep_order::interleaved;
    }
    if (s == "random") {
        return sweep_order::random;
    }
    throw usage_error("--order '" + s + "': use sequential, interleaved or random");
}

std::string to_string(sweep_order o) {
    switch (o) {
    case sweep_order::sequential:
        return "sequential";
    case sweep_order::interleaved:
        return "interleaved";
    case sweep_order::random:
        return "random";
    }
    return "?";
}

std::vector<std::uint64_t> resolve_local_sizes(const std::string& text, const device_info& dev) {
    const std::uint64_t max = dev.max_work_group_size.value_or(256);
    std::set<std::uint64_t> out;
    if (text == "default") {
        out = {64, 256};
    } else if (text == "pow2" || text == "all") {
        // Bounded loops whatever the driver reports (a multiple of 0, a maximum near 2^64).
        for (std::uint64_t s = 1; s <= max && s != 0; s *= 2) {
            out.insert(s);
        }
        if (text == "all") {
            const std::uint64_t m =
                std::max<std::uint64_t>(1, dev.preferred_work_group_multiple.value_or(1));
            for (std::uint64_t s = m; s <= max && out.size() < 65536; s += m) {
                out.insert(s);
            }
        }
    } else {
        std::stringstream ss(text);
        for (std::string item; std::getline(ss, item, ',');) {
            auto v = parse_count(item, "--local-size");
            if (v == 0) {
                throw usage_error("--local-size: 0 is not a work-group size");
            }
            out.insert(v);
        }
    }
    if (out.empty()) {
        throw usage_error("--local-size '" + text + "' names no size");
    }
    return {out.begin(), out.end()};
}

std::uint64_t default_size(const device_info& dev, std::size_t record_bytes) {
    std::uint64_t target =
        std::max<std::uint64_t>(2 * dev.global_cache_bytes.value_or(0), default_floor_bytes(dev));
    if (dev.max_alloc_bytes && *dev.max_alloc_bytes / 4 < target) {
        target = *dev.max_alloc_bytes / 4;
    }
    std::uint64_t n = 1;
    while (n * record_bytes < target) {
        n *= 2;
    }
    return n;
}

std::uint64_t default_floor_bytes(const device_info& dev) {
    // GPU drivers under-report the last-level cache (NVIDIA's OpenCL says 4 MiB for the H100's
    // 50 MB L2), so GPUs get a floor above any current L2 or Infinity Cache. CPUs get a small
    // floor so that the default sweep stays quick on PoCL with two cores.
    return dev.type.find("cpu") != std::string::npos ? std::uint64_t{16} << 20
                                                     : std::uint64_t{512} << 20;
}

namespace {

// One kernel name may have an entry per layout (vec3_tree for aos12, aos16, soa): a layout that
// another entry of the same name declares is that entry's point, not a skip of this one.
bool served_by_sibling(const std::vector<kernel_spec>& kernels, std::size_t k, data_layout l) {
    const auto& own = kernels[k].layouts;
    if (std::find(own.begin(), own.end(), l) != own.end()) {
        return false;
    }
    return std::any_of(kernels.begin(), kernels.end(), [&](const kernel_spec& other) {
        return other.name == kernels[k].name &&
               std::find(other.layouts.begin(), other.layouts.end(), l) != other.layouts.end();
    });
}

} // namespace

std::vector<sweep_point> plan_sweep(const std::vector<kernel_spec>& kernels,
                                    const sweep_options& opt, const device_info& dev) {
    const auto locals = resolve_local_sizes(opt.local_sizes, dev);
    const auto types =
        opt.types.empty() ? std::vector<element_type>{element_type::float32} : opt.types;
    std::vector<sweep_point> out;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        const auto& layouts = opt.layouts.empty() ? kernels[k].layouts : opt.layouts;
        for (auto t : types) {
            for (auto l : layouts) {
                if (served_by_sibling(kernels, k, l)) {
                    continue;
                }
                auto sizes = opt.sizes;
                if (sizes.empty()) {
                    sizes.push_back(default_size(dev, record_bytes(l, t)));
                }
                for (auto n : sizes) {
                    for (auto ls : locals) {
                        out.push_back({k, t, l, n, ls});
                    }
                }
            }
        }
    }
    if (opt.order == sweep_order::interleaved) {
        std::stable_sort(out.begin(), out.end(), [](const sweep_point& a, const sweep_point& b) {
            return std::tie(a.type, a.layout, a.n, a.local_size) <
                   std::tie(b.type, b.layout, b.n, b.local_size);
        });
    } else if (opt.order == sweep_order::random) {
        std::mt19937_64 rng(opt.seed);
        std::shuffle(out.begin(), out.end(), rng);
    }
    return out;
}

} // namespace grp
