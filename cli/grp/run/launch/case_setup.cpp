#include "grp/run/launch/case_setup.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/measure/verify.hpp"
#include "grp/model/plan/pass_plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>

namespace grp::run {

namespace {

std::string bytes_note(const sweep_point& p) {
    std::string rec = std::to_string(record_bytes(p.layout, p.type)) + " B";
    std::string what = p.layout == data_layout::flat    ? to_string(p.type)
                       : p.layout == data_layout::aos16 ? "aos16 record, 4 B of it padding"
                                                        : to_string(p.layout) + " record";
    return "input read once: n x " + rec + " (" + what + "); partial sums not counted";
}

// Why the kernel cannot run the point's operator, or "": it must declare the operator (never
// clamped to sum), the operator must have an exact reference for the type, and the data must
// reach the kernel unpadded and be finished on the device (the host finish and the zero padding
// of "pad" kernels are sums).
std::string op_skip_reason(const kernel_spec& k, const sweep_point& p) {
    if (p.op == "sum") {
        return "";
    }
    if (std::find(k.ops.begin(), k.ops.end(), p.op) == k.ops.end()) {
        return "kernel does not declare operator " + p.op;
    }
    if (auto why = op_type_skip_reason(p.op, p.type); !why.empty()) {
        return why;
    }
    if (!k.finish_on_device()) {
        return "operator " + p.op + " needs a device finish (the host finish adds partials)";
    }
    if (k.sizes == size_rule::pad) {
        return "operator " + p.op + " cannot use zero padding (\"sizes\": \"pad\")";
    }
    return "";
}

bool has_n_arg(const kernel_spec& k) {
    return std::any_of(k.args.begin(), k.args.end(),
                       [](const kernel_arg& a) { return a.what == kernel_arg::role::n; });
}

// CL_KERNEL_WORK_GROUP_SIZE, or GRP_TEST_KERNEL_WG_LIMIT when set: tests force a kernel limit
// below the device's on PoCL to exercise the launch-what-the-device-can-run path.
std::uint64_t kernel_wg_query(ocl::session& s, cl::Kernel& kern) {
    if (const char* forced = std::getenv("GRP_TEST_KERNEL_WG_LIMIT"); forced && *forced) {
        return std::strtoull(forced, nullptr, 10);
    }
    return kern.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.device());
}

// Skip reason from the built kernel's limits, or "". Above CL_KERNEL_WORK_GROUP_SIZE but
// within the device's limits, the device policy lets the launch decide (NVIDIA reports 256 for
// every kernel and runs them at 1024): the case records the kernel's figure.
std::string kernel_limit_reason(ocl::session& s, const kernel_spec& k, const sweep_point& p,
                                const setup_options& o, prepared_case& c) {
    cl::Kernel& kern = c.chain->first_kernel();
    const auto max_wg = kernel_wg_query(s, kern);
    if (p.local_size > max_wg) {
        if (o.wg_limit == wg_limit_policy::kernel) {
            return "local size over CL_KERNEL_WORK_GROUP_SIZE " + std::to_string(max_wg) +
                   " (--wg-limit kernel)";
        }
        const auto& sizes = s.info().max_work_item_sizes;
        if (!sizes.empty() && p.local_size > sizes[0]) {
            return "local size over CL_DEVICE_MAX_WORK_ITEM_SIZES[0] " + std::to_string(sizes[0]);
        }
        c.kernel_wg_limit = max_wg;
    }
    const auto static_local = kern.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(s.device());
    std::uint64_t dynamic_local = 0;
    for (const auto& a : k.args) {
        if (a.what == kernel_arg::role::local) {
            dynamic_local = saturating_add(
                dynamic_local, saturating_mul(saturating_mul(k.local_elems_per_item, p.local_size),
                                              size_of(p.type) * components(p.layout)));
        }
    }
    const auto limit = s.info().local_mem_bytes.value_or(UINT64_MAX);
    if (saturating_add(static_local, dynamic_local) > limit) {
        return "needs " + std::to_string(saturating_add(static_local, dynamic_local)) +
               " bytes of local memory, device has " + std::to_string(limit);
    }
    return "";
}

// The passes of the point on this device (or the plan's reason to skip it).
pass_plan plan_on(const ocl::session& s, const kernel_spec& k, const sweep_point& p) {
    return plan_passes(k, p.n, p.local_size, s.plan_info().compute_units.value_or(1),
                       device_class(s.plan_info().type));
}

} // namespace

wg_limit_policy parse_wg_limit_policy(const std::string& s) {
    if (s == "device") {
        return wg_limit_policy::device;
    }
    if (s == "kernel") {
        return wg_limit_policy::kernel;
    }
    throw usage_error("--wg-limit '" + s + "': expected 'device' or 'kernel'");
}

std::string to_string(wg_limit_policy p) {
    return p == wg_limit_policy::device ? "device" : "kernel";
}

case_key key_of(const kernel_spec& k, const sweep_point& p) {
    case_key key;
    key.kernel = k.name;
    key.type = to_string(p.type);
    key.layout = to_string(p.layout);
    key.n = p.n;
    key.local_size = p.local_size;
    key.op = p.op;
    key.cache = p.cache;
    for (const auto& [name, value] : k.config) {
        key.params[name] = std::to_string(value);
    }
    return key;
}

std::string static_skip_reason(const kernel_spec& k, const sweep_point& p, const device_info& d) {
    if (std::find(k.types.begin(), k.types.end(), p.type) == k.types.end()) {
        return "kernel does not declare type " + to_string(p.type);
    }
    if (std::find(k.layouts.begin(), k.layouts.end(), p.layout) == k.layouts.end()) {
        return "kernel does not declare layout " + to_string(p.layout);
    }
    if (auto why = op_skip_reason(k, p); !why.empty()) {
        return why;
    }
    if (p.type == element_type::float64 && !d.fp64) {
        return "device has no fp64 (cl_khr_fp64)";
    }
    // Every device, not only those that report device enqueue: NVIDIA's driver reports none
    // (OpenCL C 1.2) yet builds and runs a parent with -cl-std=CL2.0 and its child.
    if (k.source_text.find("enqueue_") != std::string::npos) {
        return "the source names device-side enqueue (enqueue_kernel): a child kernel may still "
               "run after its parent's END stamp, so the parent's time could leave the child's "
               "work out; such kernels are not run";
    }
    for (const auto& ext : k.requires_extensions) {
        if (!d.has_extension(ext)) {
            return "device lacks " + ext;
        }
    }
    if (auto why = local_size_violation(k, p.local_size); !why.empty()) {
        return why;
    }
    if (d.max_work_group_size && p.local_size > *d.max_work_group_size) {
        return "local size over the device maximum " + std::to_string(*d.max_work_group_size);
    }
    if (has_n_arg(k) && p.n > std::numeric_limits<std::uint32_t>::max()) {
        return "n = " + std::to_string(p.n) + " does not fit the kernel's uint n argument";
    }
    const std::uint64_t rec = record_bytes(p.layout, p.type);
    if (p.n > std::numeric_limits<std::uint64_t>::max() / 4 / rec) {
        return "n = " + std::to_string(p.n) + " records would overflow a byte count";
    }
    const std::uint64_t bytes = p.n * rec;
    const std::uint64_t per_buffer = p.layout == data_layout::soa ? bytes / 3 : bytes;
    if (d.max_alloc_bytes && per_buffer > *d.max_alloc_bytes) {
        return "input buffer of " + std::to_string(per_buffer) +
               " bytes exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE";
    }
    return "";
}

prepared_case prepare_case(ocl::session& s, const kernel_spec& k, const sweep_point& p,
                           const setup_options& o) {
    prepared_case c;
    c.spec = &k;
    c.point = p;
    c.setup = o;
    c.input = input_of(p);
    auto& r = c.result;
    r.key = key_of(k, p);
    r.device = o.device_index;
    r.finish = to_string(k.finish);
    r.bytes = p.n * record_bytes(p.layout, p.type);
    r.bytes_counted = bytes_note(p);
    r.verification.data = o.data_description;
    r.verification.in_place = k.in_place;
    c.restore_each_launch = k.in_place;
    auto skip = [&](std::string why) {
        r.status = case_status::skipped;
        r.reason = std::move(why);
        c.chain.reset();
        return std::move(c);
    };
    if (auto why = static_skip_reason(k, p, s.info()); !why.empty()) {
        return skip(why);
    }
    const auto plan = plan_on(s, k, p);
    if (!plan.skip_reason.empty()) {
        return skip(plan.skip_reason);
    }
    r.passes = plan.passes;
    c.input_records = padded_elements(k, plan.passes.front());
    c.depth = summation_depth(plan.passes, k.finish_on_device() ? 0 : plan.passes.back().groups);
    c.chain = std::make_unique<launch_chain>(s, k, p, plan.passes, o.cl_options);
    r.build_options = c.chain->build_options();
    if (c.chain->build_log().find_first_not_of(" \n\r\t") != std::string::npos) {
        // Drivers write logs in any encoding: cut on a character boundary, store valid UTF-8.
        r.extra["build_log"] = valid_utf8(utf8_prefix(c.chain->build_log(), 4096));
    }
    if (auto why = kernel_limit_reason(s, k, p, o, c); !why.empty()) {
        return skip(why);
    }
    if (c.kernel_wg_limit != 0) {
        r.notes.push_back("local size " + std::to_string(p.local_size) +
                          " is above the kernel's reported CL_KERNEL_WORK_GROUP_SIZE " +
                          std::to_string(c.kernel_wg_limit) +
                          "; launched anyway (--wg-limit device) and verified like every case");
        r.extra["above_kernel_wg_limit"] = c.kernel_wg_limit;
    }
    return c;
}

bool point_builds(const ocl::session& s, const kernel_spec& k, const sweep_point& p) {
    return static_skip_reason(k, p, s.info()).empty() && plan_on(s, k, p).skip_reason.empty();
}

input_key input_of(const sweep_point& p) {
    return {p.type, p.layout, p.n};
}

void upload_inputs(input_store& inputs, std::vector<prepared_case>& cases) {
    std::map<input_key, std::uint64_t> need;
    for (auto& c : cases) {
        if (c.active()) {
            need[c.input] = std::max(need[c.input], c.input_records);
        }
    }
    for (const auto& [k, records] : need) {
        inputs.require(k, records);
    }
    for (auto& c : cases) {
        if (c.active()) {
            c.input_data = &inputs.get(c.input);
        }
    }
}

} // namespace grp::run
