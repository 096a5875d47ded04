#include "grp/run/launch/held_out_check.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/units.hpp"
#include "grp/model/host/exact_data.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/ocl/cl.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/launch/case_checks.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace grp::run {

namespace {

// The exact data's widest window: with values 1 and 2, every partial sum of 2^23 values is an
// integer below 2^24, exact in float (and in int).
constexpr std::uint64_t window_records = std::uint64_t{1} << 23;

// "2^20" for a power of two, else the number.
std::string size_text(std::uint64_t n) {
    return (n & (n - 1)) == 0 ? format_count(n) : std::to_string(n);
}

// A sum as it reads best: whole numbers whole ("1380", not "1.38e+03").
std::string value_text(double v) {
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 1e15) {
        return std::to_string(static_cast<long long>(v));
    }
    return shortest_text(v);
}

// A size the case's kernel takes: the odd held-out size, or for a kernel of whole groups its
// n less a whole number of its first pass's groups. 0 when none builds.
std::uint64_t size_for(ocl::session& s, const prepared_case& c) {
    sweep_point p = c.point;
    const std::uint64_t multiple = c.spec->n_multiple_of;
    p.n = multiple * held_out_size(c.point.n / multiple, c.setup.held_out_seed);
    if (p.n != 0 && point_builds(s, *c.spec, p)) {
        return p.n;
    }
    const auto& first = c.result.passes.front();
    if (first.groups < 2 || first.n % first.groups != 0) {
        return 0;
    }
    const std::uint64_t per_group = first.n / first.groups;
    p.n = c.point.n - per_group * (1 + splitmix64(c.setup.held_out_seed ^ c.point.n) %
                                           std::max<std::uint64_t>(1, first.groups / 2));
    return p.n % multiple == 0 && point_builds(s, *c.spec, p) ? p.n : 0;
}

// The exact data's windows by held-out size, and the size whose window the working buffers
// hold now (0: none, or a kernel that writes its input ran on it).
struct window_cache {
    std::map<std::uint64_t, exact_window> by_n;
    std::uint64_t filled = 0;
};

// Runs `held` (the case prepared at its held-out size) once on exact data ending at its size.
held_out_record launch_held(input_store& inputs, const input_key& input, prepared_case& held,
                            window_cache& cache) {
    held_out_record r;
    r.n = held.point.n;
    auto it = cache.by_n.find(r.n);
    if (it == cache.by_n.end()) {
        exact_window w;
        w.lo = r.n > window_records ? r.n - window_records : 0;
        w.hi = r.n;
        w.expected = exact_window_sums(w.lo, w.hi, components(input.layout));
        it = cache.by_n.emplace(r.n, std::move(w)).first;
    }
    const auto& w = it->second;
    if (cache.filled != r.n) {
        inputs.fill_exact(input, w);
        cache.filled = r.n;
    }
    held.chain->bind(inputs.get(input).working);
    held.chain->run_untimed();
    if (held.restore_each_launch) {
        cache.filled = 0;
    }
    r.got = held.chain->read_result();
    for (std::size_t k = 0; k < w.expected.size(); ++k) {
        r.expected.push_back(static_cast<double>(w.expected[k]));
        if (k >= r.got.size() || static_cast<long double>(r.got[k]) != w.expected[k]) {
            r.ok = false;
        }
    }
    return r;
}

// The check of one case; a wrong result marks it wrong.
void check_case(input_store& inputs, const input_key& input, prepared_case& c,
                window_cache& cache) {
    auto& s = inputs.session();
    held_out_record r;
    const auto n = size_for(s, c);
    if (n == 0) {
        r.note = "no size below n = " + std::to_string(c.point.n) + " that the kernel takes";
        c.result.verification.held_out = r;
        return;
    }
    sweep_point p = c.point;
    p.n = n;
    auto held = prepare_case(s, *c.spec, p, c.setup);
    const auto& in = inputs.get(input);
    if (!held.active() || held.input_records > in.records) {
        r.n = n;
        r.note = held.active() ? "the held-out size needs more padding than the input has"
                               : "not run at the held-out size: " + held.result.reason;
        c.result.verification.held_out = r;
        return;
    }
    held.chain->report_as(c.result.key);
    held.restore_each_launch = c.restore_each_launch; // caught writing its input: refill after
    r = launch_held(inputs, input, held, cache);
    if (!r.ok) {
        mark_wrong(c.result, "right at n = " + size_text(c.point.n) + ", wrong at n = " +
                                 size_text(n) + ", a size the sweep did not ask for: expected " +
                                 value_text(r.expected.front()) + ", got " +
                                 value_text(r.got.empty() ? std::nan("") : r.got.front()));
    }
    c.result.verification.held_out = std::move(r);
}

} // namespace

std::uint64_t held_out_size(std::uint64_t n, std::uint64_t seed) {
    if (n < 8) {
        return 0;
    }
    const std::uint64_t span = std::min<std::uint64_t>(n / 4, 4096);
    std::uint64_t m = n - 1 - 2 * (splitmix64(seed ^ n) % span);
    if (m % 2 == 0) {
        --m; // odd: no multiple of 4, nor of a local size above 1
    }
    return m;
}

void verify_held_out(input_store& inputs, const input_key& input,
                     const std::vector<prepared_case*>& cases) {
    bool filled = false;
    window_cache cache; // the cases of an input share their held-out size, so one fill serves
    for (auto* c : cases) {
        if (!c->active() || c->point.op != "sum") {
            continue;
        }
        filled = true;
        try {
            check_case(inputs, input, *c, cache);
        } catch (const cl::Error& e) {
            held_out_record r;
            r.note = ocl::wrap("the held-out size check of " + c->result.key.to_string(), e).what();
            c->result.verification.held_out = r; // a driver error is no verdict on the kernel
        } catch (const error& e) {
            held_out_record r;
            r.note = std::string("not built at the held-out size: ") + e.what();
            c->result.verification.held_out = r;
        }
    }
    if (filled) {
        inputs.restore(input);
    }
}

} // namespace grp::run
