// NVML's enum values that the sensors, the facts and the control read and write (nvml.h's
// nvmlClockType_t, nvmlTemperatureSensors_t, nvmlTemperatureThresholds_t), in one place: NVML is
// loaded at run time, so its header is not a build dependency and these are written out.
#pragma once

namespace grp::nvml_enum {

inline constexpr int clock_sm = 1;           ///< NVML_CLOCK_SM
inline constexpr int clock_mem = 2;          ///< NVML_CLOCK_MEM
inline constexpr int temperature_gpu = 0;    ///< NVML_TEMPERATURE_GPU
inline constexpr int threshold_slowdown = 1; ///< NVML_TEMPERATURE_THRESHOLD_SLOWDOWN

} // namespace grp::nvml_enum
