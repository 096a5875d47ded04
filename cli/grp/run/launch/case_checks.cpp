#include "grp/run/launch/case_checks.hpp"

#include "grp/model/host/reduce_op.hpp"
#include "grp/model/measure/verify.hpp"
#include "grp/ocl/cl.hpp"
#include "grp/run/launch/held_out_check.hpp"
#include "grp/run/launch/precision_check.hpp"

#include <cmath>
#include <sstream>

namespace grp::run {

namespace {

std::string number(double v) {
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

// Tolerance check of device values against the input's reference, filling the case's error
// fields. Returns "" when every component is within tolerance, else why not.
std::string op_check(prepared_case& c, const device_input& in, const std::vector<double>& values,
                     bool record) {
    auto& r = c.result;
    const auto it = in.op_reference.find(c.point.op);
    if (it == in.op_reference.end()) {
        return "no host reference for operator " + c.point.op; // not planned: a bug, not a pass
    }
    if (record) {
        r.reference = it->second;
        r.verification.timing_check = "exact";
    }
    for (std::size_t k = 0; k < values.size() && k < it->second.size(); ++k) {
        if (!op_result_matches(it->second[k], values[k])) {
            return (values.size() > 1 ? "component " + std::to_string(k) + ": " : "") +
                   "expected exactly " + number(it->second[k]) + " (" + c.point.op + "), got " +
                   number(values[k]);
        }
    }
    return "";
}

std::string tolerance_check(prepared_case& c, const device_input& in,
                            const std::vector<double>& values, bool record) {
    if (c.point.op != "sum") {
        return op_check(c, in, values, record);
    }
    auto& r = c.result;
    std::string problem;
    std::optional<double> worst_abs, worst_rel, tol;
    bool finite = true;
    if (record) {
        r.reference.clear();
        r.verification.timing_check = in.exact ? "exact" : "tolerance";
    }
    // Exact data: depth 0, so the tolerance is nil and the result must equal the sum.
    const std::uint64_t depth = in.exact ? 0 : c.depth;
    for (std::size_t k = 0; k < values.size() && k < in.exact_sum.size(); ++k) {
        auto v = verify_sum(c.point.type, in.exact_sum[k], in.abs_sum[k], values[k], depth);
        if (record) {
            r.reference.push_back(v.expected);
        }
        finite = finite && v.abs_error.has_value();
        if (v.abs_error && (!worst_abs || *v.abs_error > *worst_abs)) {
            worst_abs = v.abs_error;
        }
        if (v.rel_error && (!worst_rel || *v.rel_error > *worst_rel)) {
            worst_rel = v.rel_error;
        }
        if (v.tolerance && (!tol || *v.tolerance > *tol)) {
            tol = v.tolerance;
        }
        if (!v.ok && problem.empty()) {
            problem = (values.size() > 1 ? "component " + std::to_string(k) + ": " : "") +
                      "expected " + (in.exact ? "exactly " : "") + number(v.expected) + ", got " +
                      number(values[k]) +
                      (in.exact && v.tolerance ? " (the data sums exactly in any order)"
                       : v.tolerance           ? " (tolerance " + number(*v.tolerance) + ")"
                                               : "");
        }
    }
    if (record) {
        r.abs_error = finite ? worst_abs : std::nullopt;
        r.rel_error = finite ? worst_rel : std::nullopt;
        r.tolerance = tol;
    }
    return problem;
}

void check_input_untouched(prepared_case& c, input_store& inputs, const std::string& when) {
    auto& v = c.result.verification;
    ++v.input_checks;
    if (!inputs.modified(c.input)) {
        return;
    }
    inputs.restore(c.input); // the next case must see pristine data
    if (c.spec->in_place) {
        return; // declared: restored before every launch, as expected
    }
    if (!v.input_modified) {
        v.input_modified = true;
        mark_wrong(c.result, "the kernel wrote into its input buffer (" + when +
                                 "); its later launches would read changed data. If it reduces "
                                 "in place by design, declare \"in_place\": true in its spec");
    }
    c.restore_each_launch = true; // from now on, every launch of it starts from pristine data
}

// Why a launch is wrong when it left result slots unwritten ("" when it wrote them all).
std::string unwritten(const prepared_case& c) {
    const auto left = c.chain->poisoned_records();
    if (left == 0) {
        return "";
    }
    return "it left " + std::to_string(left) +
           " result slot(s) unwritten (still holding the NaN the tool writes there before "
           "every launch)";
}

} // namespace

void mark_wrong(case_result& r, const std::string& why) {
    if (r.status == case_status::ok) {
        r.status = case_status::wrong;
        r.reason = why;
    } else if (r.reason != why) {
        r.notes.push_back(why);
    }
}

void verify_first_launch(ocl::session& s, prepared_case& c, input_store& inputs) {
    (void)s;
    c.chain->bind(inputs.get(c.input).working);
    if (c.restore_each_launch) {
        inputs.restore(c.input);
    }
    c.chain->run_untimed();
    c.result.result = c.chain->read_result();
    auto counter = c.chain->read_counter();
    auto& v = c.result.verification;
    ++v.launches_checked;
    auto why = tolerance_check(c, inputs.get(c.input), c.result.result, true);
    if (const auto left = unwritten(c); !left.empty()) {
        why = left;
    }
    if (!why.empty()) {
        ++v.wrong_launches;
        v.example_wrong = c.result.result.front();
        mark_wrong(c.result, why);
    }
    if (counter && *counter != 0) {
        mark_wrong(c.result, "the kernel left its counter at " + std::to_string(*counter) +
                                 " (finish \"last_group\" kernels must reset it to 0)");
    }
    check_input_untouched(c, inputs, "seen after its first launch");
}

namespace {

// What each case's exact check runs on, in words (exact_ok starts true where windows run).
void describe_exact_data(const std::vector<prepared_case*>& cases,
                         const std::vector<exact_window>& windows) {
    for (auto* c : cases) {
        auto& v = c->result.verification;
        if (windows.empty()) {
            v.exact_data = "the timing data: integer sums are checked exactly";
        } else {
            v.exact_ok = true;
            v.exact_data = "1s and 2s (hashed by index) in " + std::to_string(windows.size()) +
                           " window(s) of up to " + std::to_string(windows.front().hi) +
                           " records, zeros elsewhere: every partial sum is exact";
        }
    }
}

// Compares one launch's result on window `w` with its exact sums; the case's first mismatch
// marks it wrong.
void check_exact_result(prepared_case& c, const exact_window& w, const std::vector<double>& got) {
    auto& v = c.result.verification;
    for (std::size_t k = 0; k < got.size() && k < w.expected.size(); ++k) {
        if (static_cast<long double>(got[k]) != w.expected[k] && v.exact_failure.empty()) {
            v.exact_ok = false;
            v.exact_failure = "records [" + std::to_string(w.lo) + ", " + std::to_string(w.hi) +
                              ")" + (got.size() > 1 ? " component " + std::to_string(k) : "") +
                              ": expected exactly " + number(static_cast<double>(w.expected[k])) +
                              ", got " + number(got[k]);
            mark_wrong(c.result, "exact check: " + v.exact_failure +
                                     " (an element dropped, duplicated or read twice)");
        }
    }
}

// Every case's launch on window `w`'s data (filled again after a kernel that writes its input).
// A case whose launch fails is failed and left out of the later windows.
void exact_window_launches(input_store& inputs, const input_key& input, const exact_window& w,
                           const std::vector<prepared_case*>& cases) {
    inputs.fill_exact(input, w);
    bool dirty = false; // a kernel that writes its input ran on this fill
    for (auto* c : cases) {
        if (!c->active()) {
            continue;
        }
        if (dirty) {
            inputs.fill_exact(input, w);
        }
        dirty = c->restore_each_launch;
        try {
            c->chain->run_untimed();
            const auto got = c->chain->read_result();
            ++c->result.verification.exact_launches;
            check_exact_result(*c, w, got);
        } catch (const cl::Error& e) {
            fail_case(*c, "the exact check of " + c->result.key.to_string(), e);
            dirty = true; // what the failed launch left is unknown
        }
    }
}

} // namespace

void fail_case(prepared_case& c, const std::string& doing, const cl::Error& e) {
    const std::string why = ocl::wrap(doing, e).what();
    if (c.result.status == case_status::ok) {
        c.result.status = case_status::failed;
        c.result.reason = why;
    } else { // a wrong result found before stays the verdict
        c.result.notes.push_back(why);
    }
    c.chain.reset();
}

void verify_exact(input_store& inputs, const input_key& input,
                  const std::vector<prepared_case*>& all) {
    // The windows of 1s and 2s are sums' exact data; other operators are exact on the timing
    // data already (reduce_op.hpp).
    std::vector<prepared_case*> cases;
    for (auto* c : all) {
        if (c->point.op == "sum") {
            cases.push_back(c);
        } else {
            c->result.verification.exact_data =
                "the timing data: " + c->point.op + " is checked exactly (bit for bit)";
        }
    }
    if (cases.empty()) {
        return;
    }
    const auto windows = inputs.exact_windows(input);
    describe_exact_data(cases, windows);
    for (const auto& w : windows) {
        try {
            exact_window_launches(inputs, input, w, cases);
        } catch (const cl::Error& e) { // the tool's own fill failed: no case can be checked
            for (auto* c : cases) {
                fail_case(*c, "filling the exact check's data", e);
            }
            return;
        }
    }
    if (!windows.empty()) {
        inputs.restore(input);
    }
    verify_precision(inputs, input, cases);
    verify_held_out(inputs, input, cases);
}

bool check_launch(prepared_case& c, const std::vector<double>& values,
                  std::optional<std::uint32_t> counter) {
    auto& v = c.result.verification;
    ++v.launches_checked;
    // Against this round's data (it changes between rounds: a value equal to the first
    // launch's is no evidence).
    std::string why = tolerance_check(c, *c.input_data, values, false);
    if (const auto left = unwritten(c); !left.empty()) {
        why = left;
    }
    if (why.empty() && counter && *counter != 0) {
        why = "counter left at " + std::to_string(*counter);
    }
    if (why.empty()) {
        return true;
    }
    if (v.wrong_launches++ == 0) {
        v.example_wrong = values.empty() ? std::nan("") : values.front();
    }
    mark_wrong(c.result, "a timed launch was wrong: " + why);
    return false;
}

void first_launch(ocl::session& s, input_store& inputs, prepared_case& c) {
    try {
        verify_first_launch(s, c, inputs);
    } catch (const cl::Error& e) {
        const std::string why = ocl::wrap("launching " + c.result.key.to_string(), e).what();
        if (c.kernel_wg_limit != 0) {
            c.result.status = case_status::skipped;
            c.result.reason = "above the kernel's reported CL_KERNEL_WORK_GROUP_SIZE " +
                              std::to_string(c.kernel_wg_limit) + ", and the launch failed: " + why;
        } else {
            c.result.status = case_status::failed;
            c.result.reason = why;
        }
        c.chain.reset();
    }
}

} // namespace grp::run
