// The profile contract: what to_json writes, from_json reads back, and parse_profile rejects.
#include "grp/core/error.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/profile.hpp"
#include "model/profile/profile_samples.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <regex>

namespace grp {
namespace {

using ojson = nlohmann::ordered_json;

profile round_trip(const profile& p) {
    return parse_profile(ojson(p).dump(1), "mem.json");
}

std::string error_of(const std::string& text) {
    try {
        parse_profile(text, "p.json");
    } catch (const file_error& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(profile_json, round_trip_keeps_every_written_field) {
    const profile p = test::rich_profile();
    const ojson first = p;
    const ojson second = round_trip(p);
    EXPECT_EQ(first, second) << "first:\n" << first.dump(1) << "\nsecond:\n" << second.dump(1);
}

TEST(profile_json, round_trip_restores_the_structs) {
    const profile in = test::rich_profile();
    const profile out = round_trip(in);
    EXPECT_EQ(out.schema_version, "2.4.2");
    EXPECT_EQ(out.incomplete_reason, "interrupted by SIGTERM");
    EXPECT_EQ(out.host.machine_id, "0123456789abcdef");
    ASSERT_EQ(out.runs.size(), 1u);
    EXPECT_EQ(out.runs[0].id, "feedc0de00000001");
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(out.tool.argv, in.tool.argv);
    EXPECT_EQ(out.host.finished_at, in.host.finished_at);
    ASSERT_EQ(out.devices.size(), 1u);
    const auto& d = out.devices[0];
    EXPECT_EQ(d.info.uuid, in.devices[0].info.uuid);
    EXPECT_EQ(d.info.global_mem_bytes, std::optional<std::uint64_t>(10737418240ULL));
    EXPECT_EQ(d.info.max_work_item_sizes, in.devices[0].info.max_work_item_sizes);
    ASSERT_TRUE(d.peak.has_value());
    EXPECT_DOUBLE_EQ(d.peak->copy_median_ns, 838612.0);
    EXPECT_EQ(d.simd_width_estimate, std::optional<std::uint64_t>(32));
    ASSERT_TRUE(d.control.has_value()); // 2.17
    EXPECT_EQ(d.control->clocks_max_mhz, 1980U);
    EXPECT_EQ(d.control->previous_power_limit_w, 700.0);
    EXPECT_FALSE(d.control->memory_clock_mhz.has_value());
    EXPECT_TRUE(d.control->restored);
    EXPECT_EQ(d.control->why_not, in.devices[0].control->why_not);
    EXPECT_EQ(out.cases.at(0).rounds.at(0).conditions->cooldown_s, 1.25);
    EXPECT_FALSE(round_trip(test::empty_optionals_profile()).devices.at(0).control.has_value());
    EXPECT_EQ(out.kernels.at(0).spec, in.kernels.at(0).spec);
    const auto& c = out.cases.at(0);
    EXPECT_EQ(c.key, in.cases[0].key);
    EXPECT_EQ(c.status, case_status::race_observed);
    EXPECT_EQ(c.scenario, "barrier");
    EXPECT_EQ(c.finish, "host");
    EXPECT_EQ(c.samples_ns, in.cases[0].samples_ns);
    ASSERT_EQ(c.rounds.size(), 2u);
    EXPECT_EQ(c.rounds[0].overhead_ns, in.cases[0].rounds[0].overhead_ns);
    EXPECT_EQ(c.rounds[1].pass_sum_ns, in.cases[0].rounds[1].pass_sum_ns);
    EXPECT_EQ(c.rounds[0].position, std::optional<std::uint32_t>(2));
    EXPECT_EQ(c.rounds[1].position, std::optional<std::uint32_t>(4));
    EXPECT_EQ(c.rounds_planned, 3u);
    EXPECT_EQ(c.flagged_samples, 1u);
    EXPECT_EQ(c.verification.wrong_launches, 12u);
    EXPECT_EQ(c.verification.exact_ok, std::optional<bool>(false));
    EXPECT_TRUE(c.verification.input_modified);
    EXPECT_TRUE(c.above_peak);
    EXPECT_EQ(c.passes.at(1).groups, 1u);
    ASSERT_TRUE(c.summary.has_value());
    EXPECT_DOUBLE_EQ(c.summary->median_ns, 412000.0); // derived from the rounds' samples
    EXPECT_EQ(c.result, in.cases[0].result);
    EXPECT_EQ(c.tolerance, std::optional<double>(1e-5));
    EXPECT_EQ(c.extra, in.cases[0].extra);
    EXPECT_EQ(out.scenarios, in.scenarios);
}

TEST(profile_json, a_round_without_a_position_stays_without_one) {
    profile in = test::rich_profile(); // a profile older than 2.4 recorded no positions
    in.cases[0].rounds[1].position.reset();
    const ojson j = in;
    EXPECT_FALSE(j["cases"][0]["rounds"][1].contains("position"));
    const profile out = round_trip(in);
    EXPECT_FALSE(out.cases[0].rounds[1].position.has_value());
    EXPECT_EQ(out.cases[0].rounds[0].position, std::optional<std::uint32_t>(2));
}

TEST(profile_json, host_baselines_round_trip_and_are_optional_on_read) {
    const profile out = round_trip(test::rich_profile());
    ASSERT_EQ(out.host_baselines.size(), 1u);
    const auto& b = out.host_baselines[0];
    EXPECT_EQ(b.type, "int");
    EXPECT_EQ(b.layout, "flat");
    EXPECT_EQ(b.n, 1048576u);
    ASSERT_EQ(b.methods.size(), 2u);
    EXPECT_EQ(b.methods[1].method, "threads");
    EXPECT_EQ(b.methods[1].threads, 16u);
    EXPECT_EQ(b.methods[0].samples_ns, (std::vector<std::uint64_t>{412000, 409500}));
    EXPECT_EQ(b.methods[0].median_ns, std::optional<double>(410750.0));
    EXPECT_EQ(b.methods[0].result, -1234.0);
    EXPECT_EQ(find_host_baseline(out.host_baselines, "int", "flat", 1048576), &b);
    EXPECT_EQ(find_host_baseline(out.host_baselines, "float", "flat", 1048576), nullptr);
    // 2.0 files have no host_baselines: they load with none.
    ojson j = test::rich_profile();
    j.erase("host_baselines");
    EXPECT_TRUE(parse_profile(j.dump(), "p.json").host_baselines.empty());
}

TEST(profile_json, empty_optionals_stay_empty) {
    const profile out = round_trip(test::empty_optionals_profile());
    const auto& d = out.devices.at(0);
    EXPECT_FALSE(d.peak.has_value());
    EXPECT_FALSE(d.simd_width_estimate.has_value());
    EXPECT_FALSE(d.info.driver_version.has_value());
    EXPECT_FALSE(d.info.compute_units.has_value());
    const auto& c = out.cases.at(0);
    EXPECT_TRUE(c.scenario.empty());
    EXPECT_TRUE(c.reason.empty());
    EXPECT_FALSE(c.summary.has_value());
    EXPECT_FALSE(c.gbps.has_value());
    EXPECT_FALSE(c.abs_error.has_value());
    EXPECT_TRUE(out.kernels.at(0).spec.is_object());
}

TEST(profile_json, non_finite_numbers_are_written_as_null) {
    profile p = test::rich_profile();
    auto& c = p.cases[0];
    c.gbps = std::nan("");
    c.rel_error = INFINITY;
    c.result = {1.0, std::nan(""), 3.0};
    c.summary->cv = std::nan("");
    p.devices[0].peak->read_gbps = -INFINITY;
    const std::string text = ojson(p).dump();
    EXPECT_EQ(text.find("NaN"), std::string::npos);
    EXPECT_EQ(text.find("Infinity"), std::string::npos);
    const ojson j = ojson::parse(text);
    EXPECT_TRUE(j["cases"][0]["gbps"].is_null());
    EXPECT_TRUE(j["cases"][0]["rel_error"].is_null());
    EXPECT_EQ(j["cases"][0]["result"][1], "nan"); // an explicit marker, never 0
    EXPECT_TRUE(j["cases"][0]["summary"]["cv"].is_null());
    EXPECT_TRUE(j["devices"][0]["peak"]["read_gbps"].is_null());
    const profile back = parse_profile(text, "nan.json");
    EXPECT_FALSE(back.cases[0].gbps.has_value());
    EXPECT_TRUE(std::isnan(back.cases[0].result.at(1)));
}

TEST(profile_json, ns_and_byte_counts_are_integers) {
    const ojson j = test::rich_profile();
    const auto& c = j["cases"][0];
    EXPECT_TRUE(c["rounds"][0]["samples_ns"][0].is_number_unsigned());
    EXPECT_TRUE(c["rounds"][0]["overhead_ns"][0].is_number_unsigned());
    EXPECT_TRUE(c["rounds"][0]["pass_sum_ns"][0].is_number_unsigned());
    EXPECT_TRUE(c["bytes"].is_number_unsigned());
    EXPECT_TRUE(j["devices"][0]["global_mem_bytes"].is_number_unsigned());
    EXPECT_TRUE(j["devices"][0]["peak"]["bytes"].is_number_unsigned());
}

TEST(profile_json, future_major_is_rejected_naming_the_supported_version) {
    ojson j = test::rich_profile();
    j["schema_version"] = "3.0.0";
    const auto msg = error_of(j.dump());
    EXPECT_NE(msg.find("p.json"), std::string::npos) << msg;
    EXPECT_NE(msg.find("3.0.0"), std::string::npos) << msg;
    EXPECT_NE(msg.find(std::string(profile_schema_version)), std::string::npos) << msg;
}

TEST(profile_json, newer_minor_of_same_major_is_accepted) {
    ojson j = test::rich_profile();
    j["schema_version"] = "2.99.0";
    j["a_field_from_the_future"] = {{"x", 1}};
    EXPECT_EQ(parse_profile(j.dump(), "p.json").cases.size(), 1u);
}

TEST(profile_json, truncated_json_reports_line_and_column) {
    const std::string text = ojson(test::rich_profile()).dump(1);
    const std::string cut = text.substr(0, text.find("\"rounds\"") + 5);
    const auto msg = error_of(cut);
    std::smatch m;
    ASSERT_TRUE(
        std::regex_search(msg, m, std::regex("^p\\.json:([0-9]+):([0-9]+): not valid JSON")))
        << msg;
    // The cut is in the middle of the cases: many lines down, never line 1.
    EXPECT_GT(std::stoi(m[1]), 10) << msg;
    EXPECT_GE(std::stoi(m[2]), 1) << msg;
}

TEST(profile_json, schema_1_profile_becomes_one_round_timed_as_kernel_sum) {
    // A case as gpu-reduce-prof 0.1 wrote it (schema 1.0.0).
    // Readers apply the 1.x schema first, as validate does: the document is complete.
    const auto v1 = ojson::parse(R"({"schema_version": "1.0.0", "complete": true,
      "tool": {"name": "gpu-reduce-prof", "version": "0.1.0", "git_sha": "abc", "argv": []},
      "host": {"hostname": "h", "os": "Linux", "started_at": "2025-01-01T00:00:00Z",
               "finished_at": "2025-01-01T00:01:00Z"}, "settings": {}, "kernels": [], "scenarios": {},
      "devices": [{"index": 0, "platform_index": 0, "device_index": 0,
      "platform": {"name": "Test Platform", "vendor": "gpu-reduce-prof tests",
      "version": "OpenCL 3.0"}, "name": "Test GPU A", "vendor": "Test Vendor", "type": "gpu",
      "device_version": "OpenCL 3.0", "driver_version": "1.0",
      "opencl_c_version": "OpenCL C 1.2", "uuid": "0a0a0a0a-0000-0000-0000-00000000000a",
      "compute_units": 40, "max_clock_mhz": 1800, "max_work_group_size": 1024,
      "max_work_item_sizes": [1024, 1024, 64], "local_mem_type": "local",
      "local_mem_bytes": 65536, "global_mem_bytes": 8589934592, "global_cache_bytes": 4194304,
      "global_cacheline_bytes": 128, "max_alloc_bytes": 2147483648,
      "preferred_work_group_multiple": 32, "subgroups": true, "max_sub_groups": 32,
      "fp64": true, "timer_resolution_ns": 1, "extensions": ["cl_khr_device_uuid"],
      "simd_width_estimate": 32, "peak": null}],
      "cases": [{"key": {"kernel": "reduce3", "type": "int", "layout": "flat", "n": 8,
                 "local_size": 4}, "device": 0, "scenario": null, "status": "wrong",
                 "reason": "wrong", "build_options": "", "finish": "passes", "passes": [],
                 "samples_ns": [5, 7, 6], "flags": [], "noise_target_met": true,
                 "summary": null, "bytes": 32, "bytes_counted": "input", "gbps": null,
                 "elements_per_s": null, "pct_of_peak": null, "extra": {},
                 "launch_overhead_ns": [1, 1, 1], "warmup": 3, "flagged_samples": 2,
                 "result": [null], "reference": [36], "abs_error": 0, "rel_error": 0,
                 "tolerance": 0}]})");
    const profile p = parse_profile(v1.dump(), "old.json");
    ASSERT_EQ(p.cases.size(), 1u);
    const auto& c = p.cases[0];
    EXPECT_EQ(c.timing, "kernel");
    ASSERT_EQ(c.rounds.size(), 1u);
    EXPECT_EQ(c.rounds[0].samples_ns, (std::vector<std::uint64_t>{5, 7, 6}));
    EXPECT_EQ(c.samples_ns.size(), 3u);
    EXPECT_EQ(c.flagged_samples, 2u);
    EXPECT_EQ(c.key.op, "sum");
    EXPECT_TRUE(std::isnan(c.result.at(0)));
    EXPECT_FALSE(c.abs_error); // 0.1 wrote 0 next to a NaN result
    EXPECT_FALSE(c.tolerance); // and 0 for "exact"
    ASSERT_EQ(p.runs.size(), 1u);
}

TEST(profile_json, duplicate_case_keys_on_one_device_are_found) {
    profile p = test::rich_profile();
    EXPECT_TRUE(duplicate_case_keys(p).empty());
    p.cases.push_back(p.cases[0]);
    const auto dups = duplicate_case_keys(p);
    ASSERT_EQ(dups.size(), 1u);
    EXPECT_NE(dups[0].find("two cases have the key layout_tree/float/aos12"), std::string::npos);
    p.cases.back().device = 1; // the same key on another device is another case
    EXPECT_TRUE(duplicate_case_keys(p).empty());
}

TEST(profile_json, readers_refuse_duplicate_case_keys_naming_the_key) {
    profile p = test::rich_profile();
    p.cases.push_back(p.cases[0]);
    p.cases.push_back(p.cases[0]);
    try {
        (void)parse_profile(profile_text(p), "dup.json");
        ADD_FAILURE() << "a profile with duplicate keys was read";
    } catch (const file_error& e) {
        const std::string why = e.what();
        EXPECT_EQ(why.rfind("dup.json: two cases have the key layout_tree/float/aos12", 0), 0u)
            << why;
        EXPECT_NE(why.find("(and 1 more; 'gpu-reduce-prof validate' lists them)"),
                  std::string::npos)
            << why;
    }
}

TEST(profile_json, key_names_operator_and_parameters) {
    auto k = make_case_key("tunable", "int", "flat", 64, 8);
    EXPECT_EQ(k.to_string(), "tunable/int/flat/n=64/local=8");
    k.op = "max";
    k.params = {{"VEC", "4"}, {"ACC", "2"}};
    EXPECT_EQ(k.to_string(), "tunable/int/flat/n=64/local=8/op=max/ACC=2/VEC=4");
    const ojson j = k;
    EXPECT_EQ(j["params"]["VEC"], 4); // numbers stay numbers in the file
    EXPECT_EQ(j.get<case_key>(), k);
}

TEST(profile_json, key_names_a_cold_cache_and_reads_old_keys_as_warm) {
    auto k = make_case_key("reduce3", "float", "flat", 1024, 64);
    EXPECT_EQ(k.cache, "warm");
    k.cache = "cold";
    EXPECT_EQ(k.to_string(), "reduce3/float/flat/n=1024/local=64/cache=cold");
    auto warm = k;
    warm.cache = "warm";
    EXPECT_NE(k, warm); // cold and warm are two cases
    ojson j = k;
    EXPECT_EQ(j["cache"], "cold");
    EXPECT_EQ(j.get<case_key>(), k);
    j.erase("cache"); // before 2.6 every case was timed warm
    EXPECT_EQ(j.get<case_key>(), warm);
    j["cache"] = "lukewarm";
    EXPECT_THROW(j.get<case_key>(), file_error);
    j["cache"] = 1;
    EXPECT_THROW(j.get<case_key>(), file_error);
}

TEST(profile_json, unknown_status_is_rejected) {
    ojson j = test::rich_profile();
    j["cases"][0]["status"] = "maybe";
    const auto msg = error_of(j.dump()); // the schema says it, as validate would
    EXPECT_NE(msg.find("/cases/0/status: expected one of"), std::string::npos) << msg;
    EXPECT_NE(msg.find("race-observed"), std::string::npos) << msg;
    EXPECT_NE(msg.find("\"maybe\""), std::string::npos) << msg;
    EXPECT_THROW(parse_case_status("maybe"), file_error);
}

TEST(profile_json, every_status_round_trips_by_name) {
    for (auto s : {case_status::ok, case_status::wrong, case_status::skipped, case_status::failed,
                   case_status::race_observed}) {
        EXPECT_EQ(parse_case_status(to_string(s)), s);
    }
    EXPECT_EQ(to_string(case_status::race_observed), "race-observed");
}

TEST(profile_json, missing_required_field_is_named) {
    ojson j = test::rich_profile();
    j.erase("cases");
    EXPECT_NE(error_of(j.dump()).find("missing required field \"cases\""), std::string::npos)
        << error_of(j.dump());
    ojson k = test::rich_profile();
    k["cases"][0]["key"].erase("local_size");
    EXPECT_NE(error_of(k.dump()).find("/cases/0/key: missing required field \"local_size\""),
              std::string::npos)
        << error_of(k.dump());
}

TEST(profile_json, not_a_profile_is_rejected) {
    EXPECT_NE(error_of("[1, 2]").find("not a gpu-reduce-prof profile"), std::string::npos);
    EXPECT_NE(error_of("{\"schema_version\": 1}").find("not a gpu-reduce-prof profile"),
              std::string::npos);
}

TEST(profile_json, fixture_file_loads) {
    const profile p = load_profile(std::string(GRP_TEST_DATA) + "/validate/valid.json");
    EXPECT_EQ(p.cases.size(), 2u);
    EXPECT_EQ(p.cases[1].status, case_status::skipped);
    EXPECT_FALSE(p.cases[1].summary.has_value());
    EXPECT_THROW(load_profile(std::string(GRP_TEST_DATA) + "/validate/no-such.json"), file_error);
}

} // namespace
} // namespace grp
