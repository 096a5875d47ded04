// What `check` recorded for a case (schema 2.7): the diagnostics the simulator (Oclgrind) gave
// for its launches, the work it counted per pass and (2.18) how the passes accessed memory. Exact
// and deterministic: the same kernel on the same data gives the same counts in every invocation,
// which is what compare's work gate (compare/work_gate.hpp) relies on.
#pragma once

#include "grp/model/access/access_metrics.hpp"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// A place in the kernel's source that a diagnostic names.
struct source_location {
    std::string file; ///< the kernel's source as the spec names it
    std::uint64_t line = 0, column = 0;
    std::string text; ///< the source line, as the simulator quoted it
};

/// One distinct problem (occurrences that differ only in address or work-item are merged).
struct sim_diagnostic {
    /// "data-race", "out-of-bounds", "uninitialized", "barrier-divergence", "api" or "other".
    std::string kind;
    std::string message;       ///< the simulator's first line, addresses removed
    std::string address_space; ///< "global", "local", "private", "constant" or ""
    std::string kernel;
    std::vector<source_location> at; ///< one place, two for a race (both accesses)
    /// The example occurrence's, as the simulator names them: the one of the lowest groups,
    /// then items (the same on every run).
    std::vector<std::string> work_items;
    std::uint64_t count = 1; ///< occurrences merged into this one
};

/// What the simulator executed for one launch (pass) of the case's chain.
struct sim_pass_counts {
    std::string kernel;
    std::uint64_t work_groups = 0;
    std::uint64_t instructions = 0; ///< every instruction executed, by every work-item
    /// Per instruction as the simulator names it ("fadd", "load global", "call barrier").
    std::map<std::string, std::uint64_t> by_opcode;
    /// Bytes moved per access and address space: "global load", "local store", ...
    std::map<std::string, std::uint64_t> bytes;
    std::uint64_t barriers = 0; ///< barrier calls, summed over work-items
};

struct check_record {
    std::string simulator; ///< e.g. "Oclgrind 21.10"
    std::vector<sim_diagnostic> diagnostics;
    std::uint64_t diagnostics_seen = 0; ///< before merging
    bool capped = false;                ///< more distinct diagnostics than were kept
    std::vector<sim_pass_counts> passes;
    /// How the passes accessed memory (schema 2.18; absent in older profiles and when check ran
    /// without its Oclgrind plugin).
    std::optional<access_summary> access;

    /// Totals over the passes: bytes of one access and address space ("global load"), and
    /// every instruction executed.
    [[nodiscard]] std::uint64_t total_bytes(const std::string& what) const;
    [[nodiscard]] std::uint64_t total_instructions() const;
    [[nodiscard]] std::uint64_t total_barriers() const;
};

void to_json(nlohmann::ordered_json& j, const check_record& c);
/// Throws nlohmann's exceptions on a malformed `access` object (schema validation catches it
/// first when a profile is loaded).
void from_json(const nlohmann::ordered_json& j, access_summary& a);
void to_json(nlohmann::ordered_json& j, const access_summary& a);
void from_json(const nlohmann::ordered_json& j, check_record& c);

/// The words `check` puts in an unsafe case's reason between its findings and why its result
/// was wrong as well ("the simulator found ...; the result was also wrong: expected ...").
inline constexpr const char* also_wrong_marker = "; the result was also wrong: ";

/// Why an unsafe case's result was also wrong (what follows also_wrong_marker), or "".
inline std::string also_wrong(const std::string& reason) {
    const std::string marker = also_wrong_marker;
    const auto at = reason.find(marker);
    return at == std::string::npos ? "" : reason.substr(at + marker.size());
}

} // namespace grp
