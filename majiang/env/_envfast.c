/* Optional accelerator for majiang.env (see docs/env.md, "Throughput").
 *
 * The pure-Python code stays the reference: majiang/env/tracker.py reads every
 * event kind into the planes, majiang/env/actions.py builds every mask, and
 * the tests compare the planes with planes rebuilt from the seat view (with
 * this module and without it). Here only the things done on every step are
 * done in C:
 *
 *   indices(legal, claim_tile, wild, stand_in)
 *                      each legal action's index (actions.index_of), or None
 *                      when any is unusual: Python then indexes the list.
 *   mask(indices, n)   the action mask: n zero bytes with a 1 at each index;
 *                      None if an index repeats or lies outside 0..n-1.
 *   sync(big, counts, events, start)
 *                      reads Drew and Discarded events from events[start:]
 *                      into the four observers' planes (tracker.HandPlanes),
 *                      stopping at the first event of another kind (or one it
 *                      does not understand): returns that event's position,
 *                      for Python to read it and call again.
 *
 *   write(big, me, out, at, hand, asked)
 *                      one observer's planes copied into out[at:] with the few
 *                      bytes that move on every step (drawn tile, claim,
 *                      phase, wall, hand sizes, turn) read from the hand;
 *                      False (nothing written) when the hand is over or
 *                      anything is unexpected: Python then writes them.
 *
 * configure() is given the event classes and the plane layout once, by
 * majiang/env/fast.py, so this file holds no copy of the layout. No Python
 * code runs while the events are read (attributes of msgspec structs), so the
 * list cannot change under us.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <structmember.h>

/* getattr(obj, name) for the attributes read on every step: the fields of msgspec structs (member
 * descriptors) and of the compiled engine's classes (mypyc: getset descriptors) are read straight
 * through their descriptor, found in the type's attribute cache; anything else (another kind of
 * attribute, a type with its own getattr) goes through PyObject_GetAttr. The same value either
 * way: both kinds are data descriptors, which take precedence over an instance dict. */
static PyObject *fast_attr(PyObject *obj, PyObject *name) {
    PyTypeObject *type = Py_TYPE(obj);
    if (type->tp_getattro == PyObject_GenericGetAttr) {
        PyObject *descr = _PyType_Lookup(type, name); /* borrowed */
        /* (a descriptor of the object's own type or a base, as CPython's descr_check asks) */
        if (descr != NULL && PyObject_TypeCheck(descr, &PyMemberDescr_Type)
            && PyObject_TypeCheck(obj, PyDescr_TYPE(descr))) {
            PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
            if (m->type == T_OBJECT_EX && !(m->flags & READ_RESTRICTED)) {
                PyObject *v = *(PyObject **)((char *)obj + m->offset);
                if (v != NULL) {
                    return Py_NewRef(v);
                }
            }
        }
        else if (descr != NULL && Py_IS_TYPE(descr, &PyGetSetDescr_Type)
                 && PyObject_TypeCheck(obj, PyDescr_TYPE(descr))) {
            PyGetSetDef *g = ((PyGetSetDescrObject *)descr)->d_getset;
            if (g->get != NULL) {
                Py_INCREF(descr); /* (held while the getter runs, as CPython does) */
                PyObject *v = g->get(obj, g->closure);
                Py_DECREF(descr);
                return v;
            }
        }
    }
    return PyObject_GetAttr(obj, name);
}

#define SEATS 4
#define FLOWER0 34

static PyObject *drew_type = NULL;
static PyObject *discarded_type = NULL;
static PyObject *str_seat, *str_tile, *str_declared;
static PyObject *str_phase, *str_claim, *str_current, *str_seat_state, *str_drawn, *str_held, *str_head, *str_tail,
    *str_indicator_index, *str_discarder, *str_over, *str_haidi;

/* The layout (byte offsets within one observer's planes, L bytes each). */
static Py_ssize_t L_, SUIT, FLOWER_HAND, RIVER0, RIVER_STRIDE, FLOWERS0, DECLARED, BUCKET_SIZE, LAST_BUCKET;
static Py_ssize_t DRAWN, CLAIM, SCAL;
static int configured = 0;

/* counts (a bytearray of 16): the rivers' lengths at 0..3, then each seat's own tiles per suit at
 * 4 + seat*3 + suit: the same layout tracker.py keeps on its pure path. */
#define RIVER_LEN(c, s) ((c)[(s)])
#define SUIT_N(c, s, u) ((c)[4 + (s) * 3 + (u)])

PyDoc_STRVAR(configure_doc, "configure(Drew, Discarded, layout): the event classes and the plane offsets\n"
             "(L, suit_count, flower_hand, river[0][0], river stride, flowers[0], declared, bucket size,\n"
             "last bucket, drawn, claim, scalars: bytes, as majiang/env/tracker.py computes them).");

static PyObject *configure_layout(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyTuple_Check(args[2]) || PyTuple_GET_SIZE(args[2]) != 12) {
        PyErr_SetString(PyExc_TypeError, "configure(Drew, Discarded, (12 layout ints))");
        return NULL;
    }
    Py_ssize_t v[12];
    for (int i = 0; i < 12; i++) {
        v[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(args[2], i));
        if (v[i] == -1 && PyErr_Occurred()) return NULL;
    }
    L_ = v[0]; SUIT = v[1]; FLOWER_HAND = v[2]; RIVER0 = v[3]; RIVER_STRIDE = v[4];
    FLOWERS0 = v[5]; DECLARED = v[6]; BUCKET_SIZE = v[7]; LAST_BUCKET = v[8];
    DRAWN = v[9]; CLAIM = v[10]; SCAL = v[11];
    Py_XSETREF(drew_type, Py_NewRef(args[0]));
    Py_XSETREF(discarded_type, Py_NewRef(args[1]));
    configured = 1;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(mask_doc, "mask(indices, n) -> bytearray of n bytes, 1 at each index; None on a repeat or a bad index.");

static PyObject *mask_of(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "mask(list of ints, n)");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[1]);
    if (n < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "n must be >= 0");
        return NULL;
    }
    PyObject *out = PyByteArray_FromStringAndSize(NULL, n);
    if (out == NULL) return NULL;
    char *m = PyByteArray_AS_STRING(out);
    memset(m, 0, (size_t)n);
    PyObject *list = args[0];
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(list); k++) {
        PyObject *item = PyList_GET_ITEM(list, k);
        if (!PyLong_CheckExact(item)) goto refuse;
        Py_ssize_t i = PyLong_AsSsize_t(item);
        if (i < 0 || i >= n) {
            PyErr_Clear();
            goto refuse;
        }
        if (m[i]) goto refuse;
        m[i] = 1;
    }
    return out;
refuse:
    Py_DECREF(out);
    Py_RETURN_NONE;
}

/* An int attribute in 0..limit-1, or -1 (no Python error left set) for anything else. */
static Py_ssize_t small_attr(PyObject *e, PyObject *name, Py_ssize_t limit) {
    PyObject *v = fast_attr(e, name);
    if (v == NULL) {
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t x = -1;
    if (PyLong_CheckExact(v)) {
        x = PyLong_AsSsize_t(v);
        if (x < 0 || x >= limit) {
            PyErr_Clear();
            x = -1;
        }
    }
    Py_DECREF(v);
    return x;
}

/* A tile came into (+1) or left (-1) seat's concealed hand: its hand plane (or flower_hand) and,
 * for a suited tile, its suit count rewritten over the suit's nine columns. */
static void own(unsigned char *big, unsigned char *counts, Py_ssize_t seat, Py_ssize_t tile, int delta) {
    unsigned char *me = big + seat * L_;
    if (tile < 27) {
        me[tile] += delta;
        Py_ssize_t suit = tile / 9;
        unsigned char n = SUIT_N(counts, seat, suit) += delta;
        memset(me + SUIT + 9 * suit, n, 9);
    } else if (tile < FLOWER0) {
        me[tile] += delta;
    } else {
        me[FLOWER_HAND + tile - FLOWER0] += delta;
    }
}

PyDoc_STRVAR(sync_doc, "sync(big, counts, events, start) -> position of the first event not read.");

static PyObject *sync_events(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyByteArray_Check(args[0]) || !PyByteArray_Check(args[1]) || !PyList_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "sync(bytearray, bytearray, list, int)");
        return NULL;
    }
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "configure() first");
        return NULL;
    }
    if (PyByteArray_GET_SIZE(args[0]) != SEATS * L_ || PyByteArray_GET_SIZE(args[1]) != 16) {
        PyErr_SetString(PyExc_ValueError, "sync: planes of 4 observers and 16 counts");
        return NULL;
    }
    Py_ssize_t i = PyLong_AsSsize_t(args[3]);
    if (i == -1 && PyErr_Occurred()) return NULL;
    unsigned char *big = (unsigned char *)PyByteArray_AS_STRING(args[0]);
    unsigned char *counts = (unsigned char *)PyByteArray_AS_STRING(args[1]);
    PyObject *events = args[2];
    for (; i < PyList_GET_SIZE(events); i++) {
        PyObject *e = PyList_GET_ITEM(events, i);
        PyObject *kind = (PyObject *)Py_TYPE(e);
        if (kind != drew_type && kind != discarded_type) break;
        Py_ssize_t seat = small_attr(e, str_seat, SEATS);
        Py_ssize_t tile = small_attr(e, str_tile, FLOWER0 + 8);
        if (seat < 0 || tile < 0) break; /* Python reads it (and says what is wrong) */
        if (kind == drew_type) {
            own(big, counts, seat, tile, 1);
            continue;
        }
        PyObject *declared = fast_attr(e, str_declared);
        if (declared == NULL) {
            PyErr_Clear();
            break;
        }
        int flag = PyObject_IsTrue(declared);
        Py_DECREF(declared);
        if (flag < 0) {
            PyErr_Clear();
            break;
        }
        own(big, counts, seat, tile, -1);
        Py_ssize_t n = RIVER_LEN(counts, seat)++;
        Py_ssize_t first, stride, col = tile;
        if (tile < FLOWER0) {
            Py_ssize_t b = n / BUCKET_SIZE;
            if (b > LAST_BUCKET) b = LAST_BUCKET;
            first = RIVER0 + b * 34;
            stride = RIVER_STRIDE;
        } else { /* a flower 百搭 thrown (baida): flowers[r] columns 8-15 */
            first = FLOWERS0;
            stride = 34;
            col = tile + 8 - FLOWER0;
        }
        for (Py_ssize_t me = 0; me < SEATS; me++) {
            Py_ssize_t r = (seat - me + SEATS) % SEATS;
            big[me * L_ + first + r * stride + col] += 1;
            if (flag) big[me * L_ + DECLARED + r] = 1;
        }
    }
    return PyLong_FromSsize_t(i);
}


/* Attribute ``name`` of ``obj`` as a small int (0 <= x < 1 << 30) into *x; None gives -1 when
 * ``none_ok``. Returns 0, or -1 (no Python error left set) for anything else. */
static int int_attr(PyObject *obj, PyObject *name, Py_ssize_t *x, int none_ok) {
    PyObject *v = fast_attr(obj, name);
    if (v == NULL) {
        PyErr_Clear();
        return -1;
    }
    int rc = 0;
    if (v == Py_None && none_ok) {
        *x = -1;
    } else if (PyLong_CheckExact(v)) {
        *x = PyLong_AsSsize_t(v);
        if (*x < 0 || *x >= (1 << 30)) {
            PyErr_Clear();
            rc = -1;
        }
    } else {
        rc = -1;
    }
    Py_DECREF(v);
    return rc;
}

static int is_str(PyObject *v, PyObject *s) {
    return v == s || (PyUnicode_Check(v) && PyUnicode_Compare(v, s) == 0);
}

PyDoc_STRVAR(write_doc, "write(big, me, out, at, hand, asked) -> True when seat me's planes are written into\n"
             "out[at:at + L] (tracker.HandPlanes.write's in-play part, from events already read), False\n"
             "when not (the hand is over, or anything unexpected): then Python writes them.");

static PyObject *write_planes(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyByteArray_Check(args[0]) || !PyByteArray_Check(args[2]) || !configured) Py_RETURN_FALSE;
    Py_ssize_t me = PyLong_AsSsize_t(args[1]);
    Py_ssize_t at = PyLong_AsSsize_t(args[3]);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    if (me < 0 || me >= SEATS || at < 0 || at + L_ > PyByteArray_GET_SIZE(args[2])
        || PyByteArray_GET_SIZE(args[0]) != SEATS * L_) Py_RETURN_FALSE;
    PyObject *hand = args[4];
    int asked = PyObject_IsTrue(args[5]);
    if (asked < 0) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    /* Everything is read before anything is written: on a surprise nothing has changed. */
    PyObject *phase = fast_attr(hand, str_phase);
    if (phase == NULL) goto fail;
    int over = is_str(phase, str_over), haidi = is_str(phase, str_haidi);
    Py_DECREF(phase);
    if (over) Py_RETURN_FALSE;
    Py_ssize_t current, drawn = -1, claim_tile = -1, head, tail, indicator, sizes[SEATS];
    PyObject *claim = fast_attr(hand, str_claim);
    if (claim == NULL) goto fail;
    int claiming = claim != Py_None;
    int bad = claiming && (int_attr(claim, str_discarder, &current, 0) || int_attr(claim, str_tile, &claim_tile, 0));
    Py_DECREF(claim);
    if (bad) goto fail;
    PyObject *states = fast_attr(hand, str_seat_state);
    if (states == NULL) goto fail;
    if (!PyList_CheckExact(states) || PyList_GET_SIZE(states) != SEATS) {
        Py_DECREF(states);
        goto fail;
    }
    if (!claiming) {
        if (int_attr(hand, str_current, &current, 0) || current >= SEATS) {
            Py_DECREF(states);
            goto fail;
        }
        if (current == me && int_attr(PyList_GET_ITEM(states, me), str_drawn, &drawn, 1)) {
            Py_DECREF(states);
            goto fail;
        }
    }
    for (Py_ssize_t s = 0; s < SEATS; s++) {
        PyObject *held = fast_attr(PyList_GET_ITEM(states, s), str_held);
        if (held == NULL) {
            Py_DECREF(states);
            goto fail;
        }
        sizes[s] = PyObject_Size(held);
        Py_DECREF(held);
        if (sizes[s] < 0 || sizes[s] > 255) {
            Py_DECREF(states);
            goto fail;
        }
    }
    Py_DECREF(states);
    if (int_attr(hand, str_head, &head, 0) || int_attr(hand, str_tail, &tail, 0)
        || int_attr(hand, str_indicator_index, &indicator, 1)) goto fail;
    if (current >= SEATS || drawn >= FLOWER0 + 8 || claim_tile >= FLOWER0 + 8) goto fail;

    unsigned char *o = (unsigned char *)PyByteArray_AS_STRING(args[2]) + at;
    memcpy(o, PyByteArray_AS_STRING(args[0]) + me * L_, (size_t)L_);
    if (!claiming) {
        if (drawn >= 0) {
            if (drawn < FLOWER0) o[DRAWN + drawn] = 1;
            else o[FLOWER_HAND + 8 + drawn - FLOWER0] = 1;
        }
        if (haidi) o[SCAL + 3] = 2;
    } else if (asked) { /* a claim window shows only to a seat asked in it */
        if (claim_tile < FLOWER0) o[CLAIM + claim_tile] = 1;
        o[SCAL + 3] = 1;
    }
    Py_ssize_t wall = tail - head + 1;
    o[SCAL] = (unsigned char)(wall < 0 ? 0 : wall < 256 ? wall : 255);
    for (Py_ssize_t r = 0; r < SEATS; r++) o[SCAL + 4 + r] = (unsigned char)sizes[(me + r) % SEATS];
    o[SCAL + 16] = (unsigned char)((current - me + SEATS) % SEATS);
    if (indicator >= 0 && head <= indicator && indicator <= tail) o[SCAL + 17] = 1;
    Py_RETURN_TRUE;
fail:
    PyErr_Clear();
    Py_RETURN_FALSE;
}

/* ---------------------------------------------------------------- action indices */

/* The action classes (majiang.core.actions), in the order configure_actions takes them. */
enum { A_DISCARD, A_DECLARE, A_CHI, A_PENG, A_KONG, A_WILDKONG, A_EXPOSE, A_WIN, A_PASS, N_ACTION_KINDS };
static PyObject *action_types[N_ACTION_KINDS];
static PyObject *str_tiles, *str_kind, *str_exposed, *str_concealed, *str_added;
static int actions_configured = 0;

PyDoc_STRVAR(configure_actions_doc, "configure_actions(Discard, Declare, Chi, Peng, Kong, WildKong, Expose, Win, Pass).");

static PyObject *configure_actions(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != N_ACTION_KINDS) {
        PyErr_SetString(PyExc_TypeError, "configure_actions takes the nine action classes");
        return NULL;
    }
    for (int i = 0; i < N_ACTION_KINDS; i++) Py_XSETREF(action_types[i], Py_NewRef(args[i]));
    actions_configured = 1;
    Py_RETURN_NONE;
}

/* The value a physical tile plays as in a meld (a stand-in plays as the wild's face). */
static Py_ssize_t value(Py_ssize_t t, Py_ssize_t wild, Py_ssize_t stand_in) {
    return (stand_in >= 0 && t == stand_in && wild >= 0) ? wild : t;
}

/* tiles[0..want-1] of a tuple attribute, each a small int; 0 or -1 (no error left set). */
static int tiles_attr(PyObject *a, Py_ssize_t *out, Py_ssize_t want) {
    PyObject *v = fast_attr(a, str_tiles);
    if (v == NULL) {
        PyErr_Clear();
        return -1;
    }
    int rc = 0;
    if (!PyTuple_CheckExact(v) || PyTuple_GET_SIZE(v) < want || (want == 2 && PyTuple_GET_SIZE(v) != 2)) {
        rc = -1;
    } else {
        for (Py_ssize_t i = 0; i < want && rc == 0; i++) {
            PyObject *t = PyTuple_GET_ITEM(v, i);
            if (!PyLong_CheckExact(t)) {
                rc = -1;
                break;
            }
            out[i] = PyLong_AsSsize_t(t);
            if (out[i] < 0 || out[i] >= FLOWER0) {
                PyErr_Clear();
                rc = -1;
            }
        }
    }
    Py_DECREF(v);
    return rc;
}

/* One action's index (majiang/env/actions.py index_of), or -1 for anything it leaves to Python. */
static Py_ssize_t action_index(PyObject *a, Py_ssize_t claim, Py_ssize_t wild, Py_ssize_t stand_in) {
    PyObject *type = (PyObject *)Py_TYPE(a);
    Py_ssize_t t, tiles[2];
    if (type == action_types[A_DISCARD]) {
        t = small_attr(a, str_tile, FLOWER0 + 8);
        return t < 0 ? -1 : t < FLOWER0 ? t : 178 + t - FLOWER0;
    }
    if (type == action_types[A_PASS]) return 177;
    if (type == action_types[A_DECLARE]) {
        t = small_attr(a, str_tile, FLOWER0);
        return t < 0 ? -1 : 34 + t;
    }
    if (type == action_types[A_CHI]) {
        if (claim < 0 || tiles_attr(a, tiles, 2)) return -1;
        Py_ssize_t want = value(claim, wild, stand_in);
        Py_ssize_t lo = value(tiles[0], wild, stand_in), other = value(tiles[1], wild, stand_in);
        if (other < lo) lo = other;
        /* the held pair starts at want+1, want-1 or want-2: the discard is the low, middle or high tile */
        return lo == want + 1 ? 68 : lo == want - 1 ? 69 : lo == want - 2 ? 70 : -1;
    }
    if (type == action_types[A_PENG]) return 71;
    if (type == action_types[A_KONG]) {
        PyObject *kind = fast_attr(a, str_kind);
        if (kind == NULL) {
            PyErr_Clear();
            return -1;
        }
        int exposed = is_str(kind, str_exposed), concealed = is_str(kind, str_concealed), added = is_str(kind, str_added);
        Py_DECREF(kind);
        if (exposed) return 72;
        if (!(concealed || added) || tiles_attr(a, tiles, 1)) return -1;
        Py_ssize_t v = value(tiles[0], wild, stand_in);
        if (v < 0 || v >= FLOWER0) return -1;
        return (concealed ? 73 : 107) + v;
    }
    if (type == action_types[A_WILDKONG]) return 141;
    if (type == action_types[A_EXPOSE]) {
        t = small_attr(a, str_tile, FLOWER0);
        return t < 0 ? -1 : 142 + t;
    }
    if (type == action_types[A_WIN]) return 176;
    return -1;
}

PyDoc_STRVAR(indices_doc, "indices(legal, claim_tile, wild, stand_in) -> the index of each action (actions.index_of;\n"
             "-1 for None), or None when any action is left to Python (an unusual one).");

static PyObject *indices(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_Check(args[0]) || !actions_configured) Py_RETURN_NONE;
    Py_ssize_t claim = PyLong_AsSsize_t(args[1]), wild = PyLong_AsSsize_t(args[2]),
               stand_in = PyLong_AsSsize_t(args[3]);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject *legal = args[0];
    Py_ssize_t n = PyList_GET_SIZE(legal);
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t i = action_index(PyList_GET_ITEM(legal, k), claim, wild, stand_in);
        PyObject *v = i < 0 ? NULL : PyLong_FromSsize_t(i);
        if (v == NULL) {
            PyErr_Clear();
            Py_DECREF(out);
            Py_RETURN_NONE;
        }
        PyList_SET_ITEM(out, k, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure_layout, METH_FASTCALL, configure_doc},
    {"mask", (PyCFunction)(void (*)(void))mask_of, METH_FASTCALL, mask_doc},
    {"sync", (PyCFunction)(void (*)(void))sync_events, METH_FASTCALL, sync_doc},
    {"write", (PyCFunction)(void (*)(void))write_planes, METH_FASTCALL, write_doc},
    {"configure_actions", (PyCFunction)(void (*)(void))configure_actions, METH_FASTCALL, configure_actions_doc},
    {"indices", (PyCFunction)(void (*)(void))indices, METH_FASTCALL, indices_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "majiang.env._envfast",
    "Optional accelerator for majiang.env: the action mask and the common events into the planes.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__envfast(void) {
    str_seat = PyUnicode_InternFromString("seat");
    str_tile = PyUnicode_InternFromString("tile");
    str_declared = PyUnicode_InternFromString("declared");
    str_phase = PyUnicode_InternFromString("phase");
    str_claim = PyUnicode_InternFromString("claim");
    str_current = PyUnicode_InternFromString("current");
    str_seat_state = PyUnicode_InternFromString("seat_state");
    str_drawn = PyUnicode_InternFromString("drawn");
    str_held = PyUnicode_InternFromString("held");
    str_head = PyUnicode_InternFromString("head");
    str_tail = PyUnicode_InternFromString("tail");
    str_indicator_index = PyUnicode_InternFromString("indicator_index");
    str_discarder = PyUnicode_InternFromString("discarder");
    str_over = PyUnicode_InternFromString("over");
    str_haidi = PyUnicode_InternFromString("haidi");
    str_tiles = PyUnicode_InternFromString("tiles");
    str_kind = PyUnicode_InternFromString("kind");
    str_exposed = PyUnicode_InternFromString("exposed");
    str_concealed = PyUnicode_InternFromString("concealed");
    str_added = PyUnicode_InternFromString("added");
    if (str_tiles == NULL || str_kind == NULL || str_exposed == NULL || str_concealed == NULL || str_added == NULL)
        return NULL;
    if (str_seat == NULL || str_tile == NULL || str_declared == NULL || str_phase == NULL || str_claim == NULL
        || str_current == NULL || str_seat_state == NULL || str_drawn == NULL || str_held == NULL
        || str_head == NULL || str_tail == NULL || str_indicator_index == NULL || str_discarder == NULL
        || str_over == NULL || str_haidi == NULL) return NULL;
    return PyModule_Create(&module);
}
