; A plain LLVM IR file, with no bundle syntax at all.
target triple = "x86_64-unknown-linux-gnu"

define i32 @square_sum(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %sq = mul i32 %i, %i
  %s.next = add i32 %s, %sq
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s.next
}
