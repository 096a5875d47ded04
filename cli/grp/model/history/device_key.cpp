#include "grp/model/history/device_key.hpp"

#include <cctype>

namespace grp {

namespace {

std::string leading_number(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) == 0) {
        ++i;
    }
    std::size_t end = i;
    while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end])) != 0) {
        ++end;
    }
    return s.substr(i, end - i);
}

} // namespace

std::string device_key::text() const {
    std::string t =
        model + " · " + vendor + " · driver " + (driver_major.empty() ? "?" : driver_major);
    if (!card.empty()) {
        t += " · " + card;
    }
    return t;
}

device_key device_key_of(const device_info& d) {
    device_key k{d.vendor, d.name, "", ""};
    const auto driver = d.driver_version.value_or("");
    k.driver_major = leading_number(driver.empty() ? d.platform_version : driver);
    if (d.uuid && !d.uuid->empty()) {
        k.card = "uuid " + *d.uuid;
    } else if (d.pci_bus && !d.pci_bus->empty()) {
        k.card = "pci " + *d.pci_bus;
    }
    return k;
}

} // namespace grp
