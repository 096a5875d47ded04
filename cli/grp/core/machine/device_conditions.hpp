// What a device was *set to* when it was measured (schema 2.17): power limits, ECC, MIG,
// persistence and compute modes, application clocks, PCIe link, board variant, driver and
// CUDA versions on an NVIDIA GPU (nvml_facts.hpp); governor, boost, transparent huge pages,
// SMT, microcode, kernel, virtualisation and steal time on the host (host_facts.hpp). Each fact
// is a value or null with the reason it is unknown. The conditions key hashes the facts that
// change performance, so gates can refuse to compare measurements taken under different
// settings (compare's --conditions). Per-round sensor readings are another thing:
// model/profile/conditions.hpp.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

/// One fact: a string, number or boolean, or null with the reason in `why`.
struct condition_fact {
    std::string name;
    nlohmann::ordered_json value; ///< null when unknown
    std::string why;              ///< why it is unknown; "" when it has a value
};

/// A device's conditions: every fact in probe order, and the names its key covers.
struct device_conditions {
    std::vector<condition_fact> facts;
    std::vector<std::string> key_facts;
    /// The key over key_facts: the first 12 hex digits of the SHA-256 of "name=value" lines
    /// (null values as "null"). Recomputed from the facts, never trusted from a file.
    [[nodiscard]] std::string key() const;
    /// The fact named `name`, or nullptr.
    [[nodiscard]] const condition_fact* find(const std::string& name) const;
};

/// The facts a GPU's key covers: power limits, ECC, MIG, application clocks and the board.
/// Persistence and compute mode, the PCIe link (whose current generation falls at idle), VBIOS,
/// driver and CUDA versions are recorded but not keyed: they do not move a kernel's time, or (the
/// driver) compare already says so and a driver update is what a user may want to measure.
const std::vector<std::string>& gpu_key_facts();

/// The facts the key of any other device covers (it runs on the host's cores): governor, boost,
/// transparent huge pages and SMT. Microcode, kernel release and virtualisation stay put on one
/// machine (compare calls another machine cross-machine); steal time is a measurement, like load.
const std::vector<std::string>& cpu_key_facts();

/// A fact with a value.
condition_fact known_fact(const std::string& name, nlohmann::ordered_json value);
/// A fact without one, and why.
condition_fact unknown_fact(const std::string& name, const std::string& why);

/// The key facts that differ between `a` and `b`, each as "name: A -> B" (unknown values with
/// their reason); empty when the keys agree.
std::vector<std::string> differing_facts(const device_conditions& a, const device_conditions& b);

/// {"facts": {name: value|null}, "unknown": {name: why}, "key": "...", "key_facts": [...]}.
nlohmann::ordered_json conditions_json(const device_conditions& c);
/// The record from conditions_json's shape; a fact of a type other than string, number or
/// boolean is read as unknown.
device_conditions device_conditions_from(const nlohmann::ordered_json& j);

} // namespace grp
