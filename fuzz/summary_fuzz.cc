// libFuzzer target "summary" (scripts/fuzz.sh): see fuzz/fuzz_inputs.h.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_inputs.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  mj::fuzz::TargetNamed("summary")(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
