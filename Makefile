# collide2d — the two commands of the README:
#   make demo   build the library (.so, .a, header), the Lua modules, and run the C demo
#   make test   install what is missing, then run every test (Rust, C, Lua, examples, lints)
CC ?= cc
RELEASE := target/release

.PHONY: all demo test lib lua bench clean

all: lib lua

lib:
	cargo build --release

lua: lib
	lua/build.sh

demo: all
	$(CC) -std=c99 -Wall -Wextra -O2 -Iinclude examples/demo.c -L$(RELEASE) -lcollide2d -o $(RELEASE)/demo
	LD_LIBRARY_PATH=$(RELEASE) $(RELEASE)/demo

test:
	.ci/test

bench:
	cargo bench --bench abi

clean:
	cargo clean
