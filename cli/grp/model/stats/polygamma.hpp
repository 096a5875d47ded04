// The digamma and trigamma functions (the first two derivatives of ln Gamma) and the inverse
// of trigamma: what the method of moments for a scaled inverse chi-square prior needs
// (moderation.hpp). Pure; about 1e-14 relative for x > 0.
#pragma once

namespace grp {

/// psi(x) = d/dx ln Gamma(x), for finite x > 0. Throws std::invalid_argument otherwise.
double digamma(double x);

/// psi'(x) = d^2/dx^2 ln Gamma(x), for finite x > 0. Throws std::invalid_argument otherwise.
double trigamma(double x);

/// The x > 0 with trigamma(x) == y, for finite y > 0 (trigamma falls from +inf to 0, so there is
/// exactly one). Throws std::invalid_argument otherwise.
double trigamma_inverse(double y);

} // namespace grp
