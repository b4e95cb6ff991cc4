//go:build amd64 && !purego

#include "textflag.h"

// The AVX versions of the kernels of kernels.go, four lanes (a 256-bit register of
// float64) per instruction. Vectors hold S values per row, S a multiple of 4; CX holds
// the bytes of a row (S*8) and AX walks the lanes of a row, 32 bytes at a time. Every
// sum and product is done in the order of the Go version, without fused operations, so
// that both give the same bits.

// func cpuHasAVX() bool
TEXT ·cpuHasAVX(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x18000000, CX // OSXSAVE (bit 27) and AVX (bit 28)
	CMPL CX, $0x18000000
	JNE  noavx
	XORL CX, CX
	XGETBV               // XCR0: the state the operating system saves
	ANDL $6, AX          // SSE and AVX (YMM) state
	CMPL AX, $6
	JNE  noavx
	MOVB $1, ret+0(FP)
	RET
noavx:
	MOVB $0, ret+0(FP)
	RET

// func expectAVX(ev *float64, S int, add *[rollBase][6]uint16, nk int)
// For k = nk−1 down to 0: row k = (row a0 + row a1 + … + row a5) × 1/6, a = add[k].
TEXT ·expectAVX(SB), NOSPLIT, $0-32
	MOVQ ev+0(FP), DI
	MOVQ S+8(FP), CX
	MOVQ add+16(FP), SI
	MOVQ nk+24(FP), DX
	SHLQ $3, CX
	VBROADCASTSD ·sixth(SB), Y7
	DECQ DX

ekeep:
	IMUL3Q $12, DX, AX
	MOVWQZX 0(SI)(AX*1), R8
	MOVWQZX 2(SI)(AX*1), R9
	MOVWQZX 4(SI)(AX*1), R10
	MOVWQZX 6(SI)(AX*1), R11
	MOVWQZX 8(SI)(AX*1), R12
	MOVWQZX 10(SI)(AX*1), R13
	IMULQ CX, R8
	IMULQ CX, R9
	IMULQ CX, R10
	IMULQ CX, R11
	IMULQ CX, R12
	IMULQ CX, R13
	ADDQ DI, R8
	ADDQ DI, R9
	ADDQ DI, R10
	ADDQ DI, R11
	ADDQ DI, R12
	ADDQ DI, R13
	MOVQ DX, BX
	IMULQ CX, BX
	ADDQ DI, BX
	XORQ AX, AX

elane:
	VMOVUPD (R8)(AX*1), Y0
	VADDPD  (R9)(AX*1), Y0, Y0
	VADDPD  (R10)(AX*1), Y0, Y0
	VADDPD  (R11)(AX*1), Y0, Y0
	VADDPD  (R12)(AX*1), Y0, Y0
	VADDPD  (R13)(AX*1), Y0, Y0
	VMULPD  Y7, Y0, Y0
	VMOVUPD Y0, (BX)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      elane
	DECQ    DX
	JGE     ekeep
	VZEROUPPER
	RET

// func bestRollsAVX(ev, m, stop, out *float64, S int, remStart *uint16, keepRem *uint16, nk, nr int)
// Row k of m (k < nk) is the maximum of row k of ev and the rows of m of the keeps one
// die smaller (keepRem[remStart[k]:remStart[k+1]]); row r of out (r < nr) is the maximum
// of row r of stop and the rows of m listed for keep nk+r.
TEXT ·bestRollsAVX(SB), NOSPLIT, $0-72
	MOVQ ev+0(FP), DI
	MOVQ m+8(FP), SI
	MOVQ S+32(FP), CX
	MOVQ remStart+40(FP), R10
	MOVQ keepRem+48(FP), R11
	SHLQ $3, CX
	XORQ DX, DX // k

bkeep:
	MOVQ DX, BX
	IMULQ CX, BX
	LEAQ (SI)(BX*1), R9  // destination row of m
	LEAQ (DI)(BX*1), R8  // source row of ev
	XORQ AX, AX

bcopy:
	VMOVUPD (R8)(AX*1), Y0
	VMOVUPD Y0, (R9)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      bcopy
	MOVWQZX 0(R10)(DX*2), R12 // first parent
	MOVWQZX 2(R10)(DX*2), R13 // end of the parents

bparent:
	CMPQ    R12, R13
	JAE     bnext
	MOVWQZX 0(R11)(R12*2), R14
	IMULQ   CX, R14
	ADDQ    SI, R14
	XORQ    AX, AX

bmax:
	VMOVUPD (R9)(AX*1), Y0
	VMAXPD  (R14)(AX*1), Y0, Y0
	VMOVUPD Y0, (R9)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      bmax
	INCQ    R12
	JMP     bparent

bnext:
	INCQ DX
	CMPQ DX, nk+56(FP)
	JB   bkeep

	// The rolls: out from stop and the rows of m.
	MOVQ stop+16(FP), DI
	MOVQ out+24(FP), R15
	XORQ DX, DX // r

broll:
	MOVQ DX, BX
	IMULQ CX, BX
	LEAQ (R15)(BX*1), R9
	LEAQ (DI)(BX*1), R8
	XORQ AX, AX

brcopy:
	VMOVUPD (R8)(AX*1), Y0
	VMOVUPD Y0, (R9)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      brcopy
	MOVQ    nk+56(FP), BX
	ADDQ    DX, BX
	MOVWQZX 0(R10)(BX*2), R12
	MOVWQZX 2(R10)(BX*2), R13

brparent:
	CMPQ    R12, R13
	JAE     brnext
	MOVWQZX 0(R11)(R12*2), R14
	IMULQ   CX, R14
	ADDQ    SI, R14
	XORQ    AX, AX

brmax:
	VMOVUPD (R9)(AX*1), Y0
	VMAXPD  (R14)(AX*1), Y0, Y0
	VMOVUPD Y0, (R9)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      brmax
	INCQ    R12
	JMP     brparent

brnext:
	INCQ DX
	CMPQ DX, nr+64(FP)
	JB   broll
	VZEROUPPER
	RET

// func decideRollsAVX(ev, m, mk, stop, out, bk *float64, S int, remStart *uint16, keepRem *uint16, rank *float64, nk, nr int)
// bestRollsAVX that carries ranks beside the values: mk beside m, bk beside out. A row
// of m takes a parent's value and rank where the parent's value is higher, or equal with
// a lower rank. The rank of keep k is rank[k]; a roll's row starts at rank 0 (stopping).
TEXT ·decideRollsAVX(SB), NOSPLIT, $0-96
	MOVQ ev+0(FP), DI
	MOVQ m+8(FP), SI
	MOVQ mk+16(FP), R15
	MOVQ S+48(FP), CX
	MOVQ remStart+56(FP), R10
	MOVQ keepRem+64(FP), R11
	SHLQ $3, CX
	XORQ DX, DX // k

dkeep:
	MOVQ DX, BX
	IMULQ CX, BX
	LEAQ (SI)(BX*1), R9  // row k of m
	LEAQ (DI)(BX*1), R8  // row k of ev
	LEAQ (R15)(BX*1), BX // row k of mk
	MOVQ rank+72(FP), AX
	VBROADCASTSD (AX)(DX*8), Y1
	XORQ AX, AX

dcopy:
	VMOVUPD (R8)(AX*1), Y0
	VMOVUPD Y0, (R9)(AX*1)
	VMOVUPD Y1, (BX)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      dcopy
	MOVWQZX 0(R10)(DX*2), R12
	MOVWQZX 2(R10)(DX*2), R13

dparent:
	CMPQ    R12, R13
	JAE     dnext
	MOVWQZX 0(R11)(R12*2), R14
	IMULQ   CX, R14
	LEAQ    (R15)(R14*1), R8 // row j of mk
	ADDQ    SI, R14          // row j of m
	XORQ    AX, AX

dbest:
	VMOVUPD (R9)(AX*1), Y0
	VMOVUPD (BX)(AX*1), Y1
	VMOVUPD (R14)(AX*1), Y2
	VMOVUPD (R8)(AX*1), Y3
	VCMPPD  $0x1e, Y0, Y2, Y4 // parent > best
	VCMPPD  $0x00, Y0, Y2, Y5 // parent == best
	VCMPPD  $0x11, Y1, Y3, Y6 // parent's rank < best's rank
	VANDPD  Y6, Y5, Y5
	VORPD   Y5, Y4, Y4
	VBLENDVPD Y4, Y2, Y0, Y0
	VBLENDVPD Y4, Y3, Y1, Y1
	VMOVUPD Y0, (R9)(AX*1)
	VMOVUPD Y1, (BX)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      dbest
	INCQ    R12
	JMP     dparent

dnext:
	INCQ DX
	CMPQ DX, nk+80(FP)
	JB   dkeep

	// The rolls: out and bk from stop (rank 0) and the rows of m and mk.
	XORQ DX, DX // r

droll:
	MOVQ DX, BX
	IMULQ CX, BX
	MOVQ stop+24(FP), R8
	ADDQ BX, R8
	MOVQ out+32(FP), R9
	ADDQ BX, R9
	MOVQ bk+40(FP), AX
	ADDQ AX, BX // row r of bk
	VXORPD Y1, Y1, Y1
	XORQ AX, AX

drcopy:
	VMOVUPD (R8)(AX*1), Y0
	VMOVUPD Y0, (R9)(AX*1)
	VMOVUPD Y1, (BX)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      drcopy
	MOVQ    nk+80(FP), AX
	ADDQ    DX, AX
	MOVWQZX 0(R10)(AX*2), R12
	MOVWQZX 2(R10)(AX*2), R13

drparent:
	CMPQ    R12, R13
	JAE     drnext
	MOVWQZX 0(R11)(R12*2), R14
	IMULQ   CX, R14
	LEAQ    (R15)(R14*1), R8
	ADDQ    SI, R14
	XORQ    AX, AX

drbest:
	VMOVUPD (R9)(AX*1), Y0
	VMOVUPD (BX)(AX*1), Y1
	VMOVUPD (R14)(AX*1), Y2
	VMOVUPD (R8)(AX*1), Y3
	VCMPPD  $0x1e, Y0, Y2, Y4
	VCMPPD  $0x00, Y0, Y2, Y5
	VCMPPD  $0x11, Y1, Y3, Y6
	VANDPD  Y6, Y5, Y5
	VORPD   Y5, Y4, Y4
	VBLENDVPD Y4, Y2, Y0, Y0
	VBLENDVPD Y4, Y3, Y1, Y1
	VMOVUPD Y0, (R9)(AX*1)
	VMOVUPD Y1, (BX)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      drbest
	INCQ    R12
	JMP     drparent

drnext:
	INCQ DX
	CMPQ DX, nr+88(FP)
	JB   droll
	VZEROUPPER
	RET

// func maxClassAVX(st, cv *float64, S int, cls *uint8, nr int)
// Row r of st is raised to row cls[r] of cv.
TEXT ·maxClassAVX(SB), NOSPLIT, $0-40
	MOVQ st+0(FP), DI
	MOVQ cv+8(FP), SI
	MOVQ S+16(FP), CX
	MOVQ cls+24(FP), R10
	MOVQ nr+32(FP), R11
	SHLQ $3, CX
	XORQ DX, DX

mroll:
	MOVBQZX (R10)(DX*1), R8
	IMULQ   CX, R8
	ADDQ    SI, R8
	MOVQ    DX, R9
	IMULQ   CX, R9
	ADDQ    DI, R9
	XORQ    AX, AX

mlane:
	VMOVUPD (R9)(AX*1), Y0
	VMAXPD  (R8)(AX*1), Y0, Y0
	VMOVUPD Y0, (R9)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      mlane
	INCQ    DX
	CMPQ    DX, R11
	JB      mroll
	VZEROUPPER
	RET

// func maxClassArgAVX(st, arg, cv *float64, S int, cls *uint8, b float64, nr int)
// maxClassAVX that writes b in arg where row cls[r] of cv is higher.
TEXT ·maxClassArgAVX(SB), NOSPLIT, $0-56
	MOVQ st+0(FP), DI
	MOVQ arg+8(FP), BX
	MOVQ cv+16(FP), SI
	MOVQ S+24(FP), CX
	MOVQ cls+32(FP), R10
	VBROADCASTSD b+40(FP), Y7
	MOVQ nr+48(FP), R11
	SHLQ $3, CX
	XORQ DX, DX

aroll:
	MOVBQZX (R10)(DX*1), R8
	IMULQ   CX, R8
	ADDQ    SI, R8
	MOVQ    DX, R9
	IMULQ   CX, R9
	LEAQ    (BX)(R9*1), R12
	ADDQ    DI, R9
	XORQ    AX, AX

alane:
	VMOVUPD (R9)(AX*1), Y0
	VMOVUPD (R12)(AX*1), Y1
	VMOVUPD (R8)(AX*1), Y2
	VCMPPD  $0x1e, Y0, Y2, Y4 // score > best
	VBLENDVPD Y4, Y2, Y0, Y0
	VBLENDVPD Y4, Y7, Y1, Y1
	VMOVUPD Y0, (R9)(AX*1)
	VMOVUPD Y1, (R12)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      alane
	INCQ    DX
	CMPQ    DX, R11
	JB      aroll
	VZEROUPPER
	RET

// func dotAVX(e, val *float64, S int, prob *float64, nr int)
// e = the sum over r, in order, of prob[r] × row r of val.
TEXT ·dotAVX(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ val+8(FP), SI
	MOVQ S+16(FP), CX
	MOVQ prob+24(FP), R10
	MOVQ nr+32(FP), R11
	SHLQ $3, CX
	VXORPD Y0, Y0, Y0
	XORQ AX, AX

dzero:
	VMOVUPD Y0, (DI)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      dzero
	XORQ    DX, DX

droll2:
	VBROADCASTSD (R10)(DX*8), Y7
	XORQ AX, AX

dlane:
	VMULPD  (SI)(AX*1), Y7, Y1
	VADDPD  (DI)(AX*1), Y1, Y1
	VMOVUPD Y1, (DI)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      dlane
	ADDQ    CX, SI
	INCQ    DX
	CMPQ    DX, R11
	JB      droll2
	VZEROUPPER
	RET
