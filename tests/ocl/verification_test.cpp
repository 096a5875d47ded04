// What the verifier must catch on the device the tests run on (PoCL in CI), with the faulty
// kernels of tests/data/kernels/faults.cl: one dropped or duplicated element at sizes where the
// float tolerance hides it (the exact check catches it), a kernel that writes its input (caught,
// and the next kernel still sees pristine data), declared in-place kernels (restored, ok), NaN
// (wrong, with no error figure), the seed's 0 + 1 + ... + 255 = 32640, and a kernel without an
// n argument at a size that is not whole groups (skipped, never run past its buffer).
#include "device_fixture.hpp"
#include "grp/model/spec/kernel_catalog.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

test_support::device_fixture& device() {
    static test_support::device_fixture f{3};
    return f;
}

kernel_spec fault(const std::string& name) {
    for (auto& k : resolve_kernels({std::string(GRP_TEST_DATA) + "/kernels/faults.json"}, {})) {
        if (k.name == name) {
            return k;
        }
    }
    throw std::runtime_error("no kernel " + name);
}

sweep_point point(element_type t, std::uint64_t n, std::uint64_t local = 64) {
    return {0, t, data_layout::flat, n, local};
}

TEST(verification, a_dropped_element_is_wrong_at_its_first_launch_on_the_exact_timing_data) {
    // The timing data sums exactly in any order (exact_data.hpp), so the first launch already
    // tells one dropped element of millions; before, only the exact check's windows could.
    auto& f = device();
    const auto k = fault("drop_one");
    for (std::uint64_t n : {std::uint64_t{1} << 20, std::uint64_t{1} << 22}) {
        auto r = f.run(k, point(element_type::float32, n));
        SCOPED_TRACE(r.key.to_string());
        EXPECT_EQ(r.status, case_status::wrong) << r.reason;
        EXPECT_EQ(r.verification.timing_check, "exact");
        EXPECT_NE(r.reason.find("expected exactly"), std::string::npos) << r.reason;
        EXPECT_EQ(r.verification.wrong_launches, 1u);
    }
}

TEST(verification, tolerance_data_is_marked_and_the_exact_windows_still_catch_a_drop) {
    auto& f = device();
    const auto saved = f.data;
    f.data.kind = value_kind::constant_1_1; // not exact in float: checked within a tolerance
    auto r = f.run(fault("drop_one"), point(element_type::float32, std::uint64_t{1} << 20));
    f.data = saved;
    EXPECT_EQ(r.status, case_status::wrong) << r.reason;
    EXPECT_EQ(r.verification.timing_check, "tolerance");
    ASSERT_TRUE(r.verification.exact_ok.has_value());
    EXPECT_FALSE(*r.verification.exact_ok);
    EXPECT_NE(r.reason.find("exact check"), std::string::npos) << r.reason;
}

TEST(verification, a_dropped_or_duplicated_element_is_wrong_for_every_type) {
    auto& f = device();
    for (const char* name : {"drop_one", "duplicate_one"}) {
        for (auto t : all_element_types()) {
            auto r = f.run(fault(name), point(t, 100003));
            SCOPED_TRACE(r.key.to_string());
            if (r.status == case_status::skipped) {
                continue; // no fp64 on this device
            }
            EXPECT_EQ(r.status, case_status::wrong) << r.reason;
        }
    }
}

TEST(verification, the_correct_control_passes_every_check) {
    auto& f = device();
    for (auto t : all_element_types()) {
        auto r = f.run(fault("sum_ok"), point(t, 100003));
        if (r.status == case_status::skipped) {
            continue;
        }
        EXPECT_EQ(r.status, case_status::ok) << r.reason;
        EXPECT_FALSE(r.verification.input_modified);
        EXPECT_GE(r.verification.launches_checked, 2u); // the first launch and the timed one
        EXPECT_EQ(r.verification.wrong_launches, 0u);
        EXPECT_GE(r.verification.input_checks, 2u);
    }
}

TEST(verification, a_kernel_writing_its_input_is_reported_and_the_next_kernel_stays_ok) {
    auto& f = device();
    const auto writer = fault("writes_input");
    const auto control = fault("sum_ok");
    f.prof.cases.clear();
    run::measure_points(f.session, 0, f.opt,
                        {{&writer, point(element_type::float32, 50000)},
                         {&control, point(element_type::float32, 50000)}},
                        f.data, f.prof, {});
    ASSERT_EQ(f.prof.cases.size(), 2u);
    const auto& w = f.prof.cases[0];
    EXPECT_EQ(w.status, case_status::wrong);
    EXPECT_TRUE(w.verification.input_modified);
    EXPECT_NE(w.reason.find("wrote into its input"), std::string::npos) << w.reason;
    EXPECT_NE(w.reason.find("in_place"), std::string::npos) << w.reason; // says how to declare
    EXPECT_EQ(f.prof.cases[1].status, case_status::ok) << f.prof.cases[1].reason;
}

TEST(verification, declared_in_place_kernels_get_their_input_restored_every_launch) {
    auto& f = device();
    for (const char* name : {"in_place_sum", "writes_input_declared"}) {
        auto saved = f.opt.measure;
        f.opt.measure.min_samples = f.opt.measure.max_samples = 3; // every launch must be right
        auto r = f.run(fault(name), point(element_type::int32, 50000));
        f.opt.measure = saved;
        SCOPED_TRACE(name);
        EXPECT_EQ(r.status, case_status::ok) << r.reason;
        EXPECT_TRUE(r.verification.in_place);
        EXPECT_EQ(r.verification.wrong_launches, 0u);
        EXPECT_GE(r.verification.launches_checked, 4u);
    }
}

TEST(verification, a_declared_in_place_kernel_leaves_pristine_input_for_the_next_kernel) {
    // Both in one measure_points call, as in a run: the in-place kernel's timed launches write
    // the shared working copy; the correct kernel after it must still verify.
    auto& f = device();
    const auto in_place = fault("in_place_sum");
    const auto ok = fault("sum_ok");
    f.prof.cases.clear();
    auto saved = f.opt.measure;
    f.opt.measure.min_samples = f.opt.measure.max_samples = 3;
    run::measure_points(
        f.session, 0, f.opt,
        {{&in_place, point(element_type::int32, 50000)}, {&ok, point(element_type::int32, 50000)}},
        f.data, f.prof, {});
    f.opt.measure = saved;
    ASSERT_EQ(f.prof.cases.size(), 2u);
    EXPECT_EQ(f.prof.cases[0].status, case_status::ok) << f.prof.cases[0].reason;
    EXPECT_EQ(f.prof.cases[1].status, case_status::ok) << f.prof.cases[1].reason;
    EXPECT_FALSE(f.prof.cases[1].verification.input_modified);
}

TEST(verification, a_kernel_that_adds_to_its_previous_output_is_wrong_at_its_first_launch) {
    // Output slots are poisoned before every launch, so a kernel that relies on what its
    // output held (zeros once, its last result after) never reads a clean slate.
    auto& f = device();
    auto saved = f.opt.measure;
    f.opt.measure.min_samples = f.opt.measure.max_samples = 3;
    auto r = f.run(fault("stale_output"), point(element_type::int32, 50000));
    f.opt.measure = saved;
    EXPECT_EQ(r.status, case_status::wrong) << r.reason;
    EXPECT_EQ(r.verification.wrong_launches, 1u);
    // The control at the same settings: every launch right.
    auto ok = f.run(fault("sum_ok"), point(element_type::int32, 50000));
    EXPECT_EQ(ok.status, case_status::ok) << ok.reason;
    EXPECT_GE(ok.verification.launches_checked, 2u); // the first launch and a timed one
    EXPECT_EQ(ok.verification.wrong_launches, 0u);
}

TEST(verification, a_kernel_that_leaves_its_output_slot_unwritten_is_named_so) {
    auto r = device().run(fault("skip_write"), point(element_type::float32, 4096));
    EXPECT_EQ(r.status, case_status::wrong) << r.reason;
    EXPECT_NE(r.reason.find("unwritten"), std::string::npos) << r.reason;
}

TEST(verification, a_nan_result_is_wrong_with_no_error_figure) {
    auto r = device().run(fault("gives_nan"), point(element_type::float32, 1000));
    EXPECT_EQ(r.status, case_status::wrong);
    ASSERT_EQ(r.result.size(), 1u);
    EXPECT_TRUE(std::isnan(r.result[0]));
    EXPECT_FALSE(r.abs_error); // never a fake 0
    EXPECT_FALSE(r.rel_error);
    EXPECT_TRUE(r.tolerance); // the tolerance it failed against is still known
}

TEST(verification, the_seed_example_sums_0_to_255_to_32640_exactly) {
    auto& f = device();
    auto saved = f.data;
    f.data = parse_data_choice("iota");
    auto ks = resolve_kernels({std::string(GRP_TEST_DATA) + "/kernels/seed_sum.json"}, {});
    ASSERT_EQ(ks.size(), 1u);
    auto r = f.run(ks[0], point(element_type::int32, 256, 256));
    f.data = saved;
    EXPECT_EQ(r.status, case_status::ok) << r.reason;
    ASSERT_EQ(r.result.size(), 1u);
    EXPECT_EQ(r.result[0], 32640.0);
    EXPECT_EQ(r.reference.at(0), 32640.0);
    EXPECT_EQ(r.verification.data, "iota");
}

TEST(verification, a_kernel_without_n_is_skipped_at_a_size_that_is_not_whole_groups) {
    auto ks = resolve_kernels({std::string(GRP_TEST_DATA) + "/kernels/seed_sum.json"}, {});
    auto r = device().run(ks[0], point(element_type::int32, 1000, 256));
    EXPECT_EQ(r.status, case_status::skipped);
    EXPECT_NE(r.reason.find("not a whole number of groups of 256"), std::string::npos) << r.reason;
    EXPECT_TRUE(r.rounds.empty()); // never launched
}

} // namespace
} // namespace grp
