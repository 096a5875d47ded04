// The text of a file under tests/data (GRP_TEST_DATA), for tests that parse recorded output.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace grp::test {

inline std::string read_test_data(const std::string& relative) {
    std::ifstream in(std::string(GRP_TEST_DATA) + "/" + relative, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace grp::test
