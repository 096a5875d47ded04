// Does not compile: the build log must reach the user.
__kernel void broken(__global const float* in, __global float* out, unsigned int n) {
    out[0] = in[0] + undeclared_variable;
}
