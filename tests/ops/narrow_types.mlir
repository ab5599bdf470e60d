// float8 (e4m3fn, e5m2) and int4 values: extf, truncf with its rounding, NaN past e4m3fn's
// 448 and e5m2's infinity, extsi/extui/trunci/sitofp of i4, and tpu.bitcast packing 8 i4 or
// 4 f8 rows in a word; each checked with cf.assert against bytes and words worked out by hand.
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %cst = arith.constant dense<[4.480000e+02, -5.000000e-01, 3.125000e-01, 1.953130e-03]> : vector<4xf8E4M3FN>
    %0 = arith.extf %cst : vector<4xf8E4M3FN> to vector<4xf32>
    %cst_0 = arith.constant dense<[4.480000e+02, -5.000000e-01, 3.125000e-01, 0.001953125]> : vector<4xf32>
    %1 = arith.cmpf oeq, %0, %cst_0 : vector<4xf32>
    %2 = arith.extui %1 : vector<4xi1> to vector<4xi32>
    %c1_i32 = arith.constant 1 : i32
    %3 = vector.multi_reduction <minsi>, %2, %c1_i32 [0] : vector<4xi32> to i32
    %4 = arith.cmpi eq, %3, %c1_i32 : i32
    cf.assert %4, "arith.extf f8E4M3FN: 448, -0.5, 0.3125, 2^-9"
    %cst_1 = arith.constant dense<[4.640000e+02, 4.800000e+02, 3.000000e-01, 1.000000e-03]> : vector<4xf32>
    %5 = arith.truncf %cst_1 : vector<4xf32> to vector<4xf8E4M3FN>
    %6 = arith.bitcast %5 : vector<4xf8E4M3FN> to vector<4xi8>
    %cst_2 = arith.constant dense<[126, 127, 42, 1]> : vector<4xi8>
    %7 = arith.cmpi eq, %6, %cst_2 : vector<4xi8>
    %8 = arith.extui %7 : vector<4xi1> to vector<4xi32>
    %c1_i32_3 = arith.constant 1 : i32
    %9 = vector.multi_reduction <minsi>, %8, %c1_i32_3 [0] : vector<4xi32> to i32
    %10 = arith.cmpi eq, %9, %c1_i32_3 : i32
    cf.assert %10, "arith.truncf to f8E4M3FN rounds to nearest even, past 448 to NaN (0x7E, 0x7F, 0x2A, 0x01)"
    %cst_4 = arith.constant dense<[6.144000e+04, 5.734400e+04, 3.000000e-01, -0.000000e+00]> : vector<4xf32>
    %11 = arith.truncf %cst_4 : vector<4xf32> to vector<4xf8E5M2>
    %12 = arith.bitcast %11 : vector<4xf8E5M2> to vector<4xi8>
    %cst_5 = arith.constant dense<[124, 123, 53, -128]> : vector<4xi8>
    %13 = arith.cmpi eq, %12, %cst_5 : vector<4xi8>
    %14 = arith.extui %13 : vector<4xi1> to vector<4xi32>
    %c1_i32_6 = arith.constant 1 : i32
    %15 = vector.multi_reduction <minsi>, %14, %c1_i32_6 [0] : vector<4xi32> to i32
    %16 = arith.cmpi eq, %15, %c1_i32_6 : i32
    cf.assert %16, "arith.truncf to f8E5M2: 61440 ties to infinity (0x7C), 57344 is 0x7B"
    %cst_7 = arith.constant dense<[-8, 7, -1, 3]> : vector<4xi4>
    %17 = arith.extsi %cst_7 : vector<4xi4> to vector<4xi32>
    %cst_8 = arith.constant dense<[-8, 7, -1, 3]> : vector<4xi32>
    %18 = arith.cmpi eq, %17, %cst_8 : vector<4xi32>
    %19 = arith.extui %18 : vector<4xi1> to vector<4xi32>
    %c1_i32_9 = arith.constant 1 : i32
    %20 = vector.multi_reduction <minsi>, %19, %c1_i32_9 [0] : vector<4xi32> to i32
    %21 = arith.cmpi eq, %20, %c1_i32_9 : i32
    cf.assert %21, "arith.extsi i4"
    %cst_10 = arith.constant dense<[-8, 7, -1, 3]> : vector<4xi4>
    %22 = arith.extui %cst_10 : vector<4xi4> to vector<4xi32>
    %cst_11 = arith.constant dense<[8, 7, 15, 3]> : vector<4xi32>
    %23 = arith.cmpi eq, %22, %cst_11 : vector<4xi32>
    %24 = arith.extui %23 : vector<4xi1> to vector<4xi32>
    %c1_i32_12 = arith.constant 1 : i32
    %25 = vector.multi_reduction <minsi>, %24, %c1_i32_12 [0] : vector<4xi32> to i32
    %26 = arith.cmpi eq, %25, %c1_i32_12 : i32
    cf.assert %26, "arith.extui i4"
    %cst_13 = arith.constant dense<[8, 15, -9, 17]> : vector<4xi32>
    %27 = arith.trunci %cst_13 : vector<4xi32> to vector<4xi4>
    %28 = arith.extsi %27 : vector<4xi4> to vector<4xi32>
    %cst_14 = arith.constant dense<[-8, -1, 7, 1]> : vector<4xi32>
    %29 = arith.cmpi eq, %28, %cst_14 : vector<4xi32>
    %30 = arith.extui %29 : vector<4xi1> to vector<4xi32>
    %c1_i32_15 = arith.constant 1 : i32
    %31 = vector.multi_reduction <minsi>, %30, %c1_i32_15 [0] : vector<4xi32> to i32
    %32 = arith.cmpi eq, %31, %c1_i32_15 : i32
    cf.assert %32, "arith.trunci to i4 wraps"
    %cst_16 = arith.constant dense<[-8, 7, -1, 3]> : vector<4xi4>
    %33 = arith.sitofp %cst_16 : vector<4xi4> to vector<4xf32>
    %cst_17 = arith.constant dense<[-8.000000e+00, 7.000000e+00, -1.000000e+00, 3.000000e+00]> : vector<4xf32>
    %34 = arith.cmpf oeq, %33, %cst_17 : vector<4xf32>
    %35 = arith.extui %34 : vector<4xi1> to vector<4xi32>
    %c1_i32_18 = arith.constant 1 : i32
    %36 = vector.multi_reduction <minsi>, %35, %c1_i32_18 [0] : vector<4xi32> to i32
    %37 = arith.cmpi eq, %36, %c1_i32_18 : i32
    cf.assert %37, "arith.sitofp i4"
    %cst_19 = arith.constant dense<[[1, -8], [2, -8], [3, -8], [4, -8], [5, -8], [6, -8], [7, -8], [-1, -8]]> : vector<8x2xi4>
    %38 = tpu.bitcast %cst_19 : vector<8x2xi4> -> vector<1x2xi32>
    %cst_20 = arith.constant dense<[[-144358623, -2004318072]]> : vector<1x2xi32>
    %39 = arith.cmpi eq, %38, %cst_20 : vector<1x2xi32>
    %40 = arith.extui %39 : vector<1x2xi1> to vector<1x2xi32>
    %c1_i32_21 = arith.constant 1 : i32
    %41 = vector.multi_reduction <minsi>, %40, %c1_i32_21 [0, 1] : vector<1x2xi32> to i32
    %42 = arith.cmpi eq, %41, %c1_i32_21 : i32
    cf.assert %42, "tpu.bitcast packs 8 i4 rows per word: 0xF7654321, 0x88888888"
    %cst_22 = arith.constant dense<[[1.000000e+00], [-5.000000e-01], [4.480000e+02], [3.125000e-01]]> : vector<4x1xf8E4M3FN>
    %43 = tpu.bitcast %cst_22 : vector<4x1xf8E4M3FN> -> vector<1x1xi32>
    %cst_23 = arith.constant dense<712945720> : vector<1x1xi32>
    %44 = arith.cmpi eq, %43, %cst_23 : vector<1x1xi32>
    %45 = arith.extui %44 : vector<1x1xi1> to vector<1x1xi32>
    %c1_i32_24 = arith.constant 1 : i32
    %46 = vector.multi_reduction <minsi>, %45, %c1_i32_24 [0, 1] : vector<1x1xi32> to i32
    %47 = arith.cmpi eq, %46, %c1_i32_24 : i32
    cf.assert %47, "tpu.bitcast packs 4 f8E4M3FN rows per word: 0x2A7EB038"
    return
  }
}
