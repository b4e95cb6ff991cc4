//go:build amd64 && !purego

#include "textflag.h"

// The AVX and AVX-512 versions of winDotGeneric (win_kernels.go): sixteen sums, element k
// of the vectors into sum k mod 16, each product rounded before it is added (no fused
// operation), as the Go version does, so that all three give the same bits.

// func winDotAVX(p *float32, u *float64, n int, acc *[16]float64)
TEXT ·winDotAVX(SB), NOSPLIT, $0-32
	MOVQ   p+0(FP), SI
	MOVQ   u+8(FP), DI
	MOVQ   n+16(FP), CX
	MOVQ   acc+24(FP), DX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3

wdloop:
	VCVTPS2PD 0(SI), Y4
	VCVTPS2PD 16(SI), Y5
	VCVTPS2PD 32(SI), Y6
	VCVTPS2PD 48(SI), Y7
	VMULPD    0(DI), Y4, Y4
	VMULPD    32(DI), Y5, Y5
	VMULPD    64(DI), Y6, Y6
	VMULPD    96(DI), Y7, Y7
	VADDPD    Y4, Y0, Y0
	VADDPD    Y5, Y1, Y1
	VADDPD    Y6, Y2, Y2
	VADDPD    Y7, Y3, Y3
	ADDQ      $64, SI
	ADDQ      $128, DI
	SUBQ      $16, CX
	JNZ       wdloop
	VMOVUPD   Y0, 0(DX)
	VMOVUPD   Y1, 32(DX)
	VMOVUPD   Y2, 64(DX)
	VMOVUPD   Y3, 96(DX)
	VZEROUPPER
	RET

// func winDotZ(p *float32, u *float64, n int, acc *[16]float64)
TEXT ·winDotZ(SB), NOSPLIT, $0-32
	MOVQ   p+0(FP), SI
	MOVQ   u+8(FP), DI
	MOVQ   n+16(FP), CX
	MOVQ   acc+24(FP), DX
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1

wzloop:
	VCVTPS2PD 0(SI), Z4
	VCVTPS2PD 32(SI), Z5
	VMULPD    0(DI), Z4, Z4
	VMULPD    64(DI), Z5, Z5
	VADDPD    Z4, Z0, Z0
	VADDPD    Z5, Z1, Z1
	ADDQ      $64, SI
	ADDQ      $128, DI
	SUBQ      $16, CX
	JNZ       wzloop
	VMOVUPD   Z0, 0(DX)
	VMOVUPD   Z1, 64(DX)
	VZEROUPPER
	RET
