// Fuzzes `run --data`: the value given (first line of the input) and, for file:, the file's raw
// bytes (the rest). Every type and layout the tool sweeps generates its data and exact
// reference; an accepted input must give a reference the verifier accepts as itself (a finite
// sum that a perfect kernel would pass), and the other operators' references must exist. A bad
// value or file must be a grp::error, never a crash, a silent wrap or a sanitizer report.
#include "fuzz_common.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/measure/verify.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace {

/// The fuzzer's file: one per process, rewritten for every input.
std::string file_path() {
    static const std::string path = "/tmp/grp-fuzz-data-" + std::to_string(getpid()) + ".bin";
    return path;
}

void fail(const char* what, grp::element_type t, double expected, double got) {
    std::fprintf(stderr, "%s (%s): expected %.17g, got %.17g\n", what, grp::to_string(t).c_str(),
                 expected, got);
    std::abort();
}

/// A perfect kernel's answer (the reference itself) must verify; min, max and product have a
/// reference wherever the tool says they do.
void check_reference(const grp::host_data& d) {
    const std::size_t stride = d.layout == grp::data_layout::aos16   ? 4
                               : d.layout == grp::data_layout::aos12 ? 3
                                                                     : 1;
    for (std::size_t c = 0; c < d.exact_sum.size(); ++c) {
        const auto exact = d.exact_sum[c];
        const double device = grp::is_floating(d.type) ? static_cast<double>(exact)
                                                       : grp::wrapped_integer(d.type, exact);
        const auto v = grp::verify_sum(d.type, exact, d.abs_sum[c], device, 12);
        if (!v.ok || !std::isfinite(v.expected)) {
            fail("the exact reference does not verify", d.type, v.expected, device);
        }
        const auto& buf = d.buffers[d.buffers.size() == 1 ? 0 : c];
        const auto* base = buf.data() + (d.buffers.size() == 1 ? c * grp::size_of(d.type) : 0);
        for (const char* op : {"min", "max", "product"}) {
            if (grp::op_type_skip_reason(op, d.type).empty()) {
                (void)grp::op_reference(op, d.type, base, d.n, stride);
            }
        }
    }
}

void generate(const grp::data_choice& data, std::uint64_t n, std::uint64_t seed) {
    for (const auto t : grp::all_element_types()) {
        try {
            grp::check_data_for_type(data, t);
            const bool vec3 = t == grp::element_type::float32;
            for (const auto l : {grp::data_layout::flat, grp::data_layout::aos12,
                                 grp::data_layout::aos16, grp::data_layout::soa}) {
                if (l != grp::data_layout::flat && !vec3) {
                    continue;
                }
                check_reference(grp::make_host_data(t, l, n, seed, data));
            }
        } catch (const grp::error&) {
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = grp::fuzz::text_of(data, size);
    const auto eol = text.find('\n');
    const std::string value = text.substr(0, eol);
    const std::string rest = eol == std::string::npos ? "" : text.substr(eol + 1);
    try {
        auto choice = grp::parse_data_choice(value);
        (void)choice.describe(7);
        std::uint64_t n = 1 + (rest.empty() ? 0 : static_cast<unsigned char>(rest[0])) % 64;
        if (choice.kind == grp::value_kind::file) {
            choice.path = file_path();
            std::ofstream(choice.path, std::ios::binary | std::ios::trunc) << rest;
            n = rest.size() / 4 / 4 + 1; // short for doubles and vec3: refused, never read past
        }
        generate(choice, n, 1 + size);
    } catch (const grp::error&) {
    }
    return 0;
}
