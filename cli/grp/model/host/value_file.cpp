#include "grp/model/host/value_file.hpp"

#include "grp/core/error.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <sys/stat.h>

namespace grp {

namespace {

// One raw value of type t as a double (exact for every element type).
double decode_value(element_type t, const unsigned char* raw) {
    switch (t) {
    case element_type::int32: {
        std::int32_t x;
        std::memcpy(&x, raw, 4);
        return x;
    }
    case element_type::uint32: {
        std::uint32_t x;
        std::memcpy(&x, raw, 4);
        return x;
    }
    case element_type::float32: {
        float x;
        std::memcpy(&x, raw, 4);
        return x;
    }
    case element_type::float64:
        break;
    }
    double x;
    std::memcpy(&x, raw, 8);
    return x;
}

// Float data a sum can be verified on: every value finite, and per component Σ|x| within the
// type's range (then no partial sum overflows, whatever the kernel's order). Otherwise the
// reference and every kernel's result are inf or NaN, and "wrong" would blame the kernel.
// Throws file_error naming the file, the value's index and byte offset, and what to do.
class file_value_check {
public:
    file_value_check(const std::string& path, element_type t, std::size_t comps)
        : m_path(path), m_type(t), m_abs(comps, 0.0L) {}

    void add(std::uint64_t index, double v) {
        if (m_type != element_type::float32 && m_type != element_type::float64) {
            return; // int data wraps modulo 2^32 by design (docs/run.md)
        }
        if (!std::isfinite(v)) {
            fail(index, v,
                 "float data must be finite (every sum over it is inf or NaN, so no kernel "
                 "could be verified); replace the value");
        }
        auto& abs = m_abs[index % m_abs.size()];
        abs += std::fabs(static_cast<long double>(v));
        const long double max = m_type == element_type::float32
                                    ? std::numeric_limits<float>::max()
                                    : std::numeric_limits<double>::max();
        if (abs > max) {
            std::ostringstream os;
            os.precision(3);
            os << "with it the magnitudes of component " << index % m_abs.size()
               << "'s values so far add up to " << abs << ", beyond " << to_string(m_type)
               << "'s largest value " << max
               << " (a sum overflows to inf in some order, so no kernel could be verified); "
                  "scale the data down"
               << (m_type == element_type::float32 ? " or use -t double" : "");
            fail(index, v, os.str());
        }
    }

private:
    [[noreturn]] void fail(std::uint64_t index, double v, const std::string& why) const {
        std::ostringstream os;
        os.precision(9);
        os << "--data file:" << m_path << ": value " << index << " (byte offset "
           << index * size_of(m_type) << ", " << to_string(m_type) << ") is " << v << ": " << why;
        throw file_error(os.str());
    }

    std::string m_path;
    element_type m_type;
    std::vector<long double> m_abs; ///< Σ|x| per component
};

} // namespace

std::vector<double> read_value_file(const std::string& path, element_type t, std::uint64_t count,
                                    std::size_t comps) {
    // Read once per case: a FIFO would block (or be empty the second time), a device never end.
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        throw usage_error("--data file:" + path +
                          " is not a regular file; name a file of raw values");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw usage_error("--data file:" + path + ": cannot open for reading");
    }
    std::vector<double> out;
    out.reserve(count);
    std::vector<unsigned char> raw(size_of(t));
    file_value_check check(path, t, comps);
    for (std::uint64_t i = 0; i < count; ++i) {
        if (!in.read(reinterpret_cast<char*>(raw.data()),
                     static_cast<std::streamsize>(raw.size()))) {
            throw usage_error("--data file:" + path + " holds " + std::to_string(i) + " " +
                              to_string(t) + " values; this case needs " + std::to_string(count) +
                              " (n x components), as raw native-endian " + to_string(t));
        }
        out.push_back(decode_value(t, raw.data()));
        check.add(i, out.back());
    }
    return out;
}

} // namespace grp
