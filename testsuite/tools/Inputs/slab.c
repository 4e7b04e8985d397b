// mm/slab.c of the report tests' builds (report-builds.sh): helpers of
// growing size, each called from two places.  GCC's -O2 params inline the
// small ones; the RFC's (max-inline-insns-auto 15 -> 30) inline h6 to h10
// too, so those vanish, and still refuse h12, h16 and h24, which gives the
// report's flip-threshold histogram its data.
int step(int);
#define S1 x = step(x);
#define S2 S1 S1
#define S4 S2 S2
#define S8 S4 S4
static int h2(int x) { S2 return x; }
static int h3(int x) { S2 S1 return x; }
static int h4(int x) { S4 return x; }
static int h5(int x) { S4 S1 return x; }
static int h6(int x) { S4 S2 return x; }
static int h7(int x) { S4 S2 S1 return x; }
static int h8(int x) { S8 return x; }
static int h10(int x) { S8 S2 return x; }
static int h12(int x) { S8 S4 return x; }
static int h16(int x) { S8 S8 return x; }
static int h24(int x) { S8 S8 S8 return x; }

int kmalloc_small(int x)
{
	return h2(x) + h3(x) + h4(x) + h5(x) + h6(x) + h7(x) + h8(x) + h10(x) + h12(x) +
	       h16(x) + h24(x);
}

int kmalloc_large(int x)
{
	return h2(x + 1) + h3(x + 2) + h4(x + 3) + h5(x + 4) + h6(x + 5) + h7(x + 6) +
	       h8(x + 7) + h10(x + 8) + h12(x + 9) + h16(x + 10) + h24(x + 11);
}
