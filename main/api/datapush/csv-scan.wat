;; The push's per-byte work, sixteen bytes at a time: the common run of CSV
;; records (each ending in a bare newline, with as many fields as the header)
;; found with WebAssembly SIMD. csv-scanner.ts reads the file into this
;; module's memory and calls `plainRecords`; every other case (the chunk's
;; first and last record, a record cut by the buffer's end, an empty line, a
;; wrong number of fields, CRLF line ends, UTF-16) stays with its
;; record-by-record path, which starts at the record this function stopped
;; before. Same quoting rule as that path: every `"` opens or closes a quoted
;; stretch (a doubled quote closes and reopens it), and inside one neither a
;; separator nor a line end counts. In a file that never quotes (`literal`),
;; a `"` is a character like any other, but a record holding one is left to
;; that path too, which quotes it on the way (csv-scanner.ts).
;;
;; Source of csv-scan-wasm.ts (npm run wasm writes it; a test checks the two agree).
(module
  ;; The read buffer: csv-scanner.ts's READ_BUFFER_BYTES (256 KB) from address 0; it never grows.
  (memory (export "memory") 4 4)

  ;; Records taken by the last call.
  (global $rows (export "rows") (mut i32) (i32.const 0))
  ;; 1 when the last call stopped at a record ending in CR (the file's lines end in CRLF).
  (global $crLine (export "crLine") (mut i32) (i32.const 0))

  ;; Scans memory[from, end) for at most `left` whole records, each with
  ;; `expected` fields separated by the byte `separator` (with `literal` 1: the
;; file never quotes, and a record with a `"` in it stops the run). Returns where the
  ;; first record not taken starts; `rows` says how many were taken. Bytes
  ;; after the last whole sixteen are left to the caller.
  (func (export "plainRecords")
    (param $from i32) (param $end i32) (param $left i32) (param $expected i32) (param $separator i32)
    (param $literal i32)
    (result i32)
    (local $p i32) (local $start i32) (local $fields i32) (local $rows i32)
    (local $quoted i32) ;; 0xffff while inside a quoted stretch at the block's start, else 0
    (local $block v128) (local $quotes v128) (local $newlines v128) (local $separators v128)
    (local $q i32) (local $n i32) (local $s i32) (local $inside i32) (local $bit i32)
    (local $stops i32) ;; literal quotes in the block not yet in a record taken

    (global.set $rows (i32.const 0))
    (global.set $crLine (i32.const 0))
    (local.set $quotes (i8x16.splat (i32.const 0x22)))
    (local.set $newlines (i8x16.splat (i32.const 0x0a)))
    (local.set $separators (i8x16.splat (local.get $separator)))
    (local.set $p (local.get $from))
    (local.set $start (local.get $from))
    (local.set $fields (i32.const 1))
    (if (i32.le_s (local.get $left) (i32.const 0)) (then (return (local.get $from))))

    (block $done
      (loop $blocks
        (br_if $done (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $end)))
        (local.set $block (v128.load align=1 (local.get $p)))
        (local.set $q (i8x16.bitmask (i8x16.eq (local.get $block) (local.get $quotes))))
        (local.set $n (i8x16.bitmask (i8x16.eq (local.get $block) (local.get $newlines))))
        (local.set $s (i8x16.bitmask (i8x16.eq (local.get $block) (local.get $separators))))
        ;; A file that never quotes: its quotes quote nothing, they only stop the run.
        (if (local.get $literal)
          (then (local.set $stops (local.get $q)) (local.set $q (i32.const 0))))
        ;; Inside a quoted stretch: the prefix XOR of the quote bits, flipped when one was open before.
        (local.set $inside (local.get $q))
        (local.set $inside (i32.xor (local.get $inside) (i32.shl (local.get $inside) (i32.const 1))))
        (local.set $inside (i32.xor (local.get $inside) (i32.shl (local.get $inside) (i32.const 2))))
        (local.set $inside (i32.xor (local.get $inside) (i32.shl (local.get $inside) (i32.const 4))))
        (local.set $inside (i32.xor (local.get $inside) (i32.shl (local.get $inside) (i32.const 8))))
        (local.set $inside (i32.and (i32.xor (local.get $inside) (local.get $quoted)) (i32.const 0xffff)))
        (local.set $quoted
          (i32.and (i32.sub (i32.const 0) (i32.shr_u (local.get $inside) (i32.const 15))) (i32.const 0xffff)))
        (local.set $n (i32.and (local.get $n) (i32.xor (local.get $inside) (i32.const 0xffff))))
        (local.set $s (i32.and (local.get $s) (i32.xor (local.get $inside) (i32.const 0xffff))))

        ;; Each line end in the block closes a record: check it, take it.
        (block $lines
          (loop $line
            (br_if $lines (i32.eqz (local.get $n)))
            (local.set $bit (i32.ctz (local.get $n)))
            ;; A literal quote in this record: left to the caller, which quotes it.
            (if (i32.and (local.get $stops) (i32.sub (i32.shl (i32.const 1) (local.get $bit)) (i32.const 1)))
              (then (global.set $rows (local.get $rows)) (return (local.get $start))))
            (local.set $fields
              (i32.add (local.get $fields)
                (i32.popcnt
                  (i32.and (local.get $s) (i32.sub (i32.shl (i32.const 1) (local.get $bit)) (i32.const 1))))))
            ;; An empty line: left to the caller.
            (if (i32.eq (i32.add (local.get $p) (local.get $bit)) (local.get $start))
              (then (global.set $rows (local.get $rows)) (return (local.get $start))))
            ;; A line ending in CR: the caller rewrites CRLF record by record.
            (if (i32.eq (i32.load8_u (i32.sub (i32.add (local.get $p) (local.get $bit)) (i32.const 1))) (i32.const 0x0d))
              (then
                (global.set $crLine (i32.const 1))
                (global.set $rows (local.get $rows))
                (return (local.get $start))))
            ;; A wrong number of fields: the caller names the row.
            (if (i32.ne (local.get $fields) (local.get $expected))
              (then (global.set $rows (local.get $rows)) (return (local.get $start))))
            (local.set $rows (i32.add (local.get $rows) (i32.const 1)))
            (local.set $start (i32.add (i32.add (local.get $p) (local.get $bit)) (i32.const 1)))
            (local.set $fields (i32.const 1))
            (if (i32.eq (local.get $rows) (local.get $left))
              (then (global.set $rows (local.get $rows)) (return (local.get $start))))
            ;; Separators up to this line end belong to the record just taken.
            (local.set $s
              (i32.and (local.get $s)
                (i32.xor (i32.sub (i32.shl (i32.const 2) (local.get $bit)) (i32.const 1)) (i32.const -1))))
            (local.set $stops
              (i32.and (local.get $stops)
                (i32.xor (i32.sub (i32.shl (i32.const 2) (local.get $bit)) (i32.const 1)) (i32.const -1))))
            (local.set $n (i32.and (local.get $n) (i32.sub (local.get $n) (i32.const 1))))
            (br $line)))
        ;; A literal quote in the record that goes on into the next block.
        (if (local.get $stops)
          (then (global.set $rows (local.get $rows)) (return (local.get $start))))
        (local.set $fields (i32.add (local.get $fields) (i32.popcnt (local.get $s))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $blocks)))
    (global.set $rows (local.get $rows))
    (local.get $start)))
