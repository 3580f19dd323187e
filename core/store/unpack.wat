;; The page decoder of the packed club JSON (json_pack.ts has the format and
;; `unpack`, the reference it is held to; page_decoder.ts runs it).
;; _tools/wasm.ts assembles this file into _unpack_wasm.ts.
;;
;; Memory "data" (shared by every isolate of a process) holds the packed
;; directory: the dictionary at 0, the packed clubs after it, and the
;; clubs' offsets (relative to the end of the dictionary, one u32 a rank
;; from rank 0). Memory "out" is one isolate's own: a copy of the
;; dictionary at `dict`, then the page, then the page's ranks (u32, 1-based).
;;
;; Why it is shaped so: a sequence's literals are copied 16 bytes at a time
;; and a match 32 at a time whatever their lengths, the length's extension
;; byte and the distance are read without a loop, and a match reads the
;; dictionary's copy or the club's own output through one computed address,
;; so the common sequence takes no branch that depends on the data. Copies
;; may write up to 31 bytes past a club's end (json_pack.ts UNPACK_SLACK).
(module
  (import "clubdir" "data" (memory $data 1 65536 shared))
  (import "clubdir" "out" (memory $out 1))

  ;; Decodes the club packed at data[i, end) to out at o; returns its end.
  (func $club (param $i i32) (param $end i32) (param $o i32) (param $dict i32)
    (param $dictLen i32) (result i32)
    (local $start i32) (local $token i32) (local $lit i32) (local $m i32) (local $b i32)
    (local $e i32) (local $x i32) (local $w i32) (local $stops i32) (local $last i32)
    (local $v i32) (local $dist i32) (local $shift i32) (local $s i32) (local $len i32)
    (local $back i32) (local $k i32) (local $direct i32) (local $toDict i32)
    (local.set $start (local.get $o))
    ;; Added to `o - dist` for a match in the dictionary: it then reads the copy at `dict`.
    (local.set $toDict (i32.sub (i32.add (local.get $dict) (local.get $dictLen)) (local.get $o)))
    (block $done
      (loop $seq
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $token (i32.load8_u $data (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (local.set $lit (i32.shr_u (local.get $token) (i32.const 4)))
        (if (i32.eq (local.get $lit) (i32.const 15))
          (then
            (loop $more
              (local.set $b (i32.load8_u $data (local.get $i)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (local.set $lit (i32.add (local.get $lit) (local.get $b)))
              (br_if $more (i32.eq (local.get $b) (i32.const 255))))))
        (v128.store $out (local.get $o) (v128.load $data (local.get $i)))
        (if (i32.gt_u (local.get $lit) (i32.const 16))
          (then
            (local.set $k (i32.const 16))
            (loop $copy
              (v128.store $out (i32.add (local.get $o) (local.get $k))
                (v128.load $data (i32.add (local.get $i) (local.get $k))))
              (local.set $k (i32.add (local.get $k) (i32.const 16)))
              (br_if $copy (i32.lt_u (local.get $k) (local.get $lit))))))
        (local.set $i (i32.add (local.get $i) (local.get $lit)))
        (local.set $o (i32.add (local.get $o) (local.get $lit)))
        (local.set $m (i32.and (local.get $token) (i32.const 15)))
        (br_if $seq (i32.eqz (local.get $m)))
        ;; One extension byte when the nibble is 15 ($x = 1), read without a branch.
        (local.set $e (i32.load8_u $data (local.get $i)))
        (local.set $x (i32.shr_u (i32.add (local.get $m) (i32.const 1)) (i32.const 4)))
        (local.set $m (i32.add (local.get $m) (i32.and (local.get $e) (i32.sub (i32.const 0) (local.get $x)))))
        (local.set $i (i32.add (local.get $i) (local.get $x)))
        (if (i32.and (local.get $x) (i32.shr_u (i32.add (local.get $e) (i32.const 1)) (i32.const 8)))
          (then
            (loop $more
              (local.set $b (i32.load8_u $data (local.get $i)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (local.set $m (i32.add (local.get $m) (local.get $b)))
              (br_if $more (i32.eq (local.get $b) (i32.const 255))))))
        ;; MIN_MATCH - 1 = 4
        (local.set $len (i32.add (local.get $m) (i32.const 4)))
        ;; The distance: up to three LEB128 bytes read as one word (the
        ;; first byte without the high bit ends it), longer ones in a loop.
        (local.set $w (i32.load $data (local.get $i)))
        (local.set $stops (i32.and (i32.xor (local.get $w) (i32.const -1)) (i32.const 0x808080)))
        (if (local.get $stops)
          (then
            (local.set $last (i32.and (local.get $stops) (i32.sub (i32.const 0) (local.get $stops))))
            (local.set $v (i32.and (local.get $w)
              (i32.sub (i32.shl (local.get $last) (i32.const 1)) (i32.const 1))))
            (local.set $dist (i32.or (i32.or
              (i32.and (local.get $v) (i32.const 0x7f))
              (i32.and (i32.shr_u (local.get $v) (i32.const 1)) (i32.const 0x3f80)))
              (i32.and (i32.shr_u (local.get $v) (i32.const 2)) (i32.const 0x1fc000))))
            (local.set $i (i32.add (local.get $i)
              (i32.shr_u (i32.sub (i32.const 32) (i32.clz (local.get $last))) (i32.const 3)))))
          (else
            (local.set $dist (i32.const 0))
            (local.set $shift (i32.const 0))
            (loop $leb
              (local.set $b (i32.load8_u $data (local.get $i)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (local.set $dist (i32.or (local.get $dist)
                (i32.shl (i32.and (local.get $b) (i32.const 127)) (local.get $shift))))
              (local.set $shift (i32.add (local.get $shift) (i32.const 7)))
              (br_if $leb (i32.and (local.get $b) (i32.const 128))))))
        (local.set $back (i32.sub (local.get $o) (local.get $start)))
        (local.set $s (i32.add (i32.sub (local.get $o) (local.get $dist))
          (i32.and (i32.shr_s (i32.sub (local.get $back) (local.get $dist)) (i32.const 31))
            (local.get $toDict))))
        (if (i32.lt_s
              (i32.or
                ;; From the dictionary on into the club …
                (i32.and (i32.sub (local.get $back) (local.get $dist))
                  (i32.sub (i32.sub (i32.add (local.get $dict) (local.get $dictLen)) (local.get $s))
                    (local.get $len)))
                ;; … or closer than 16 bytes behind (the copy repeats what it writes).
                (i32.sub (i32.sub (local.get $o) (local.get $s)) (i32.const 16)))
              (i32.const 0))
          (then
            (local.set $direct (local.get $len))
            (if (i32.gt_u (local.get $dist) (local.get $back))
              (then
                (local.set $direct
                  (i32.sub (i32.add (local.get $dict) (local.get $dictLen)) (local.get $s)))))
            (local.set $k (i32.const 0))
            (loop $byte
              (if (i32.eq (local.get $k) (local.get $direct))
                (then (local.set $s (i32.sub (local.get $start) (local.get $k)))))
              (i32.store8 $out (i32.add (local.get $o) (local.get $k))
                (i32.load8_u $out (i32.add (local.get $s) (local.get $k))))
              (local.set $k (i32.add (local.get $k) (i32.const 1)))
              (br_if $byte (i32.lt_u (local.get $k) (local.get $len)))))
          (else
            (v128.store $out (local.get $o) (v128.load $out (local.get $s)))
            (v128.store $out offset=16 (local.get $o) (v128.load $out offset=16 (local.get $s)))
            (if (i32.gt_u (local.get $len) (i32.const 32))
              (then
                (local.set $k (i32.const 32))
                (loop $copy
                  (v128.store $out (i32.add (local.get $o) (local.get $k))
                    (v128.load $out (i32.add (local.get $s) (local.get $k))))
                  (local.set $k (i32.add (local.get $k) (i32.const 16)))
                  (br_if $copy (i32.lt_u (local.get $k) (local.get $len))))))))
        (local.set $o (i32.add (local.get $o) (local.get $len)))
        (br $seq)))
    (local.get $o))

  ;; Decodes the clubs whose ranks are out[ranks, ranks + 4n) to out at o,
  ;; joined by commas; returns where they end.
  (func (export "page") (param $ranks i32) (param $n i32) (param $o i32) (param $dict i32)
    (param $dictLen i32) (param $offsets i32) (result i32)
    (local $j i32) (local $r i32) (local $p i32) (local $q i32) (local $touched i32)
    ;; A page's clubs lie scattered over the directory, mostly out of the
    ;; CPU's caches: one load of every 64-byte line first lets their misses
    ;; overlap, so decoding then reads from cache.
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $r (i32.load $out (i32.add (local.get $ranks) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $p (i32.add (local.get $dictLen)
          (i32.load $data (i32.add (local.get $offsets) (i32.shl (i32.sub (local.get $r) (i32.const 1)) (i32.const 2))))))
        (local.set $q (i32.add (local.get $dictLen)
          (i32.load $data (i32.add (local.get $offsets) (i32.shl (local.get $r) (i32.const 2))))))
        (loop $line
          (local.set $touched (i32.or (local.get $touched) (i32.load8_u $data (local.get $p))))
          (local.set $p (i32.add (local.get $p) (i32.const 64)))
          (br_if $line (i32.lt_u (local.get $p) (local.get $q))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $each)))
    ;; $j = 0, through $touched so the loads above are not dropped.
    (local.set $j (i32.and (local.get $touched) (i32.const 0)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
        (if (local.get $j)
          (then
            (i32.store8 $out (local.get $o) (i32.const 44))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))))
        (local.set $r (i32.load $out (i32.add (local.get $ranks) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $o
          (call $club
            (i32.add (local.get $dictLen)
              (i32.load $data (i32.add (local.get $offsets)
                (i32.shl (i32.sub (local.get $r) (i32.const 1)) (i32.const 2)))))
            (i32.add (local.get $dictLen)
              (i32.load $data (i32.add (local.get $offsets) (i32.shl (local.get $r) (i32.const 2)))))
            (local.get $o)
            (local.get $dict)
            (local.get $dictLen)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $each)))
    (local.get $o))
)
