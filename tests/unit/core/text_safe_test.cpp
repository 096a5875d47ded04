// UTF-8 repair and terminal escaping: what may be stored in a profile and printed on a terminal.
#include "grp/core/text_safe.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace grp {
namespace {

TEST(text_safe, valid_utf8_is_unchanged) {
    const std::string s = "reduce6 \xC2\xB5s \xE2\x80\x94 \xF0\x9F\x98\x80";
    EXPECT_TRUE(is_valid_utf8(s));
    EXPECT_EQ(valid_utf8(s), s);
}

TEST(text_safe, invalid_bytes_become_replacement_characters) {
    // Latin-1 "café", a stray continuation byte, an overlong '/', a surrogate, a cut sequence.
    for (const std::string bad : {"caf\xE9", "a\x80z", "\xC0\xAF", "\xED\xA0\x80", "x\xE2\x82"}) {
        EXPECT_FALSE(is_valid_utf8(bad)) << bad;
        const auto fixed = valid_utf8(bad);
        EXPECT_TRUE(is_valid_utf8(fixed));
        EXPECT_NE(fixed.find("\xEF\xBF\xBD"), std::string::npos);
        // The point of it all: JSON can store it.
        EXPECT_NO_THROW((void)nlohmann::json(fixed).dump());
    }
    EXPECT_EQ(valid_utf8("caf\xE9!"), "caf\xEF\xBF\xBD!");
}

TEST(text_safe, prefix_never_cuts_a_character) {
    const std::string euro = "\xE2\x82\xAC"; // 3 bytes
    const std::string s = "ab" + euro + euro;
    EXPECT_EQ(utf8_prefix(s, 2), "ab");
    EXPECT_EQ(utf8_prefix(s, 3), "ab");
    EXPECT_EQ(utf8_prefix(s, 4), "ab");
    EXPECT_EQ(utf8_prefix(s, 5), "ab" + euro);
    EXPECT_EQ(utf8_prefix(s, 100), s);
    EXPECT_EQ(utf8_prefix(std::string(4095, 'x') + euro, 4096), std::string(4095, 'x'));
}

TEST(text_safe, terminal_escape_shows_controls_as_text) {
    EXPECT_EQ(terminal_escape("a\x1b]0;pwned\x07z"), "a\\x1b]0;pwned\\x07z");
    EXPECT_EQ(terminal_escape(std::string("nul\0!", 5)), "nul\\x00!");
    EXPECT_EQ(terminal_escape("del\x7f"), "del\\x7f");
    EXPECT_EQ(terminal_escape("csi\xC2\x9B"
                              "2J"),
              "csi\\xc2\\x9b2J"); // C1 CSI
    EXPECT_EQ(terminal_escape("bad\xFF"), "bad\\xff");
    EXPECT_EQ(terminal_escape("tab\tok"), "tab\tok");
    EXPECT_EQ(terminal_escape("two\nlines"), "two\\x0alines");
    EXPECT_EQ(terminal_escape("two\nlines", true), "two\nlines");
    EXPECT_EQ(terminal_escape("\xC2\xB5s caf\xC3\xA9"), "\xC2\xB5s caf\xC3\xA9");
}

TEST(text_safe, kernel_names_are_printable_text) {
    for (const char* ok :
         {"reduce6", "wg-probe/sin_div", "twin:reduce6", "my kernel", "=HYPERLINK(\"x\")",
          "r\xC3\xA9"
          "duire"}) {
        EXPECT_EQ(name_problem(ok), "") << ok;
    }
    EXPECT_EQ(name_problem(""), "is empty");
    EXPECT_EQ(name_problem(" a"), "starts or ends with a space");
    EXPECT_EQ(name_problem("a "), "starts or ends with a space");
    EXPECT_EQ(name_problem("ab\tc"), "holds a tab (\\x09) at offset 2");
    EXPECT_EQ(name_problem("a\rb"), "holds a carriage return (\\x0d) at offset 1");
    EXPECT_EQ(name_problem("a\nb"), "holds a line feed (\\x0a) at offset 1");
    EXPECT_EQ(name_problem("evil\x1b]0;x"), "holds a control character (\\x1b) at offset 4");
    EXPECT_EQ(name_problem(std::string("a\0b", 3)),
              "holds a control character (\\x00) at offset 1");
    EXPECT_EQ(name_problem("a\x7f"), "holds a control character (\\x7f) at offset 1");
    EXPECT_EQ(name_problem("a\xC2\x9B"), "holds a control character (\\xc2\\x9b) at offset 1");
    EXPECT_EQ(name_problem("a\xff"), "is not valid UTF-8 (byte \\xff at offset 1)");
}

} // namespace
} // namespace grp
