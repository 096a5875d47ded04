#include "grp/core/error.hpp"
#include "grp/core/sha256.hpp"
#include "grp/core/units.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(units, parse_count_takes_every_20_digit_count_up_to_the_largest) {
    EXPECT_EQ(parse_count("18446744073709551614", "--seed"), UINT64_MAX - 1);
    EXPECT_EQ(parse_count("18446744073709551615", "--seed"), UINT64_MAX);
    try {
        (void)parse_count("18446744073709551616", "--seed");
        FAIL() << "2^64 accepted";
    } catch (const usage_error& e) {
        EXPECT_NE(std::string(e.what()).find("is too large"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)parse_count("184467440737095516150", "--seed"), usage_error);
}

TEST(units, parse_count_forms) {
    EXPECT_EQ(parse_count("1000", "-n"), 1000u);
    EXPECT_EQ(parse_count("64k", "-n"), 64000u);
    EXPECT_EQ(parse_count("1M", "-n"), 1000000u);
    EXPECT_EQ(parse_count("1Mi", "-n"), 1048576u);
    EXPECT_EQ(parse_count("2^28", "-n"), 268435456u);
    EXPECT_EQ(parse_count("3*2^20", "-n"), 3145728u);
    EXPECT_EQ(parse_count("0", "-n"), 0u);
}

TEST(units, parse_count_rejects) {
    EXPECT_THROW(parse_count("", "-n"), usage_error);
    EXPECT_THROW(parse_count("1.5M", "-n"), usage_error);
    EXPECT_THROW(parse_count("12x", "-n"), usage_error);
    EXPECT_THROW(parse_count("2^64", "-n"), usage_error);
    EXPECT_THROW(parse_count("99999999999999999999", "-n"), usage_error);
}

TEST(units, formatting) {
    EXPECT_EQ(format_bytes(512), "512 B");
    EXPECT_EQ(format_bytes(3ULL << 30), "3.00 GiB");
    EXPECT_EQ(format_ns(812), "812 ns");
    EXPECT_EQ(format_ns(3420), "3.42 us");
    EXPECT_EQ(format_ns(1.2e6), "1.20 ms");
    EXPECT_EQ(format_count(1 << 20), "2^20");
    EXPECT_EQ(format_count(1000003), "1.00M");
    EXPECT_EQ(format_count(31), "31");
}

TEST(sha256, known_digests) {
    // FIPS 180-4 examples.
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(sha256, stream_in_pieces_equals_whole) {
    // A million 'a' (FIPS 180-4), given in pieces that straddle the 64-byte blocks.
    sha256_stream s;
    const std::string piece(1000, 'a');
    for (int i = 0; i < 1000; ++i) {
        s.update(piece);
    }
    EXPECT_EQ(s.hex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    const std::string text(200, 'x');
    sha256_stream t;
    t.update(std::string_view(text).substr(0, 63));
    t.update(std::string_view(text).substr(63));
    EXPECT_EQ(t.hex(), sha256_hex(text));
}

} // namespace
} // namespace grp
