/* Optional accelerator for majiang.hand (see docs/hand.md, "The C accelerator").
 *
 * The pure-Python code stays the reference: majiang/hand/tables.py defines
 * every table value (its lazy memoized searches), majiang/hand/win.py and
 * shanten.py every answer, and the tests compare this module with them.
 *
 * A hand's 34 counts split into four groups (m 0-8, p 9-17, s 18-26, honors
 * 27-33). Each group *shape* (which ranks the tile set has; whether chows
 * exist) gets complete flat tables here, built once when the Shape object is
 * made: an entry for every group of at most 14 tiles, indexed by the group's
 * counts over its present ranks read as a base-5 number. So is_win, shanten
 * and waits are a few array reads per group: no dict, no hashing, no miss.
 *
 * Only plain input is answered here: an exact list or tuple of exactly 34
 * exact ints in 0..4 (none outside the tile set, at most 14 in a group) and
 * 0..14 wilds. For anything else these functions return None and the caller
 * takes its validating Python path, which raises the usual TileError (or
 * answers unusual but valid input such as bools). No Python code runs while
 * the items are read, so a list cannot change under us.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NUM_KINDS 34
#define MAX_JOKERS 14
#define MAX_GROUP_TILES 14
#define MAX_RANKS 9
#define MAX_SETS 4 /* sets in a group of at most 14 tiles */
/* The layout of the tables: bump when build_shape or the entries' encoding changes, so a
 * table file written by another build is refused (majiang/hand/tablefile.py). */
#define TABLES_VERSION 3
#define TABLES_ID_STR(v) #v
#define TABLES_ID_OF(v) "v" TABLES_ID_STR(v) " " __DATE__ " " __TIME__

/* ---------------------------------------------------------------- tables */

/* need[code]: s | (d + 1) << 5, or NEED_INVALID for a group of more than 14
 * tiles. s = fewest wilds that turn the group into sets only (<= 28), s + d =
 * fewest for sets plus exactly one pair (-1 <= d <= 2): as NeedTable. */
#define NEED_INVALID 0xFF
#define NEED_S(e) ((int)((e) & 31))
#define NEED_D(e) ((int)(((e) >> 5) & 3) - 1)

/* blocks[code]: for p in {0, 1} and m in 0..4, the most partial sets t (capped
 * at 4: shanten never uses more, since m + t <= 4) over the group's block
 * choices with exactly p pairs and at least m sets, stored as t + 1 in 3 bits
 * at bit 3 * (5 * p + m); 0 = no such choice. This is BlockTable's Pareto list
 * in another form (the same down-set of (m, t, p), t capped at 4). */
#define BLK(g, p, m) ((int)(((g) >> (3 * (5 * (p) + (m)))) & 7) - 1)
#define MAX_CLASSES 256 /* distinct blocks words a shape may have (cls is one byte) */
#define CLASS_BYTES (MAX_CLASSES * 4 + 4) /* words, then nclasses, ahead of blocks in a dump */

/* Dense numbering (issue 28). The base-5 code spreads a suit's 405,350 groups of at most 14
 * tiles over 5**9 = 1,953,125 entries, so the entries a hand reads lie far apart in 2 MB per
 * table (cache misses set the pace of a call, not instructions). A group's *index* numbers only
 * those groups, in code order: index = the groups of at most 14 tiles with a smaller code, which
 * is a sum over the ranks from the highest down, each term depending on the rank, its count and
 * the tiles at the ranks above it. dneed[index] and dcls[index] are need[code] and cls[code]
 * (405 kB each for a suit), what is_win and shanten on 13/14 tiles read.
 *
 * lut[r][s][c] is that term for count c at rank r under s tiles above, packed with the rest of
 * what the reader adds up per group, so one read and one add per count do all of it:
 *   bits  0-20  c * weight[r]             (the code: < 5**9 < 2**21)
 *   bits 21-39  the index term             (the index: < 405,350 < 2**19)
 *   bits 40-45  c & 1                      (kinds held 1 or 3 times, summed over all groups < 64)
 *   bits 46-52  c >> 1                     (seven-pairs pairs, summed < 128)
 *   bits 53-63  1 when the count is not allowed: c > 4, a tile at a rank the shape lacks, or
 *               more than 14 tiles in the group (s + c > 14)
 * No field carries into the next within a group (at most 9 terms, each in range); across groups
 * only the bits from 40 up are summed. c takes 0..7 (the reader masks 3 bits) and s 0..63. */
#define LUT_SUMS 64
#define LUT_INDEX_SHIFT 21
#define LUT_STATS_SHIFT 40
#define LUT_CODE(v) ((Py_ssize_t)((v) & ((1u << 21) - 1)))
#define LUT_INDEX(v) ((Py_ssize_t)(((v) >> LUT_INDEX_SHIFT) & ((1u << 19) - 1)))
#define STATS_ODD(v) ((int)((v) & 63))
#define STATS_PAIRS(v) ((int)(((v) >> 6) & 127))
#define STATS_BAD(v) ((v) >> 13)
typedef uint64_t Lut[LUT_SUMS][8];

typedef struct {
    PyObject_HEAD
    int length;              /* 9 for a suit, 7 for the honors */
    int ndigits;             /* ranks present */
    int pos[MAX_RANKS];      /* digit index of each rank, -1 when absent */
    int32_t weight[MAX_RANKS]; /* 5 ** pos[r], 0 when absent */
    int starts;              /* bit a: a chow may start at rank a */
    int absent;              /* bit r: rank r is not in the tile set */
    Py_ssize_t size;         /* 5 ** ndigits */
    uint8_t *need;
    uint32_t *blocks;
    /* The blocks words are few (149 for a full suit, 39 for the honors): cls[code] numbers the
     * code's word among words[0..nclasses), so shanten can read the merge of two groups from a
     * table indexed by their classes (Tables' pair tables) instead of merging them. */
    uint8_t *cls;
    uint32_t *words; /* MAX_CLASSES entries */
    uint32_t *nclasses;
    Py_ssize_t dsize;        /* groups of at most 14 tiles: the dense entries */
    uint8_t *dneed;          /* need and cls by dense index (see "Dense numbering") */
    uint8_t *dcls;
    Lut *lut;                /* [rank]: the reader's terms, built with the Shape (36 kB) */
    Py_buffer data;          /* the table file's bytes when loaded from one (data.obj NULL if built) */
} ShapeObject;

/* Shanten of a 13/14-tile part from two table reads (see pairs_build). */
typedef struct {
    int nb;               /* classes of group 1 (the row length of pair01) */
    int nd;               /* classes of group 3 */
    uint16_t *pair01;     /* [cls0 * nb + cls1]: the id of groups 0 and 1 merged */
    uint16_t *pair23;     /* [cls2 * nd + cls3]: the id of groups 2 and 3 merged */
    int8_t (*x)[2][5];    /* groups 0+1 merged, by id: the Merge table */
    int8_t (*y)[2][5][5]; /* groups 2+3 merged, by id: for q pairs still allowed, m sets and t partials
                             from groups 0+1, the most 2m' + min(t + t', 4 - m - m') + p' they add */
} Pairs;

typedef struct {
    PyObject_HEAD
    ShapeObject *group[4]; /* m, p, s, honors (strong references) */
    Pairs *pairs;          /* built on the first shanten call (NULL before; see pairs_build) */
    int pairs_failed;      /* memory ran out building them: the merges answer instead */
} TablesObject;

enum { ENTRY_IS_WIN, ENTRY_SHANTEN, ENTRY_WAITS, ENTRY_SHANTEN_DRAWS, ENTRY_DISCARD_SHANTENS, N_ENTRIES };
static const char *const ENTRY_NAMES[N_ENTRIES] = {"is_win", "shanten", "waits", "shanten_draws",
                                                  "discard_shantens"};
#define N_PARAMS 4 /* counts, jokers=0, seven_pairs=True, tileset=None */
static const char *const PARAM_NAMES[N_PARAMS] = {"counts", "jokers", "seven_pairs", "tileset"};

typedef struct {
    PyObject *small[5];
    /* CPython keeps its cached small ints in one array, so 0..4 are five objects a fixed stride
     * apart: a count is then read as (address - &0) >> shift with a single range test instead of
     * up to five identity tests (data-dependent branches). Checked at import (small_shift < 0:
     * not so laid out, read_small's identity tests are used). Only addresses are compared, never
     * an int's contents. */
    int small_shift;
    PyTypeObject *shape_type;
    PyTypeObject *tables_type;
    PyObject *param_names[N_PARAMS]; /* interned */
    PyObject *hot_name;              /* "hot_tables": a TileSet's cache slot */
    PyObject *full;                  /* the full tile set's Tables (install) */
    PyObject *fallback[N_ENTRIES];   /* the Python functions for everything else (install) */
} speedups_state;

static inline speedups_state *
get_state(PyObject *module)
{
    return (speedups_state *)PyModule_GetState(module);
}

static inline void
pack_blocks(int8_t g[2][MAX_SETS + 1], uint32_t *out)
{
    uint32_t v = 0;
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            v |= (uint32_t)(g[p][m] + 1) << (3 * (5 * p + m));
        }
    }
    *out = v;
}

static inline void
unpack_blocks(uint32_t v, int8_t g[2][MAX_SETS + 1])
{
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            g[p][m] = (int8_t)BLK(v, p, m);
        }
    }
}

/* Add the choices of `rest` plus one block (dm sets, dt partials, dp pairs)
 * to g, keeping at most one pair (BlockTable's `add`). */
static inline void
add_block(int8_t g[2][MAX_SETS + 1], uint32_t rest, int dm, int dt, int dp)
{
    for (int p = dp; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            int from = m - dm < 0 ? 0 : m - dm;
            int t = BLK(rest, p - dp, from);
            if (t < 0) {
                continue;
            }
            t += dt;
            if (t > MAX_SETS) {
                t = MAX_SETS;
            }
            if (t > g[p][m]) {
                g[p][m] = (int8_t)t;
            }
        }
    }
}

/* Fill both tables. Every entry depends only on entries of smaller codes
 * (fewer tiles), so one pass in code order computes them all. Mirrors
 * NeedTable._need and BlockTable._blocks: both place the lowest held rank. */
static int
build_shape(ShapeObject *sh)
{
    int rank_of[MAX_RANKS];
    for (int r = 0; r < sh->length; r++) {
        if (sh->pos[r] >= 0) {
            rank_of[sh->pos[r]] = r;
        }
    }
    /* Partial sets of two neighbours only where some chow completes them. */
    int adjacent = sh->starts | (sh->starts << 1);
    int digits[MAX_RANKS] = {0};
    int tiles = 0;
    uint8_t *need = sh->need;
    uint32_t *blocks = sh->blocks;
    for (Py_ssize_t code = 0; code < sh->size; code++) {
        if (code > 0) { /* next code: base-5 increment of the digits */
            int j = 0;
            while (digits[j] == 4) {
                digits[j++] = 0;
                tiles -= 4;
            }
            digits[j]++;
            tiles++;
        }
        if (tiles > MAX_GROUP_TILES) {
            need[code] = NEED_INVALID;
            blocks[code] = 0;
            continue;
        }
        if (tiles == 0) {
            need[code] = 0 | (2 + 1) << 5; /* s = 0; the pair is two wilds */
            int8_t g[2][MAX_SETS + 1];
            memset(g, -1, sizeof g);
            g[0][0] = 0;
            pack_blocks(g, &blocks[code]);
            continue;
        }
        int j0 = 0;
        while (digits[j0] == 0) {
            j0++;
        }
        int i = rank_of[j0];
        int ci = digits[j0];
        Py_ssize_t wi = sh->weight[i];
#define COUNT(r) ((r) < sh->length && sh->pos[r] >= 0 ? digits[sh->pos[r]] : 0)
        /* need: a pung (or the pair) of rank i with as many naturals as it can take */
        int k = ci < 3 ? ci : 3;
        Py_ssize_t rest = code - k * wi;
        int s0 = 3 - k + NEED_S(need[rest]);
        int s1 = 3 - k + NEED_S(need[rest]) + NEED_D(need[rest]);
        k = ci < 2 ? ci : 2;
        rest = code - k * wi;
        if (2 - k + NEED_S(need[rest]) < s1) {
            s1 = 2 - k + NEED_S(need[rest]);
        }
        /* the chows holding rank i; ranks below i are empty, wilds fill them */
        for (int a = i - 2; a <= i; a++) {
            if (a < 0 || !(sh->starts >> a & 1)) {
                continue;
            }
            int wilds = i - a;
            rest = code - wi;
            for (int r = i + 1; r <= a + 2; r++) {
                if (COUNT(r)) {
                    rest -= sh->weight[r];
                }
                else {
                    wilds++;
                }
            }
            int n0 = wilds + NEED_S(need[rest]);
            int n1 = n0 + NEED_D(need[rest]);
            if (n0 < s0) {
                s0 = n0;
            }
            if (n1 < s1) {
                s1 = n1;
            }
        }
        int d = s1 - s0;
        if (s0 > 2 * MAX_GROUP_TILES || d < -1 || d > 2) {
            PyErr_Format(PyExc_RuntimeError, "need value out of range at code %zd: s=%d d=%d", code, s0, d);
            return -1;
        }
        need[code] = (uint8_t)(s0 | (d + 1) << 5);

        /* blocks: rank i left alone, a pung, a pair (partial or the pair), a chow, 12, 13 */
        int8_t g[2][MAX_SETS + 1];
        unpack_blocks(blocks[code - wi], g);
        if (ci >= 3) {
            add_block(g, blocks[code - 3 * wi], 1, 0, 0);
        }
        if (ci >= 2) {
            add_block(g, blocks[code - 2 * wi], 0, 1, 0);
            add_block(g, blocks[code - 2 * wi], 0, 0, 1);
        }
        if ((sh->starts >> i & 1) && COUNT(i + 1) && COUNT(i + 2)) {
            add_block(g, blocks[code - wi - sh->weight[i + 1] - sh->weight[i + 2]], 1, 0, 0);
        }
        if ((adjacent >> i & 1) && i + 1 < sh->length && COUNT(i + 1)) {
            add_block(g, blocks[code - wi - sh->weight[i + 1]], 0, 1, 0);
        }
        if ((sh->starts >> i & 1) && COUNT(i + 2)) {
            add_block(g, blocks[code - wi - sh->weight[i + 2]], 0, 1, 0);
        }
#undef COUNT
        pack_blocks(g, &blocks[code]);
    }
    return 0;
}

/* Number the distinct blocks words of a built shape (cls, words, nclasses). */
static int
classify_shape(ShapeObject *sh)
{
    enum { SLOTS = 1024 };
    int16_t slot[SLOTS];
    memset(slot, -1, sizeof slot);
    uint32_t n = 0;
    for (Py_ssize_t code = 0; code < sh->size; code++) {
        uint32_t w = sh->blocks[code];
        uint32_t h = (w * 2654435761u) >> 22; /* 10 bits */
        while (slot[h] >= 0 && sh->words[slot[h]] != w) {
            h = (h + 1) & (SLOTS - 1);
        }
        if (slot[h] < 0) {
            if (n == MAX_CLASSES) {
                PyErr_SetString(PyExc_RuntimeError, "Shape: more than 256 distinct blocks words");
                return -1;
            }
            sh->words[n] = w;
            slot[h] = (int16_t)n++;
        }
        sh->cls[code] = (uint8_t)slot[h];
    }
    *sh->nclasses = n;
    return 0;
}

/* dense_n[j][m]: groups over j present ranks (counts 0..4) with at most m tiles. */
static void
dense_counts(Py_ssize_t dense_n[MAX_RANKS + 1][MAX_GROUP_TILES + 1])
{
    for (int m = 0; m <= MAX_GROUP_TILES; m++) {
        dense_n[0][m] = 1;
    }
    for (int j = 1; j <= MAX_RANKS; j++) {
        for (int m = 0; m <= MAX_GROUP_TILES; m++) {
            dense_n[j][m] = 0;
            for (int v = 0; v <= 4 && v <= m; v++) {
                dense_n[j][m] += dense_n[j - 1][m - v];
            }
        }
    }
}

/* The reader's terms (see "Dense numbering"), and the number of dense entries. */
static int
build_lut(ShapeObject *sh)
{
    Py_ssize_t dense_n[MAX_RANKS + 1][MAX_GROUP_TILES + 1];
    dense_counts(dense_n);
    sh->dsize = dense_n[sh->ndigits][MAX_GROUP_TILES];
    sh->lut = PyMem_Calloc(MAX_RANKS, sizeof(Lut));
    if (sh->lut == NULL) {
        return -1;
    }
    const uint64_t bad = (uint64_t)1 << (LUT_STATS_SHIFT + 13);
    for (int r = 0; r < sh->length; r++) {
        int j = sh->pos[r];
        for (int above = 0; above < LUT_SUMS; above++) {
            for (int c = 0; c < 8; c++) {
                uint64_t v = 0;
                if (above > MAX_GROUP_TILES || (c > 0 && (c > 4 || j < 0 || above + c > MAX_GROUP_TILES))) {
                    v = bad;
                }
                else if (c > 0) {
                    Py_ssize_t index = 0; /* the groups with a smaller count here, the same above */
                    for (int less = 0; less < c; less++) {
                        index += dense_n[j][MAX_GROUP_TILES - above - less];
                    }
                    v = (uint64_t)(c * sh->weight[r]) | (uint64_t)index << LUT_INDEX_SHIFT
                        | (uint64_t)(c & 1) << LUT_STATS_SHIFT | (uint64_t)(c >> 1) << (LUT_STATS_SHIFT + 6);
                }
                sh->lut[r][above][c] = v;
            }
        }
    }
    return 0;
}

/* dneed and dcls of a built shape, from need and cls (codes in order, those of <= 14 tiles). */
static void
build_dense(ShapeObject *sh)
{
    int digits[MAX_RANKS] = {0};
    int tiles = 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t code = 0; code < sh->size; code++) {
        if (code > 0) {
            int j = 0;
            while (digits[j] == 4) {
                digits[j++] = 0;
                tiles -= 4;
            }
            digits[j]++;
            tiles++;
        }
        if (tiles <= MAX_GROUP_TILES) {
            sh->dneed[k] = sh->need[code];
            sh->dcls[k] = sh->cls[code];
            k++;
        }
    }
}

static PyObject *
shape_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"length", "present", "starts", "data", NULL};
    int length, present, starts;
    PyObject *data = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iii|O:Shape", kwlist, &length, &present, &starts, &data)) {
        return NULL;
    }
    if (length < 1 || length > MAX_RANKS || present < 0 || present >= (1 << length) || starts < 0
        || starts >= (1 << length)) {
        PyErr_SetString(PyExc_ValueError, "Shape: length 1..9, present and starts bit masks of that many ranks");
        return NULL;
    }
    for (int a = 0; a < length; a++) {
        if ((starts >> a & 1) && (a + 2 >= length || (present >> a & 7) != 7)) {
            PyErr_Format(PyExc_ValueError, "Shape: a chow cannot start at rank %d", a);
            return NULL;
        }
    }
    ShapeObject *sh = (ShapeObject *)type->tp_alloc(type, 0);
    if (sh == NULL) {
        return NULL;
    }
    sh->length = length;
    sh->starts = starts;
    sh->size = 1;
    for (int r = 0; r < MAX_RANKS; r++) {
        sh->pos[r] = -1;
        sh->weight[r] = 0;
    }
    sh->absent = ((1 << length) - 1) & ~present;
    for (int r = 0; r < length; r++) {
        if (present >> r & 1) {
            sh->pos[r] = sh->ndigits++;
            sh->weight[r] = (int32_t)sh->size;
            sh->size *= 5;
        }
    }
    if (build_lut(sh) < 0) {
        Py_DECREF(sh);
        return PyErr_NoMemory();
    }
    if (data != Py_None) {
        /* The tables as dump() wrote them (blocks, then need), read in place: no copy, no
         * Python-level work, and with a file mapping the pages are shared between processes. */
        if (PyObject_GetBuffer(data, &sh->data, PyBUF_SIMPLE) < 0) {
            Py_DECREF(sh);
            return NULL;
        }
        Py_ssize_t want = CLASS_BYTES + sh->size * (Py_ssize_t)(sizeof(uint32_t) + 2) + 2 * sh->dsize;
        if (sh->data.len != want || ((uintptr_t)sh->data.buf % sizeof(uint32_t)) != 0) {
            PyErr_Format(PyExc_ValueError, "Shape: data must be %zd bytes at a 4-byte aligned address, got %zd",
                         want, sh->data.len);
            Py_DECREF(sh);
            return NULL;
        }
        uint8_t *at = (uint8_t *)sh->data.buf;
        sh->words = (uint32_t *)at;
        sh->nclasses = (uint32_t *)(at + MAX_CLASSES * 4);
        sh->blocks = (uint32_t *)(at + CLASS_BYTES);
        sh->need = at + CLASS_BYTES + sh->size * (Py_ssize_t)sizeof(uint32_t);
        sh->cls = sh->need + sh->size;
        sh->dneed = sh->cls + sh->size;
        sh->dcls = sh->dneed + sh->dsize;
        if (*sh->nclasses > MAX_CLASSES) {
            PyErr_SetString(PyExc_ValueError, "Shape: data holds more than 256 classes");
            Py_DECREF(sh);
            return NULL;
        }
        return (PyObject *)sh;
    }
    sh->need = PyMem_Malloc((size_t)(sh->size + sh->dsize) * 2);
    sh->blocks = PyMem_Malloc((size_t)sh->size * sizeof(uint32_t));
    sh->words = PyMem_Malloc(CLASS_BYTES);
    if (sh->need == NULL || sh->blocks == NULL || sh->words == NULL) {
        Py_DECREF(sh);
        return PyErr_NoMemory();
    }
    sh->cls = sh->need + sh->size;
    sh->dneed = sh->cls + sh->size;
    sh->dcls = sh->dneed + sh->dsize;
    sh->nclasses = sh->words + MAX_CLASSES;
    if (build_shape(sh) < 0 || classify_shape(sh) < 0) {
        Py_DECREF(sh);
        return NULL;
    }
    build_dense(sh);
    return (PyObject *)sh;
}

static void
shape_dealloc(ShapeObject *sh)
{
    PyTypeObject *tp = Py_TYPE(sh);
    PyMem_Free(sh->lut);
    if (sh->data.obj != NULL) {
        PyBuffer_Release(&sh->data);
    }
    else {
        PyMem_Free(sh->need);
        PyMem_Free(sh->blocks);
        PyMem_Free(sh->words);
    }
    tp->tp_free((PyObject *)sh);
    Py_DECREF(tp);
}

/* The code of a group key (a tuple of `length` ints 0..4, none at an absent
 * rank) or -1 with an exception set. For the tests, not the hot path. */
static Py_ssize_t
shape_code(ShapeObject *sh, PyObject *key)
{
    if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != sh->length) {
        PyErr_Format(PyExc_ValueError, "expected a tuple of %d counts", sh->length);
        return -1;
    }
    Py_ssize_t code = 0;
    for (int r = 0; r < sh->length; r++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(key, r));
        if (c == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (c < 0 || c > 4 || (c && sh->pos[r] < 0)) {
            PyErr_Format(PyExc_ValueError, "count %ld at rank %d is not in this shape", c, r + 1);
            return -1;
        }
        code += c * sh->weight[r];
    }
    return code;
}

PyDoc_STRVAR(shape_need_doc,
"need(key, /) -> tuple[int, int] | None\n\n"
"(s, d) of a group key as NeedTable has them, or None for more than 14 tiles.");

static PyObject *
shape_need(ShapeObject *sh, PyObject *key)
{
    Py_ssize_t code = shape_code(sh, key);
    if (code < 0) {
        return NULL;
    }
    uint8_t e = sh->need[code];
    if (e == NEED_INVALID) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(ii)", NEED_S(e), NEED_D(e));
}

PyDoc_STRVAR(shape_blocks_doc,
"blocks(key, /) -> tuple[tuple[int, ...], tuple[int, ...]] | None\n\n"
"For exactly p = 0 and p = 1 pairs, and m = 0..4: the most partial sets (capped at 4)\n"
"with at least m sets, -1 if none; None for more than 14 tiles.");

static PyObject *
shape_blocks(ShapeObject *sh, PyObject *key)
{
    Py_ssize_t code = shape_code(sh, key);
    if (code < 0) {
        return NULL;
    }
    if (sh->need[code] == NEED_INVALID) {
        Py_RETURN_NONE;
    }
    uint32_t g = sh->blocks[code];
    return Py_BuildValue("((iiiii)(iiiii))", BLK(g, 0, 0), BLK(g, 0, 1), BLK(g, 0, 2), BLK(g, 0, 3),
                         BLK(g, 0, 4), BLK(g, 1, 0), BLK(g, 1, 1), BLK(g, 1, 2), BLK(g, 1, 3), BLK(g, 1, 4));
}

static PyObject *
shape_get_nbytes(ShapeObject *sh, void *closure)
{
    return PyLong_FromSsize_t(CLASS_BYTES + sh->size * (Py_ssize_t)(2 * sizeof(uint8_t) + sizeof(uint32_t))
                              + 2 * sh->dsize + MAX_RANKS * (Py_ssize_t)sizeof(Lut));
}

static PyObject *
shape_get_size(ShapeObject *sh, void *closure)
{
    return PyLong_FromSsize_t(sh->size);
}

PyDoc_STRVAR(shape_dump_doc,
"dump() -> bytes\n\n"
"The tables as Shape(..., data=) reads them: the distinct blocks words (256 x 4 bytes) and their\n"
"count (4 bytes), blocks (4 bytes an entry, this machine's byte order), need and cls (1 byte an\n"
"entry each), then need and cls by dense index (1 byte an entry each, groups of <= 14 tiles).");

static PyObject *
shape_dump(ShapeObject *sh, PyObject *Py_UNUSED(ignored))
{
    Py_ssize_t nb = sh->size * (Py_ssize_t)sizeof(uint32_t);
    PyObject *out = PyBytes_FromStringAndSize(NULL, CLASS_BYTES + nb + 2 * sh->size + 2 * sh->dsize);
    if (out == NULL) {
        return NULL;
    }
    char *at = PyBytes_AS_STRING(out);
    memset(at, 0, CLASS_BYTES);
    memcpy(at, sh->words, (size_t)*sh->nclasses * 4);
    memcpy(at + MAX_CLASSES * 4, sh->nclasses, 4);
    memcpy(at + CLASS_BYTES, sh->blocks, (size_t)nb);
    memcpy(at + CLASS_BYTES + nb, sh->need, (size_t)sh->size);
    memcpy(at + CLASS_BYTES + nb + sh->size, sh->cls, (size_t)sh->size);
    memcpy(at + CLASS_BYTES + nb + 2 * sh->size, sh->dneed, (size_t)sh->dsize);
    memcpy(at + CLASS_BYTES + nb + 2 * sh->size + sh->dsize, sh->dcls, (size_t)sh->dsize);
    return out;
}

static PyObject *
shape_get_loaded(ShapeObject *sh, void *closure)
{
    return PyBool_FromLong(sh->data.obj != NULL);
}

static PyMethodDef shape_methods[] = {
    {"dump", (PyCFunction)shape_dump, METH_NOARGS, shape_dump_doc},
    {"need", (PyCFunction)shape_need, METH_O, shape_need_doc},
    {"blocks", (PyCFunction)shape_blocks, METH_O, shape_blocks_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef shape_getset[] = {
    {"nbytes", (getter)shape_get_nbytes, NULL, "bytes the two tables take", NULL},
    {"size", (getter)shape_get_size, NULL, "entries per table (5 ** ranks present)", NULL},
    {"loaded", (getter)shape_get_loaded, NULL, "True when the tables are read from a buffer (a table file)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot shape_slots[] = {
    {Py_tp_doc, "Shape(length, present, starts, data=None): complete need and block tables of one group\n"
                "shape (bit masks over ranks 0..length-1: the ranks the tile set has, where chows may start),\n"
                "built here, or read in place from data (a buffer as dump() wrote it: a table file)."},
    {Py_tp_new, shape_new},
    {Py_tp_dealloc, shape_dealloc},
    {Py_tp_methods, shape_methods},
    {Py_tp_getset, shape_getset},
    {0, NULL},
};

static PyType_Spec shape_spec = {
    .name = "majiang.hand._speedups.Shape",
    .basicsize = sizeof(ShapeObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = shape_slots,
};

static PyObject *
tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *g[4];
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Tables takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_UnpackTuple(args, "Tables", 4, 4, &g[0], &g[1], &g[2], &g[3])) {
        return NULL;
    }
    PyObject *module = PyType_GetModule(type);
    if (module == NULL) {
        return NULL;
    }
    PyTypeObject *shape_type = get_state(module)->shape_type;
    for (int k = 0; k < 4; k++) {
        if (!Py_IS_TYPE(g[k], shape_type)) {
            PyErr_SetString(PyExc_TypeError, "Tables(m, p, s, honors) takes four Shape objects");
            return NULL;
        }
    }
    if (((ShapeObject *)g[0])->length != 9 || ((ShapeObject *)g[1])->length != 9
        || ((ShapeObject *)g[2])->length != 9 || ((ShapeObject *)g[3])->length != 7) {
        PyErr_SetString(PyExc_ValueError, "Tables: three suit shapes of 9 ranks, then honors of 7");
        return NULL;
    }
    TablesObject *t = (TablesObject *)type->tp_alloc(type, 0);
    if (t == NULL) {
        return NULL;
    }
    for (int k = 0; k < 4; k++) {
        t->group[k] = (ShapeObject *)Py_NewRef(g[k]);
    }
    return (PyObject *)t;
}

static int
tables_traverse(TablesObject *t, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(t));
    for (int k = 0; k < 4; k++) {
        Py_VISIT(t->group[k]);
    }
    return 0;
}

static int
tables_clear(TablesObject *t)
{
    for (int k = 0; k < 4; k++) {
        Py_CLEAR(t->group[k]);
    }
    return 0;
}

static void
pairs_free(Pairs *pr)
{
    if (pr != NULL) {
        PyMem_Free(pr->pair01);
        PyMem_Free(pr->pair23);
        PyMem_Free(pr->x);
        PyMem_Free(pr->y);
        PyMem_Free(pr);
    }
}

static void
tables_dealloc(TablesObject *t)
{
    PyTypeObject *tp = Py_TYPE(t);
    PyObject_GC_UnTrack(t);
    pairs_free(t->pairs);
    tables_clear(t);
    tp->tp_free((PyObject *)t);
    Py_DECREF(tp);
}

static PyType_Slot tables_slots[] = {
    {Py_tp_doc, "Tables(m, p, s, honors): the four group shapes of one tile set."},
    {Py_tp_new, tables_new},
    {Py_tp_dealloc, tables_dealloc},
    {Py_tp_traverse, tables_traverse},
    {Py_tp_clear, tables_clear},
    {0, NULL},
};

static PyType_Spec tables_spec = {
    .name = "majiang.hand._speedups.Tables",
    .basicsize = sizeof(TablesObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = tables_slots,
};

/* ---------------------------------------------------------------- reading a hand */

/* The value of `x` when it is an exact int (or, with allow_bool, a bool) in
 * 0..max, else -1. Runs no Python code and sets no exception. The ints 0..4
 * are compared by identity first (CPython caches them, so nearly every count
 * is one of these objects); any other exact int is still read by value. */
static inline long
read_small(const speedups_state *st, PyObject *x, long max, int allow_bool)
{
    for (int k = 0; k < 5; k++) {
        if (x == st->small[k]) {
            return k <= max ? k : -1;
        }
    }
    if (!PyLong_CheckExact(x) && !(allow_bool && PyBool_Check(x))) {
        return -1;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(x, &overflow);
    if (overflow || v < 0 || v > max) {
        return -1;
    }
    return v;
}

/* The items of an exact list/tuple of 34, else NULL. */
static inline PyObject **
plain_items(PyObject *counts)
{
    if (PyList_CheckExact(counts)) {
        return PyList_GET_SIZE(counts) == NUM_KINDS ? PySequence_Fast_ITEMS(counts) : NULL;
    }
    if (PyTuple_CheckExact(counts)) {
        return PyTuple_GET_SIZE(counts) == NUM_KINDS ? PySequence_Fast_ITEMS(counts) : NULL;
    }
    return NULL;
}

static const int GROUP_LO[4] = {0, 9, 18, 27};

/* One plain part read against a tile set's tables. */
typedef struct {
    int8_t count[NUM_KINDS]; /* (filled only when the reader is asked for the counts) */
    Py_ssize_t code[4];
    Py_ssize_t index[4];     /* dense indices (see "Dense numbering") */
    int naturals;
    int odd;   /* kinds held 1 or 3 times */
    int pairs; /* seven-pairs pairs: 2 or 3 -> 1, 4 -> 2 */
    int jokers;
} Part;

/* One group's terms summed (see "Dense numbering"), ranks from the highest down; the counts are
 * the cached ints' offsets from 0 shifted (the offsets are OR-ed into `*stray`, from which the
 * caller tells whether each was one of them). Inlined per group with a constant length, so the
 * loop is unrolled: per count one load of the item, a subtraction, a shift, one table read and
 * three additions or ORs, and no branch. */
static inline __attribute__((always_inline)) uint64_t
group_terms(const ShapeObject *sh, PyObject *const *it, const int length, uintptr_t zero, const int shift,
            uintptr_t *stray, int8_t *count)
{
    uint64_t sum = 0;
    uintptr_t above = 0, seen = 0; /* (word-sized: no conversions between the steps) */
    for (int r = length - 1; r >= 0; r--) {
        uintptr_t off = (uintptr_t)it[r] - zero;
        seen |= off;
        uintptr_t c = (off >> shift) & 7;
        sum += sh->lut[r][above][c];
        above += c;
        if (count != NULL) {
            count[r] = (int8_t)c;
        }
    }
    *stray |= seen;
    return sum;
}

/* The same from values already read (a list of other ints, or a batch's bytes): 0..7 each. */
static inline __attribute__((always_inline)) uint64_t
group_terms_values(const ShapeObject *sh, const uint8_t *v, const int length)
{
    uint64_t sum = 0;
    unsigned above = 0;
    for (int r = length - 1; r >= 0; r--) {
        sum += sh->lut[r][above][v[r]];
        above += v[r];
    }
    return sum;
}

/* Fill the part's sums from the four groups' term sums; 0 when a count was not allowed. */
static inline int
part_from_terms(const uint64_t terms[4], Part *part)
{
    uint64_t stats = 0;
    int naturals = 0;
    for (int g = 0; g < 4; g++) {
        part->code[g] = LUT_CODE(terms[g]);
        part->index[g] = LUT_INDEX(terms[g]);
        stats += terms[g] >> LUT_STATS_SHIFT;
    }
    if (STATS_BAD(stats)) {
        return 0;
    }
    part->odd = STATS_ODD(stats);
    part->pairs = STATS_PAIRS(stats);
    /* a kind's count is 2 * (c >> 1) + (c & 1), so the tiles are the sum of those */
    naturals = 2 * part->pairs + part->odd;
    part->naturals = naturals;
    return 1;
}

/* Read counts and jokers into `part`. 1 on success; 0 when the input is not plain, a tile lies
 * outside the tile set or a group holds more than 14 tiles (the caller returns None). Sets no
 * exception. With `want_counts` the 34 counts are stored too (waits, draws, discards). */
static inline __attribute__((always_inline)) int
read_part_as(const speedups_state *st, const TablesObject *t, PyObject *counts, PyObject *jokers, Part *part,
             const int want_counts)
{
    PyObject **items = plain_items(counts);
    if (items == NULL) {
        return 0;
    }
    long j = read_small(st, jokers, MAX_JOKERS, 1);
    if (j < 0) {
        return 0;
    }
    part->jokers = (int)j;
    uint64_t terms[4];
    const int shift = st->small_shift;
    if (shift >= 0) {
        const uintptr_t zero = (uintptr_t)st->small[0];
        uintptr_t stray = 0;
        /* (written out: constant lengths, so each group's loop is unrolled; and a constant shift
         * for CPython's usual 32-byte ints) */
#define GROUP_TERMS(g, length, shift)                                                                    \
    group_terms(t->group[g], items + GROUP_LO[g], length, zero, shift, &stray,                            \
                want_counts ? part->count + GROUP_LO[g] : NULL)
        if (shift == 5) {
            terms[0] = GROUP_TERMS(0, 9, 5);
            terms[1] = GROUP_TERMS(1, 9, 5);
            terms[2] = GROUP_TERMS(2, 9, 5);
            terms[3] = GROUP_TERMS(3, 7, 5);
        }
        else {
            terms[0] = GROUP_TERMS(0, 9, shift);
            terms[1] = GROUP_TERMS(1, 9, shift);
            terms[2] = GROUP_TERMS(2, 9, shift);
            terms[3] = GROUP_TERMS(3, 7, shift);
        }
#undef GROUP_TERMS
        /* Every item was one of the cached 0..7 when no offset has a bit outside these (0..4
         * are the counts allowed; 5..7 are refused by the table terms). */
        if ((stray & ~((uintptr_t)7 << shift)) == 0) {
            return part_from_terms(terms, part);
        }
    }
    /* Some item is not a cached small int (or ints are not laid out so): read each by value. */
    uint8_t values[NUM_KINDS];
    for (int k = 0; k < NUM_KINDS; k++) {
        long c = read_small(st, items[k], 4, 0);
        if (c < 0) {
            return 0;
        }
        values[k] = (uint8_t)c;
        part->count[k] = (int8_t)c;
    }
    for (int g = 0; g < 4; g++) {
        terms[g] = group_terms_values(t->group[g], values + GROUP_LO[g], g < 3 ? 9 : 7);
    }
    return part_from_terms(terms, part);
}

static int
read_part(const speedups_state *st, const TablesObject *t, PyObject *counts, PyObject *jokers, Part *part)
{
    return read_part_as(st, t, counts, jokers, part, 1);
}

/* Without the counts: is_win and shanten. */
static int
read_part_sums(const speedups_state *st, const TablesObject *t, PyObject *counts, PyObject *jokers, Part *part)
{
    return read_part_as(st, t, counts, jokers, part, 0);
}

/* 3n+2 and 3n+1 sizes, n = 0..4 */
static inline int
is_complete_size(int total)
{
    return total >= 2 && total <= 14 && total % 3 == 2;
}

static inline int
is_waiting_size(int total)
{
    return total >= 1 && total <= 13 && total % 3 == 1;
}

/* The cores below take (counts, jokers, seven_pairs, tables) and return the
 * answer, or None when it is not theirs to give: see entry(). */

/* Common argument handling: (counts, jokers, seven_pairs, tables). Returns the
 * Tables object or NULL with *none set when the answer is None (tables not a
 * Tables object: e.g. a tile set whose cache slot is still empty). */
static TablesObject *
unpack_args(PyObject *module, PyObject *const *args, Py_ssize_t nargs, const char *name, int *seven,
            int *none)
{
    *none = 0;
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "%s expected 4 arguments, got %zd", name, nargs);
        return NULL;
    }
    speedups_state *st = get_state(module);
    if (!Py_IS_TYPE(args[3], st->tables_type)) {
        *none = 1;
        return NULL;
    }
    /* Truthiness first: it may run Python code, the reading after it does not. */
    if (args[2] == Py_True) {
        *seven = 1;
    }
    else if (args[2] == Py_False) {
        *seven = 0;
    }
    else {
        int v = PyObject_IsTrue(args[2]);
        if (v < 0) {
            return NULL;
        }
        *seven = v;
    }
    return (TablesObject *)args[3];
}

/* A read part of a complete size: is it complete? (sum(s) + min(d) <= wilds, or seven pairs) */
static inline int
part_is_win(const TablesObject *t, const Part *part, int seven)
{
    int s = 0, min_d = 2;
    for (int g = 0; g < 4; g++) {
        uint8_t e = t->group[g]->dneed[part->index[g]];
        s += NEED_S(e);
        int d = NEED_D(e);
        min_d = d < min_d ? d : min_d;
    }
    int total = part->naturals + part->jokers;
    return s + min_d <= part->jokers || (seven && total == 14 && part->odd <= part->jokers);
}

/* Read one hand of a batch: 34 counts as bytes. 1 on success; 0 when a count is above 4, a tile
 * lies outside the tile set or a group holds more than 14 tiles. */
static inline int
read_bytes(const TablesObject *t, const uint8_t *counts, int jokers, Part *part)
{
    unsigned big = 0;
    for (int k = 0; k < NUM_KINDS; k++) {
        big |= counts[k] >> 3; /* (5..7 are refused by the table terms) */
    }
    if (big) {
        return 0;
    }
    uint64_t terms[4];
    for (int g = 0; g < 4; g++) {
        terms[g] = group_terms_values(t->group[g], counts + GROUP_LO[g], g < 3 ? 9 : 7);
    }
    part->jokers = jokers;
    return part_from_terms(terms, part);
}

static PyObject *
c_is_win(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int seven, none;
    TablesObject *t = unpack_args(module, args, nargs, "is_win", &seven, &none);
    if (t == NULL) {
        if (none) {
            Py_RETURN_NONE;
        }
        return NULL;
    }
    Part part;
    if (!read_part_sums(get_state(module), t, args[0], args[1], &part)) {
        Py_RETURN_NONE;
    }
    int total = part.naturals + part.jokers;
    if (!is_complete_size(total)) {
        if (is_waiting_size(total)) {
            Py_RETURN_FALSE;
        }
        Py_RETURN_NONE; /* no such part: the Python path raises */
    }
    return PyBool_FromLong(part_is_win(t, &part, seven));
}

/* best[p][m]: the most partial sets over the groups merged so far with
 * exactly p pairs and at least m sets (capped at 4, like the tables: m + t <=
 * n <= 4 is all that counts); -1 where no choice has them. */
typedef int8_t Merge[2][MAX_SETS + 1];

/* "No such choice" in a merged table: far enough below zero that adding a group's best (<= 4)
 * keeps it negative, and twice it still fits an int8_t. Any negative entry means none. */
#define MERGE_NONE (-64)

/* No group merged yet: nothing but (m, t, p) = (0, 0, 0). */
static inline void
merge_start(Merge best)
{
    memset(best, MERGE_NONE, sizeof(Merge));
    best[0][0] = 0;
}

/* A blocks word's 3-bit field (t + 1, 0 = none) as a merge entry. */
static const int8_t FIELD_T[8] = {MERGE_NONE, 0, 1, 2, 3, 4, 5, 6};

/* The merge table of one group alone (its blocks word unpacked). */
static inline void
merge_first(uint32_t blk, Merge out)
{
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            out[p][m] = FIELD_T[(blk >> (3 * (5 * p + m))) & 7];
        }
    }
}

/* out = the choices of `in` plus one group's blocks word. Branch-free: every (p, m) x (q, k)
 * pair with p + q <= 1 and m + k <= 4 is combined with max/min over fixed loop bounds (which the
 * compiler unrolls into conditional moves); a "none" on either side stays negative and loses
 * every max. The loops with early exits that this replaces mispredicted a branch about every
 * 50 instructions on random hands (issue 28: ~45 mispredictions a shanten call). */
static inline void
merge_group(Merge in, uint32_t blk, Merge out)
{
    int g[2][MAX_SETS + 1];
    for (int q = 0; q < 2; q++) {
        for (int k = 0; k <= MAX_SETS; k++) {
            g[q][k] = FIELD_T[(blk >> (3 * (5 * q + k))) & 7];
        }
    }
    int o[2][MAX_SETS + 1];
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            o[p][m] = MERGE_NONE;
        }
    }
    for (int m = 0; m <= MAX_SETS; m++) {
        int h0 = in[0][m], h1 = in[1][m];
        for (int k = 0; m + k <= MAX_SETS; k++) {
            int a = h0 + g[0][k]; /* no pair yet */
            int b = h0 + g[1][k]; /* the pair from this group */
            int c = h1 + g[0][k]; /* the pair from before */
            b = b > c ? b : c;
            a = a > MAX_SETS ? MAX_SETS : a;
            b = b > MAX_SETS ? MAX_SETS : b;
            o[0][m + k] = a > o[0][m + k] ? a : o[0][m + k];
            o[1][m + k] = b > o[1][m + k] ? b : o[1][m + k];
        }
    }
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            out[p][m] = (int8_t)(o[p][m] < MERGE_NONE ? MERGE_NONE : o[p][m]);
        }
    }
}

/* The most natural tiles the merged blocks can use with n sets to make:
 * used = 3m + 2t + 2p + min(leftover naturals, free slots), as shanten.py. Branch-free too:
 * a choice that does not exist (or has more than n sets) counts as using nothing. */
static inline int
merge_used(Merge best, int n, int naturals)
{
    int used_best = 0;
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m <= MAX_SETS; m++) {
            int tt = best[p][m];
            int valid = tt >= 0 && m <= n;
            tt = m + tt > n ? n - m : tt;
            int blocks = 3 * m + 2 * tt + 2 * p;
            int free = n + 1 - m - tt - p;
            int left = naturals - blocks;
            int used = blocks + (left < free ? left : free);
            used = valid ? used : 0;
            used_best = used > used_best ? used : used_best;
        }
    }
    return used_best;
}

/* Merge every class of group `a` with every class of group `b`, numbering the distinct results:
 * pair[ca * nb + cb] = id, out[id] = the merged table. Returns the number of ids, -1 on no memory. */
static int
pairs_half(const ShapeObject *a, const ShapeObject *b, uint16_t **pair, int8_t (**out)[2][5])
{
    int na = (int)*a->nclasses, nb = (int)*b->nclasses, cells = na * nb;
    int slots = 1;
    while (slots < 2 * cells) {
        slots <<= 1;
    }
    *pair = PyMem_Malloc((size_t)cells * sizeof(uint16_t));
    *out = PyMem_Malloc((size_t)cells * sizeof(**out));
    int32_t *slot = PyMem_Malloc((size_t)slots * sizeof(int32_t));
    if (*pair == NULL || *out == NULL || slot == NULL) {
        PyMem_Free(slot);
        return -1;
    }
    memset(slot, -1, (size_t)slots * sizeof(int32_t));
    int n = 0;
    for (int ca = 0; ca < na; ca++) {
        Merge first;
        merge_first(a->words[ca], first);
        for (int cb = 0; cb < nb; cb++) {
            Merge m;
            merge_group(first, b->words[cb], m);
            uint32_t h = 2166136261u;
            for (int k = 0; k < 10; k++) {
                h = (h ^ (uint8_t)((int8_t *)m)[k]) * 16777619u;
            }
            h &= (uint32_t)(slots - 1);
            while (slot[h] >= 0 && memcmp((*out)[slot[h]], m, sizeof(Merge)) != 0) {
                h = (h + 1) & (uint32_t)(slots - 1);
            }
            if (slot[h] < 0) {
                memcpy((*out)[n], m, sizeof(Merge));
                slot[h] = n++;
            }
            (*pair)[ca * nb + cb] = (uint16_t)slot[h];
        }
    }
    PyMem_Free(slot);
    return n;
}

/* The pair tables of a Tables (13/14-tile parts: 4 sets to make): groups 0+1 and groups 2+3 each
 * merged once per pair of classes (a few hundred thousand merges at most, ~2 ms, on the first
 * shanten call), and for each 2+3 result its best addition to any (q, m, t) of 0+1, so that a
 * shanten is two reads, ten more, and a max: no merge and no data-dependent branch. */
static int
pairs_build(TablesObject *t)
{
    Pairs *pr = PyMem_Calloc(1, sizeof(Pairs));
    if (pr == NULL) {
        return -1;
    }
    int8_t (*yz)[2][5] = NULL;
    pr->nb = (int)*t->group[1]->nclasses;
    pr->nd = (int)*t->group[3]->nclasses;
    int nx = pairs_half(t->group[0], t->group[1], &pr->pair01, &pr->x);
    int ny = nx < 0 ? -1 : pairs_half(t->group[2], t->group[3], &pr->pair23, &yz);
    if (ny >= 0) {
        pr->y = PyMem_Malloc((size_t)(ny > 0 ? ny : 1) * sizeof(*pr->y));
    }
    if (ny < 0 || pr->y == NULL) {
        PyMem_Free(yz);
        pairs_free(pr);
        return -1;
    }
    for (int id = 0; id < ny; id++) {
        for (int q = 0; q < 2; q++) {
            for (int m = 0; m <= MAX_SETS; m++) {
                for (int tt = 0; tt <= MAX_SETS; tt++) {
                    int best = -64;
                    for (int p2 = 0; p2 <= q; p2++) {
                        for (int m2 = 0; m + m2 <= MAX_SETS; m2++) {
                            int t2 = yz[id][p2][m2];
                            if (t2 < 0) {
                                continue;
                            }
                            int room = MAX_SETS - m - m2;
                            int v = 2 * m2 + (tt + t2 < room ? tt + t2 : room) + p2;
                            best = v > best ? v : best;
                        }
                    }
                    pr->y[id][q][m][tt] = (int8_t)best;
                }
            }
        }
    }
    PyMem_Free(yz);
    t->pairs = pr;
    return 0;
}

/* shanten + 1 of a part of `total` tiles (wilds included) whose merged blocks
 * are `best`: the regular form, or seven pairs when that needs fewer. */
static inline int
part_needed(Merge best, int seven, int naturals, int jokers, int pairs)
{
    int total = naturals + jokers;
    int n = (total - 1) / 3; /* sets to make */
    int needed = 3 * n + 2 - merge_used(best, n, naturals) - jokers;
    if (seven && total >= 13 && needed > 0) {
        if (pairs > 7) {
            pairs = 7;
        }
        int rest = naturals - 2 * pairs;
        int used7 = 2 * pairs + (rest < 7 - pairs ? rest : 7 - pairs);
        int needed7 = 14 - used7 - jokers;
        if (needed7 < needed) {
            needed = needed7;
        }
    }
    return needed;
}

/* Build the pair tables once (with the GIL held: they are allocated). Without memory for them
 * the merges answer instead, the same. */
static inline void
ensure_pairs(TablesObject *t)
{
    if (t->pairs == NULL && !t->pairs_failed && pairs_build(t) < 0) {
        t->pairs_failed = 1;
    }
}

/* A read part's shanten (-1 = complete): the four groups' blocks merged, then the formula. */
static inline int
part_shanten(TablesObject *t, const Part *part, int seven)
{
    int total = part->naturals + part->jokers;
    if (total >= 13) {
        ensure_pairs(t);
    }
    const Pairs *pr = t->pairs;
    if (total >= 13 && pr != NULL) {
        /* 4 sets to make: used = min(naturals, 5 + max(2m + min(t, 4 - m) + p)) over the choices */
        ShapeObject *const *g = t->group;
        const int8_t (*x)[5] = pr->x[pr->pair01[g[0]->dcls[part->index[0]] * pr->nb + g[1]->dcls[part->index[1]]]];
        const int8_t (*y)[5][5] = pr->y[pr->pair23[g[2]->dcls[part->index[2]] * pr->nd + g[3]->dcls[part->index[3]]]];
        int v = 0;
        for (int p = 0; p < 2; p++) {
            for (int m = 0; m <= MAX_SETS; m++) {
                int tt = x[p][m];
                int w = 2 * m + p + y[1 - p][m][tt < 0 ? 0 : tt > MAX_SETS ? MAX_SETS : tt];
                w = tt < 0 ? 0 : w;
                v = w > v ? w : v;
            }
        }
        int used = part->naturals < 5 + v ? part->naturals : 5 + v;
        int needed = 14 - used - part->jokers;
        if (seven && needed > 0) {
            int pairs = part->pairs > 7 ? 7 : part->pairs;
            int rest = part->naturals - 2 * pairs;
            int needed7 = 14 - (2 * pairs + (rest < 7 - pairs ? rest : 7 - pairs)) - part->jokers;
            needed = needed7 < needed ? needed7 : needed;
        }
        return needed - 1;
    }
    Merge best, next;
    merge_first(t->group[0]->blocks[part->code[0]], best);
    merge_group(best, t->group[1]->blocks[part->code[1]], next);
    merge_group(next, t->group[2]->blocks[part->code[2]], best);
    merge_group(best, t->group[3]->blocks[part->code[3]], next);
    return part_needed(next, seven, part->naturals, part->jokers, part->pairs) - 1;
}

static PyObject *
c_shanten(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int seven, none;
    TablesObject *t = unpack_args(module, args, nargs, "shanten", &seven, &none);
    if (t == NULL) {
        if (none) {
            Py_RETURN_NONE;
        }
        return NULL;
    }
    Part part;
    if (!read_part_sums(get_state(module), t, args[0], args[1], &part)) {
        Py_RETURN_NONE;
    }
    int total = part.naturals + part.jokers;
    if (!is_complete_size(total) && !is_waiting_size(total)) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(part_shanten(t, &part, seven));
}

/* The most natural tiles usable when `others` (merged groups) takes one more
 * group's blocks word: merge_group and merge_used in one pass, without the
 * table between them (used never decreases as t grows, so the best t of each
 * (p, m) is the best choice). Returns as soon as the count reaches `stop`. */
static inline int
used_with(Merge others, uint32_t blk, int n, int naturals, int stop)
{
    int best = 0;
    for (int p1 = 0; p1 < 2; p1++) {
        for (int m1 = 0; m1 <= n; m1++) {
            int have = others[p1][m1];
            if (have < 0) {
                continue;
            }
            for (int q = 0; p1 + q < 2; q++) {
                for (int k = 0; m1 + k <= n; k++) {
                    int add = BLK(blk, q, k);
                    if (add < 0) {
                        break; /* fewer choices with more sets */
                    }
                    int m = m1 + k, p = p1 + q;
                    int tt = have + add;
                    if (m + tt > n) {
                        tt = n - m;
                    }
                    int blocks = 3 * m + 2 * tt + 2 * p;
                    int free = n + 1 - m - tt - p;
                    int left = naturals - blocks;
                    int used = blocks + (left < free ? left : free);
                    if (used > best) {
                        best = used;
                        if (best >= stop) {
                            return best;
                        }
                    }
                }
            }
        }
    }
    return best;
}

/* shanten_draws: a 3n+1 part's shanten, the kinds whose draw lowers it and
 * the kinds that can join a held tile. A draw changes one group, so for each
 * group the other three are merged once and each rank it can take is one pass
 * over its blocks word after the draw, stopping as soon as the draw is known to
 * lower the shanten. A draw that leaves its group's blocks word as it was (a
 * tile that joins nothing) gives the same answer for every such kind: worked
 * out once. */
static PyObject *
c_shanten_draws(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int seven, none;
    TablesObject *t = unpack_args(module, args, nargs, "shanten_draws", &seven, &none);
    if (t == NULL) {
        if (none) {
            Py_RETURN_NONE;
        }
        return NULL;
    }
    Part part;
    if (!read_part(get_state(module), t, args[0], args[1], &part)) {
        Py_RETURN_NONE;
    }
    int total = part.naturals + part.jokers;
    if (!is_waiting_size(total)) {
        Py_RETURN_NONE; /* the Python path raises */
    }
    int n = (total - 1) / 3; /* sets to make, before and after a draw */
    uint32_t blk[4];
    for (int g = 0; g < 4; g++) {
        blk[g] = t->group[g]->blocks[part.code[g]];
    }
    /* others[g]: every group but g merged */
    Merge others[4], next;
    for (int g = 0; g < 4; g++) {
        merge_start(others[g]);
        for (int h = 0; h < 4; h++) {
            if (h != g) {
                merge_group(others[g], blk[h], next);
                memcpy(others[g], next, sizeof next);
            }
        }
    }
    merge_group(others[0], blk[0], next);
    int base = part_needed(next, seven, part.naturals, part.jokers, part.pairs);
    /* A draw lowers the shanten when either form needs less than `base`: the
     * regular form when it uses at least `stop` naturals. */
    int stop = 3 * n + 3 - part.jokers - base;
    int seven_after = seven && total + 1 >= 13;
    int unchanged = -1; /* the answer for a draw that changes no blocks word, once known */
    uint64_t mask = 0, connected = 0;
    for (int g = 0; g < 4; g++) {
        const ShapeObject *sh = t->group[g];
        /* ranks of this group within two of a held rank (the honors: the held ones) */
        int held = 0;
        for (int r = 0; r < sh->length; r++) {
            held |= (part.count[GROUP_LO[g] + r] > 0) << r;
        }
        int near = g < 3 ? held | held << 1 | held << 2 | held >> 1 | held >> 2 : held;
        for (int r = 0; r < sh->length; r++) {
            int kind = GROUP_LO[g] + r;
            int c = part.count[kind];
            if (sh->pos[r] < 0) {
                continue; /* not in the tile set */
            }
            if (near >> r & 1) {
                connected |= (uint64_t)1 << kind;
            }
            if (c == 4) {
                continue; /* no fifth copy to draw */
            }
            uint32_t after = sh->blocks[part.code[g] + sh->weight[r]];
            int same = after == blk[g] && !(c & 1);
            if (same && unchanged >= 0) {
                if (unchanged) {
                    mask |= (uint64_t)1 << kind;
                }
                continue;
            }
            int lowers = 0;
            if (seven_after) {
                /* a kind held once or three times makes one more seven-pairs pair */
                int pairs = part.pairs + (c & 1);
                if (pairs > 7) {
                    pairs = 7;
                }
                int rest = part.naturals + 1 - 2 * pairs;
                int used7 = 2 * pairs + (rest < 7 - pairs ? rest : 7 - pairs);
                lowers = 14 - used7 - part.jokers < base;
            }
            if (!lowers) {
                lowers = used_with(others[g], after, n, part.naturals + 1, stop) >= stop;
            }
            if (same) {
                unchanged = lowers;
            }
            if (lowers) {
                mask |= (uint64_t)1 << kind;
            }
        }
    }
    return Py_BuildValue("(iKK)", base - 1, (unsigned long long)mask, (unsigned long long)connected);
}

/* discard_shantens: for a 3n+2 part, the shanten of what each discard leaves.
 * A discard changes one group: the other three are merged once per group and
 * each held rank is one pass over its blocks word after the discard. */
static PyObject *
c_discard_shantens(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int seven, none;
    TablesObject *t = unpack_args(module, args, nargs, "discard_shantens", &seven, &none);
    if (t == NULL) {
        if (none) {
            Py_RETURN_NONE;
        }
        return NULL;
    }
    Part part;
    if (!read_part(get_state(module), t, args[0], args[1], &part)) {
        Py_RETURN_NONE;
    }
    int total = part.naturals + part.jokers;
    if (!is_complete_size(total)) {
        Py_RETURN_NONE; /* the Python path raises */
    }
    int n = (total - 2) / 3; /* sets to make after the discard */
    int big = 3 * n + 3;     /* more naturals than any part uses: no early stop */
    uint32_t blk[4];
    for (int g = 0; g < 4; g++) {
        blk[g] = t->group[g]->blocks[part.code[g]];
    }
    Merge others[4], next;
    for (int g = 0; g < 4; g++) {
        merge_start(others[g]);
        for (int h = 0; h < 4; h++) {
            if (h != g) {
                merge_group(others[g], blk[h], next);
                memcpy(others[g], next, sizeof next);
            }
        }
    }
    PyObject *result = PyTuple_New(NUM_KINDS + 1);
    if (result == NULL) {
        return NULL;
    }
    int seven_after = seven && total - 1 >= 13;
    for (int k = 0; k <= NUM_KINDS; k++) {
        int needed;
        if (k == NUM_KINDS) { /* a wild thrown: the blocks stay, one wild less */
            if (part.jokers == 0) {
                PyTuple_SET_ITEM(result, k, Py_NewRef(Py_None));
                continue;
            }
            needed = 3 * n + 2 - used_with(others[0], blk[0], n, part.naturals, big) - (part.jokers - 1);
            if (seven_after && needed > 0) {
                int pairs = part.pairs > 7 ? 7 : part.pairs;
                int rest = part.naturals - 2 * pairs;
                int needed7 = 14 - (2 * pairs + (rest < 7 - pairs ? rest : 7 - pairs)) - (part.jokers - 1);
                needed = needed7 < needed ? needed7 : needed;
            }
        }
        else {
            int c = part.count[k];
            if (c == 0) {
                PyTuple_SET_ITEM(result, k, Py_NewRef(Py_None));
                continue;
            }
            int g = k < 9 ? 0 : k < 18 ? 1 : k < 27 ? 2 : 3;
            const ShapeObject *sh = t->group[g];
            uint32_t after = sh->blocks[part.code[g] - sh->weight[k - GROUP_LO[g]]];
            needed = 3 * n + 2 - used_with(others[g], after, n, part.naturals - 1, big) - part.jokers;
            if (seven_after && needed > 0) {
                /* a kind held twice or four times loses a seven-pairs pair */
                int pairs = part.pairs - !(c & 1);
                pairs = pairs > 7 ? 7 : pairs;
                int rest = part.naturals - 1 - 2 * pairs;
                int needed7 = 14 - (2 * pairs + (rest < 7 - pairs ? rest : 7 - pairs)) - part.jokers;
                needed = needed7 < needed ? needed7 : needed;
            }
        }
        PyObject *value = PyLong_FromLong(needed - 1);
        if (value == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k, value);
    }
    return result;
}

static PyObject *
c_waits(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int seven, none;
    TablesObject *t = unpack_args(module, args, nargs, "waits", &seven, &none);
    if (t == NULL) {
        if (none) {
            Py_RETURN_NONE;
        }
        return NULL;
    }
    Part part;
    if (!read_part(get_state(module), t, args[0], args[1], &part)) {
        Py_RETURN_NONE;
    }
    int total = part.naturals + part.jokers;
    if (!is_waiting_size(total)) {
        Py_RETURN_NONE;
    }
    uint8_t need[4];
    int s_all = 0;
    for (int g = 0; g < 4; g++) {
        need[g] = t->group[g]->need[part.code[g]];
        s_all += NEED_S(need[g]);
    }
    char wait[NUM_KINDS] = {0};
    for (int g = 0; g < 4; g++) {
        const ShapeObject *sh = t->group[g];
        /* The other three groups keep their values: a tile drawn into this one
         * completes the part when s' + min(d', others' d) <= wilds - others' s. */
        int others_d = 2;
        for (int h = 0; h < 4; h++) {
            if (h != g && NEED_D(need[h]) < others_d) {
                others_d = NEED_D(need[h]);
            }
        }
        int left = part.jokers - (s_all - NEED_S(need[g]));
        for (int r = 0; r < sh->length; r++) {
            int kind = GROUP_LO[g] + r;
            if (sh->pos[r] < 0 || part.count[kind] == 4) {
                continue; /* not in the tile set, or no fifth natural copy to draw */
            }
            uint8_t e = sh->need[part.code[g] + sh->weight[r]];
            int d = NEED_D(e) < others_d ? NEED_D(e) : others_d;
            if (NEED_S(e) + d <= left) {
                wait[kind] = 1;
            }
        }
    }
    if (seven && total == 13) {
        int any = part.odd + 1 <= part.jokers; /* any drawn kind still leaves enough wilds */
        int odd_ones = !any && part.odd - 1 <= part.jokers; /* drawing a kind held 1 or 3 times pairs it */
        if (any || odd_ones) {
            for (int g = 0; g < 4; g++) {
                const ShapeObject *sh = t->group[g];
                for (int r = 0; r < sh->length; r++) {
                    int kind = GROUP_LO[g] + r;
                    int c = part.count[kind];
                    if (sh->pos[r] >= 0 && (any ? c < 4 : (c & 1))) {
                        wait[kind] = 1;
                    }
                }
            }
        }
    }
    PyObject *result = PyList_New(0);
    if (result == NULL) {
        return NULL;
    }
    for (int kind = 0; kind < NUM_KINDS; kind++) {
        if (wait[kind]) {
            PyObject *id = PyLong_FromLong(kind);
            if (id == NULL || PyList_Append(result, id) < 0) {
                Py_XDECREF(id);
                Py_DECREF(result);
                return NULL;
            }
            Py_DECREF(id);
        }
    }
    return result;
}

/* ---------------------------------------------------------------- the public entry points */

typedef PyObject *(*core_fn)(PyObject *, PyObject *const *, Py_ssize_t);
static const core_fn CORES[N_ENTRIES] = {c_is_win, c_shanten, c_waits, c_shanten_draws, c_discard_shantens};

/* The public is_win / shanten / waits. The usual call (1-4 arguments, by
 * position or by keyword; tileset None or a TileSet whose cache slot holds a
 * Tables) is answered by the core on the flat tables. Everything else -- a
 * first use of a tile set, input that is not plain, an impossible size, an
 * odd call signature -- goes, with the caller's own arguments, to the Python
 * function installed for it, which validates, raises the engine's TileError
 * (or TypeError for a bad signature) and answers exactly like the pure path. */
static PyObject *
entry(PyObject *module, int which, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    speedups_state *st = get_state(module);
    PyObject *fallback = st->fallback[which];
    if (fallback == NULL || st->full == NULL) {
        PyErr_Format(PyExc_RuntimeError, "%s: call _speedups.install first", ENTRY_NAMES[which]);
        return NULL;
    }
    PyObject *a[N_PARAMS] = {NULL, st->small[0], Py_True, Py_None};
    if (nargs < 1 || nargs > N_PARAMS) {
        goto python;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        a[i] = args[i];
    }
    if (kwnames != NULL) {
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kwnames); k++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, k);
            int j = 0;
            while (j < N_PARAMS && name != st->param_names[j]
                   && !(PyUnicode_Check(name) && PyUnicode_Compare(name, st->param_names[j]) == 0)) {
                j++;
            }
            if (j == N_PARAMS || j < nargs) {
                goto python; /* unknown, or given twice: Python says which */
            }
            a[j] = args[nargs + k];
        }
    }
    if (a[0] == NULL) {
        goto python;
    }
    PyObject *tables = st->full;
    Py_INCREF(tables);
    if (a[3] != Py_None) {
        Py_DECREF(tables);
        tables = PyObject_GetAttr(a[3], st->hot_name);
        if (tables == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
                return NULL;
            }
            PyErr_Clear();
            goto python; /* not a TileSet */
        }
    }
    PyObject *core_args[N_PARAMS] = {a[0], a[1], a[2], tables};
    PyObject *answer = CORES[which](module, core_args, N_PARAMS);
    Py_DECREF(tables);
    if (answer != Py_None) {
        return answer; /* or NULL with an exception */
    }
    Py_DECREF(answer);
python:
    return PyObject_Vectorcall(fallback, args, nargs, kwnames);
}

#define ENTRY_SIGNATURE "($module, /, counts, jokers=0, seven_pairs=True, tileset=None)\n--\n\n"

PyDoc_STRVAR(is_win_doc,
"is_win" ENTRY_SIGNATURE
"True when the concealed part (naturals counts plus jokers wilds) is complete; a\n"
"waiting-size part (3n+1) is simply not complete. See majiang.hand.win.");

static PyObject *
is_win_entry(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return entry(module, ENTRY_IS_WIN, args, nargs, kwnames);
}

PyDoc_STRVAR(shanten_doc,
"shanten" ENTRY_SIGNATURE
"Tiles away from ready: -1 = complete, 0 = ready. See majiang.hand.shanten.");

static PyObject *
shanten_entry(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return entry(module, ENTRY_SHANTEN, args, nargs, kwnames);
}

PyDoc_STRVAR(waits_doc,
"waits" ENTRY_SIGNATURE
"Sorted tile ids (within the tile set) whose drawing completes a 3n+1 part; a kind\n"
"held four times naturally is never a wait. See majiang.hand.win.");

static PyObject *
waits_entry(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return entry(module, ENTRY_WAITS, args, nargs, kwnames);
}

PyDoc_STRVAR(shanten_draws_doc,
"shanten_draws" ENTRY_SIGNATURE
"(shanten, lowering, connected) of a 3n+1 part, masks over the kinds of the tile set: bit k\n"
"of lowering when drawing kind k (held fewer than four times) lowers the shanten; of connected\n"
"when k is held or within two ranks of a held tile of its suit. See majiang.hand.shanten.");

static PyObject *
shanten_draws_entry(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return entry(module, ENTRY_SHANTEN_DRAWS, args, nargs, kwnames);
}

PyDoc_STRVAR(discard_shantens_doc,
"discard_shantens" ENTRY_SIGNATURE
"For a 3n+2 part, a tuple of 35: item k (k < 34) the shanten of the part after throwing one\n"
"kind k (None when not held), item 34 after throwing a wild (None without wilds).\n"
"See majiang.hand.shanten.");

static PyObject *
discard_shantens_entry(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return entry(module, ENTRY_DISCARD_SHANTENS, args, nargs, kwnames);
}

PyDoc_STRVAR(install_doc,
"install(name, fallback, full, /)\n--\n\n"
"Set the Python function that answers what the C entry `name` ('is_win', 'shanten',\n"
"'waits', 'shanten_draws' or 'discard_shantens') does not (called with the caller's own arguments), and the full tile set's Tables.");

static PyObject *
install(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "install(name, fallback, full): a name, a callable and a Tables");
        return NULL;
    }
    speedups_state *st = get_state(module);
    if (!Py_IS_TYPE(args[2], st->tables_type)) {
        PyErr_SetString(PyExc_TypeError, "install: full must be a Tables");
        return NULL;
    }
    for (int k = 0; k < N_ENTRIES; k++) {
        if (PyUnicode_CompareWithASCIIString(args[0], ENTRY_NAMES[k]) == 0) {
            Py_XSETREF(st->fallback[k], Py_NewRef(args[1]));
            Py_XSETREF(st->full, Py_NewRef(args[2]));
            Py_RETURN_NONE;
        }
    }
    PyErr_Format(PyExc_ValueError, "install: no entry named %R", args[0]);
    return NULL;
}

/* ---------------------------------------------------------------- batches */

PyDoc_STRVAR(batch_doc,
"batch(what, hands, jokers, seven_pairs, tables, out, /) -> int\n\n"
"Answer `what` ('is_win' or 'shanten') for every hand of `hands`, a C-contiguous buffer of\n"
"n * 34 unsigned bytes (one hand's counts after another), with `jokers` an int for all or a\n"
"buffer of n bytes, writing one signed byte per hand into `out` (is_win 0/1, shanten -1..8).\n"
"Returns -1 when every hand was answered, else the index of the first hand that is not a valid\n"
"part (a count above 4, a tile outside the tile set, an impossible size): the caller names\n"
"the fault (majiang.hand.batch). The Python call is paid once for the whole batch.");

static PyObject *
batch(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "batch(what, hands, jokers, seven_pairs, tables, out)");
        return NULL;
    }
    speedups_state *st = get_state(module);
    int shanten_wanted;
    if (PyUnicode_CompareWithASCIIString(args[0], "shanten") == 0) {
        shanten_wanted = 1;
    }
    else if (PyUnicode_CompareWithASCIIString(args[0], "is_win") == 0) {
        shanten_wanted = 0;
    }
    else {
        PyErr_Format(PyExc_ValueError, "batch: what must be 'is_win' or 'shanten', not %R", args[0]);
        return NULL;
    }
    if (!Py_IS_TYPE(args[4], st->tables_type)) {
        PyErr_SetString(PyExc_TypeError, "batch: tables must be a Tables");
        return NULL;
    }
    int seven = PyObject_IsTrue(args[3]);
    if (seven < 0) {
        return NULL;
    }
    TablesObject *t = (TablesObject *)args[4];
    Py_buffer hands, out, jok = {0};
    if (PyObject_GetBuffer(args[1], &hands, PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(args[5], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&hands);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = hands.len / NUM_KINDS;
    long all_jokers = -1;
    if (hands.len % NUM_KINDS != 0 || out.len != n) {
        PyErr_Format(PyExc_ValueError, "batch: %zd bytes of hands is not n * 34, or out is not n = %zd bytes",
                     hands.len, n);
        goto done;
    }
    if (PyLong_Check(args[2])) {
        all_jokers = PyLong_AsLong(args[2]);
        if (all_jokers == -1 && PyErr_Occurred()) {
            goto done;
        }
        if (all_jokers < 0 || all_jokers > MAX_JOKERS) {
            PyErr_Format(PyExc_ValueError, "batch: jokers %ld out of range (0-%d)", all_jokers, MAX_JOKERS);
            goto done;
        }
    }
    else {
        if (PyObject_GetBuffer(args[2], &jok, PyBUF_C_CONTIGUOUS) < 0) {
            goto done;
        }
        if (jok.len != n) {
            PyErr_Format(PyExc_ValueError, "batch: %zd jokers for %zd hands", jok.len, n);
            goto done;
        }
    }
    const uint8_t *h = (const uint8_t *)hands.buf;
    const uint8_t *jk = (const uint8_t *)jok.buf;
    int8_t *o = (int8_t *)out.buf;
    Py_ssize_t bad = -1;
    if (shanten_wanted) {
        ensure_pairs(t); /* (allocates: before the GIL is released) */
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        int j = all_jokers >= 0 ? (int)all_jokers : jk[i];
        Part part;
        if (j > MAX_JOKERS || !read_bytes(t, h + i * NUM_KINDS, j, &part)) {
            bad = i;
            break;
        }
        int total = part.naturals + j;
        int complete = is_complete_size(total);
        if (!complete && !is_waiting_size(total)) {
            bad = i;
            break;
        }
        o[i] = (int8_t)(shanten_wanted ? part_shanten(t, &part, seven) : complete && part_is_win(t, &part, seven));
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(bad);
done:
    PyBuffer_Release(&hands);
    PyBuffer_Release(&out);
    if (jok.obj != NULL) {
        PyBuffer_Release(&jok);
    }
    return result;
}

/* ---------------------------------------------------------------- the module */

PyDoc_STRVAR(group_codes_doc,
"group_codes(counts, /) -> tuple[int, int, int, int] | None\n\n"
"The base-5 codes of the m, p, s and honors groups over all their ranks (rank r\n"
"weighing 5**r), or None unless counts is an exact list/tuple of 34 exact ints in 0..4.");

static PyObject *
group_codes(PyObject *module, PyObject *counts)
{
    const speedups_state *st = get_state(module);
    PyObject **items = plain_items(counts);
    if (items == NULL) {
        Py_RETURN_NONE;
    }
    static const int hi[4] = {9, 18, 27, 34};
    long codes[4];
    for (int g = 0; g < 4; g++) {
        long code = 0;
        for (int i = hi[g] - 1; i >= GROUP_LO[g]; i--) {
            long c = read_small(st, items[i], 4, 0);
            if (c < 0) {
                Py_RETURN_NONE;
            }
            code = code * 5 + c;
        }
        codes[g] = code;
    }
    return Py_BuildValue("(llll)", codes[0], codes[1], codes[2], codes[3]);
}

/* ---------------------------------------------------------------- count-list helpers
 * The table engine asks these of a seat's 34/42 counts on every turn. As builtins over a
 * list of ints (compress, max) each element costs a generic rich compare or truth test;
 * here an exact int is read directly. Anything else takes the generic path, so the answers
 * are the builtins' own (see majiang/hand/counts.py for the pure reference). */

/* The index of ``x`` among CPython's cached ints 0..4 (the state's ``small``), or -1 for any
   other object: an identity test, so no int's internal layout is read. */
static inline int
small_index(PyObject *const *small, PyObject *x)
{
    for (int k = 0; k < 5; k++) {
        if (small[k] == x) {
            return k;
        }
    }
    return -1;
}

PyDoc_STRVAR(held_kinds_doc,
"held_kinds(counts, items, /) -> list\n\n"
"list(itertools.compress(items, counts)) for a list or tuple counts and a tuple items:\n"
"items[k] for every k where counts[k] is true, stopping at the shorter.");

static PyObject *
held_kinds(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "held_kinds(counts, items) takes two arguments");
        return NULL;
    }
    PyObject *counts = args[0], *items = args[1];
    if (!(PyList_CheckExact(counts) || PyTuple_CheckExact(counts)) || !PyTuple_CheckExact(items)) {
        PyErr_SetString(PyExc_TypeError, "held_kinds: counts must be a list or tuple, items a tuple");
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(counts);
    if (PyTuple_GET_SIZE(items) < n) {
        n = PyTuple_GET_SIZE(items);
    }
    PyObject **c = PySequence_Fast_ITEMS(counts);
    PyObject *const *small = get_state(module)->small;
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = c[i];
        /* counts are CPython's cached small ints: zero is one object (no reading of the int's
           layout, which changed in 3.12) */
        int truth = x == small[0] ? 0 : (small_index(small, x) > 0 ? 1 : PyObject_IsTrue(x));
        if (truth < 0 || (truth && PyList_Append(out, PyTuple_GET_ITEM(items, i)) < 0)) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

PyDoc_STRVAR(top_count_doc,
"top_count(counts, /) -> object\n\n"
"max(counts) for a non-empty list or tuple (the first of the largest items).");

static PyObject *
top_count(PyObject *module, PyObject *counts)
{
    if (!(PyList_CheckExact(counts) || PyTuple_CheckExact(counts))) {
        PyErr_SetString(PyExc_TypeError, "top_count: counts must be a list or tuple");
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(counts);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "top_count() arg is an empty sequence");
        return NULL;
    }
    PyObject **c = PySequence_Fast_ITEMS(counts);
    PyObject *const *small = get_state(module)->small;
    PyObject *best = c[0];
    for (Py_ssize_t i = 1; i < n; i++) {
        PyObject *x = c[i];
        if (x == best) {
            continue; /* (the usual case: counts are CPython's cached 0..4, one object each) */
        }
        int xi = small_index(small, x), bi = small_index(small, best);
        int greater;
        if (xi >= 0 && bi >= 0) {
            greater = xi > bi;
        }
        else {
            greater = PyObject_RichCompareBool(x, best, Py_GT); /* an int beyond 4, or not an int */
            if (greater < 0) {
                return NULL;
            }
        }
        if (greater) {
            best = x;
        }
    }
    return Py_NewRef(best);
}

static PyMethodDef speedups_methods[] = {
    {"is_win", (PyCFunction)(void (*)(void))is_win_entry, METH_FASTCALL | METH_KEYWORDS, is_win_doc},
    {"shanten", (PyCFunction)(void (*)(void))shanten_entry, METH_FASTCALL | METH_KEYWORDS, shanten_doc},
    {"waits", (PyCFunction)(void (*)(void))waits_entry, METH_FASTCALL | METH_KEYWORDS, waits_doc},
    {"shanten_draws", (PyCFunction)(void (*)(void))shanten_draws_entry, METH_FASTCALL | METH_KEYWORDS,
     shanten_draws_doc},
    {"discard_shantens", (PyCFunction)(void (*)(void))discard_shantens_entry, METH_FASTCALL | METH_KEYWORDS,
     discard_shantens_doc},
    {"install", (PyCFunction)(void (*)(void))install, METH_FASTCALL, install_doc},
    {"batch", (PyCFunction)(void (*)(void))batch, METH_FASTCALL, batch_doc},
    {"group_codes", (PyCFunction)group_codes, METH_O, group_codes_doc},
    {"held_kinds", (PyCFunction)(void (*)(void))held_kinds, METH_FASTCALL, held_kinds_doc},
    {"top_count", (PyCFunction)top_count, METH_O, top_count_doc},
    {NULL, NULL, 0, NULL},
};

static int
speedups_exec(PyObject *module)
{
    if (PyModule_AddIntConstant(module, "MAX_JOKERS", MAX_JOKERS) < 0
        || PyModule_AddIntConstant(module, "MAX_GROUP_TILES", MAX_GROUP_TILES) < 0
        || PyModule_AddStringConstant(module, "TABLES_ID", TABLES_ID_OF(TABLES_VERSION)) < 0
        || PyModule_AddIntConstant(module, "DUMP_FIXED_BYTES", CLASS_BYTES) < 0
        || PyModule_AddIntConstant(module, "DUMP_BYTES_PER_CODE", (int)sizeof(uint32_t) + 2) < 0) {
        return -1;
    }
    /* DENSE_SIZES[d]: the dense entries of a shape with d ranks present (a dump holds two per entry) */
    Py_ssize_t dense_n[MAX_RANKS + 1][MAX_GROUP_TILES + 1];
    dense_counts(dense_n);
    PyObject *sizes = PyTuple_New(MAX_RANKS + 1);
    if (sizes == NULL) {
        return -1;
    }
    for (int d = 0; d <= MAX_RANKS; d++) {
        PyObject *n = PyLong_FromSsize_t(dense_n[d][MAX_GROUP_TILES]);
        if (n == NULL) {
            Py_DECREF(sizes);
            return -1;
        }
        PyTuple_SET_ITEM(sizes, d, n);
    }
    int added = PyModule_AddObjectRef(module, "DENSE_SIZES", sizes);
    Py_DECREF(sizes);
    if (added < 0) {
        return -1;
    }
    speedups_state *st = get_state(module);
    for (int k = 0; k < 5; k++) {
        st->small[k] = PyLong_FromLong(k);
        if (st->small[k] == NULL) {
            return -1; /* speedups_clear releases what was made */
        }
    }
    st->small_shift = -1;
    uintptr_t stride = (uintptr_t)st->small[1] - (uintptr_t)st->small[0];
    if (stride > 0 && (stride & (stride - 1)) == 0 && stride <= 4096) {
        int shift = 0;
        while (((uintptr_t)1 << shift) < stride) {
            shift++;
        }
        int evenly = 1;
        for (int k = 0; k < 5; k++) {
            evenly &= (uintptr_t)st->small[k] == (uintptr_t)st->small[0] + (uintptr_t)k * stride;
        }
        st->small_shift = evenly ? shift : -1;
    }
    for (int k = 0; k < N_PARAMS; k++) {
        st->param_names[k] = PyUnicode_InternFromString(PARAM_NAMES[k]);
        if (st->param_names[k] == NULL) {
            return -1;
        }
    }
    st->hot_name = PyUnicode_InternFromString("hot_tables");
    if (st->hot_name == NULL) {
        return -1;
    }
    st->shape_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &shape_spec, NULL);
    if (st->shape_type == NULL || PyModule_AddType(module, st->shape_type) < 0) {
        return -1;
    }
    st->tables_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &tables_spec, NULL);
    if (st->tables_type == NULL || PyModule_AddType(module, st->tables_type) < 0) {
        return -1;
    }
    return 0;
}

static int
speedups_traverse(PyObject *module, visitproc visit, void *arg)
{
    speedups_state *st = get_state(module);
    if (st != NULL) {
        for (int k = 0; k < 5; k++) {
            Py_VISIT(st->small[k]);
        }
        Py_VISIT(st->shape_type);
        Py_VISIT(st->tables_type);
        for (int k = 0; k < N_PARAMS; k++) {
            Py_VISIT(st->param_names[k]);
        }
        Py_VISIT(st->hot_name);
        Py_VISIT(st->full);
        for (int k = 0; k < N_ENTRIES; k++) {
            Py_VISIT(st->fallback[k]);
        }
    }
    return 0;
}

static int
speedups_clear(PyObject *module)
{
    speedups_state *st = get_state(module);
    if (st != NULL) {
        for (int k = 0; k < 5; k++) {
            Py_CLEAR(st->small[k]);
        }
        Py_CLEAR(st->shape_type);
        Py_CLEAR(st->tables_type);
        for (int k = 0; k < N_PARAMS; k++) {
            Py_CLEAR(st->param_names[k]);
        }
        Py_CLEAR(st->hot_name);
        Py_CLEAR(st->full);
        for (int k = 0; k < N_ENTRIES; k++) {
            Py_CLEAR(st->fallback[k]);
        }
    }
    return 0;
}

static void
speedups_free(void *module)
{
    speedups_clear((PyObject *)module);
}

static PyModuleDef_Slot speedups_slots[] = {
    {Py_mod_exec, speedups_exec},
    {0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "majiang.hand._speedups",
    .m_doc = "Optional C accelerator for majiang.hand: complete flat group tables and the hot calls on them "
             "(see docs/hand.md).",
    .m_size = sizeof(speedups_state),
    .m_methods = speedups_methods,
    .m_slots = speedups_slots,
    .m_traverse = speedups_traverse,
    .m_clear = speedups_clear,
    .m_free = speedups_free,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    return PyModuleDef_Init(&speedups_module);
}
