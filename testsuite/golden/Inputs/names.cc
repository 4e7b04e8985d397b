// C++ names for the golden-output check (builds.sh): namespaces, a class,
// overloads, a template, a lambda and an operator, so that names and
// symbols differ and both are carried through every output.
namespace ns {
int work(int);
struct cls {
  int v;
  int get() const { return work(v) + 1; }
  static int twice(int x) { return work(x) * 2; }
};
template <typename T> static T scale(T x) { return x * work(int(x)); }
static int pick(int x) { return x > 3 ? work(x) : work(-x); }
static int pick(long x) { return int(x) + work(2); }
} // namespace ns

struct vec {
  int a, b;
  vec operator+(const vec &o) const { return {a + ns::work(o.a), b + o.b}; }
};

int entry(int x) {
  ns::cls c{x};
  auto f = [&](int y) { return ns::pick(y) + c.get(); };
  vec v = vec{x, 1} + vec{2, x};
  return f(x) + ns::cls::twice(x) + ns::scale(x) + int(ns::scale(2.0 * x)) + ns::pick(long(x)) +
         v.a + v.b;
}
