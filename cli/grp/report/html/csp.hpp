// The page's Content-Security-Policy: no network at all (default-src 'none'), inline styles, and
// only the page's own inline scripts, named by their SHA-256 hashes. Escaping already keeps
// profile strings from becoming markup; the policy is the second wall: were an injected
// <script> or onerror= attribute ever to slip through, the browser would refuse to run it.
// The hashes come from grp/core/sha256 (also used for kernel sources); base64 lives here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grp::html {

/// Standard base64 (RFC 4648, with '=' padding).
std::string base64(const std::uint8_t* data, std::size_t size);

/// "'sha256-BASE64'": a CSP source expression for an inline script with exactly this text.
std::string csp_script_hash(std::string_view script_text);

/// The policy for a page whose inline scripts are exactly `scripts` (their text between the
/// <script> tags).
std::string content_security_policy(const std::vector<std::string_view>& scripts);

} // namespace grp::html
