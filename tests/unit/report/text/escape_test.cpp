#include "grp/core/sha256.hpp"
// Escaping of untrusted profile strings, and the page's Content-Security-Policy hashes.
#include "grp/report/html/csp.hpp"
#include "grp/report/text/escape.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(ReportEscape, HtmlEscapesMarkupAndBothQuotes) {
    EXPECT_EQ(html_escape("<script>alert(1)</script>\"'"),
              "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;");
    EXPECT_EQ(html_escape("a & b"), "a &amp; b");
    EXPECT_EQ(html_escape("&amp;"), "&amp;amp;"); // already-escaped text is text, too
    EXPECT_EQ(html_escape("plain ünïcode"), "plain ünïcode");
}

TEST(ReportEscape, HtmlReplacesControlCharactersButKeepsWhitespace) {
    EXPECT_EQ(html_escape(std::string("a\0b", 3)), "a\xEF\xBF\xBD"
                                                   "b");
    EXPECT_EQ(html_escape("a\x01\x7F"), "a\xEF\xBF\xBD\xEF\xBF\xBD");
    EXPECT_EQ(html_escape("a\tb\nc"), "a\tb\nc");
}

TEST(ReportEscape, MarkdownNeutralisesInlineMarkupAndHtml) {
    EXPECT_EQ(markdown_escape("a|b"), "a\\|b");
    EXPECT_EQ(markdown_escape("*x* _y_ `z`"), "\\*x\\* \\_y\\_ \\`z\\`");
    EXPECT_EQ(markdown_escape("[link](http://x)"), "\\[link\\](http://x)");
    EXPECT_EQ(markdown_escape("<script>&"), "&lt;script&gt;&amp;");
    EXPECT_EQ(markdown_escape("two\nlines"), "two lines");
    EXPECT_EQ(markdown_escape("back\\slash"), "back\\\\slash");
}

TEST(ReportEscape, MarkdownCodeSpansEscapeNothingAndOutgrowTheirBackticks) {
    EXPECT_EQ(markdown_code("duet_slow.json:base:my_sum"), "`duet_slow.json:base:my_sum`");
    EXPECT_EQ(markdown_code("a\\b *c* <d>&"), "`a\\b *c* <d>&`");
    EXPECT_EQ(markdown_code("a`b"), "``a`b``");
    EXPECT_EQ(markdown_code("x``y`"), "``` x``y` ```");
    EXPECT_EQ(markdown_code("`"), "`` ` ``");
    EXPECT_EQ(markdown_code("two\nlines"), "`two lines`");
    EXPECT_EQ(markdown_code(""), "` `");
}

TEST(ReportEscape, HtmlIdKeepsOnlyLettersAndDigits) {
    EXPECT_EQ(html_id("P1"), "p1");
    EXPECT_EQ(html_id("wg-probe/<x>"), "wg-probe--x-");
    EXPECT_EQ(html_id(""), "x");
}

std::string hex(const std::array<std::uint8_t, 32>& d) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (auto b : d) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

TEST(ReportCsp, Sha256MatchesTheFipsTestVectors) {
    EXPECT_EQ(hex(sha256_digest("")),
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(hex(sha256_digest("abc")),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // 56 bytes: the padding needs a second block.
    EXPECT_EQ(hex(sha256_digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(hex(sha256_digest(std::string(1000, 'a'))),
              "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

TEST(ReportCsp, Base64MatchesRfc4648) {
    auto b64 = [](const std::string& s) {
        return html::base64(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
    };
    EXPECT_EQ(b64(""), "");
    EXPECT_EQ(b64("f"), "Zg==");
    EXPECT_EQ(b64("fo"), "Zm8=");
    EXPECT_EQ(b64("foo"), "Zm9v");
    EXPECT_EQ(b64("foob"), "Zm9vYg==");
    EXPECT_EQ(b64("fooba"), "Zm9vYmE=");
    EXPECT_EQ(b64("foobar"), "Zm9vYmFy");
}

TEST(ReportCsp, PolicyForbidsTheNetworkAndNamesEachScript) {
    EXPECT_EQ(html::csp_script_hash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    const auto csp = html::content_security_policy({"a", "b"});
    EXPECT_NE(csp.find("default-src 'none'"), std::string::npos);
    EXPECT_NE(csp.find(html::csp_script_hash("a")), std::string::npos);
    EXPECT_NE(csp.find(html::csp_script_hash("b")), std::string::npos);
    EXPECT_EQ(csp.find("unsafe-inline'; script"), std::string::npos);
    EXPECT_EQ(csp.find("script-src 'unsafe-inline'"), std::string::npos);
}

} // namespace
} // namespace grp
