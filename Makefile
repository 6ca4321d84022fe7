# collide2d. `make help` lists the targets.
CC ?= cc
RELEASE := target/release
PREFIX ?= /usr/local
DESTDIR ?=
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
export PREFIX DESTDIR LIBDIR INCLUDEDIR
.DEFAULT_GOAL := all

.PHONY: help all lib lua demo pictures test bench dist install uninstall windows clean

help:
	@echo "collide2d: exact 2D collision detection, a C library with a Lua binding"
	@echo ""
	@echo "  make demo       build the library and the Lua modules, run the C demo"
	@echo "  make pictures   run examples/platformer.c, gallery.c and tilemap.c, writing docs/images/"
	@echo "  make test       install what the tests need, run every test"
	@echo "  make lib        the library: $(RELEASE)/libcollide2d.so (.so.1), libcollide2d.a, include/collide2d.h"
	@echo "  make lua        the Lua modules, for each Lua whose headers are installed (target/lua/)"
	@echo "  make all        lib and lua"
	@echo "  make dist       the libraries to install, link-time optimised, without std (target/dist/release/)"
	@echo "  make install    install header, libraries, pkg-config file and CMake package"
	@echo "                  (PREFIX=$(PREFIX) DESTDIR= LIBDIR=PREFIX/lib INCLUDEDIR=PREFIX/include)"
	@echo "  make uninstall  remove what make install put there (same variables)"
	@echo "  make windows    the Windows DLLs with MinGW: target/windows/{x86_64,i686}/collide2d.{dll,def,lib}"
	@echo "  make bench      the C ABI benchmark"
	@echo "  make clean      remove target/"

all: lib lua

lib:
	cargo build --release

lua: lib
	lua/build.sh

demo: all
	$(CC) -std=c99 -Wall -Wextra -O2 -Iinclude examples/demo.c -L$(RELEASE) -lcollide2d -o $(RELEASE)/demo
	LD_LIBRARY_PATH=$(RELEASE) $(RELEASE)/demo

# The platformer example (one-way platform, lift, crate, spawn inside a wall), its frames drawn
# to docs/images/platformer_*.png, and the gallery of shape pairs to docs/images/gallery/.
pictures: lib
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -Iinclude examples/platformer.c -L$(RELEASE) -lcollide2d -o $(RELEASE)/platformer
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -Iinclude examples/gallery.c -L$(RELEASE) -lcollide2d -lm -o $(RELEASE)/gallery
	mkdir -p docs/images/gallery
	LD_LIBRARY_PATH=$(RELEASE) $(RELEASE)/platformer docs/images
	LD_LIBRARY_PATH=$(RELEASE) $(RELEASE)/gallery docs/images/gallery
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -Iinclude examples/tilemap.c -L$(RELEASE) -lcollide2d -o $(RELEASE)/tilemap
	LD_LIBRARY_PATH=$(RELEASE) $(RELEASE)/tilemap docs/images

test:
	.ci/test

bench:
	cargo bench --bench abi

# One crate type per build, so the release profile's link-time optimisation applies (cargo skips
# it when the crate is also built as a Rust library).
# Built as the Windows DLLs are, with panic = abort and without the standard library
# (src/platform.rs): the shared library is a quarter smaller without std's panic, backtrace and
# unwinding code, and a static program calling three functions is 40 KB instead of 300 KB
# (.ci/sizes measures both).
# The archive is then prelinked (packaging/prelink.sh) so that it exports only c2d_* and links
# beside other Rust static libraries.
DIST_FLAGS := -C panic=abort --cfg c2d_no_std
dist:
	cargo rustc --release --lib --crate-type cdylib --target-dir target/dist -- $(DIST_FLAGS)
	cargo rustc --release --lib --crate-type staticlib --target-dir target/dist -- $(DIST_FLAGS)
	packaging/prelink.sh target/dist/release/libcollide2d.a

# Builds first where cargo is on the PATH (under sudo it may not be: run `make dist` before).
install:
	@if command -v cargo >/dev/null 2>&1; then $(MAKE) --no-print-directory dist; fi
	packaging/install.sh install

uninstall:
	packaging/install.sh uninstall

windows:
	packaging/windows.sh

clean:
	cargo clean
