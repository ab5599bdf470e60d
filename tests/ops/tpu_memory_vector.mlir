// tpu's memory ops (vector_load/store, strided_load/store, load/store with sublane stride and
// mask, the memref views) and vector ops (reciprocal, bitcast, weird, create_mask,
// dynamic_gather, rotate, repeat, assume_layout) on two VMEM scratch buffers, each result
// checked with cf.assert (tests/test_op_registry.c runs it).
module {
  func.func @main(%arg0: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg1: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %0 = tpu.iota {dimensions = array<i32: 0>} : vector<16x128xi32>
    %1 = arith.sitofp %0 : vector<16x128xi32> to vector<16x128xf32>
    tpu.vector_store %arg0[%c0, %c0], %1 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    %2 = tpu.vector_load %arg0[%c0, %c0] {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    %3 = arith.cmpf oeq, %2, %1 : vector<16x128xf32>
    %4 = arith.extui %3 : vector<16x128xi1> to vector<16x128xi32>
    %c1_i32 = arith.constant 1 : i32
    %5 = vector.multi_reduction <minsi>, %4, %c1_i32 [0, 1] : vector<16x128xi32> to i32
    %6 = arith.cmpi eq, %5, %c1_i32 : i32
    cf.assert %6, "tpu.vector_load of what tpu.vector_store wrote"
    %7 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    %cst = arith.constant dense<2> : vector<8x128xi32>
    %8 = arith.muli %7, %cst : vector<8x128xi32>
    %9 = arith.sitofp %8 : vector<8x128xi32> to vector<8x128xf32>
    %10 = tpu.strided_load %arg0[%c0, %c0] {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %11 = arith.cmpf oeq, %10, %9 : vector<8x128xf32>
    %12 = arith.extui %11 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_0 = arith.constant 1 : i32
    %13 = vector.multi_reduction <minsi>, %12, %c1_i32_0 [0, 1] : vector<8x128xi32> to i32
    %14 = arith.cmpi eq, %13, %c1_i32_0 : i32
    cf.assert %14, "tpu.strided_load takes rows 0, 2, ..., 14"
    %15 = tpu.load %arg0[%c0, %c0] sublanes [true, true, true, true, true, true, true, true] sublane_stride 2 : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %16 = arith.cmpf oeq, %15, %9 : vector<8x128xf32>
    %17 = arith.extui %16 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_1 = arith.constant 1 : i32
    %18 = vector.multi_reduction <minsi>, %17, %c1_i32_1 [0, 1] : vector<8x128xi32> to i32
    %19 = arith.cmpi eq, %18, %c1_i32_1 : i32
    cf.assert %19, "tpu.load with sublane_stride 2 takes rows 0, 2, ..., 14"
    tpu.strided_store %arg1[%c0, %c0], %10 {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %20 = vector.load %arg1[%c2, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
    %cst_2 = arith.constant dense<2.000000e+00> : vector<1x128xf32>
    %21 = arith.cmpf oeq, %20, %cst_2 : vector<1x128xf32>
    %22 = arith.extui %21 : vector<1x128xi1> to vector<1x128xi32>
    %c1_i32_3 = arith.constant 1 : i32
    %23 = vector.multi_reduction <minsi>, %22, %c1_i32_3 [0, 1] : vector<1x128xi32> to i32
    %24 = arith.cmpi eq, %23, %c1_i32_3 : i32
    cf.assert %24, "tpu.strided_store put row 1 of its value in row 2"
    %cst_4 = arith.constant dense<7.000000e+00> : vector<8x128xf32>
    tpu.store %arg1[%c0, %c0], %cst_4 sublanes [false, false, true, false, false, false, false, false] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    %25 = vector.load %arg1[%c2, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
    %cst_5 = arith.constant dense<7.000000e+00> : vector<1x128xf32>
    %26 = arith.cmpf oeq, %25, %cst_5 : vector<1x128xf32>
    %27 = arith.extui %26 : vector<1x128xi1> to vector<1x128xi32>
    %c1_i32_6 = arith.constant 1 : i32
    %28 = vector.multi_reduction <minsi>, %27, %c1_i32_6 [0, 1] : vector<1x128xi32> to i32
    %29 = arith.cmpi eq, %28, %c1_i32_6 : i32
    cf.assert %29, "tpu.store with a sublane mask writes row 2"
    %c4 = arith.constant 4 : index
    %30 = vector.load %arg1[%c4, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
    %cst_7 = arith.constant dense<4.000000e+00> : vector<1x128xf32>
    %31 = arith.cmpf oeq, %30, %cst_7 : vector<1x128xf32>
    %32 = arith.extui %31 : vector<1x128xi1> to vector<1x128xi32>
    %c1_i32_8 = arith.constant 1 : i32
    %33 = vector.multi_reduction <minsi>, %32, %c1_i32_8 [0, 1] : vector<1x128xi32> to i32
    %34 = arith.cmpi eq, %33, %c1_i32_8 : i32
    cf.assert %34, "tpu.store with a sublane mask leaves row 4 as it was"
    %35 = tpu.memref_reshape %arg0 : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<2x8x128xf32, #tpu.memory_space<vmem>>
    %36 = vector.load %35[%c1, %c0, %c0] : memref<2x8x128xf32, #tpu.memory_space<vmem>>, vector<1x1x128xf32>
    %cst_9 = arith.constant dense<8.000000e+00> : vector<1x1x128xf32>
    %37 = arith.cmpf oeq, %36, %cst_9 : vector<1x1x128xf32>
    %38 = arith.extui %37 : vector<1x1x128xi1> to vector<1x1x128xi32>
    %c1_i32_10 = arith.constant 1 : i32
    %39 = vector.multi_reduction <minsi>, %38, %c1_i32_10 [0, 1, 2] : vector<1x1x128xi32> to i32
    %40 = arith.cmpi eq, %39, %c1_i32_10 : i32
    cf.assert %40, "tpu.memref_reshape: [1, 0] is row 8"
    %41 = tpu.memref_bitcast %arg0 : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<16x128xi32, #tpu.memory_space<vmem>>
    %42 = memref.load %41[%c1, %c0] : memref<16x128xi32, #tpu.memory_space<vmem>>
    %c1065353216_i32 = arith.constant 1065353216 : i32
    %43 = arith.cmpi eq, %42, %c1065353216_i32 : i32
    cf.assert %43, "tpu.memref_bitcast: the bits of 1.0"
    %44 = tpu.erase_memref_layout %arg0 : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<16x128xf32, #tpu.memory_space<vmem>>
    %c3 = arith.constant 3 : index
    %45 = memref.load %44[%c3, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>
    %cst_11 = arith.constant 3.000000e+00 : f32
    %46 = arith.cmpf oeq, %45, %cst_11 : f32
    cf.assert %46, "tpu.erase_memref_layout keeps the data"
    %cst_12 = arith.constant dense<4.000000e+00> : vector<8x128xf32>
    %47 = tpu.assume_layout %cst_12 : vector<8x128xf32> -> vector<8x128xf32>
    %48 = tpu.reciprocal %47 : vector<8x128xf32> -> vector<8x128xf32>
    %cst_13 = arith.constant dense<2.500000e-01> : vector<8x128xf32>
    %49 = arith.cmpf oeq, %48, %cst_13 : vector<8x128xf32>
    %50 = arith.extui %49 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_14 = arith.constant 1 : i32
    %51 = vector.multi_reduction <minsi>, %50, %c1_i32_14 [0, 1] : vector<8x128xi32> to i32
    %52 = arith.cmpi eq, %51, %c1_i32_14 : i32
    cf.assert %52, "tpu.reciprocal of 4"
    %53 = tpu.bitcast %cst_12 : vector<8x128xf32> -> vector<8x128xi32>
    %cst_15 = arith.constant dense<1082130432> : vector<8x128xi32>
    %54 = arith.cmpi eq, %53, %cst_15 : vector<8x128xi32>
    %55 = arith.extui %54 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_16 = arith.constant 1 : i32
    %56 = vector.multi_reduction <minsi>, %55, %c1_i32_16 [0, 1] : vector<8x128xi32> to i32
    %57 = arith.cmpi eq, %56, %c1_i32_16 : i32
    cf.assert %57, "tpu.bitcast: the bits of 4.0"
    %cst_17 = arith.constant dense<[1.000000e+00, 0x7FC00000, 0x7F800000, -2.000000e+00]> : vector<4xf32>
    %58 = tpu.weird %cst_17 : vector<4xf32> -> vector<4xi1>
    %59 = arith.extui %58 : vector<4xi1> to vector<4xi32>
    %cst_18 = arith.constant dense<[0, 1, 1, 0]> : vector<4xi32>
    %60 = arith.cmpi eq, %59, %cst_18 : vector<4xi32>
    %61 = arith.extui %60 : vector<4xi1> to vector<4xi32>
    %c1_i32_19 = arith.constant 1 : i32
    %62 = vector.multi_reduction <minsi>, %61, %c1_i32_19 [0] : vector<4xi32> to i32
    %63 = arith.cmpi eq, %62, %c1_i32_19 : i32
    cf.assert %63, "tpu.weird: NaN and infinity"
    %c0_20 = arith.constant 0 : index
    %c0_21 = arith.constant 0 : index
    %c2_22 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %64 = tpu.create_mask[%c0_20, %c0_21] [%c2_22, %c128] : vector<8x128xi1>
    %65 = arith.extui %64 : vector<8x128xi1> to vector<8x128xi32>
    %c0_i32 = arith.constant 0 : i32
    %66 = vector.multi_reduction <add>, %65, %c0_i32 [0, 1] : vector<8x128xi32> to i32
    %c256_i32 = arith.constant 256 : i32
    %67 = arith.cmpi eq, %66, %c256_i32 : i32
    cf.assert %67, "tpu.create_mask [0, 0][2, 128]: two rows"
    %68 = vector.load %arg0[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %cst_23 = arith.constant dense<7> : vector<8x128xi32>
    %69 = arith.subi %cst_23, %7 : vector<8x128xi32>
    %70 = tpu.dynamic_gather %68[%69] in [0] : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xf32>
    %71 = arith.sitofp %69 : vector<8x128xi32> to vector<8x128xf32>
    %72 = arith.cmpf oeq, %70, %71 : vector<8x128xf32>
    %73 = arith.extui %72 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32_24 = arith.constant 1 : i32
    %74 = vector.multi_reduction <minsi>, %73, %c1_i32_24 [0, 1] : vector<8x128xi32> to i32
    %75 = arith.cmpi eq, %74, %c1_i32_24 : i32
    cf.assert %75, "tpu.dynamic_gather along dim 0: row 7 - i"
    %76 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %77 = arith.sitofp %76 : vector<8x128xi32> to vector<8x128xf32>
    %78 = tpu.repeat %77, 1 x 2 : vector<8x128xf32> -> vector<8x256xf32>
    %79 = vector.extract %78[3, 130] : f32 from vector<8x256xf32>
    %cst_25 = arith.constant 2.000000e+00 : f32
    %80 = arith.cmpf oeq, %79, %cst_25 : f32
    cf.assert %80, "tpu.repeat 1 x 2: lane 130 is lane 2 again"
    return
  }
}
