// tpu's conversions with a rounding mode (extf, truncf, fptosi, fptoui, sitofp, uitofp; each
// way where the modes differ), reshape, bitcast_vreg, bitcast across widths (bf16 pairs and i8
// quads packed along the second-minor dimension), gather, sublane_shuffle, the elementwise
// packs of i16 and bf16 in 32-bit words (hand-computed words), a bitcast to f32 that makes a
// signalling NaN (kept bit for bit), delay and trace_value; checked with cf.assert
// (tests/test_op_registry.c runs it).
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %cst = arith.constant dense<1.500000e+00> : vector<8x128xbf16>
    %0 = tpu.extf %cst : vector<8x128xbf16> -> vector<8x128xf32>
    %cst_0 = arith.constant dense<1.500000e+00> : vector<8x128xf32>
    %1 = arith.cmpf oeq, %0, %cst_0 : vector<8x128xf32>
    %2 = arith.extui %1 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32 = arith.constant 1 : i32
    %3 = vector.multi_reduction <minsi>, %2, %c1_i32 [0, 1] : vector<8x128xi32> to i32
    %4 = arith.cmpi eq, %3, %c1_i32 : i32
    cf.assert %4, "tpu.extf bf16 1.5"
    %cst_1 = arith.constant dense<1.00585938> : vector<8x128xf32>
    %5 = tpu.truncf %cst_1 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<8x128xf32> -> vector<8x128xbf16>
    %cst_2 = arith.constant dense<1.007810e+00> : vector<8x128xbf16>
    %6 = arith.cmpf oeq, %5, %cst_2 : vector<8x128xbf16>
    %7 = arith.extui %6 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_3 = arith.constant 1 : i32
    %8 = vector.multi_reduction <minsi>, %7, %c1_i32_3 [0, 1] : vector<8x128xi32> to i32
    %9 = arith.cmpi eq, %8, %c1_i32_3 : i32
    cf.assert %9, "tpu.truncf to nearest: 1 + 2^-7"
    %10 = tpu.truncf %cst_1 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<8x128xf32> -> vector<8x128xbf16>
    %cst_4 = arith.constant dense<1.000000e+00> : vector<8x128xbf16>
    %11 = arith.cmpf oeq, %10, %cst_4 : vector<8x128xbf16>
    %12 = arith.extui %11 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_5 = arith.constant 1 : i32
    %13 = vector.multi_reduction <minsi>, %12, %c1_i32_5 [0, 1] : vector<8x128xi32> to i32
    %14 = arith.cmpi eq, %13, %c1_i32_5 : i32
    cf.assert %14, "tpu.truncf toward zero: 1"
    %cst_6 = arith.constant dense<-1.00585938> : vector<8x128xf32>
    %15 = tpu.truncf %cst_6 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<8x128xf32> -> vector<8x128xbf16>
    %cst_7 = arith.constant dense<-1.000000e+00> : vector<8x128xbf16>
    %16 = arith.cmpf oeq, %15, %cst_7 : vector<8x128xbf16>
    %17 = arith.extui %16 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_8 = arith.constant 1 : i32
    %18 = vector.multi_reduction <minsi>, %17, %c1_i32_8 [0, 1] : vector<8x128xi32> to i32
    %19 = arith.cmpi eq, %18, %c1_i32_8 : i32
    cf.assert %19, "tpu.truncf toward zero of a negative"
    %cst_9 = arith.constant dense<[[2.500000e+00, 3.500000e+00, -2.500000e+00, -2.700000e+00]]> : vector<1x4xf32>
    %20 = tpu.fptosi %cst_9 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<1x4xf32> -> vector<1x4xi32>
    %cst_10 = arith.constant dense<[[2, 4, -2, -3]]> : vector<1x4xi32>
    %21 = arith.cmpi eq, %20, %cst_10 : vector<1x4xi32>
    %22 = arith.extui %21 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_11 = arith.constant 1 : i32
    %23 = vector.multi_reduction <minsi>, %22, %c1_i32_11 [0, 1] : vector<1x4xi32> to i32
    %24 = arith.cmpi eq, %23, %c1_i32_11 : i32
    cf.assert %24, "tpu.fptosi to nearest even"
    %25 = tpu.fptosi %cst_9 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<1x4xf32> -> vector<1x4xi32>
    %cst_12 = arith.constant dense<[[2, 3, -2, -2]]> : vector<1x4xi32>
    %26 = arith.cmpi eq, %25, %cst_12 : vector<1x4xi32>
    %27 = arith.extui %26 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_13 = arith.constant 1 : i32
    %28 = vector.multi_reduction <minsi>, %27, %c1_i32_13 [0, 1] : vector<1x4xi32> to i32
    %29 = arith.cmpi eq, %28, %c1_i32_13 : i32
    cf.assert %29, "tpu.fptosi toward zero"
    %30 = tpu.fptoui %cst_9 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<1x4xf32> -> vector<1x4xi32>
    %cst_14 = arith.constant dense<[[2, 4, 0, 0]]> : vector<1x4xi32>
    %31 = arith.cmpi eq, %30, %cst_14 : vector<1x4xi32>
    %32 = arith.extui %31 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_15 = arith.constant 1 : i32
    %33 = vector.multi_reduction <minsi>, %32, %c1_i32_15 [0, 1] : vector<1x4xi32> to i32
    %34 = arith.cmpi eq, %33, %c1_i32_15 : i32
    cf.assert %34, "tpu.fptoui saturates negatives at 0"
    %cst_16 = arith.constant dense<[[16777219, 259, -1, 7]]> : vector<1x4xi32>
    %35 = tpu.sitofp %cst_16 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<1x4xi32> -> vector<1x4xf32>
    %cst_17 = arith.constant dense<[[0x4B800002, 2.590000e+02, -1.000000e+00, 7.000000e+00]]> : vector<1x4xf32>
    %36 = arith.cmpf oeq, %35, %cst_17 : vector<1x4xf32>
    %37 = arith.extui %36 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_18 = arith.constant 1 : i32
    %38 = vector.multi_reduction <minsi>, %37, %c1_i32_18 [0, 1] : vector<1x4xi32> to i32
    %39 = arith.cmpi eq, %38, %c1_i32_18 : i32
    cf.assert %39, "tpu.sitofp to nearest even: 2^24 + 3 gives 2^24 + 4"
    %40 = tpu.sitofp %cst_16 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<1x4xi32> -> vector<1x4xf32>
    %cst_19 = arith.constant dense<[[0x4B800001, 2.590000e+02, -1.000000e+00, 7.000000e+00]]> : vector<1x4xf32>
    %41 = arith.cmpf oeq, %40, %cst_19 : vector<1x4xf32>
    %42 = arith.extui %41 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_20 = arith.constant 1 : i32
    %43 = vector.multi_reduction <minsi>, %42, %c1_i32_20 [0, 1] : vector<1x4xi32> to i32
    %44 = arith.cmpi eq, %43, %c1_i32_20 : i32
    cf.assert %44, "tpu.sitofp toward zero: 2^24 + 3 gives 2^24 + 2"
    %45 = tpu.sitofp %cst_16 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<1x4xi32> -> vector<1x4xbf16>
    %cst_21 = arith.constant dense<[[1.677720e+07, 2.600000e+02, -1.000000e+00, 7.000000e+00]]> : vector<1x4xbf16>
    %46 = arith.cmpf oeq, %45, %cst_21 : vector<1x4xbf16>
    %47 = arith.extui %46 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_22 = arith.constant 1 : i32
    %48 = vector.multi_reduction <minsi>, %47, %c1_i32_22 [0, 1] : vector<1x4xi32> to i32
    %49 = arith.cmpi eq, %48, %c1_i32_22 : i32
    cf.assert %49, "tpu.sitofp to bf16, nearest even: 259 gives 260"
    %50 = tpu.sitofp %cst_16 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<1x4xi32> -> vector<1x4xbf16>
    %cst_23 = arith.constant dense<[[1.677720e+07, 2.580000e+02, -1.000000e+00, 7.000000e+00]]> : vector<1x4xbf16>
    %51 = arith.cmpf oeq, %50, %cst_23 : vector<1x4xbf16>
    %52 = arith.extui %51 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_24 = arith.constant 1 : i32
    %53 = vector.multi_reduction <minsi>, %52, %c1_i32_24 [0, 1] : vector<1x4xi32> to i32
    %54 = arith.cmpi eq, %53, %c1_i32_24 : i32
    cf.assert %54, "tpu.sitofp to bf16 toward zero: 259 gives 258"
    %55 = tpu.uitofp %cst_16 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<1x4xi32> -> vector<1x4xf32>
    %cst_25 = arith.constant dense<[[0x4B800001, 2.590000e+02, 4.29496704E+9, 7.000000e+00]]> : vector<1x4xf32>
    %56 = arith.cmpf oeq, %55, %cst_25 : vector<1x4xf32>
    %57 = arith.extui %56 : vector<1x4xi1> to vector<1x4xi32>
    %c1_i32_26 = arith.constant 1 : i32
    %58 = vector.multi_reduction <minsi>, %57, %c1_i32_26 [0, 1] : vector<1x4xi32> to i32
    %59 = arith.cmpi eq, %58, %c1_i32_26 : i32
    cf.assert %59, "tpu.uitofp toward zero: 2^32 - 1 gives 2^32 - 256"
    %cst_27 = arith.constant dense<[[0.000000e+00], [1.000000e+00], [2.000000e+00], [3.000000e+00], [4.000000e+00], [5.000000e+00], [6.000000e+00], [7.000000e+00]]> : vector<8x1xf32>
    %60 = tpu.reshape %cst_27 : vector<8x1xf32> -> vector<2x4xf32>
    %cst_28 = arith.constant dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00]]> : vector<2x4xf32>
    %61 = arith.cmpf oeq, %60, %cst_28 : vector<2x4xf32>
    %62 = arith.extui %61 : vector<2x4xi1> to vector<2x4xi32>
    %c1_i32_29 = arith.constant 1 : i32
    %63 = vector.multi_reduction <minsi>, %62, %c1_i32_29 [0, 1] : vector<2x4xi32> to i32
    %64 = arith.cmpi eq, %63, %c1_i32_29 : i32
    cf.assert %64, "tpu.reshape keeps row-major order"
    %cst_30 = arith.constant dense<1.000000e+00> : vector<8x128xf32>
    %65 = tpu.bitcast_vreg %cst_30 : vector<8x128xf32> -> vector<8x128xi32>
    %cst_31 = arith.constant dense<1065353216> : vector<8x128xi32>
    %66 = arith.cmpi eq, %65, %cst_31 : vector<8x128xi32>
    %67 = arith.extui %66 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_32 = arith.constant 1 : i32
    %68 = vector.multi_reduction <minsi>, %67, %c1_i32_32 [0, 1] : vector<8x128xi32> to i32
    %69 = arith.cmpi eq, %68, %c1_i32_32 : i32
    cf.assert %69, "tpu.bitcast_vreg 1.0 to its bits"
    %70 = tpu.gather %cst_27[[0, 0, 1, 1, 2, 3, 7, 6]] in 0 : vector<8x1xf32> -> vector<8x1xf32>
    %cst_33 = arith.constant dense<[[0.000000e+00], [0.000000e+00], [1.000000e+00], [1.000000e+00], [2.000000e+00], [3.000000e+00], [7.000000e+00], [6.000000e+00]]> : vector<8x1xf32>
    %71 = arith.cmpf oeq, %70, %cst_33 : vector<8x1xf32>
    %72 = arith.extui %71 : vector<8x1xi1> to vector<8x1xi32>
    %c1_i32_34 = arith.constant 1 : i32
    %73 = vector.multi_reduction <minsi>, %72, %c1_i32_34 [0, 1] : vector<8x1xi32> to i32
    %74 = arith.cmpi eq, %73, %c1_i32_34 : i32
    cf.assert %74, "tpu.gather picks rows by index"
    %cst_35 = arith.constant dense<[[1.000000e+01], [1.100000e+01], [1.200000e+01], [1.300000e+01], [1.400000e+01], [1.500000e+01], [1.600000e+01], [1.700000e+01]]> : vector<8x1xf32>
    %75 = tpu.sublane_shuffle %cst_27, %cst_35, [0, 8, 1, 9, 2, 10, 3, 11] : vector<8x1xf32>, vector<8x1xf32> -> vector<8x1xf32>
    %cst_36 = arith.constant dense<[[0.000000e+00], [1.000000e+01], [1.000000e+00], [1.100000e+01], [2.000000e+00], [1.200000e+01], [3.000000e+00], [1.300000e+01]]> : vector<8x1xf32>
    %76 = arith.cmpf oeq, %75, %cst_36 : vector<8x1xf32>
    %77 = arith.extui %76 : vector<8x1xi1> to vector<8x1xi32>
    %c1_i32_37 = arith.constant 1 : i32
    %78 = vector.multi_reduction <minsi>, %77, %c1_i32_37 [0, 1] : vector<8x1xi32> to i32
    %79 = arith.cmpi eq, %78, %c1_i32_37 : i32
    cf.assert %79, "tpu.sublane_shuffle interleaves the sublanes of both"
    %cst_38 = arith.constant dense<74565> : vector<8x128xi32>
    %cst_39 = arith.constant dense<424090> : vector<8x128xi32>
    %80 = tpu.pack_elementwise %cst_38, %cst_39 {target_type = i16} : vector<8x128xi32>, vector<8x128xi32> -> vector<8x128xi32>
    %cst_40 = arith.constant dense<2023367493> : vector<8x128xi32>
    %81 = arith.cmpi eq, %80, %cst_40 : vector<8x128xi32>
    %82 = arith.extui %81 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_41 = arith.constant 1 : i32
    %83 = vector.multi_reduction <minsi>, %82, %c1_i32_41 [0, 1] : vector<8x128xi32> to i32
    %84 = arith.cmpi eq, %83, %c1_i32_41 : i32
    cf.assert %84, "tpu.pack_elementwise i16: 0x12345, 0x6789A give the word 0x789A2345"
    %cst_42 = arith.constant dense<1.000000e+00> : vector<8x128xf32>
    %cst_43 = arith.constant dense<-2.000000e+00> : vector<8x128xf32>
    %85 = tpu.pack_elementwise %cst_42, %cst_43 {target_type = bf16} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xi32>
    %cst_44 = arith.constant dense<-1073725568> : vector<8x128xi32>
    %86 = arith.cmpi eq, %85, %cst_44 : vector<8x128xi32>
    %87 = arith.extui %86 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_45 = arith.constant 1 : i32
    %88 = vector.multi_reduction <minsi>, %87, %c1_i32_45 [0, 1] : vector<8x128xi32> to i32
    %89 = arith.cmpi eq, %88, %c1_i32_45 : i32
    cf.assert %89, "tpu.pack_elementwise bf16: 1.0, -2.0 give the word 0xC0003F80"
    %90 = tpu.unpack_elementwise %80, 1 {source_type = i16} : vector<8x128xi32> -> vector<8x128xi32>
    %cst_46 = arith.constant dense<30874> : vector<8x128xi32>
    %91 = arith.cmpi eq, %90, %cst_46 : vector<8x128xi32>
    %92 = arith.extui %91 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_47 = arith.constant 1 : i32
    %93 = vector.multi_reduction <minsi>, %92, %c1_i32_47 [0, 1] : vector<8x128xi32> to i32
    %94 = arith.cmpi eq, %93, %c1_i32_47 : i32
    cf.assert %94, "tpu.unpack_elementwise i16 1 of 0x789A2345"
    %95 = tpu.unpack_elementwise %85, 1 {source_type = bf16} : vector<8x128xi32> -> vector<8x128xf32>
    %cst_48 = arith.constant dense<-2.000000e+00> : vector<8x128xf32>
    %96 = arith.cmpf oeq, %95, %cst_48 : vector<8x128xf32>
    %97 = arith.extui %96 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_49 = arith.constant 1 : i32
    %98 = vector.multi_reduction <minsi>, %97, %c1_i32_49 [0, 1] : vector<8x128xi32> to i32
    %99 = arith.cmpi eq, %98, %c1_i32_49 : i32
    cf.assert %99, "tpu.unpack_elementwise bf16 1 of 0xC0003F80"
    %cst_50 = arith.constant dense<[[1.000000e+00, 1.000000e+00], [-2.000000e+00, -2.000000e+00], [5.000000e-01, 5.000000e-01], [3.000000e+00, 3.000000e+00]]> : vector<4x2xbf16>
    %100 = tpu.bitcast %cst_50 : vector<4x2xbf16> -> vector<2x2xi32>
    %cst_51 = arith.constant dense<[[-1073725568, -1073725568], [1077952256, 1077952256]]> : vector<2x2xi32>
    %101 = arith.cmpi eq, %100, %cst_51 : vector<2x2xi32>
    %102 = arith.extui %101 : vector<2x2xi1> to vector<2x2xi32>
    %c1_i32_52 = arith.constant 1 : i32
    %103 = vector.multi_reduction <minsi>, %102, %c1_i32_52 [0, 1] : vector<2x2xi32> to i32
    %104 = arith.cmpi eq, %103, %c1_i32_52 : i32
    cf.assert %104, "tpu.bitcast packs bf16 rows 2r, 2r+1 into words 0xC0003F80, 0x40403F00"
    %105 = tpu.bitcast %100 : vector<2x2xi32> -> vector<4x2xbf16>
    %cst_53 = arith.constant dense<[[1.000000e+00, 1.000000e+00], [-2.000000e+00, -2.000000e+00], [5.000000e-01, 5.000000e-01], [3.000000e+00, 3.000000e+00]]> : vector<4x2xbf16>
    %106 = arith.cmpf oeq, %105, %cst_53 : vector<4x2xbf16>
    %107 = arith.extui %106 : vector<4x2xi1> to vector<4x2xi32>
    %c1_i32_54 = arith.constant 1 : i32
    %108 = vector.multi_reduction <minsi>, %107, %c1_i32_54 [0, 1] : vector<4x2xi32> to i32
    %109 = arith.cmpi eq, %108, %c1_i32_54 : i32
    cf.assert %109, "tpu.bitcast of the words back to bf16 rows"
    %cst_55 = arith.constant dense<[[1, -1], [2, -2], [3, -3], [4, -4]]> : vector<4x2xi8>
    %110 = tpu.bitcast %cst_55 : vector<4x2xi8> -> vector<1x2xi32>
    %cst_56 = arith.constant dense<[[67305985, -50462977]]> : vector<1x2xi32>
    %111 = arith.cmpi eq, %110, %cst_56 : vector<1x2xi32>
    %112 = arith.extui %111 : vector<1x2xi1> to vector<1x2xi32>
    %c1_i32_57 = arith.constant 1 : i32
    %113 = vector.multi_reduction <minsi>, %112, %c1_i32_57 [0, 1] : vector<1x2xi32> to i32
    %114 = arith.cmpi eq, %113, %c1_i32_57 : i32
    cf.assert %114, "tpu.bitcast packs i8 rows into words 0x04030201, 0xFCFDFEFF"
    %cst_sn = arith.constant dense<[[1, 1], [32640, 32640]]> : vector<2x2xi16>
    %sn0 = arith.bitcast %cst_sn : vector<2x2xi16> to vector<2x2xbf16>
    %sn1 = tpu.bitcast %sn0 : vector<2x2xbf16> -> vector<1x2xf32>
    %sn2 = arith.bitcast %sn1 : vector<1x2xf32> to vector<1x2xi32>
    %cst_sn_bits = arith.constant dense<2139095041> : vector<1x2xi32>
    %sn3 = arith.cmpi eq, %sn2, %cst_sn_bits : vector<1x2xi32>
    %sn4 = arith.extui %sn3 : vector<1x2xi1> to vector<1x2xi32>
    %c1_i32_sn = arith.constant 1 : i32
    %sn5 = vector.multi_reduction <minsi>, %sn4, %c1_i32_sn [0, 1] : vector<1x2xi32> to i32
    %sn6 = arith.cmpi eq, %sn5, %c1_i32_sn : i32
    cf.assert %sn6, "tpu.bitcast of bf16 rows 0x0001, 0x7F80 to f32 keeps the signalling NaN 0x7F800001 bit for bit"
    %c5_i32 = arith.constant 5 : i32
    tpu.delay %c5_i32
    tpu.trace_value %c5_i32, "five" : i32
    return
  }
}
