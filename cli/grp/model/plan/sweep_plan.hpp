// The sweep: kernels x types x operators x layouts x sizes x local sizes, expanded into the ordered
// list of points one device runs. Local sizes and default sizes depend on the device, so a plan is
// made per device. Points a kernel or device cannot run stay in the plan; the runner records them
// as skipped with the reason, never drops them silently.
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/cache_mode.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace grp {

enum class sweep_order { sequential, interleaved, random };
sweep_order parse_sweep_order(const std::string& s);
std::string to_string(sweep_order o);

struct sweep_options {
    std::string local_sizes = "default"; ///< "default", "pow2", "all" or "32,64,256"
    std::vector<std::uint64_t> sizes;    ///< elements/records; empty: sized from the device
    std::vector<element_type> types;     ///< empty: planned_types' default
    std::vector<data_layout> layouts;    ///< empty: each kernel's declared layouts
    std::vector<std::string> ops{"sum"}; ///< reduction operators (--op)
    sweep_order order = sweep_order::sequential;
    std::uint64_t seed = 1;
    /// --search random:N: configurations per (kernel, type, layout, n); 0: all of them.
    std::uint64_t random_configs = 0;
    cache_mode cache = cache_mode::automatic; ///< --cache: the states each point is timed in
};

struct sweep_point {
    std::size_t kernel = 0; ///< index into the kernel list
    element_type type = element_type::float32;
    data_layout layout = data_layout::flat;
    std::uint64_t n = 0;
    std::uint64_t local_size = 0;
    std::string op = "sum";     ///< the reduction operator
    std::string cache = "warm"; ///< "cold" or "warm" (cache_mode.hpp)
};

/// Resolves a local-size list for a device: "default" = default_local_sizes, "pow2" = 1, 2, 4
/// ... up to max_work_group_size, "all" = pow2 plus every multiple of the preferred work-group
/// multiple, or an explicit comma list. Throws usage_error on a bad list.
std::vector<std::uint64_t> resolve_local_sizes(const std::string& text, const device_info& dev);

/// The quick sweep's local sizes: 64 and 256 on GPUs and accelerators; on CPUs 1 and the
/// preferred work-group multiple (8 when unknown; capped by max_work_group_size): a CPU runs a
/// work-group on one thread, CPU-shaped kernels stream best at local size 1 and GPU-shaped ones
/// at the driver's vector width.
std::set<std::uint64_t> default_local_sizes(const device_info& dev);

/// The default problem size for a device and record size: the smallest power of two whose bytes
/// reach, on a CPU, its measured_default_bytes (run measures the knee: size_knee.hpp) or else
/// default_floor_bytes, whatever cache the driver reports; on other devices max(2 x the reported
/// last-level cache, default_floor_bytes). Capped at a quarter of the max allocation.
std::uint64_t default_size(const device_info& dev, std::size_t record_bytes);

/// 512 MiB for GPUs and accelerators, 128 MiB for CPUs: above the last-level cache, which
/// drivers under-report (see default_size).
std::uint64_t default_floor_bytes(const device_info& dev);

/// The types kernel `k` is planned at: -t's (opt.types) when given; else a user's kernel runs
/// the types its spec declares ("types", float when it names none) and a built-in runs float
/// (the built-ins declare every type they can run, a quick sweep wants one).
std::vector<element_type> planned_types(const kernel_spec& k, const sweep_options& opt);

/// How many points plan_sweep returns for a device, counted without building them (a plan of
/// millions of points would exhaust memory before it could be refused), and the factors they
/// come from: the largest count of each over the kernels (some points are left out, so the
/// product of the factors can exceed `points`). Counts saturate at UINT64_MAX.
struct sweep_count {
    std::uint64_t points = 0;
    std::uint64_t configurations = 0; ///< kernel instances planned on this device
    std::uint64_t types = 0, ops = 0, layouts = 0, sizes = 0, local_sizes = 0, cache_states = 0;
    /// "4096 configurations x 4 types x 4 ops x 1 layout x 1 size x 13 local sizes"
    [[nodiscard]] std::string factors() const;
};
sweep_count count_sweep(const std::vector<kernel_spec>& kernels, const sweep_options& opt,
                        const device_info& dev);

/// Every point, in the requested order ("sequential": kernel-major nesting; "interleaved":
/// kernels innermost so slow drift of the device spreads over all kernels; "random": a seeded
/// shuffle). Kernels the default sweep chose are planned only on devices of their default
/// classes; with the "default" local sizes on a CPU, local size 1 is planned only for kernels
/// whose grid rule has a "cpu" group cap (CPU-shaped: others launch a group per element or two).
/// Each point is planned once per cache state (cache_states), the states next to each other.
std::vector<sweep_point> plan_sweep(const std::vector<kernel_spec>& kernels,
                                    const sweep_options& opt, const device_info& dev);

/// plan_sweep, refused first when count_sweep finds more than `max_cases` points (run
/// --max-cases): throws usage_error naming the count, the device, the factors, how to narrow
/// the sweep and how to raise the cap. Nothing is allocated for a refused plan.
std::vector<sweep_point> plan_capped_sweep(const std::vector<kernel_spec>& kernels,
                                           const sweep_options& opt, const device_info& dev,
                                           std::uint64_t max_cases);

} // namespace grp
