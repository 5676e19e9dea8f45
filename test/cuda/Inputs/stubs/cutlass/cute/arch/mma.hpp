// Stand-in for CUTLASS's cute/arch/mma.hpp (nothing the sm75 header needs).
#pragma once
#include <cute/config.hpp>
