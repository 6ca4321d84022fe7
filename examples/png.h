/* A minimal PNG writer for the examples, needing nothing but the C library: an 8-bit palette
 * picture, one zlib stream compressed with deflate's fixed Huffman codes and repeats of the
 * previous pixel or the row above (plenty for flat colours).
 *
 *   png_write(path, pixels, width, height, scale, palette, colours)
 *
 * writes the `width` x `height` palette indices at `pixels` (row by row), each drawn as a
 * `scale` x `scale` square, with `colours` RGB entries of `palette`; returns 1 on success. */
#ifndef COLLIDE2D_EXAMPLES_PNG_H
#define COLLIDE2D_EXAMPLES_PNG_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *png_buf;
static size_t png_n;
static uint32_t png_bits;
static int png_bit_n;

static void png_put_bits(uint32_t v, int n) {
    png_bits |= v << png_bit_n;
    png_bit_n += n;
    while (png_bit_n >= 8) {
        png_buf[png_n++] = (unsigned char)png_bits;
        png_bits >>= 8;
        png_bit_n -= 8;
    }
}

/* A Huffman code goes out most significant bit first. */
static void png_put_code(uint32_t code, int n) {
    uint32_t r = 0;
    int i;
    for (i = 0; i < n; i++) {
        r |= ((code >> i) & 1u) << (n - 1 - i);
    }
    png_put_bits(r, n);
}

static void png_put_symbol(int v) {
    if (v < 144) {
        png_put_code(0x30u + (uint32_t)v, 8);
    } else if (v < 256) {
        png_put_code(0x190u + (uint32_t)(v - 144), 9);
    } else if (v < 280) {
        png_put_code((uint32_t)(v - 256), 7);
    } else {
        png_put_code(0xc0u + (uint32_t)(v - 280), 8);
    }
}

static void png_put_match(int length, int distance) {
    static const int len_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                     31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const int len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    static const int dist_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                      33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                      1025, 1537, 2049, 3073, 4097, 6145,  8193,  12289, 16385, 24577};
    static const int dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
    int i = 28, j = 29;
    while (len_base[i] > length) {
        i--;
    }
    png_put_symbol(257 + i);
    png_put_bits((uint32_t)(length - len_base[i]), len_extra[i]);
    while (dist_base[j] > distance) {
        j--;
    }
    png_put_code((uint32_t)j, 5);
    png_put_bits((uint32_t)(distance - dist_base[j]), dist_extra[j]);
}

static uint32_t png_crc(const unsigned char *p, size_t n, uint32_t crc) {
    size_t i;
    int k;
    crc = ~crc;
    for (i = 0; i < n; i++) {
        crc ^= p[i];
        for (k = 0; k < 8; k++) {
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

static void png_put_u32(FILE *f, uint32_t v) {
    unsigned char b[4];
    b[0] = (unsigned char)(v >> 24);
    b[1] = (unsigned char)(v >> 16);
    b[2] = (unsigned char)(v >> 8);
    b[3] = (unsigned char)v;
    fwrite(b, 1, 4, f);
}

static void png_put_chunk(FILE *f, const char *type, const unsigned char *data, size_t n) {
    uint32_t crc = png_crc((const unsigned char *)type, 4, 0);
    png_put_u32(f, (uint32_t)n);
    fwrite(type, 1, 4, f);
    if (n) {
        fwrite(data, 1, n, f);
    }
    png_put_u32(f, png_crc(data, n, crc));
}

static int png_write(const char *path, const unsigned char *pixels, int width, int height,
                     int scale, const unsigned char (*palette)[3], int colours) {
    const size_t pw = (size_t)width * (size_t)scale, ph = (size_t)height * (size_t)scale;
    const size_t stride = pw + 1, raw_n = stride * ph;
    unsigned char *raw = (unsigned char *)malloc(raw_n);
    unsigned char header[13], plte[256 * 3];
    uint32_t a = 1, b = 0;
    size_t i;
    size_t x, y;
    int ok;
    FILE *f;
    if (!raw || colours < 1 || colours > 256) {
        free(raw);
        return 0;
    }
    /* The scanlines, each led by filter type 0 (none). */
    for (y = 0; y < ph; y++) {
        raw[y * stride] = 0;
        for (x = 0; x < pw; x++) {
            raw[y * stride + 1 + x] = pixels[(y / (size_t)scale) * (size_t)width + x / (size_t)scale];
        }
    }
    png_buf = (unsigned char *)malloc(raw_n + raw_n / 4 + 64);
    if (!png_buf) {
        free(raw);
        return 0;
    }
    png_n = 0;
    png_bits = 0;
    png_bit_n = 0;
    png_buf[png_n++] = 0x78; /* zlib: deflate, 32 KB window */
    png_buf[png_n++] = 0x01;
    png_put_bits(1, 1); /* the last block */
    png_put_bits(1, 2); /* fixed Huffman codes */
    for (i = 0; i < raw_n;) {
        /* The longer of a run of the previous byte and a repeat of the row above. */
        size_t best = 0, dist = 0, d, k;
        for (d = 1; d <= stride; d += stride - 1) {
            for (k = 0; i >= d && i + k < raw_n && k < 258 && raw[i + k] == raw[i + k - d]; k++) {
            }
            if (k > best) {
                best = k;
                dist = d;
            }
        }
        if (best >= 3) {
            png_put_match((int)best, (int)dist);
            i += best;
        } else {
            png_put_symbol(raw[i++]);
        }
    }
    png_put_symbol(256);
    png_put_bits(0, 7); /* to a byte boundary */
    png_bit_n = 0;
    for (i = 0; i < raw_n; i++) {
        a = (a + raw[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    png_buf[png_n++] = (unsigned char)(b >> 8);
    png_buf[png_n++] = (unsigned char)b;
    png_buf[png_n++] = (unsigned char)(a >> 8);
    png_buf[png_n++] = (unsigned char)a;

    header[0] = header[1] = 0;
    header[2] = (unsigned char)(pw >> 8);
    header[3] = (unsigned char)pw;
    header[4] = header[5] = 0;
    header[6] = (unsigned char)(ph >> 8);
    header[7] = (unsigned char)ph;
    header[8] = 8;  /* bits per index */
    header[9] = 3;  /* palette */
    header[10] = header[11] = header[12] = 0;
    memcpy(plte, palette, (size_t)colours * 3);
    f = fopen(path, "wb");
    ok = f != NULL;
    if (f) {
        fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
        png_put_chunk(f, "IHDR", header, sizeof header);
        png_put_chunk(f, "PLTE", plte, (size_t)colours * 3);
        png_put_chunk(f, "IDAT", png_buf, png_n);
        png_put_chunk(f, "IEND", NULL, 0);
        ok = fclose(f) == 0;
    }
    free(png_buf);
    free(raw);
    return ok;
}

#endif
