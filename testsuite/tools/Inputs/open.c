// A miniature of Linux 6.1's fs/open.c (the same as in openat2.test), for db.test
// and correlate.test: do_sys_openat2 has two callers, and GCC's -O2 params keep
// it out of line while the RFC's inline it into both.
struct open_how { unsigned long long flags, mode, resolve; };
struct open_flags { int open_flag; unsigned short mode; int acc_mode, intent, lookup_flags; };
struct filename;
struct file;
int build_open_flags(const struct open_how *how, struct open_flags *op);
struct filename *getname(const char *name);
int get_unused_fd_flags(unsigned flags);
struct file *do_filp_open(int dfd, struct filename *name, const struct open_flags *op);
void put_unused_fd(unsigned fd);
void fsnotify_open(struct file *f);
void fd_install(unsigned fd, struct file *f);
void putname(struct filename *name);
long copy_struct_from_user(void *dst, unsigned long ksize, const void *src, unsigned long usize);
#define IS_ERR(p) ((unsigned long)(p) >= (unsigned long)-4095)
#define PTR_ERR(p) ((long)(p))

static long do_sys_openat2(int dfd, const char *filename, struct open_how *how)
{
	struct open_flags op;
	int fd = build_open_flags(how, &op);
	struct filename *tmp;

	if (fd)
		return fd;
	tmp = getname(filename);
	if (IS_ERR(tmp))
		return PTR_ERR(tmp);
	fd = get_unused_fd_flags(how->flags);
	if (fd >= 0) {
		struct file *f = do_filp_open(dfd, tmp, &op);
		if (IS_ERR(f)) {
			put_unused_fd(fd);
			fd = PTR_ERR(f);
		} else {
			fsnotify_open(f);
			fd_install(fd, f);
		}
	}
	putname(tmp);
	return fd;
}

static struct open_how build_open_how(int flags, unsigned short mode)
{
	struct open_how how = { .flags = flags & 07777777, .mode = mode & 07777 };
	if (how.flags & 0100)
		how.mode = 0;
	return how;
}

long do_sys_open(int dfd, const char *filename, int flags, unsigned short mode)
{
	struct open_how how = build_open_how(flags, mode);
	return do_sys_openat2(dfd, filename, &how);
}

long sys_open(const char *filename, int flags, unsigned short mode)
{
	return do_sys_open(-100, filename, flags, mode);
}

long sys_openat(int dfd, const char *filename, int flags, unsigned short mode)
{
	return do_sys_open(dfd, filename, flags, mode);
}

long sys_openat2(int dfd, const char *filename, struct open_how *how, unsigned long usize)
{
	struct open_how tmp;
	long err = copy_struct_from_user(&tmp, sizeof(tmp), how, usize);
	if (err)
		return err;
	if (tmp.flags & 0100000000)
		tmp.flags |= 01000000;
	return do_sys_openat2(dfd, filename, &tmp);
}
