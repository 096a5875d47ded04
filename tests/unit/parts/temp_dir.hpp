// A fresh folder under the system's temporary folder for one test, removed with everything in
// it when the test ends: the parts tests write part folders, rescue files and inputs there.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace grp::parts::test {

class temp_dir {
public:
    temp_dir() {
        std::string t = (std::filesystem::temp_directory_path() / "grp-parts-test-XXXXXX").string();
        if (::mkdtemp(t.data()) == nullptr) {
            throw std::runtime_error("mkdtemp failed");
        }
        m_path = t;
    }
    ~temp_dir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }
    [[nodiscard]] std::string file(const std::string& name) const {
        return (m_path / name).string();
    }

private:
    std::filesystem::path m_path;
};

} // namespace grp::parts::test
