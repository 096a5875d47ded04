#include "grp/core/error.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/host/value_file.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <unistd.h>
#include <vector>

namespace grp {
namespace {

template <typename T> std::string write_values(const std::string& name, const std::vector<T>& v) {
    const std::string path = testing::TempDir() + name + "-" + std::to_string(::getpid());
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(v.data()),
               static_cast<std::streamsize>(v.size() * sizeof(T)));
    return path;
}

// The message of the file_error read_value_file throws, or "" when it reads the file.
std::string refusal(const std::string& path, element_type t, std::uint64_t count,
                    std::size_t comps = 1) {
    try {
        (void)read_value_file(path, t, count, comps);
    } catch (const file_error& e) {
        return e.what();
    }
    return "";
}

TEST(value_file, a_non_finite_float_is_a_bad_file_naming_the_file_index_and_value) {
    const float inf = std::numeric_limits<float>::infinity();
    for (float bad : {inf, -inf, std::numeric_limits<float>::quiet_NaN()}) {
        const auto path = write_values<float>("nonfinite.bin", {1, 2, 3, bad, 5});
        const auto why = refusal(path, element_type::float32, 5);
        EXPECT_NE(why.find("file:" + path + ": value 3 (byte offset 12, float) is "),
                  std::string::npos)
            << why;
        EXPECT_NE(why.find("float data must be finite"), std::string::npos) << why;
        EXPECT_EQ(refusal(path, element_type::float32, 3), ""); // a case that reads 3 values
        std::remove(path.c_str());
    }
    const auto path = write_values<double>("nonfinite64.bin", {1, -HUGE_VAL});
    EXPECT_NE(
        refusal(path, element_type::float64, 2).find("value 1 (byte offset 8, double) is -inf"),
        std::string::npos);
    std::remove(path.c_str());
}

TEST(value_file, float_values_whose_magnitudes_overflow_the_type_are_a_bad_file) {
    const float big = 3e38F;
    const auto path = write_values<float>("overflow.bin", {big, -big, 1, 1});
    const auto why = refusal(path, element_type::float32, 4);
    EXPECT_NE(why.find("value 1 (byte offset 4, float) is -3"), std::string::npos) << why;
    EXPECT_NE(why.find("beyond float's largest value"), std::string::npos) << why;
    EXPECT_NE(why.find("-t double"), std::string::npos) << why;
    // As x and y of one record (comps 2) each component stays within range.
    EXPECT_EQ(refusal(path, element_type::float32, 4, 2), "");
    std::remove(path.c_str());
}

TEST(value_file, int_data_is_read_as_is) {
    const auto path = write_values<std::int32_t>("ints.bin", {2147483647, 2147483647, -7});
    EXPECT_EQ(read_value_file(path, element_type::int32, 3, 1),
              (std::vector<double>{2147483647, 2147483647, -7}));
    std::remove(path.c_str());
}

TEST(value_file, make_host_data_refuses_an_inf_in_the_file) {
    const auto path = write_values<float>("host.bin", {1, std::numeric_limits<float>::infinity()});
    data_choice d = parse_data_choice("file:" + path);
    EXPECT_THROW(make_host_data(element_type::float32, data_layout::flat, 2, 1, d), file_error);
    // Read as ints the same bytes are two whole numbers (0x7f800000 is 2139095040).
    const auto ints = make_host_data(element_type::int32, data_layout::flat, 2, 1, d);
    EXPECT_EQ(ints.exact_sum[0], 1065353216.0L + 2139095040.0L);
    std::remove(path.c_str());
}

TEST(value_file, a_float_constant_whose_sum_overflows_is_refused_at_its_size) {
    const auto d = parse_data_choice("const:1e38");
    EXPECT_NO_THROW(make_host_data(element_type::float32, data_layout::flat, 3, 1, d));
    try {
        (void)make_host_data(element_type::float32, data_layout::flat, 4, 1, d);
        ADD_FAILURE() << "const:1e38 at n=4 was accepted";
    } catch (const usage_error& e) {
        EXPECT_NE(std::string(e.what()).find("--data const:1e+38 at n=4: the values add up"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_NO_THROW(make_host_data(element_type::float64, data_layout::flat, 1000, 1, d));
}

// The message of the usage_error check_data_for_type throws, or "".
std::string constant_refusal(const std::string& text, element_type t) {
    try {
        check_data_for_type(parse_data_choice(text), t);
    } catch (const usage_error& e) {
        return e.what();
    }
    return "";
}

TEST(value_file, const_values_are_checked_against_the_type_never_wrapped) {
    auto why = constant_refusal("const:1e38", element_type::int32);
    EXPECT_NE(why.find("const:1e+38 is out of range for -t int"), std::string::npos) << why;
    EXPECT_NE(why.find("from -2147483648 to 2147483647"), std::string::npos) << why;
    why = constant_refusal("const:1.5", element_type::int32);
    EXPECT_NE(why.find("const:1.5 is not a whole number for -t int"), std::string::npos) << why;
    why = constant_refusal("const:-1", element_type::uint32);
    EXPECT_NE(why.find("const:-1 is negative for -t uint"), std::string::npos) << why;
    EXPECT_NE(why.find("from 0 to 4294967295"), std::string::npos) << why;
    EXPECT_NE(constant_refusal("const:4294967296", element_type::uint32), "");
    EXPECT_NE(constant_refusal("const:-2147483649", element_type::int32), "");
    EXPECT_NE(constant_refusal("const:0.5", element_type::uint32), "");
    for (const char* ok : {"const:-2147483648", "const:2147483647", "const:7", "const:-0"}) {
        EXPECT_EQ(constant_refusal(ok, element_type::int32), "") << ok;
    }
    EXPECT_EQ(constant_refusal("const:4294967295", element_type::uint32), "");
    EXPECT_EQ(constant_refusal("const:1.5", element_type::float32), "");
    EXPECT_EQ(constant_refusal("const:1e38", element_type::float64), "");
    EXPECT_EQ(constant_refusal("iota", element_type::uint32), "");
}

} // namespace
} // namespace grp
