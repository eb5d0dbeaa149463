/* divm._speedups: the canonical key of state.Canon in C, and the object
 * contents and owner hash it builds on; and the byte masks of footprints.
 *
 * The walk numbers the reachable objects breadth-first, builds each
 * object's record (content id, renumbered pointers), interns it, and folds
 * the record numbers pairwise into hash-consed nodes: the same algorithm,
 * step for step, as Canon._key_py in snapshot.py (the reference and the
 * fallback); a test checks both number states alike.  Records and nodes
 * live in C hash tables (Tables), compared whole, so keys stay exact; Obj's
 * fields are read at their slot offsets (setup).  Python dictionaries of
 * tuples cost most of the key's time before. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdlib.h>
#include <string.h>

#define VERSION 5
#define PL_CODE 0x00100000ULL
#define RAW (1ULL << 40)    /* a target kept by raw id (read-only data, code, a missing global): never a number */
#define GHOST (1ULL << 41)  /* a freed (or never made) stack or heap object, numbered in walk order */
#define K_ALLOCA 2
#define K_HEAP 3

/* -- Obj's fields, read at their slot offsets -------------------------------------------- */

enum { F_B, F_UD, F_PTRS, F_RO, F_KIND, F_SHARED, F_FROZEN, F_H, F_META, F_SYM, F_SERIAL, F_N };
static const char *field_names[F_N] = {"b", "ud", "ptrs", "ro", "kind", "shared", "frozen", "h", "meta", "sym",
                                       "serial"};
static Py_ssize_t field_off[F_N];
static PyTypeObject *obj_type;

/* setup(Obj): where Obj keeps its slots */
static PyObject *setup(PyObject *self, PyObject *cls)
{
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "setup: expected divm.vm.memory.Obj");
        return NULL;
    }
    for (int i = 0; i < F_N; ++i) {
        PyObject *d = PyDict_GetItemString(((PyTypeObject *)cls)->tp_dict, field_names[i]);
        if (!d || !Py_IS_TYPE(d, &PyMemberDescr_Type) ||
            ((PyMemberDescrObject *)d)->d_member->type != T_OBJECT_EX) {
            PyErr_Format(PyExc_TypeError, "setup: Obj.%s is not a slot", field_names[i]);
            return NULL;
        }
        field_off[i] = ((PyMemberDescrObject *)d)->d_member->offset;
    }
    Py_XSETREF(obj_type, (PyTypeObject *)Py_NewRef(cls));
    Py_RETURN_NONE;
}

static int is_obj(PyObject *o)
{
    if (obj_type && Py_TYPE(o) == obj_type)
        return 1;
    PyErr_SetString(PyExc_TypeError, "not a divm.vm.memory.Obj (or _speedups.setup was not called)");
    return 0;
}

/* o's field i (borrowed), NULL with an exception if it was never set */
static inline PyObject *field(PyObject *o, int i)
{
    PyObject *v = *(PyObject **)((char *)o + field_off[i]);
    if (!v)
        PyErr_Format(PyExc_AttributeError, "Obj.%s is not set", field_names[i]);
    return v;
}

static long kind_of(PyObject *o)
{
    PyObject *k = field(o, F_KIND);
    return k ? PyLong_AsLong(k) : -1;
}

static int is_ro(PyObject *o)
{
    PyObject *r = field(o, F_RO);
    return r == Py_False ? 0 : r == Py_True ? 1 : r ? PyObject_IsTrue(r) : -1;
}

static int cmp_off(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* content(o, table, blobs, stored) -> (cid, [(off, target, low)]): state.content
 * for interned contents (the id is the blob's number in table); sets o.h
 * when o is frozen */
static PyObject *content_impl(PyObject *o, PyObject *table, PyObject *blobs, PyObject *stored)
{
    if (!is_obj(o))
        return NULL;
    PyObject *h = field(o, F_H);
    if (!h || h != Py_None)
        return Py_XNewRef(h);
    PyObject *b = field(o, F_B), *ud = field(o, F_UD), *ps = field(o, F_PTRS), *ptrs = NULL, *blob = NULL;
    PyObject *r = NULL, *kind = field(o, F_KIND), *shared = field(o, F_SHARED);
    PyObject *meta = field(o, F_META);  /* user metadata (__vm_poke): bytes or None */
    long *offs = NULL;
    if (!b || !ud || !ps || !kind || !shared || !meta)
        return NULL;
    if (!PyByteArray_Check(b) || (ud != Py_None && !PyByteArray_Check(ud)) ||
        (meta != Py_None && !PyBytes_Check(meta)))
        goto done;
    Py_ssize_t n = PyByteArray_GET_SIZE(b), nu = ud == Py_None ? 0 : PyByteArray_GET_SIZE(ud);
    Py_ssize_t nm = meta == Py_None ? 0 : PyBytes_GET_SIZE(meta);
    Py_ssize_t size = 6 + n + (ud == Py_None ? 0 : 1 + nu) + (meta == Py_None ? 0 : 1 + nm);
    blob = PyBytes_FromStringAndSize(NULL, size);
    ptrs = PyList_New(0);
    if (!blob || !ptrs)
        goto done;
    unsigned char *d = (unsigned char *)PyBytes_AS_STRING(blob);
    long kd = PyLong_AsLong(kind);
    int sh = PyObject_IsTrue(shared);
    if ((kd == -1 && PyErr_Occurred()) || sh < 0)
        goto done;
    d[0] = (unsigned char)kd;
    d[1] = (unsigned char)sh;
    d[2] = n & 0xff, d[3] = (n >> 8) & 0xff, d[4] = (n >> 16) & 0xff, d[5] = (n >> 24) & 0xff;
    memcpy(d + 6, PyByteArray_AS_STRING(b), n);
    if (ud != Py_None) {
        d[6 + n] = 'U';
        memcpy(d + 7 + n, PyByteArray_AS_STRING(ud), nu);
    }
    if (meta != Py_None) {
        Py_ssize_t at = 6 + n + (ud == Py_None ? 0 : 1 + nu);
        d[at] = 'M';
        memcpy(d + at + 1, PyBytes_AS_STRING(meta), nm);
    }
    Py_ssize_t np = PySet_Size(ps);
    if (np < 0)
        goto done;
    if (np) {
        offs = malloc(np * sizeof(long));
        if (!offs) {
            PyErr_NoMemory();
            goto done;
        }
        Py_ssize_t k = 0;
        PyObject *it = PyObject_GetIter(ps), *key;
        if (!it)
            goto done;
        while ((key = PyIter_Next(it)) && k < np) {
            offs[k++] = PyLong_AsLong(key);
            Py_DECREF(key);
        }
        Py_XDECREF(key);
        Py_DECREF(it);
        np = k;
        if (PyErr_Occurred())
            goto done;
        qsort(offs, np, sizeof(long), cmp_off);
        for (k = 0; k < np; ++k) {
            long off = offs[k];
            if (off < 0 || off + 8 > n)
                continue;
            unsigned long long v = 0;
            memcpy(&v, d + 6 + off, 8);  /* little-endian hosts only (checked at import) */
            memset(d + 6 + off, 0, 8);
            PyObject *t = Py_BuildValue("(lKK)", off, v >> 32, v & 0xFFFFFFFFULL);
            if (!t || PyList_Append(ptrs, t) < 0) {
                Py_XDECREF(t);
                goto done;
            }
            Py_DECREF(t);
        }
    }
    PyObject *cid = PyDict_GetItemWithError(table, blob);
    if (cid)
        Py_INCREF(cid);
    else {
        if (PyErr_Occurred())
            goto done;
        cid = PyLong_FromSsize_t(PyList_GET_SIZE(blobs));
        if (!cid || PyDict_SetItem(table, blob, cid) < 0 || PyList_Append(blobs, blob) < 0) {
            Py_XDECREF(cid);
            goto done;
        }
        PyObject *old = PyList_GET_ITEM(stored, 0);
        PyObject *sum = PyLong_FromSsize_t(PyLong_AsSsize_t(old) + size);
        if (!sum) {
            Py_DECREF(cid);
            goto done;
        }
        PyList_SetItem(stored, 0, sum);
    }
    r = PyTuple_Pack(2, cid, ptrs);
    Py_DECREF(cid);
    if (r) {
        PyObject *fr = field(o, F_FROZEN);
        int f = fr ? PyObject_IsTrue(fr) : -1;
        if (f < 0)
            Py_CLEAR(r);
        else if (f)  /* frozen contents never change: cache them (o.h) */
            Py_XSETREF(*(PyObject **)((char *)o + field_off[F_H]), Py_NewRef(r));
    }
done:
    free(offs);
    Py_XDECREF(blob);
    Py_XDECREF(ptrs);
    if (!r && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "content: not an object of divm.memory.Obj's shape");
    return r;
}

static PyObject *content(PyObject *self, PyObject *args)
{
    PyObject *o, *table, *blobs, *stored;
    if (!PyArg_ParseTuple(args, "OO!O!O!", &o, &PyDict_Type, &table, &PyList_Type, &blobs, &PyList_Type,
                          &stored))
        return NULL;
    return content_impl(o, table, blobs, stored);
}

/* sum * P + the 64-bit digest of content cid (d64 caches digest64's answers) */
static int add_digest(unsigned long long *sum, PyObject *d64, PyObject *digest64, PyObject *cid)
{
    PyObject *v = PyDict_GetItemWithError(d64, cid);
    if (v)
        Py_INCREF(v);
    else if (PyErr_Occurred() || !(v = PyObject_CallOneArg(digest64, cid)))
        return -1;
    *sum = *sum * 0x100000001B3ULL + PyLong_AsUnsignedLongLongMask(v);  /* in order: BFS order is canonical */
    Py_DECREF(v);
    return PyErr_Occurred() ? -1 : 0;
}

/* number the targets of ptrs (a list of (offset, target, low)) not numbered yet */
static int part_targets(PyObject *objs, PyObject *order, PyObject *num, PyObject *ptrs)
{
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(ptrs); ++k) {
        PyObject *t = PyTuple_GET_ITEM(PyList_GET_ITEM(ptrs, k), 1);
        int zero = PyObject_Not(t), in = zero ? 1 : PyDict_Contains(num, t);
        if (zero < 0 || in < 0)
            return -1;
        if (in)
            continue;
        PyObject *c = PyDict_GetItemWithError(objs, t);
        if (!c) {
            if (PyErr_Occurred())
                return -1;
            continue;
        }
        int ro = is_obj(c) ? is_ro(c) : -1;
        if (ro < 0)
            return -1;
        if (ro)
            continue;
        PyObject *nv = NULL;
        if (PyList_Append(order, t) < 0 || !(nv = PyLong_FromSsize_t(PyList_GET_SIZE(order))) ||
            PyDict_SetItem(num, t, nv) < 0) {
            Py_XDECREF(nv);
            return -1;
        }
        Py_DECREF(nv);
    }
    return 0;
}

/* part(objs, order, npr, seg_ptrs, d64, digest64, tables, num, mask) -> (sum, length):
 * the walk of Canon._walk (no records) hashing, in order, a 64-bit digest
 * of the contents of each reached object past the npr pristine roots whose
 * kind is in mask (bit 1 << kind); the others are left out (parallel.part).
 * order is extended in place and num (raw id -> number, given for the
 * roots) numbers every object reached: key can then take both as they are. */
static PyObject *part(PyObject *self, PyObject *args)
{
    PyObject *objs, *order, *segp, *d64, *digest64, *tables, *num;
    Py_ssize_t npr;
    unsigned long mask;
    if (!PyArg_ParseTuple(args, "O!O!nO!O!OO!O!k", &PyDict_Type, &objs, &PyList_Type, &order, &npr, &PyList_Type,
                          &segp, &PyDict_Type, &d64, &digest64, &PyTuple_Type, &tables, &PyDict_Type, &num, &mask))
        return NULL;
    unsigned long long sum = 0;
    for (Py_ssize_t l = 0; l < PyList_GET_SIZE(segp); ++l)  /* the pristine roots' pointers first */
        if (part_targets(objs, order, num, PyList_GET_ITEM(segp, l)) < 0)
            return NULL;
    for (Py_ssize_t i = npr; i < PyList_GET_SIZE(order); ++i) {
        PyObject *o = PyDict_GetItemWithError(objs, PyList_GET_ITEM(order, i));
        if (!o) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "object in order missing");
            return NULL;
        }
        PyObject *h = content_impl(o, PyTuple_GET_ITEM(tables, 0), PyTuple_GET_ITEM(tables, 1),
                                   PyTuple_GET_ITEM(tables, 2));
        long kd = h ? kind_of(o) : -1;
        int bad = kd < 0 || (((mask >> kd) & 1) && add_digest(&sum, d64, digest64, PyTuple_GET_ITEM(h, 0)) < 0) ||
                  part_targets(objs, order, num, PyTuple_GET_ITEM(h, 1)) < 0;
        Py_XDECREF(h);
        if (bad)
            return NULL;
    }
    return Py_BuildValue("Kn", sum, PyList_GET_SIZE(order));
}

/* moved(objs, ids, expected, known, same) -> (kept, touched): Canon._roots'
 * roots written or freed since boot.  For each ids[i] whose object is not
 * expected[i]: a freed one goes to kept; another to kept and touched unless
 * it holds its boot contents after all, as known[serial << 32 | id] says
 * for frozen contents, or else same(object, id) */
static PyObject *moved(PyObject *self, PyObject *args)
{
    PyObject *objs, *ids, *expected, *known, *same;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O", &PyDict_Type, &objs, &PyList_Type, &ids, &PyList_Type, &expected,
                          &PyDict_Type, &known, &same))
        return NULL;
    PyObject *kept = PyList_New(0), *touched = PyList_New(0);
    if (!kept || !touched)
        goto fail;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(ids) && i < PyList_GET_SIZE(expected); ++i) {
        PyObject *id = PyList_GET_ITEM(ids, i), *o = PyDict_GetItemWithError(objs, id);
        if (!o && PyErr_Occurred())
            goto fail;
        if ((o ? o : Py_None) == PyList_GET_ITEM(expected, i))
            continue;
        if (!o) {
            if (PyList_Append(kept, id) < 0)
                goto fail;
            continue;
        }
        if (!is_obj(o))
            goto fail;
        PyObject *serial = field(o, F_SERIAL), *v = NULL;
        if (!serial)
            goto fail;
        int pristine;
        if (PyObject_IsTrue(serial) == 1) {
            unsigned long long sv = PyLong_AsUnsignedLongLong(serial), r = PyLong_AsUnsignedLongLong(id);
            if (PyErr_Occurred())
                goto fail;
            PyObject *k = PyLong_FromUnsignedLongLong(sv << 32 | r);
            if (!k)
                goto fail;
            v = PyDict_GetItemWithError(known, k);
            Py_DECREF(k);
            if (!v && PyErr_Occurred())
                goto fail;
        }
        if (v) {
            pristine = PyObject_IsTrue(v);
        } else {
            PyObject *res = PyObject_CallFunctionObjArgs(same, o, id, NULL);
            if (!res)
                goto fail;
            pristine = PyObject_IsTrue(res);
            Py_DECREF(res);
        }
        if (pristine < 0 || (!pristine && (PyList_Append(kept, id) < 0 || PyList_Append(touched, id) < 0)))
            goto fail;
    }
    return Py_BuildValue("(NN)", kept, touched);
fail:
    Py_XDECREF(kept);
    Py_XDECREF(touched);
    return NULL;
}

/* objects(objs, base, a, b) -> set | None: parallel.changes for the ids in
 * a and b (sets): those whose object in objs is not the one in base; None
 * if that does not account for every difference in size */
static int differs(PyObject *objs, PyObject *base, PyObject *ids, PyObject *chg)
{
    PyObject *it = PyObject_GetIter(ids), *id;
    if (!it)
        return -1;
    while ((id = PyIter_Next(it))) {
        PyObject *o = PyDict_GetItemWithError(objs, id), *b = o || !PyErr_Occurred() ?
                                                              PyDict_GetItemWithError(base, id) : NULL;
        int bad = PyErr_Occurred() || (o != b && PySet_Add(chg, id) < 0);
        Py_DECREF(id);
        if (bad)
            break;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *objects(PyObject *self, PyObject *args)
{
    PyObject *objs, *base, *a, *b;
    if (!PyArg_ParseTuple(args, "O!O!O!O!", &PyDict_Type, &objs, &PyDict_Type, &base, &PySet_Type, &a,
                          &PySet_Type, &b))
        return NULL;
    PyObject *chg = PySet_New(NULL), *it = NULL, *id;
    if (!chg || differs(objs, base, a, chg) < 0 || differs(objs, base, b, chg) < 0)
        goto fail;
    if (!(it = PyObject_GetIter(chg)))
        goto fail;
    Py_ssize_t extra = 0;
    while ((id = PyIter_Next(it))) {
        int in = PyDict_Contains(objs, id), inb = in > 0 ? PyDict_Contains(base, id) : 0;
        Py_DECREF(id);
        if (in < 0 || inb < 0)
            goto fail;
        extra += in ? !inb : -1;
    }
    Py_CLEAR(it);
    if (PyErr_Occurred())
        goto fail;
    if (PyDict_GET_SIZE(objs) == PyDict_GET_SIZE(base) + extra)
        return chg;
    Py_DECREF(chg);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(it);
    Py_XDECREF(chg);
    return NULL;
}

/* -- Tables: records and tree nodes, interned ------------------------------------------------ */

/* A record is an array of 64-bit numbers with a tag (TAG_REC: an object's
 * content id and renumbered pointers; TAG_RANK: the raw-id order of user
 * objects); a node is a pair of numbers.  Both map to numbers from the
 * Canon's counter (0 marks an empty slot: numbers start at 1). */
enum { TAG_REC, TAG_RANK };

typedef struct {
    unsigned long long h;
    long long num;
    Py_ssize_t at, len;
    int tag;
} rslot;

typedef struct {
    long long a, b, num;
} nslot;

typedef struct {
    PyObject_HEAD
    long long *data;   /* the records, one after another */
    Py_ssize_t dlen, dcap;
    rslot *rs;         /* open addressing over data; capacity a power of 2 */
    Py_ssize_t rcap, rn;
    nslot *ns;
    Py_ssize_t ncap, nn;
} Tables;

static void tables_dealloc(Tables *t)
{
    free(t->data);
    free(t->rs);
    free(t->ns);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static PyObject *tables_counts(Tables *t, PyObject *unused)
{
    return Py_BuildValue("nnn", t->rn, t->nn, t->dlen);
}

static PyMethodDef tables_methods[] = {
    {"counts", (PyCFunction)tables_counts, METH_NOARGS, "(records, nodes, 64-bit words of records)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "divm.state._speedups.Tables",
    .tp_basicsize = sizeof(Tables),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)tables_dealloc,
    .tp_methods = tables_methods,
    .tp_doc = "interned records and tree nodes of canonical keys",
};

static inline unsigned long long mix(unsigned long long h, unsigned long long x)
{
    h = (h ^ x) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 31);
}

static unsigned long long rec_hash(const long long *v, Py_ssize_t n, int tag)
{
    unsigned long long h = mix(0x243F6A8885A308D3ULL + (unsigned long long)tag, (unsigned long long)n);
    for (Py_ssize_t i = 0; i < n; ++i)
        h = mix(h, (unsigned long long)v[i]);
    return h;
}

static int grow_records(Tables *t)
{
    Py_ssize_t cap = t->rcap ? 2 * t->rcap : 1024;
    rslot *rs = calloc(cap, sizeof(rslot));
    if (!rs) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < t->rcap; ++i)
        if (t->rs[i].num) {
            Py_ssize_t j = t->rs[i].h & (cap - 1);
            while (rs[j].num)
                j = (j + 1) & (cap - 1);
            rs[j] = t->rs[i];
        }
    free(t->rs);
    t->rs = rs, t->rcap = cap;
    return 0;
}

/* the number of record v[0..n) with tag; a new one takes *next (and adds n to *words) */
static long long rec_intern(Tables *t, const long long *v, Py_ssize_t n, int tag, long long *next, long long *words)
{
    if ((t->rn + 1) * 2 > t->rcap && grow_records(t) < 0)
        return -1;
    unsigned long long h = rec_hash(v, n, tag);
    Py_ssize_t i = h & (t->rcap - 1);
    for (; t->rs[i].num; i = (i + 1) & (t->rcap - 1)) {
        rslot *s = &t->rs[i];
        if (s->h == h && s->len == n && s->tag == tag && !memcmp(t->data + s->at, v, n * sizeof(long long)))
            return s->num;
    }
    if (t->dlen + n > t->dcap) {
        Py_ssize_t cap = t->dcap ? 2 * t->dcap : 4096;
        while (cap < t->dlen + n)
            cap *= 2;
        long long *d = realloc(t->data, cap * sizeof(long long));
        if (!d) {
            PyErr_NoMemory();
            return -1;
        }
        t->data = d, t->dcap = cap;
    }
    memcpy(t->data + t->dlen, v, n * sizeof(long long));
    rslot *s = &t->rs[i];
    s->h = h, s->num = (*next)++, s->at = t->dlen, s->len = n, s->tag = tag;
    t->dlen += n;
    t->rn++;
    *words += n;
    return s->num;
}

static inline unsigned long long node_hash(long long a, long long b)
{
    return mix(mix(0x13198A2E03707344ULL, (unsigned long long)a), (unsigned long long)b);
}

static int grow_nodes(Tables *t)
{
    Py_ssize_t cap = t->ncap ? 2 * t->ncap : 1024;
    nslot *ns = calloc(cap, sizeof(nslot));
    if (!ns) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < t->ncap; ++i)
        if (t->ns[i].num) {
            Py_ssize_t j = node_hash(t->ns[i].a, t->ns[i].b) & (cap - 1);
            while (ns[j].num)
                j = (j + 1) & (cap - 1);
            ns[j] = t->ns[i];
        }
    free(t->ns);
    t->ns = ns, t->ncap = cap;
    return 0;
}

/* the number of the node (a, b); a new one takes *next */
static long long node_intern(Tables *t, long long a, long long b, long long *next)
{
    if ((t->nn + 1) * 2 > t->ncap && grow_nodes(t) < 0)
        return -1;
    Py_ssize_t i = node_hash(a, b) & (t->ncap - 1);
    for (; t->ns[i].num; i = (i + 1) & (t->ncap - 1))
        if (t->ns[i].a == a && t->ns[i].b == b)
            return t->ns[i].num;
    t->ns[i].a = a, t->ns[i].b = b, t->ns[i].num = (*next)++;
    t->nn++;
    return t->ns[i].num;
}

/* a state's number: the record numbers v[0..n) folded pairwise into nodes */
static long long fold(Tables *t, long long *v, Py_ssize_t n, long long *next)
{
    while (n > 1) {
        Py_ssize_t w = 0;
        for (Py_ssize_t k = 0; k + 1 < n; k += 2) {
            long long x = node_intern(t, v[k], v[k + 1], next);
            if (x < 0)
                return -1;
            v[w++] = x;
        }
        if (n & 1)
            v[w++] = v[n - 1];
        n = w;
    }
    return v[0];
}

/* -- the walk ---------------------------------------------------------------------------------- */

typedef struct {
    long long *v;
    Py_ssize_t n, cap;
} ints_t;

static int push(ints_t *a, long long x)
{
    if (a->n == a->cap) {
        Py_ssize_t cap = a->cap ? 2 * a->cap : 64;
        long long *v = realloc(a->v, cap * sizeof(long long));
        if (!v) {
            PyErr_NoMemory();
            return -1;
        }
        a->v = v, a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

/* The objects a walk numbers itself: their raw ids in order (owned
 * references) and raw id -> number (open addressing; an entry is live when
 * its generation is the walk's).  One walk at a time (the GIL). */
typedef struct {
    unsigned long long id;
    long long num;
    unsigned gen;
} nent;

static struct {
    PyObject **ord;    /* raw ids (owned) */
    PyObject **obj;    /* their objects (borrowed from objs, which the walk does not change) */
    Py_ssize_t n, cap;
    nent *tab;
    Py_ssize_t tcap, tn;
    unsigned gen;
    long long ghosts;  /* freed objects numbered so far */
} W;

static void walk_reset(void)
{
    for (Py_ssize_t i = 0; i < W.n; ++i)
        Py_DECREF(W.ord[i]);
    W.n = W.tn = 0;
    W.ghosts = 0;
    if (++W.gen == 0) {  /* wrapped: forget every old entry */
        memset(W.tab, 0, W.tcap * sizeof(nent));
        W.gen = 1;
    }
}

static long long num_get(unsigned long long id)
{
    if (!W.tcap)
        return -1;
    for (Py_ssize_t i = mix(id, 0) & (W.tcap - 1); W.tab[i].gen == W.gen; i = (i + 1) & (W.tcap - 1))
        if (W.tab[i].id == id)
            return W.tab[i].num;
    return -1;
}

static int num_put(unsigned long long id, long long num)
{
    if ((W.tn + 1) * 2 > W.tcap) {
        Py_ssize_t cap = W.tcap ? 2 * W.tcap : 256;
        nent *tab = calloc(cap, sizeof(nent));
        if (!tab) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < W.tcap; ++i)
            if (W.tab[i].gen == W.gen) {
                Py_ssize_t j = mix(W.tab[i].id, 0) & (cap - 1);
                while (tab[j].gen == W.gen)
                    j = (j + 1) & (cap - 1);
                tab[j] = W.tab[i];
            }
        free(W.tab);
        W.tab = tab, W.tcap = cap;
    }
    Py_ssize_t i = mix(id, 0) & (W.tcap - 1);
    while (W.tab[i].gen == W.gen)
        i = (i + 1) & (W.tcap - 1);
    W.tab[i].id = id, W.tab[i].num = num, W.tab[i].gen = W.gen;
    W.tn++;
    return 0;
}

/* t (a raw id, object o) joins the walk's order */
static int append(PyObject *t, PyObject *o)
{
    if (W.n == W.cap) {
        Py_ssize_t cap = W.cap ? 2 * W.cap : 256;
        PyObject **ord = realloc(W.ord, cap * sizeof(PyObject *)), **obj = ord ? realloc(W.obj, cap * sizeof(PyObject *)) : NULL;
        if (ord)
            W.ord = ord;
        if (!obj) {
            PyErr_NoMemory();
            return -1;
        }
        W.obj = obj, W.cap = cap;
    }
    W.obj[W.n] = o;
    W.ord[W.n++] = Py_NewRef(t);
    return 0;
}

/* t is numbered next */
static long long number(PyObject *t, unsigned long long raw, PyObject *o, Py_ssize_t npr)
{
    long long c = npr + W.n + 1;
    return append(t, o) < 0 || num_put(raw, c) < 0 ? -1 : c;
}

/* the number of pointer target t: numbered on first sight (a missing one
 * as a ghost) unless it is read-only data or below the stack's ids (kept
 * raw, tagged RAW); -1 on an error */
static long long target(PyObject *objs, PyObject *t, Py_ssize_t npr)
{
    unsigned long long raw = PyLong_AsUnsignedLongLong(t);
    if (raw == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    long long c = num_get(raw);
    if (c >= 0)
        return c;
    PyObject *o = PyDict_GetItemWithError(objs, t);
    if (!o) {
        if (PyErr_Occurred())
            return -1;
        if (raw < PL_CODE)
            return (long long)(raw | RAW);
        c = (long long)GHOST + W.ghosts++;
        return num_put(raw, c) < 0 ? -1 : c;
    }
    int ro = is_obj(o) ? is_ro(o) : -1;
    if (ro)
        return ro < 0 ? -1 : (long long)(raw | RAW);
    return number(t, raw, o, npr);
}

/* the walk starts from the numbers in base (raw id -> number) */
static int start(PyObject *base)
{
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(base, &pos, &k, &v)) {
        unsigned long long raw = PyLong_AsUnsignedLongLong(k);
        long long n = PyLong_AsLongLong(v);
        if (PyErr_Occurred() || num_put(raw, n) < 0)
            return -1;
    }
    return 0;
}

/* record of object o into rec (content id, then offset, target number, low
 * offset per pointer); its user index and owner digest too */
static int record(PyObject *objs, Py_ssize_t npr, PyObject *o, PyObject *tables, ints_t *rec,
                  PyObject *d64, PyObject *digest64, unsigned long mask, unsigned long long *sum, long *kind)
{
    PyObject *h = content_impl(o, PyTuple_GET_ITEM(tables, 0), PyTuple_GET_ITEM(tables, 1),
                               PyTuple_GET_ITEM(tables, 2));
    if (!h)
        return -1;
    PyObject *cid = PyTuple_GET_ITEM(h, 0), *ptrs = PyTuple_GET_ITEM(h, 1);
    *kind = kind_of(o);
    int bad = *kind < 0 || (d64 && ((mask >> *kind) & 1) && add_digest(sum, d64, digest64, cid) < 0);
    rec->n = 0;
    bad = bad || push(rec, PyLong_AsLongLong(cid)) < 0;
    for (Py_ssize_t k = 0; !bad && k < PyList_GET_SIZE(ptrs); ++k) {
        PyObject *p = PyList_GET_ITEM(ptrs, k), *t = PyTuple_GET_ITEM(p, 1);
        int zero = PyObject_Not(t);
        long long c = zero ? 0 : target(objs, t, npr);
        bad = zero < 0 || c < 0 || push(rec, PyLong_AsLongLong(PyTuple_GET_ITEM(p, 0))) < 0 || push(rec, c) < 0 ||
              push(rec, PyLong_AsLongLong(PyTuple_GET_ITEM(p, 2))) < 0;
    }
    Py_DECREF(h);
    return bad || PyErr_Occurred() ? -1 : 0;
}

typedef struct {
    unsigned long long raw;
    long long idx;
} rank_t;

static int by_raw(const void *a, const void *b)
{
    unsigned long long x = ((const rank_t *)a)->raw, y = ((const rank_t *)b)->raw;
    return x < y ? -1 : x > y;
}

/* the rank record: the indices of the user objects (idx) in the order of
 * their raw ids (raw) */
static long long rank_of(Tables *tb, ints_t *idx, ints_t *raw, long long *next, long long *words)
{
    rank_t *r = malloc(idx->n * sizeof(rank_t));
    long long *v = malloc(idx->n * sizeof(long long));
    long long n = -1;
    if (!r || !v)
        PyErr_NoMemory();
    else {
        for (Py_ssize_t k = 0; k < idx->n; ++k)
            r[k].idx = idx->v[k], r[k].raw = (unsigned long long)raw->v[k];
        qsort(r, idx->n, sizeof(rank_t), by_raw);
        for (Py_ssize_t k = 0; k < idx->n; ++k)
            v[k] = r[k].idx;
        long long before = *next;
        n = rec_intern(tb, v, idx->n, TAG_RANK, next, words);
        *words += *next != before;  /* as the Python reference counts its ("rank", ...) */
    }
    free(r);
    free(v);
    return n;
}

/* the header record's pointers: the pristine roots' pointers that leave
 * the segment (their targets are numbered first) */
static int head_of(PyObject *objs, Py_ssize_t npr, PyObject *head, PyObject *var)
{
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(var); ++k) {
        PyObject *p = PyList_GET_ITEM(var, k), *c;
        long long n = target(objs, PyTuple_GET_ITEM(p, 1), npr);
        if (n < 0 || !(c = PyLong_FromLongLong(n)))
            return -1;
        int bad = PyList_Append(head, PyTuple_GET_ITEM(p, 0)) < 0 || PyList_Append(head, c) < 0 ||
                  PyList_Append(head, PyTuple_GET_ITEM(p, 2)) < 0;
        Py_DECREF(c);
        if (bad)
            return -1;
    }
    return 0;
}

static long long intern_py(PyObject *leaves, PyObject *rec, long long *next, long long *words)
{
    PyObject *n = PyDict_GetItemWithError(leaves, rec);
    if (n)
        return PyLong_AsLongLong(n);
    if (PyErr_Occurred())
        return -1;
    PyObject *v = PyLong_FromLongLong(*next);
    if (!v || PyDict_SetItem(leaves, rec, v) < 0) {
        Py_XDECREF(v);
        return -1;
    }
    Py_DECREF(v);
    *words += PyTuple_GET_SIZE(rec);
    return (*next)++;
}

/* the walk's start: the user objects among the pristine roots (user0:
 * (index, raw id) pairs) into idx and raw, the numbers in base, and the
 * objects numbered before the walk (touched roots, or order's past npr) */
static int begin(PyObject *objs, PyObject *order, PyObject *base, Py_ssize_t npr, PyObject *touched,
                 PyObject *user0, ints_t *idx, ints_t *raw)
{
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(user0); ++k) {
        PyObject *p = PyList_GET_ITEM(user0, k);
        if (push(idx, PyLong_AsLongLong(PyTuple_GET_ITEM(p, 0))) < 0 ||
            push(raw, PyLong_AsLongLong(PyTuple_GET_ITEM(p, 1))) < 0)
            return -1;
    }
    if (start(base) < 0)
        return -1;
    PyObject *given = order == Py_None ? touched : order;
    for (Py_ssize_t k = order == Py_None ? 0 : npr; k < PyList_GET_SIZE(given); ++k) {
        PyObject *t = PyList_GET_ITEM(given, k), *o = PyDict_GetItemWithError(objs, t);
        unsigned long long r = PyLong_AsUnsignedLongLong(t);
        if (!o) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "key: an object in the order is missing");
            return -1;
        }
        /* (with an order, base numbers them already) */
        if (PyErr_Occurred() || (order == Py_None ? number(t, r, o, npr) : append(t, o)) < 0)
            return -1;
    }
    return 0;
}

/* the header record's number: head with the number of objects, interned in leaves */
static long long head_number(PyObject *head, Py_ssize_t count, PyObject *leaves, long long *next, long long *words)
{
    PyObject *c = PyLong_FromSsize_t(count), *ht;
    if (!c || PyList_Append(head, c) < 0 || !(ht = PyList_AsTuple(head))) {
        Py_XDECREF(c);
        return -1;
    }
    Py_DECREF(c);
    long long n = intern_py(leaves, ht, next, words);
    Py_DECREF(ht);
    return n;
}

/* key(objs, order, base, npr, touched, head, var, user, tables, leaves, next, ctables, rank[, d64, digest64, mask])
 *   -> (root, next, record words added, number of objects[, owner sum])
 * base: raw id -> number of the pristine roots (and, with order, of every
 * object numbered so far); order: None, or the list Canon.start gave (and
 * parallel.part may have extended): its items past npr are numbered
 * already; touched: without order, the other roots (numbered npr + 1, ...);
 * head: the header record so far (flags, segment, user registers, touched
 * roots); var: the pristine roots' pointers that leave the segment; user:
 * (index, raw id) of the user objects among the pristine roots; tables: a
 * Tables; leaves: a dict where the header record is interned; ctables: the
 * content tables content_impl interns into; rank: keep the raw-id order of
 * user objects.  With d64, digest64 and mask it also gives part's sum over
 * the same objects in the same order (a worker needs both the local key
 * and the owner of every successor: one walk). */
static PyObject *key(PyObject *self, PyObject *args)
{
    PyObject *objs, *order, *base, *touched, *head, *var, *user0, *tables, *leaves, *ctables;
    PyObject *d64 = NULL, *digest64 = NULL;
    Py_ssize_t npr;
    long long next, words = 0;
    int rank;
    unsigned long long sum = 0;
    unsigned long mask = 0;
    if (!PyArg_ParseTuple(args, "O!OO!nO!O!O!O!O!O!LO!p|O!Ok", &PyDict_Type, &objs, &order, &PyDict_Type, &base,
                          &npr, &PyList_Type, &touched, &PyList_Type, &head, &PyList_Type, &var, &PyList_Type,
                          &user0, &TablesType, &tables, &PyDict_Type, &leaves, &next, &PyTuple_Type, &ctables,
                          &rank, &PyDict_Type, &d64, &digest64, &mask))
        return NULL;
    if (order != Py_None && !PyList_Check(order))
        return PyErr_Format(PyExc_TypeError, "key: order must be a list or None");
    Tables *tb = (Tables *)tables;
    PyObject *result = NULL;
    ints_t ids = {0}, uidx = {0}, uraw = {0}, rec = {0};
    walk_reset();
    if (push(&ids, 0) < 0 || begin(objs, order, base, npr, touched, user0, &uidx, &uraw) < 0 ||
        head_of(objs, npr, head, var) < 0)  /* (ids[0]: the header's number, filled in last) */
        goto done;
    for (Py_ssize_t j = 0; j < W.n; ++j) {
        PyObject *o = W.obj[j];
        long kd;
        if (record(objs, npr, o, ctables, &rec, d64, digest64, mask, &sum, &kd) < 0)
            goto done;
        if ((kd == K_ALLOCA || kd == K_HEAP) &&
            (push(&uidx, npr + j) < 0 || push(&uraw, (long long)PyLong_AsUnsignedLongLong(W.ord[j])) < 0))
            goto done;
        long long n = rec_intern(tb, rec.v, rec.n, TAG_REC, &next, &words);
        if (n < 0 || push(&ids, n) < 0)
            goto done;
    }
    Py_ssize_t count = npr + W.n;
    if ((ids.v[0] = head_number(head, count, leaves, &next, &words)) < 0)
        goto done;
    if (rank && uidx.n) {  /* relative order of raw ids (pointer comparisons across objects see it) */
        long long n = rank_of(tb, &uidx, &uraw, &next, &words);
        if (n < 0 || push(&ids, n) < 0)
            goto done;
    }
    long long root = fold(tb, ids.v, ids.n, &next);
    if (root >= 0)
        result = d64 ? Py_BuildValue("LLLnK", root, next, words, count, sum)
                     : Py_BuildValue("LLLn", root, next, words, count);
done:
    walk_reset();
    free(ids.v);
    free(uidx.v);
    free(uraw.v);
    free(rec.v);
    return result;
}


/* -- footprints (explore/sleep.py): which bytes a transition touched --------------------- */
/* A mask has bit 8 * i set for byte i of an object, -1 for all of it; the
 * Python reference is vm/footprint.py (touched_masks, differ). */

static PyObject *mask_of(const unsigned char *marks, Py_ssize_t n)
{
    return _PyLong_FromByteArray(marks, (size_t)n, 1, 0);
}

typedef struct {
    unsigned long long oid;
    Py_ssize_t len;
    int whole;
    unsigned char *m;
} tm_ent;

#define TM_MAX 256

/* touch_masks(log, big): {object id: mask} of the (pointer, size) pairs in
 * log; an access past byte big (or of an unknown size) is the whole
 * object, one at a pointer that is no plain int makes key -1 */
static PyObject *touch_masks(PyObject *self, PyObject *args)
{
    PyObject *log;
    Py_ssize_t big;
    if (!PyArg_ParseTuple(args, "O!n", &PyList_Type, &log, &big) || big <= 0)
        return NULL;
    tm_ent ents[TM_MAX];
    int ne = 0, any = 0, last = -1;
    PyObject *out = NULL;
    Py_ssize_t n = PyList_GET_SIZE(log);
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject *it = PyList_GET_ITEM(log, i);
        if (!PyTuple_Check(it) || PyTuple_GET_SIZE(it) != 2) {
            any = 1;
            continue;
        }
        PyObject *p = PyTuple_GET_ITEM(it, 0), *sz = PyTuple_GET_ITEM(it, 1);
        if (!PyLong_CheckExact(p) || !PyLong_CheckExact(sz)) {
            any = 1;
            continue;
        }
        unsigned long long pv = PyLong_AsUnsignedLongLong(p);
        long long nv = PyLong_AsLongLong(sz);
        if (PyErr_Occurred()) {
            PyErr_Clear();
            any = 1;
            continue;
        }
        unsigned long long oid = pv >> 32, off = pv & 0xFFFFFFFFULL;
        int k = last;
        if (k < 0 || ents[k].oid != oid) {
            for (k = 0; k < ne && ents[k].oid != oid; ++k)
                ;
            if (k == ne) {
                if (ne == TM_MAX) {  /* (too many objects: every one of them whole) */
                    any = 1;
                    continue;
                }
                ents[k].oid = oid;
                ents[k].len = 0;
                ents[k].whole = 0;
                ents[k].m = NULL;
                ++ne;
            }
            last = k;
        }
        tm_ent *e = &ents[k];
        if (e->whole)
            continue;
        if (nv < 0 || (long long)off + nv > big) {
            e->whole = 1;
            continue;
        }
        if (!e->m && !(e->m = calloc((size_t)big, 1))) {
            PyErr_NoMemory();
            goto done;
        }
        memset(e->m + off, 1, (size_t)nv);
        if ((Py_ssize_t)(off + nv) > e->len)
            e->len = (Py_ssize_t)(off + nv);
    }
    out = PyDict_New();
    if (!out)
        goto done;
    for (int k = 0; k < ne; ++k) {
        PyObject *key = PyLong_FromUnsignedLongLong(ents[k].oid);
        PyObject *val = ents[k].whole ? PyLong_FromLong(-1) : mask_of(ents[k].m, ents[k].len);
        if (!key || !val || PyDict_SetItem(out, key, val) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(val);
            Py_CLEAR(out);
            goto done;
        }
        Py_DECREF(key);
        Py_DECREF(val);
    }
    if (any) {
        PyObject *key = PyLong_FromLong(-1), *val = PyLong_FromLong(-1);
        if (!key || !val || PyDict_SetItem(out, key, val) < 0)
            Py_CLEAR(out);
        Py_XDECREF(key);
        Py_XDECREF(val);
    }
done:
    for (int k = 0; k < ne; ++k)
        free(ents[k].m);
    return out;
}

/* the mask of the bytes a transition changed in an object that was old and
 * is now new (vm/footprint.py's changed): NULL with an exception, else a
 * new reference (0: none, -1: all) */
static PyObject *changed_mask(PyObject *old, PyObject *new, Py_ssize_t big)
{
    PyObject *ob = field(old, F_B), *nb = field(new, F_B), *ou = field(old, F_UD), *nu = field(new, F_UD);
    PyObject *om = field(old, F_META), *nm = field(new, F_META), *os = field(old, F_SYM), *ns = field(new, F_SYM);
    PyObject *op = field(old, F_PTRS), *np = field(new, F_PTRS);
    if (!ob || !nb || !ou || !nu || !om || !nm || !os || !ns || !op || !np)
        return NULL;
    if (!PyByteArray_Check(ob) || !PyByteArray_Check(nb) || !PyAnySet_Check(op) || !PyAnySet_Check(np))
        return PyErr_Format(PyExc_TypeError, "written: an object's bytes or pointers are not a bytearray and a set");
    Py_ssize_t n = PyByteArray_GET_SIZE(ob);
    int meta_eq = om == nm ? 1 : PyObject_RichCompareBool(om, nm, Py_EQ);
    if (meta_eq < 0)
        return NULL;
    if (n != PyByteArray_GET_SIZE(nb) || (ou == Py_None) != (nu == Py_None) || !meta_eq || os != Py_None ||
        ns != Py_None)
        return PyLong_FromLong(-1);
    const char *x = PyByteArray_AS_STRING(ob), *y = PyByteArray_AS_STRING(nb);
    const char *xu = NULL, *yu = NULL;
    if (ou != Py_None) {
        if (!PyByteArray_Check(ou) || !PyByteArray_Check(nu) || PyByteArray_GET_SIZE(ou) != n ||
            PyByteArray_GET_SIZE(nu) != n)
            return PyLong_FromLong(-1);
        xu = PyByteArray_AS_STRING(ou), yu = PyByteArray_AS_STRING(nu);
        if (!memcmp(xu, yu, (size_t)n))
            xu = yu = NULL;
    }
    int peq = PyObject_RichCompareBool(op, np, Py_EQ);
    if (peq < 0)
        return NULL;
    int beq = !memcmp(x, y, (size_t)n);
    if (beq && !xu && peq)
        return PyLong_FromLong(0);
    Py_ssize_t len = beq && !xu ? 0 : n;  /* (bytes past big: the whole object, unless only pointer marks moved) */
    if (len > big)
        return PyLong_FromLong(-1);
    unsigned char *m = calloc((size_t)(len > 0 ? len : 1), 1);
    if (!m)
        return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < len; ++i)
        m[i] = x[i] != y[i] || (xu && xu[i] != yu[i]);
    int whole = 0;
    if (!peq) {  /* the offsets marked in one set and not the other: 8 bytes each */
        PyObject *sets[2] = {op, np};
        for (int k = 0; k < 2 && !whole; ++k) {
            Py_ssize_t pos = 0;
            PyObject *key;
            Py_hash_t h;
            while (_PySet_NextEntry(sets[k], &pos, &key, &h)) {
                int in = PySet_Contains(sets[1 - k], key);
                long long off = PyLong_AsLongLong(key);
                if (in < 0 || (off == -1 && PyErr_Occurred())) {
                    free(m);
                    return NULL;
                }
                if (in)
                    continue;
                if (off < 0 || off + 8 > big) {
                    whole = 1;
                    break;
                }
                if (off + 8 > len) {
                    unsigned char *g = realloc(m, (size_t)(off + 8));
                    if (!g) {
                        free(m);
                        return PyErr_NoMemory();
                    }
                    memset(g + len, 0, (size_t)(off + 8 - len));
                    m = g, len = off + 8;
                }
                memset(m + off, 1, 8);
            }
        }
    }
    PyObject *out = whole ? PyLong_FromLong(-1) : mask_of(m, len);
    free(m);
    return out;
}

/* written(dirty, old, new, big) -> ({object id: mask of changed bytes}, made):
 * the objects of dirty (made, copied or freed since the snapshot old) that
 * changed, a freed or private one whole; made: one of them is new */
static PyObject *written(PyObject *self, PyObject *args)
{
    PyObject *dirty, *old, *objs;
    Py_ssize_t big;
    if (!PyArg_ParseTuple(args, "O!O!O!n", &PySet_Type, &dirty, &PyDict_Type, &old, &PyDict_Type, &objs, &big))
        return NULL;
    PyObject *out = PyDict_New();
    if (!out)
        return NULL;
    int made = 0;
    Py_ssize_t pos = 0;
    PyObject *oid;
    Py_hash_t h;
    while (_PySet_NextEntry(dirty, &pos, &oid, &h)) {
        PyObject *o = PyDict_GetItemWithError(old, oid), *m;
        if (!o) {
            if (PyErr_Occurred())
                goto fail;
            made = 1;
            continue;
        }
        PyObject *n = PyDict_GetItemWithError(objs, oid);
        if (!n && PyErr_Occurred())
            goto fail;
        if (!is_obj(o) || (n && !is_obj(n)))
            goto fail;
        PyObject *shared = field(o, F_SHARED);
        if (!shared)
            goto fail;
        int sh = PyObject_IsTrue(shared);
        if (sh < 0)
            goto fail;
        m = !n || !sh ? PyLong_FromLong(-1) : changed_mask(o, n, big);
        if (!m)
            goto fail;
        int zero = PyObject_Not(m);
        if (zero < 0 || (!zero && PyDict_SetItem(out, oid, m) < 0)) {
            Py_DECREF(m);
            goto fail;
        }
        Py_DECREF(m);
    }
    return Py_BuildValue("(Ni)", out, made);
fail:
    Py_DECREF(out);
    return NULL;
}


static PyMethodDef methods[] = {
    {"setup", setup, METH_O, "setup(Obj): where Obj keeps its slots (before anything else)"},
    {"key", key, METH_VARARGS, "the canonical key walk of Canon.key"},
    {"content", content, METH_VARARGS, "state.content for interned contents"},
    {"part", part, METH_VARARGS, "the owner hash walk of parallel.part"},
    {"moved", moved, METH_VARARGS, "the roots written or freed since boot (Canon._roots)"},
    {"objects", objects, METH_VARARGS, "the objects that differ from the initial state's (parallel.changes)"},
    {"touch_masks", touch_masks, METH_VARARGS, "vm/footprint.py's touched_masks of a touch log"},
    {"written", written, METH_VARARGS, "the written part of search.Machine.footprint"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_speedups", NULL, -1, methods};

PyMODINIT_FUNC PyInit__speedups(void)
{
    const unsigned one = 1;
    if (*(const unsigned char *)&one != 1) {  /* pointers are read as little-endian words */
        PyErr_SetString(PyExc_ImportError, "divm._speedups needs a little-endian host");
        return NULL;
    }
    if (PyType_Ready(&TablesType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m || PyModule_AddIntConstant(m, "VERSION", VERSION) < 0 ||
        PyModule_AddObjectRef(m, "Tables", (PyObject *)&TablesType) < 0) {
        Py_XDECREF(m);
        return NULL;
    }
    return m;
}
