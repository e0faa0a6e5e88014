/* Optional accelerator for majiang.hand (see docs/hand.md, "The C accelerator").
 *
 * The pure-Python reference of everything here is majiang/hand/codes.py; the
 * engine works the same without this module (MAJIANG_PURE=1 forces that).
 *
 * A hand's 34 counts split into four groups (m 0-8, p 9-17, s 18-26, honors
 * 27-33). A group's *code* is its counts read as a base-5 number, rank r being
 * the digit of weight 5**r: suits < 5**9, honors < 5**7. Python ints that small
 * hash to themselves, so the per-group tables keyed by codes cost one cheap
 * lookup each, instead of building and hashing a tuple per group.
 *
 * Only plain input is read here: an exact list or tuple of exactly 34 exact
 * ints in 0..4. Anything else (a subclass, a bool, a float, a 5, a wrong
 * length, ...) gives None, and the caller takes its validating Python path,
 * which raises the usual TileError or answers. No Python code runs while the
 * items are read, so a list cannot change under us.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NUM_KINDS 34
/* Packing constants shared with majiang/hand/groups.py (checked at import by
 * majiang/hand/codes.py, which ignores a build that disagrees): J wilds add
 * J * JOKER_STEP to the packed sum, for 0 <= J <= MAX_JOKERS. */
#define JOKER_STEP 255
#define MAX_JOKERS 14

/* Strong references to the ints 0..4, compared by identity first (CPython
 * caches them, so nearly every count is one of these objects). An exact int
 * that is not one of them is still read by value, so correctness never
 * depends on that cache. */
typedef struct {
    PyObject *small[5];
} speedups_state;

static inline speedups_state *
get_state(PyObject *module)
{
    return (speedups_state *)PyModule_GetState(module);
}

/* The value of `x` when it is an exact int (or, with allow_bool, a bool) in
 * 0..max, else -1. Runs no Python code and sets no exception: the value of an
 * int or bool is read from the object itself. */
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
        /* v == -1 with an error set cannot happen for an int. */
        return -1;
    }
    return v;
}

/* Fill codes[4] from `counts`. Returns 1 on success, 0 when the input is not
 * plain (the caller returns None). Sets no exception. */
static int
compute_codes(const speedups_state *st, PyObject *counts, long codes[4])
{
    PyObject **items;
    if (PyList_CheckExact(counts)) {
        if (PyList_GET_SIZE(counts) != NUM_KINDS) {
            return 0;
        }
        items = PySequence_Fast_ITEMS(counts);
    }
    else if (PyTuple_CheckExact(counts)) {
        if (PyTuple_GET_SIZE(counts) != NUM_KINDS) {
            return 0;
        }
        items = PySequence_Fast_ITEMS(counts);
    }
    else {
        return 0;
    }
    static const int lo[4] = {0, 9, 18, 27};
    static const int hi[4] = {9, 18, 27, 34};
    for (int g = 0; g < 4; g++) {
        long code = 0;
        /* Horner from the highest rank down: rank r gets weight 5**r. */
        for (int i = hi[g] - 1; i >= lo[g]; i--) {
            long c = read_small(st, items[i], 4, 0);
            if (c < 0) {
                return 0;
            }
            code = code * 5 + c;
        }
        codes[g] = code;
    }
    return 1;
}

PyDoc_STRVAR(group_codes_doc,
"group_codes(counts, /) -> tuple[int, int, int, int] | None\n\n"
"The base-5 codes of the m, p, s and honors groups of a 34-count list or tuple,\n"
"or None unless counts is an exact list/tuple of 34 exact ints in 0..4.");

static PyObject *
group_codes(PyObject *module, PyObject *counts)
{
    long codes[4];
    if (!compute_codes(get_state(module), counts, codes)) {
        Py_RETURN_NONE;
    }
    PyObject *result = PyTuple_New(4);
    if (result == NULL) {
        return NULL;
    }
    for (int g = 0; g < 4; g++) {
        PyObject *code = PyLong_FromLong(codes[g]);
        if (code == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, g, code); /* steals the reference */
    }
    return result;
}

PyDoc_STRVAR(packed_sum_doc,
"packed_sum(counts, tables, jokers, /) -> int | None\n\n"
"Sum of tables[g][code of group g] over the four groups, plus jokers * JOKER_STEP:\n"
"tables is a tuple of four dicts mapping group codes to ints. None when counts is\n"
"not plain (see group_codes), jokers is not an int or bool in 0..MAX_JOKERS, or\n"
"some code is not in its table; TypeError when tables is not a 4-tuple of dicts.");

static PyObject *
packed_sum(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "packed_sum expected 3 arguments, got %zd", nargs);
        return NULL;
    }
    PyObject *counts = args[0];
    PyObject *tables = args[1];
    if (!PyTuple_CheckExact(tables) || PyTuple_GET_SIZE(tables) != 4) {
        PyErr_SetString(PyExc_TypeError, "packed_sum: tables must be a tuple of 4 dicts");
        return NULL;
    }
    for (int g = 0; g < 4; g++) {
        if (!PyDict_CheckExact(PyTuple_GET_ITEM(tables, g))) {
            PyErr_SetString(PyExc_TypeError, "packed_sum: tables must be a tuple of 4 dicts");
            return NULL;
        }
    }
    const speedups_state *st = get_state(module);
    long codes[4];
    if (!compute_codes(st, counts, codes)) {
        Py_RETURN_NONE;
    }
    long jokers = read_small(st, args[2], MAX_JOKERS, 1);
    if (jokers < 0) {
        Py_RETURN_NONE;
    }
    long long total = (long long)jokers * JOKER_STEP;
    for (int g = 0; g < 4; g++) {
        PyObject *key = PyLong_FromLong(codes[g]);
        if (key == NULL) {
            return NULL;
        }
        /* Borrowed; the dict holds it. An int key's hash and compare run no
         * Python code, so nothing can mutate the dict meanwhile. */
        PyObject *value = PyDict_GetItemWithError(PyTuple_GET_ITEM(tables, g), key);
        Py_DECREF(key);
        if (value == NULL) {
            if (PyErr_Occurred()) {
                return NULL;
            }
            Py_RETURN_NONE;
        }
        if (!PyLong_CheckExact(value)) {
            PyErr_SetString(PyExc_TypeError, "packed_sum: table values must be ints");
            return NULL;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow || v < 0 || v > (1LL << 48)) {
            PyErr_SetString(PyExc_ValueError, "packed_sum: table value out of range");
            return NULL;
        }
        total += v; /* four values below 2**48 plus a few thousand: no overflow */
    }
    return PyLong_FromLongLong(total);
}

static PyMethodDef speedups_methods[] = {
    {"group_codes", (PyCFunction)group_codes, METH_O, group_codes_doc},
    {"packed_sum", (PyCFunction)(void (*)(void))packed_sum, METH_FASTCALL, packed_sum_doc},
    {NULL, NULL, 0, NULL},
};

static int
speedups_exec(PyObject *module)
{
    if (PyModule_AddIntConstant(module, "JOKER_STEP", JOKER_STEP) < 0
        || PyModule_AddIntConstant(module, "MAX_JOKERS", MAX_JOKERS) < 0) {
        return -1;
    }
    speedups_state *st = get_state(module);
    for (int k = 0; k < 5; k++) {
        st->small[k] = PyLong_FromLong(k);
        if (st->small[k] == NULL) {
            return -1; /* speedups_clear releases what was made */
        }
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
    .m_doc = "Optional C accelerator for majiang.hand: base-5 group codes and packed-table sums (see docs/hand.md).",
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
