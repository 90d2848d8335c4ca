; A host with no device submodule: it only asks the runtime for memory.
target triple = "x86_64-unknown-linux-gnu"

declare i32 @mm_malloc(ptr, i64)

define i32 @main() {
  %p = alloca ptr
  %s = call i32 @mm_malloc(ptr %p, i64 16)
  ret i32 %s
}
