//===- OptLevel.cpp - Optimization levels by name -------------------------===//

#include "mm/Compile/OptLevel.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;
using namespace mm;

std::string OptLevel::getDefaultPipeline() const {
  return ("default<" + Name + ">").str();
}

std::optional<OptLevel> mm::lookupOptLevel(StringRef Name) {
#define MM_OPT_LEVEL(LevelName, PipelineLevel, CodegenLevel)                   \
  if (Name == #LevelName)                                                      \
    return OptLevel{#LevelName, OptimizationLevel::PipelineLevel,              \
                    CodeGenOptLevel::CodegenLevel};
#include "mm/Bundle/OptLevels.def"
  return std::nullopt;
}

Expected<OptLevel> mm::parseCodegenLevelFlag(char Flag) {
  if (Flag < '0' || Flag > '3')
    return createStringError("invalid optimization level -O%c: expected "
                             "-O0, -O1, -O2 or -O3",
                             Flag);
  return *lookupOptLevel(std::string("O") + Flag);
}
