//go:build amd64 && !purego

#include "textflag.h"

// The AVX-512 versions of the kernels of kernels.go. Vectors hold S values per row, S a
// multiple of 16, and each kernel works through a row 16 lanes at a time (a chunk: two
// 512-bit registers, AX its byte offset in a row): for every chunk, the whole recurrence,
// so that a chunk's rows stay in the first-level cache and its running maximum stays in
// registers. The byte offsets of the rows a kernel reads come from tables built once per
// S (lanePlan), so no loop multiplies. Every sum, product and comparison is done in the
// order of the Go version, without fused operations, so that both give the same bits.

// func cpuHasAVX512() bool
TEXT ·cpuHasAVX512(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x18000000, CX // OSXSAVE and AVX
	CMPL CX, $0x18000000
	JNE  no512
	MOVL $7, AX
	XORL CX, CX
	CPUID
	ANDL $0xd0030000, BX // AVX512F (16), AVX512DQ (17), AVX512BW (30), AVX512VL (31)
	CMPL BX, $0xd0030000
	JNE  no512
	XORL CX, CX
	XGETBV               // XCR0: the state the operating system saves
	ANDL $0xe6, AX       // SSE, AVX, opmask, ZMM0-15 upper halves, ZMM16-31
	CMPL AX, $0xe6
	JNE  no512
	MOVB $1, ret+0(FP)
	RET
no512:
	MOVB $0, ret+0(FP)
	RET

// func expectZ(ev *float64, rowBytes int, addOff *[rollBase][6]int32, nk int)
// For k = nk−1 down to 0: row k = (row a0 + row a1 + … + row a5) × 1/6, the rows a being
// at the byte offsets addOff[k].
TEXT ·expectZ(SB), NOSPLIT, $0-32
	MOVQ ev+0(FP), DI
	MOVQ rowBytes+8(FP), CX
	MOVQ addOff+16(FP), SI
	VBROADCASTSD ·sixth(SB), Z7
	XORQ AX, AX

echunk:
	LEAQ (DI)(AX*1), BX  // the chunk in row 0
	MOVQ nk+24(FP), DX
	DECQ DX              // k
	IMUL3Q $24, DX, R9   // k's offsets in addOff
	MOVQ DX, R8
	IMULQ CX, R8         // k's row

ekeep:
	MOVLQSX 0(SI)(R9*1), R10
	MOVLQSX 4(SI)(R9*1), R11
	MOVLQSX 8(SI)(R9*1), R12
	MOVLQSX 12(SI)(R9*1), R13
	MOVLQSX 16(SI)(R9*1), R14
	MOVLQSX 20(SI)(R9*1), R15
	VMOVUPD 0(BX)(R10*1), Z0
	VMOVUPD 64(BX)(R10*1), Z1
	VADDPD  0(BX)(R11*1), Z0, Z0
	VADDPD  64(BX)(R11*1), Z1, Z1
	VADDPD  0(BX)(R12*1), Z0, Z0
	VADDPD  64(BX)(R12*1), Z1, Z1
	VADDPD  0(BX)(R13*1), Z0, Z0
	VADDPD  64(BX)(R13*1), Z1, Z1
	VADDPD  0(BX)(R14*1), Z0, Z0
	VADDPD  64(BX)(R14*1), Z1, Z1
	VADDPD  0(BX)(R15*1), Z0, Z0
	VADDPD  64(BX)(R15*1), Z1, Z1
	VMULPD  Z7, Z0, Z0
	VMULPD  Z7, Z1, Z1
	VMOVUPD Z0, 0(BX)(R8*1)
	VMOVUPD Z1, 64(BX)(R8*1)
	SUBQ    $24, R9
	SUBQ    CX, R8
	DECQ    DX
	JGE     ekeep
	ADDQ    $128, AX
	CMPQ    AX, CX
	JB      echunk
	VZEROUPPER
	RET

// func bestRollsZ(ev, m, stop, out *float64, rowBytes int, remStart *uint16, remOff *int32, nk, nkr int)
// Row k of m (k < nk) is the maximum of row k of ev and the rows of m at the offsets
// remOff[remStart[k]:remStart[k+1]] (the keeps one die smaller); row r of out is the
// maximum of row r of stop and the rows of m listed for keep nk+r (nk+r < nkr).
TEXT ·bestRollsZ(SB), NOSPLIT, $0-72
	MOVQ rowBytes+32(FP), CX
	MOVQ remStart+40(FP), R10
	MOVQ remOff+48(FP), R11
	XORQ AX, AX

bchunk:
	MOVQ ev+0(FP), R9
	ADDQ AX, R9          // the chunk of ev
	MOVQ m+8(FP), R15
	ADDQ AX, R15         // the chunk of m
	XORQ DX, DX          // k
	XORQ BX, BX          // k's row

bkeep:
	VMOVUPD 0(R9)(BX*1), Z0
	VMOVUPD 64(R9)(BX*1), Z1
	MOVWQZX 0(R10)(DX*2), R12
	MOVWQZX 2(R10)(DX*2), R13
	CMPQ    R12, R13
	JAE     bstore

bparent:
	MOVLQSX (R11)(R12*4), R14
	VMAXPD  0(R15)(R14*1), Z0, Z0
	VMAXPD  64(R15)(R14*1), Z1, Z1
	INCQ    R12
	CMPQ    R12, R13
	JB      bparent

bstore:
	VMOVUPD Z0, 0(R15)(BX*1)
	VMOVUPD Z1, 64(R15)(BX*1)
	ADDQ    CX, BX
	INCQ    DX
	CMPQ    DX, nk+56(FP)
	JB      bkeep

	// The rolls: out from stop and the rows of m.
	MOVQ stop+16(FP), R9
	ADDQ AX, R9
	MOVQ out+24(FP), R8
	ADDQ AX, R8
	XORQ BX, BX

broll:
	VMOVUPD 0(R9)(BX*1), Z0
	VMOVUPD 64(R9)(BX*1), Z1
	MOVWQZX 0(R10)(DX*2), R12
	MOVWQZX 2(R10)(DX*2), R13
	CMPQ    R12, R13
	JAE     brstore

brparent:
	MOVLQSX (R11)(R12*4), R14
	VMAXPD  0(R15)(R14*1), Z0, Z0
	VMAXPD  64(R15)(R14*1), Z1, Z1
	INCQ    R12
	CMPQ    R12, R13
	JB      brparent

brstore:
	VMOVUPD Z0, 0(R8)(BX*1)
	VMOVUPD Z1, 64(R8)(BX*1)
	ADDQ    CX, BX
	INCQ    DX
	CMPQ    DX, nkr+64(FP)
	JB      broll
	ADDQ    $128, AX
	CMPQ    AX, CX
	JB      bchunk
	VZEROUPPER
	RET

// func decideRollsZ(ev, m, mk, stop, out *float64, bk *uint8, rowBytes int, remStart *uint16, remOff *int32, rank *float64, nk, nkr int)
// bestRollsZ that carries ranks beside the values: mk beside m, and for the rolls the
// rank as a byte in bk (rows of S bytes). A row takes a parent's value and rank where the
// parent's value is higher, or equal with a lower rank. Keep k starts at rank[k], a roll
// at rank 0 (stopping).
TEXT ·decideRollsZ(SB), NOSPLIT, $0-96
	MOVQ rowBytes+48(FP), CX
	MOVQ remStart+56(FP), R10
	MOVQ remOff+64(FP), R11
	XORQ AX, AX

dchunk:
	MOVQ ev+0(FP), R9
	ADDQ AX, R9          // the chunk of ev
	MOVQ m+8(FP), R15
	ADDQ AX, R15         // the chunk of m
	MOVQ mk+16(FP), R8
	ADDQ AX, R8          // the chunk of mk
	MOVQ rank+72(FP), DI
	XORQ DX, DX          // k
	XORQ BX, BX          // k's row

dkeep:
	VMOVUPD      0(R9)(BX*1), Z0
	VMOVUPD      64(R9)(BX*1), Z1
	VBROADCASTSD (DI)(DX*8), Z2
	VMOVAPD      Z2, Z3
	MOVWQZX      0(R10)(DX*2), R12
	MOVWQZX      2(R10)(DX*2), R13
	CMPQ         R12, R13
	JAE          dstore

dparent:
	MOVLQSX (R11)(R12*4), R14
	VCMPPD  $0x11, 0(R15)(R14*1), Z0, K1     // best < parent
	VCMPPD  $0x00, 0(R15)(R14*1), Z0, K2     // best == parent
	VCMPPD  $0x1e, 0(R8)(R14*1), Z2, K2, K3  // and best's rank > parent's rank
	KORB    K1, K3, K1
	VMOVUPD 0(R15)(R14*1), K1, Z0
	VMOVUPD 0(R8)(R14*1), K1, Z2
	VCMPPD  $0x11, 64(R15)(R14*1), Z1, K4
	VCMPPD  $0x00, 64(R15)(R14*1), Z1, K5
	VCMPPD  $0x1e, 64(R8)(R14*1), Z3, K5, K6
	KORB    K4, K6, K4
	VMOVUPD 64(R15)(R14*1), K4, Z1
	VMOVUPD 64(R8)(R14*1), K4, Z3
	INCQ    R12
	CMPQ    R12, R13
	JB      dparent

dstore:
	VMOVUPD Z0, 0(R15)(BX*1)
	VMOVUPD Z1, 64(R15)(BX*1)
	VMOVUPD Z2, 0(R8)(BX*1)
	VMOVUPD Z3, 64(R8)(BX*1)
	ADDQ    CX, BX
	INCQ    DX
	CMPQ    DX, nk+80(FP)
	JB      dkeep

	// The rolls: out and bk from stop (rank 0) and the rows of m and mk.
	MOVQ stop+24(FP), R9
	ADDQ AX, R9
	MOVQ out+32(FP), DI
	ADDQ AX, DI
	MOVQ AX, SI
	SHRQ $3, SI
	ADDQ bk+40(FP), SI   // the chunk of bk in row 0
	XORQ BX, BX

droll:
	VMOVUPD 0(R9)(BX*1), Z0
	VMOVUPD 64(R9)(BX*1), Z1
	VXORPD  Z2, Z2, Z2
	VXORPD  Z3, Z3, Z3
	MOVWQZX 0(R10)(DX*2), R12
	MOVWQZX 2(R10)(DX*2), R13
	CMPQ    R12, R13
	JAE     drstore

drparent:
	MOVLQSX (R11)(R12*4), R14
	VCMPPD  $0x11, 0(R15)(R14*1), Z0, K1
	VCMPPD  $0x00, 0(R15)(R14*1), Z0, K2
	VCMPPD  $0x1e, 0(R8)(R14*1), Z2, K2, K3
	KORB    K1, K3, K1
	VMOVUPD 0(R15)(R14*1), K1, Z0
	VMOVUPD 0(R8)(R14*1), K1, Z2
	VCMPPD  $0x11, 64(R15)(R14*1), Z1, K4
	VCMPPD  $0x00, 64(R15)(R14*1), Z1, K5
	VCMPPD  $0x1e, 64(R8)(R14*1), Z3, K5, K6
	KORB    K4, K6, K4
	VMOVUPD 64(R15)(R14*1), K4, Z1
	VMOVUPD 64(R8)(R14*1), K4, Z3
	INCQ    R12
	CMPQ    R12, R13
	JB      drparent

drstore:
	VMOVUPD      Z0, 0(DI)(BX*1)
	VMOVUPD      Z1, 64(DI)(BX*1)
	VCVTTPD2DQ   Z2, Y2
	VCVTTPD2DQ   Z3, Y3
	VINSERTI32X8 $1, Y3, Z2, Z2
	VPMOVDB      Z2, X2
	MOVQ         BX, R14
	SHRQ         $3, R14
	VMOVDQU      X2, (SI)(R14*1)
	ADDQ         CX, BX
	INCQ         DX
	CMPQ         DX, nkr+88(FP)
	JB           droll
	ADDQ         $128, AX
	CMPQ         AX, CX
	JB           dchunk
	VZEROUPPER
	RET

// func stopsZ(st, cv *float64, rowBytes int, boxes *stopBox, nb, nr int)
// Row r of st is the maximum over the nb ≥ 1 boxes of row cls[r] of the box's values in
// cv (at byte offset base), in the order of the boxes.
TEXT ·stopsZ(SB), NOSPLIT, $0-48
	MOVQ rowBytes+16(FP), CX
	XORQ AX, AX

schunk:
	MOVQ st+0(FP), R9
	ADDQ AX, R9          // the chunk of st
	MOVQ cv+8(FP), R15
	ADDQ AX, R15         // the chunk of cv
	XORQ DX, DX          // r
	XORQ BX, BX          // r's row

sroll:
	MOVQ    boxes+24(FP), R10
	MOVQ    0(R10), R11
	MOVBQZX (R11)(DX*1), R12
	IMULQ   CX, R12
	ADDQ    8(R10), R12
	VMOVUPD 0(R15)(R12*1), Z0
	VMOVUPD 64(R15)(R12*1), Z1
	MOVQ    nb+32(FP), R13
	DECQ    R13
	JZ      sstore

sbox:
	ADDQ    $32, R10
	MOVQ    0(R10), R11
	MOVBQZX (R11)(DX*1), R12
	IMULQ   CX, R12
	ADDQ    8(R10), R12
	VMAXPD  0(R15)(R12*1), Z0, Z0
	VMAXPD  64(R15)(R12*1), Z1, Z1
	DECQ    R13
	JNZ     sbox

sstore:
	VMOVUPD Z0, 0(R9)(BX*1)
	VMOVUPD Z1, 64(R9)(BX*1)
	ADDQ    CX, BX
	INCQ    DX
	CMPQ    DX, nr+40(FP)
	JB      sroll
	ADDQ    $128, AX
	CMPQ    AX, CX
	JB      schunk
	VZEROUPPER
	RET

// func stopsArgZ(st *float64, arg *uint8, cv *float64, rowBytes int, boxes *stopBox, nb, nr int)
// stopsZ that writes in arg (rows of S bytes) the box that reaches each maximum: the
// first box, then any later box whose value is higher.
TEXT ·stopsArgZ(SB), NOSPLIT, $0-56
	MOVQ rowBytes+24(FP), CX
	XORQ AX, AX

tchunk:
	MOVQ st+0(FP), R9
	ADDQ AX, R9
	MOVQ cv+16(FP), R15
	ADDQ AX, R15
	MOVQ AX, DI
	SHRQ $3, DI
	ADDQ arg+8(FP), DI   // the chunk of arg in row 0
	XORQ DX, DX
	XORQ BX, BX

troll:
	MOVQ         boxes+32(FP), R10
	MOVQ         0(R10), R11
	MOVBQZX      (R11)(DX*1), R12
	IMULQ        CX, R12
	ADDQ         8(R10), R12
	VMOVUPD      0(R15)(R12*1), Z0
	VMOVUPD      64(R15)(R12*1), Z1
	MOVQ         16(R10), R14
	VPBROADCASTB R14, X2
	MOVQ         nb+40(FP), R13
	DECQ         R13
	JZ           tstore

tbox:
	ADDQ         $32, R10
	MOVQ         0(R10), R11
	MOVBQZX      (R11)(DX*1), R12
	IMULQ        CX, R12
	ADDQ         8(R10), R12
	VCMPPD       $0x11, 0(R15)(R12*1), Z0, K1  // best < box
	VCMPPD       $0x11, 64(R15)(R12*1), Z1, K2
	KUNPCKBW     K1, K2, K3
	VMOVUPD      0(R15)(R12*1), K1, Z0
	VMOVUPD      64(R15)(R12*1), K2, Z1
	MOVQ         16(R10), R14
	VPBROADCASTB R14, K3, X2
	DECQ         R13
	JNZ          tbox

tstore:
	VMOVUPD Z0, 0(R9)(BX*1)
	VMOVUPD Z1, 64(R9)(BX*1)
	MOVQ    BX, R14
	SHRQ    $3, R14
	VMOVDQU X2, (DI)(R14*1)
	ADDQ    CX, BX
	INCQ    DX
	CMPQ    DX, nr+48(FP)
	JB      troll
	ADDQ    $128, AX
	CMPQ    AX, CX
	JB      tchunk
	VZEROUPPER
	RET

// func dotZ(e, val *float64, rowBytes int, prob *float64, nr int)
// e = the sum over r, in order, of prob[r] × row r of val.
TEXT ·dotZ(SB), NOSPLIT, $0-40
	MOVQ rowBytes+16(FP), CX
	MOVQ prob+24(FP), R10
	XORQ AX, AX

ochunk:
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1
	MOVQ   val+8(FP), R9
	ADDQ   AX, R9
	XORQ   DX, DX
	XORQ   BX, BX

orow:
	VBROADCASTSD (R10)(DX*8), Z7
	VMULPD       0(R9)(BX*1), Z7, Z2
	VMULPD       64(R9)(BX*1), Z7, Z3
	VADDPD       Z2, Z0, Z0
	VADDPD       Z3, Z1, Z1
	ADDQ         CX, BX
	INCQ         DX
	CMPQ         DX, nr+32(FP)
	JB           orow
	MOVQ         e+0(FP), R9
	VMOVUPD      Z0, 0(R9)(AX*1)
	VMOVUPD      Z1, 64(R9)(AX*1)
	ADDQ         $128, AX
	CMPQ         AX, CX
	JB           ochunk
	VZEROUPPER
	RET
