#include "grp/run/launch/precision_check.hpp"

#include "grp/model/host/precision_data.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/ocl/cl.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/launch/case_checks.hpp"

#include <algorithm>
#include <cmath>

namespace grp::run {

namespace {

// Mixed into the data's seed: the precision data's offsets and values are drawn apart from the
// timing data's.
constexpr std::uint64_t precision_salt = 0x7072656369736521ULL; // "precise!"

std::string describe(const precision_plan& p) {
    return std::to_string(precision_nonzero_records) + " nonzero records at most (one per " +
           std::to_string(p.block) + ", at hashed offsets), zeros elsewhere; values +-m 2^-" +
           std::to_string(p.value_bits) + " with " + std::to_string(p.value_bits) +
           "-bit m: every partial sum stays below 2^" + std::to_string(p.partial_sum_bits) +
           ", exact in the declared type in any order";
}

// Fills the working buffers with the precision data of plan `p` (restore() brings the pristine
// back). tool.cl writes raw bits, so its one build without options (the input check's) serves
// every type and layout. Its loop passes once per value, so the grid is sized over the values
// a buffer holds: under a driver's loop limit no work-item stops before its last one.
void fill_precise(input_store& inputs, const input_key& k, const precision_plan& p) {
    auto& s = inputs.session();
    const auto& in = inputs.get(k);
    auto fill = s.kernel(std::string(builtin_source("tool.cl")), "", "fill_precise");
    const bool soa = in.working.size() == 3;
    const std::uint64_t comps = soa ? 1 : components(k.layout);
    auto [global, local] = streaming_grid(s.info(), in.records * comps, s.loop_limit());
    for (std::size_t b = 0; b < in.working.size(); ++b) {
        fill.setArg(0, in.working[b]);
        fill.setArg(1, static_cast<cl_ulong>(in.records));
        fill.setArg(2, static_cast<cl_ulong>(p.n));
        fill.setArg(3, static_cast<cl_ulong>(p.block));
        fill.setArg(4, static_cast<cl_ulong>(p.seed));
        fill.setArg(5, static_cast<cl_uint>(p.value_bits));
        fill.setArg(6, static_cast<cl_uint>(k.type == element_type::float64 ? 1 : 0));
        fill.setArg(7, static_cast<cl_uint>(words_per_record(k.layout)));
        fill.setArg(8, static_cast<cl_uint>(comps));
        fill.setArg(9, static_cast<cl_uint>(soa ? b : 0));
        s.queue().enqueueNDRangeKernel(fill, cl::NullRange, cl::NDRange(global),
                                       cl::NDRange(local));
    }
    ocl::finish_queue(s.queue());
}

// Compares one launch's result with the exact sums and fills the case's record.
void judge(prepared_case& c, const precision_plan& p, const precision_sums& exact,
           const std::vector<double>& got) {
    precision_record r;
    r.data = describe(p);
    r.value_bits = p.value_bits;
    r.type_bits = significand_bits(p.type);
    r.got = got;
    double worst = 0;
    std::size_t worst_c = 0;
    bool finite = true;
    for (std::size_t k = 0; k < exact.sum.size(); ++k) {
        r.expected.push_back(static_cast<double>(exact.sum[k]));
        const double g = k < got.size() ? got[k] : std::nan("");
        finite = finite && std::isfinite(g);
        const double e = std::isfinite(g) ? static_cast<double>(std::fabs(g - exact.sum[k])) : 0;
        if (e > worst) {
            worst = e;
            worst_c = k;
        }
    }
    r.ok = finite && worst == 0;
    if (finite) {
        r.abs_error = worst;
        r.rel_error = worst / static_cast<double>(exact.abs_sum[worst_c]);
        r.effective_bits = effective_bits(p, static_cast<std::uint32_t>(worst_c), worst);
    }
    if (!r.ok) {
        mark_wrong(c.result, precision_failure(r, to_string(p.type)));
    }
    c.result.verification.precision = std::move(r);
}

// Every case's launch on the precision data; refilled after a kernel that writes its input.
void precision_launches(input_store& inputs, const input_key& input, const precision_plan& p,
                        const precision_sums& exact, const std::vector<prepared_case*>& cases) {
    fill_precise(inputs, input, p);
    bool dirty = false;
    for (auto* c : cases) {
        if (dirty) {
            fill_precise(inputs, input, p);
        }
        dirty = c->restore_each_launch;
        try {
            c->chain->run_untimed();
            judge(*c, p, exact, c->chain->read_result());
        } catch (const cl::Error& e) {
            fail_case(*c, "the precision check of " + c->result.key.to_string(), e);
            dirty = true;
        }
    }
}

} // namespace

void verify_precision(input_store& inputs, const input_key& input,
                      const std::vector<prepared_case*>& all) {
    if (!is_floating(input.type) || input.n == 0) {
        return;
    }
    std::vector<prepared_case*> cases;
    std::copy_if(all.begin(), all.end(), std::back_inserter(cases),
                 [](const prepared_case* c) { return c->active() && c->point.op == "sum"; });
    if (cases.empty()) {
        return;
    }
    const auto plan = plan_precision(input.type, input.n, inputs.get(input).seed ^ precision_salt);
    const auto exact = exact_precision_sums(plan, components(input.layout));
    try {
        precision_launches(inputs, input, plan, exact, cases);
    } catch (const cl::Error& e) { // the tool's own fill failed
        for (auto* c : cases) {
            if (c->active()) {
                fail_case(*c, "filling the precision check's data", e);
            }
        }
        return;
    }
    inputs.restore(input);
}

} // namespace grp::run
