#include "grp/model/plan/sweep_plan.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/plan/search.hpp"

#include <algorithm>
#include <map>
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
        out = default_local_sizes(dev);
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
    // A CPU's report is never trusted upward (#47: PoCL said 300 MiB on one VM, 2^28 floats, a
    // 327 s default run): its measured knee, else the floor.
    const bool cpu = device_class(dev.type) == "cpu";
    std::uint64_t target = cpu ? dev.measured_default_bytes.value_or(default_floor_bytes(dev))
                               : std::max<std::uint64_t>(2 * dev.global_cache_bytes.value_or(0),
                                                         default_floor_bytes(dev));
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
    // Drivers under-report the last-level cache (NVIDIA's OpenCL says 4 MiB for the H100's 50 MB
    // L2; PoCL says 0 B), so neither class trusts it. GPUs get a floor above any current L2 or
    // Infinity Cache. CPUs get 128 MiB: on the 2-core EPYC VM this was tuned on (L3 size hidden
    // by the hypervisor) a 2-thread read of 64 MiB still ran from cache in part, 128 MiB at DRAM
    // speed (bench/results/cpu-l3-knee.txt).
    return device_class(dev.type) == "cpu" ? std::uint64_t{128} << 20 : std::uint64_t{512} << 20;
}

std::set<std::uint64_t> default_local_sizes(const device_info& dev) {
    // A CPU runs a work-group on one thread: local size 1 is the CPU-shaped kernels' size, and
    // the driver's preferred multiple (8 on PoCL: one AVX2 vector of floats across work-items)
    // the GPU-shaped kernels' best; on PoCL the ladder at local size 64 ran 3-9x slower than at
    // 8, which made the default sweep take minutes at a size larger than the caches.
    if (device_class(dev.type) == "cpu") {
        const std::uint64_t max = dev.max_work_group_size.value_or(8);
        return {1, std::max<std::uint64_t>(
                       1, std::min(max, dev.preferred_work_group_multiple.value_or(8)))};
    }
    return {64, 256};
}

std::vector<element_type> planned_types(const kernel_spec& k, const sweep_options& opt) {
    if (!opt.types.empty()) {
        return opt.types;
    }
    const bool builtin = k.spec_path.empty() || k.spec_path.rfind("builtin:", 0) == 0;
    if (builtin || k.types.empty()) {
        return {element_type::float32};
    }
    return k.types;
}

namespace {

// One kernel name may have an entry per layout (vec3_tree for aos12, aos16, soa): a layout that
// another entry of the same name declares is that entry's point, not a skip of this one; a
// layout that no entry declares is one skipped case, the first entry's (not one per entry: the
// same key three times).
bool served_by_sibling(const std::vector<kernel_spec>& kernels, std::size_t k, data_layout l) {
    const auto& own = kernels[k].layouts;
    if (std::find(own.begin(), own.end(), l) != own.end()) {
        return false;
    }
    const auto same_name = [&](const kernel_spec& other) {
        return other.name == kernels[k].name;
    };
    const bool declared = std::any_of(kernels.begin(), kernels.end(), [&](const kernel_spec& o) {
        return same_name(o) && std::find(o.layouts.begin(), o.layouts.end(), l) != o.layouts.end();
    });
    return declared || std::any_of(kernels.begin(),
                                   kernels.begin() + static_cast<std::ptrdiff_t>(k), same_name);
}

// The default local sizes on a CPU include 1, the size a CPU-shaped kernel wants: a kernel
// whose spec gives a launch geometry for CPUs (a "cpu" entry in grid.max_groups). The others are
// GPU-shaped: at local size 1 an uncapped one launches a group per element or two (timing the
// runtime's cost per group, for minutes, not memory), so the default sweep leaves those points
// out; a local size the user names still runs them.
bool left_out_of_default(const kernel_spec& k, const sweep_options& opt, const device_info& dev,
                         std::uint64_t local_size) {
    const std::string cls = device_class(dev.type);
    return opt.local_sizes == "default" && local_size == 1 && cls == "cpu" &&
           k.grid.by_class.count(cls) == 0;
}

// The local sizes a kernel is planned at: the sweep's, except that with the "default" sizes a
// kernel that runs at one fixed local size (a spec's "local_size": {"fixed": 256}) runs at that
// size instead of being skipped at every default one.
std::vector<std::uint64_t> kernel_locals(const kernel_spec& k, const sweep_options& opt,
                                         const std::vector<std::uint64_t>& locals) {
    if (opt.local_sizes == "default" && k.local.fixed != 0) {
        return {k.local.fixed};
    }
    return locals;
}

// The points of one (kernel, type, op, layout): sizes x local sizes.
void plan_sizes(const std::vector<kernel_spec>& kernels, std::size_t k, const sweep_options& opt,
                const device_info& dev, const sweep_point& base,
                const std::vector<std::uint64_t>& locals, std::vector<sweep_point>& out) {
    auto sizes = opt.sizes;
    if (sizes.empty()) {
        sizes.push_back(default_size(dev, record_bytes(base.layout, base.type)));
    }
    for (auto n : sizes) {
        for (auto ls : kernel_locals(kernels[k], opt, locals)) {
            if (!left_out_of_default(kernels[k], opt, dev, ls)) {
                sweep_point p = base;
                p.n = n;
                p.local_size = ls;
                out.push_back(p);
            }
        }
    }
}

} // namespace

namespace {

/// Every point once per cache state, the states of a point next to each other.
std::vector<sweep_point> with_cache_states(const std::vector<sweep_point>& points,
                                           const std::vector<std::string>& states) {
    std::vector<sweep_point> out;
    out.reserve(points.size() * states.size());
    for (const auto& pt : points) {
        for (const auto& state : states) {
            out.push_back(pt);
            out.back().cache = state;
        }
    }
    return out;
}

} // namespace

namespace {

// The local sizes kernel k is planned at on this device (plan_sizes' inner loop).
std::uint64_t planned_locals(const kernel_spec& k, const sweep_options& opt, const device_info& dev,
                             const std::vector<std::uint64_t>& locals) {
    const auto mine = kernel_locals(k, opt, locals);
    return static_cast<std::uint64_t>(std::count_if(
        mine.begin(), mine.end(), [&](auto ls) { return !left_out_of_default(k, opt, dev, ls); }));
}

std::string counted(std::uint64_t n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

} // namespace

std::string sweep_count::factors() const {
    return counted(configurations, "configuration") + " x " + counted(types, "type") + " x " +
           counted(ops, "op") + " x " + counted(layouts, "layout") + " x " +
           counted(sizes, "size") + " x " + counted(local_sizes, "local size") +
           (cache_states > 1 ? " x " + counted(cache_states, "cache state") : "");
}

// The loops of plan_sweep, counting: every (kernel, type, op, layout) plans sizes x its local
// sizes; a random search keeps per (name, type, op, layout, n) at most `random_configs` of
// its configurations (instances, which share the spec's local sizes), each at all of them, so
// there the count is per kernel name.
sweep_count count_sweep(const std::vector<kernel_spec>& kernels, const sweep_options& opt,
                        const device_info& dev) {
    const auto locals = resolve_local_sizes(opt.local_sizes, dev);
    sweep_count c;
    c.ops = opt.ops.size();
    c.sizes = opt.sizes.empty() ? 1 : opt.sizes.size();
    c.cache_states = cache_states(opt.cache, dev).size();
    // Per kernel name and layout: its configurations, their (shared) local sizes and types.
    struct name_counts {
        std::uint64_t configs = 0, locals = 0, types = 0;
    };
    std::map<std::pair<std::string, data_layout>, name_counts> per_name;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].chosen_by_default && !kernels[k].in_default_for(device_class(dev.type))) {
            continue;
        }
        ++c.configurations;
        const auto& layouts = opt.layouts.empty() ? kernels[k].layouts : opt.layouts;
        c.layouts = std::max<std::uint64_t>(c.layouts, layouts.size());
        const auto ls = planned_locals(kernels[k], opt, dev, locals);
        c.local_sizes = std::max(c.local_sizes, ls);
        const std::uint64_t types = planned_types(kernels[k], opt).size();
        c.types = std::max(c.types, types);
        for (auto l : layouts) {
            if (!served_by_sibling(kernels, k, l)) {
                auto& counts = per_name[{kernels[k].name, l}];
                ++counts.configs;
                counts.locals = std::max(counts.locals, ls);
                counts.types = std::max(counts.types, types);
            }
        }
    }
    for (const auto& [name_layout, n] : per_name) {
        const auto kept =
            opt.random_configs != 0 ? std::min(n.configs, opt.random_configs) : n.configs;
        c.points = saturating_add(c.points,
                                  saturating_mul(saturating_mul(kept, n.locals), n.types * c.ops));
    }
    c.points = saturating_mul(saturating_mul(c.points, c.sizes), c.cache_states);
    return c;
}

std::vector<sweep_point> plan_sweep(const std::vector<kernel_spec>& kernels,
                                    const sweep_options& opt, const device_info& dev) {
    const auto locals = resolve_local_sizes(opt.local_sizes, dev);
    std::vector<sweep_point> out;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].chosen_by_default && !kernels[k].in_default_for(device_class(dev.type))) {
            continue; // another device class's default kernel (e.g. CPU-shaped on a GPU)
        }
        const auto& layouts = opt.layouts.empty() ? kernels[k].layouts : opt.layouts;
        for (auto t : planned_types(kernels[k], opt)) {
            for (const auto& op : opt.ops) {
                for (auto l : layouts) {
                    if (!served_by_sibling(kernels, k, l)) {
                        plan_sizes(kernels, k, opt, dev, {k, t, l, 0, 0, op}, locals, out);
                    }
                }
            }
        }
    }
    if (opt.random_configs != 0) {
        out = sample_points(out, kernels, opt.random_configs, opt.seed);
    }
    if (opt.order == sweep_order::interleaved) {
        std::stable_sort(out.begin(), out.end(), [](const sweep_point& a, const sweep_point& b) {
            return std::tie(a.type, a.op, a.layout, a.n, a.local_size) <
                   std::tie(b.type, b.op, b.layout, b.n, b.local_size);
        });
    } else if (opt.order == sweep_order::random) {
        std::mt19937_64 rng(opt.seed);
        std::shuffle(out.begin(), out.end(), rng);
    }
    return with_cache_states(out, cache_states(opt.cache, dev));
}

std::vector<sweep_point> plan_capped_sweep(const std::vector<kernel_spec>& kernels,
                                           const sweep_options& opt, const device_info& dev,
                                           std::uint64_t max_cases) {
    const auto c = count_sweep(kernels, opt, dev);
    if (c.points > max_cases) {
        throw usage_error(
            "the sweep plans " + std::to_string(c.points) + " cases on " +
            terminal_escape(dev.name) + " (up to " + c.factors() + "), more than --max-cases " +
            std::to_string(max_cases) +
            ". Narrow it (fewer kernels or configurations: -k, --search random:N; fewer -t, "
            "--op, --layout, -n or -l values) or raise the cap: --max-cases " +
            std::to_string(c.points));
    }
    return plan_sweep(kernels, opt, dev);
}

} // namespace grp
