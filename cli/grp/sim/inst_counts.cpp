#include "grp/sim/inst_counts.hpp"

#include "grp/core/error.hpp"

#include <algorithm>
#include <cstdint>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace grp::sim {

namespace {

/// Decimal digits as a count; more than 64 bits is output this tool cannot read (an error
/// naming the line, never an exception that ends the check as a bug).
std::uint64_t count_of(const std::string& digits, const std::string& line) {
    try {
        return std::stoull(digits);
    } catch (const std::out_of_range&) {
        throw file_error("the simulator's instruction count line '" + line.substr(0, 200) +
                         "' holds a number beyond 64 bits");
    }
}

/// a + b, held at the largest count instead of wrapping.
std::uint64_t plus(std::uint64_t a, std::uint64_t b) {
    return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

/// a * b, held at the largest count instead of wrapping.
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

struct opcode {
    std::string name;   ///< "call barrier" for "call _Z7barrierj()"
    std::string params; ///< the mangled parameter types ("mPU3AS1Kf"), for builtin calls
};

/// Builtin calls by their OpenCL name (Itanium mangling: _Z, the name's length, the name, the
/// parameter types); everything else as the simulator wrote it.
opcode opcode_of(const std::string& raw) {
    static const std::regex itanium(R"(^call _Z(\d+)(.*)\(\)$)");
    std::smatch m;
    if (std::regex_match(raw, m, itanium) && m[1].length() < 10) { // a name under 10^9 bytes
        const auto len = std::stoull(m[1].str());
        const auto rest = m[2].str();
        if (len <= rest.size()) {
            return {"call " + rest.substr(0, len), rest.substr(len)};
        }
    }
    return {raw, ""};
}

std::uint64_t type_bytes(char code) {
    switch (code) {
    case 'c':
    case 'h':
        return 1;
    case 's':
    case 't':
        return 2;
    case 'l':
    case 'm':
    case 'd':
        return 8;
    default:
        return 4; // i, j, f
    }
}

/// vloadN / vstoreN move N elements through a builtin, which the simulator counts as a call:
/// their bytes, by the pointer's address space (AS1 global, AS3 local, AS2 constant).
void add_vector_bytes(sim_pass_counts& p, const opcode& op, std::uint64_t count) {
    static const std::regex vec(R"(^call v(load|store)(\d+)$)");
    static const std::regex space(R"(AS(\d))");
    std::smatch m, s;
    if (op.params.empty() || !std::regex_match(op.name, m, vec)) {
        return;
    }
    const char* spaces[] = {"private", "global", "constant", "local"};
    std::string where = "private";
    if (std::regex_search(op.params, s, space)) {
        const auto as = std::stoul(s[1].str());
        where = as < 4 ? spaces[as] : "private";
    }
    const auto width = count_of(m[2].str(), op.name);
    auto& b = p.bytes[m[1].str() + " " + where];
    b = plus(b, times(times(count, width), type_bytes(op.params.back())));
}

void add_line(sim_pass_counts& p, const std::smatch& m, const std::string& line) {
    const auto count = count_of(m[1].str(), line);
    const auto op = opcode_of(m[2].str());
    p.by_opcode[op.name] = plus(p.by_opcode[op.name], count);
    p.instructions = plus(p.instructions, count);
    if (m[3].matched) {
        p.bytes[op.name] = plus(p.bytes[op.name], count_of(m[3].str(), line));
    }
    add_vector_bytes(p, op, count);
    if (op.name.find("barrier") != std::string::npos) {
        p.barriers = plus(p.barriers, count);
    }
}

} // namespace

std::vector<sim_pass_counts> parse_inst_counts(const std::string& text) {
    static const std::regex header(R"(^Instructions executed for kernel '([^']*)':\s*$)");
    static const std::regex row(R"(^\s*([0-9,]+) - (.*?)(?: \(([0-9]+) bytes\))?\s*$)");
    std::vector<sim_pass_counts> out;
    std::istringstream in(text);
    bool in_table = false;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, header)) {
            out.emplace_back();
            out.back().kernel = m[1].str();
            in_table = true;
        } else if (line.find_first_not_of(" \t\r") == std::string::npos) {
            in_table = false;
        } else if (in_table) {
            auto plain = line;
            plain.erase(std::remove(plain.begin(), plain.end(), ','), plain.end());
            if (!std::regex_match(plain, m, row)) {
                throw file_error("cannot read the simulator's instruction count line '" + line +
                                 "'");
            }
            add_line(out.back(), m, line);
        }
    }
    return out;
}

} // namespace grp::sim
