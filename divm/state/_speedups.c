/* divm._speedups: the canonical-key walk of state.Canon.key in C (and the
 * object contents and owner hash it builds on).
 *
 * The profile of `divm verify` put a quarter of the time in this one loop:
 * numbering the reachable objects breadth-first, building each object's
 * record (content id, renumbered pointers), interning it, and folding the
 * record numbers pairwise into hash-consed nodes.  This is the same
 * algorithm, step for step, as Canon._key_py in state.py (which stays the
 * reference and the fallback); tests check that both give the same
 * numbers. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define PL_CODE 0x00100000ULL
#define DANGLING 0xFFFFFFFEULL
#define K_ALLOCA 2
#define K_HEAP 3

static PyObject *s_h, *s_kind, *s_ro, *s_rank;

/* record -> number, new records numbered from *next */
static long long intern(PyObject *leaves, PyObject *rec, long long *next, long long *words)
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
    *words += PyTuple_Check(rec) ? PyTuple_GET_SIZE(rec) : 1;
    return (*next)++;
}

/* the number of pointer target t: numbered on first sight (appended to
 * order) unless it is missing (dangling) or read-only data (kept raw) */
static int target(PyObject *objs, PyObject *order, PyObject *num, PyObject *t, PyObject **out)
{
    PyObject *c = PyDict_GetItemWithError(num, t);
    if (c) {
        Py_INCREF(c);
        *out = c;
        return 0;
    }
    if (PyErr_Occurred())
        return -1;
    PyObject *o = PyDict_GetItemWithError(objs, t);
    if (!o) {
        if (PyErr_Occurred())
            return -1;
        unsigned long long raw = PyLong_AsUnsignedLongLong(t);
        if (raw == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        if (raw >= PL_CODE) {
            *out = PyLong_FromUnsignedLongLong(DANGLING);
        } else {
            Py_INCREF(t);
            *out = t;
        }
        return *out ? 0 : -1;
    }
    PyObject *ro = PyObject_GetAttr(o, s_ro);
    if (!ro)
        return -1;
    int isro = PyObject_IsTrue(ro);
    Py_DECREF(ro);
    if (isro < 0)
        return -1;
    if (isro) {
        Py_INCREF(t);
        *out = t;
        return 0;
    }
    if (PyList_Append(order, t) < 0)
        return -1;
    c = PyLong_FromSsize_t(PyList_GET_SIZE(order));
    if (!c || PyDict_SetItem(num, t, c) < 0) {
        Py_XDECREF(c);
        return -1;
    }
    *out = c;
    return 0;
}


static PyObject *s_b, *s_ud, *s_ptrs, *s_shared, *s_frozen, *s_meta;

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
    PyObject *h = PyObject_GetAttr(o, s_h);
    if (!h || h != Py_None)
        return h;
    Py_DECREF(h);
    PyObject *b = PyObject_GetAttr(o, s_b), *ud = NULL, *ps = NULL, *ptrs = NULL, *blob = NULL;
    PyObject *r = NULL, *kind = NULL, *shared = NULL, *meta = NULL;
    long *offs = NULL;
    if (!b || !PyByteArray_Check(b))
        goto done;
    ud = PyObject_GetAttr(o, s_ud);
    ps = PyObject_GetAttr(o, s_ptrs);
    kind = PyObject_GetAttr(o, s_kind);
    shared = PyObject_GetAttr(o, s_shared);
    meta = PyObject_GetAttr(o, s_meta);  /* user metadata (__vm_poke): bytes or None */
    if (!ud || !ps || !kind || !shared || !meta || (ud != Py_None && !PyByteArray_Check(ud)) ||
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
        PyObject *fr = PyObject_GetAttr(o, s_frozen);
        int f = fr ? PyObject_IsTrue(fr) : -1;
        Py_XDECREF(fr);
        if (f < 0 || (f && PyObject_SetAttr(o, s_h, r) < 0))
            Py_CLEAR(r);
    }
done:
    free(offs);
    Py_XDECREF(b);
    Py_XDECREF(ud);
    Py_XDECREF(ps);
    Py_XDECREF(kind);
    Py_XDECREF(shared);
    Py_XDECREF(meta);
    Py_XDECREF(blob);
    Py_XDECREF(ptrs);
    if (!r && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "content: not an object of divm.memory.Obj's shape");
    return r;
}

static long kind_of(PyObject *o)
{
    PyObject *kind = PyObject_GetAttr(o, s_kind);
    if (!kind)
        return -1;
    long kd = PyLong_AsLong(kind);
    Py_DECREF(kind);
    return kd;
}

static PyObject *content(PyObject *self, PyObject *args)
{
    PyObject *o, *table, *blobs, *stored;
    if (!PyArg_ParseTuple(args, "OO!O!O!", &o, &PyDict_Type, &table, &PyList_Type, &blobs, &PyList_Type,
                          &stored))
        return NULL;
    return content_impl(o, table, blobs, stored);
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
    for (Py_ssize_t i = -1; i < PyList_GET_SIZE(order); ++i) {
        PyObject *ptrs, *h = NULL;
        if (i < 0)
            ptrs = NULL;  /* the pristine roots' pointers first */
        else if (i < npr)
            continue;
        else {
            PyObject *o = PyDict_GetItemWithError(objs, PyList_GET_ITEM(order, i));
            if (!o) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_KeyError, "object in order missing");
                goto done;
            }
            h = content_impl(o, PyTuple_GET_ITEM(tables, 0), PyTuple_GET_ITEM(tables, 1), PyTuple_GET_ITEM(tables, 2));
            if (!h)
                goto done;
            long kd = kind_of(o);
            if (kd < 0) {
                Py_DECREF(h);
                goto done;
            }
            if ((mask >> kd) & 1) {
                unsigned long long dv;
                PyObject *cid = PyTuple_GET_ITEM(h, 0), *v = PyDict_GetItemWithError(d64, cid);
                if (v)
                    Py_INCREF(v);
                else if (PyErr_Occurred() || !(v = PyObject_CallOneArg(digest64, cid))) {
                    Py_DECREF(h);
                    goto done;
                }
                dv = PyLong_AsUnsignedLongLongMask(v);
                Py_DECREF(v);
                sum = sum * 0x100000001B3ULL + dv;  /* in order: BFS order is canonical */
            }
            ptrs = PyTuple_GET_ITEM(h, 1);
        }
        Py_ssize_t nl = ptrs ? 1 : PyList_GET_SIZE(segp);
        for (Py_ssize_t l = 0; l < nl; ++l) {
            PyObject *lst = ptrs ? ptrs : PyList_GET_ITEM(segp, l);
            for (Py_ssize_t k = 0; k < PyList_GET_SIZE(lst); ++k) {
                PyObject *t = PyTuple_GET_ITEM(PyList_GET_ITEM(lst, k), 1);
                int zero = PyObject_Not(t), in = zero ? 1 : PyDict_Contains(num, t);
                if (zero < 0 || in < 0) {
                    Py_XDECREF(h);
                    goto done;
                }
                if (in)
                    continue;
                PyObject *c = PyDict_GetItemWithError(objs, t);
                if (!c) {
                    if (PyErr_Occurred()) {
                        Py_XDECREF(h);
                        goto done;
                    }
                    continue;
                }
                PyObject *ro = PyObject_GetAttr(c, s_ro);
                int isro = ro ? PyObject_IsTrue(ro) : -1;
                Py_XDECREF(ro);
                PyObject *nv = NULL;
                if (isro < 0 || (!isro && (PyList_Append(order, t) < 0 ||
                                           !(nv = PyLong_FromSsize_t(PyList_GET_SIZE(order))) ||
                                           PyDict_SetItem(num, t, nv) < 0))) {
                    Py_XDECREF(nv);
                    Py_XDECREF(h);
                    goto done;
                }
                Py_XDECREF(nv);
            }
        }
        Py_XDECREF(h);
    }
    return Py_BuildValue("Kn", sum, PyList_GET_SIZE(order));
done:
    return NULL;
}


/* changed(objs, ids, expected) -> [ids[i] whose object is not expected[i]] */
static PyObject *changed(PyObject *self, PyObject *args)
{
    PyObject *objs, *ids, *expected;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyDict_Type, &objs, &PyList_Type, &ids, &PyList_Type, &expected))
        return NULL;
    PyObject *out = PyList_New(0);
    for (Py_ssize_t i = 0; out && i < PyList_GET_SIZE(ids) && i < PyList_GET_SIZE(expected); ++i) {
        PyObject *id = PyList_GET_ITEM(ids, i), *o = PyDict_GetItemWithError(objs, id);
        if (!o && PyErr_Occurred())
            Py_CLEAR(out);
        else if ((o ? o : Py_None) != PyList_GET_ITEM(expected, i) && PyList_Append(out, id) < 0)
            Py_CLEAR(out);
    }
    return out;
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

typedef struct {
    unsigned long long raw;
    Py_ssize_t idx;
} rank_t;

static int by_raw(const void *a, const void *b)
{
    unsigned long long x = ((const rank_t *)a)->raw, y = ((const rank_t *)b)->raw;
    return x < y ? -1 : x > y;
}

/* a growing array of C integers */
typedef struct {
    long long *v;
    Py_ssize_t n, cap;
} ints_t;

static int push(ints_t *a, long long x)
{
    if (x < 0)  /* an error from the call that produced x */
        return -1;
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

/* key(objs, order, num, npr, head, var, user, leaves, nodes, next, tables[, d64, digest64, mask])
 *   -> (root, next, record words added[, owner sum])
 * order: the roots (pristine, then touched), extended in place; num: raw id
 * -> number for the roots; head: the header record so far (flags, segment,
 * touched roots); var: the pristine roots' pointers that leave the segment;
 * user: indices of user objects among the pristine roots; tables: the
 * content tables content_impl interns into.  With d64, digest64 and mask
 * it also gives part's sum over the same objects in the same order (a
 * worker needs both the local key and the owner of every successor: one
 * walk). */
static PyObject *key(PyObject *self, PyObject *args)
{
    PyObject *objs, *order, *num, *head, *var, *user0, *leaves, *nodes, *tables, *d64 = NULL, *digest64 = NULL;
    Py_ssize_t npr;
    long long next, words = 0;
    unsigned long long sum = 0;
    unsigned long mask = 0;
    if (!PyArg_ParseTuple(args, "O!O!O!nO!O!O!O!O!LO!|O!Ok", &PyDict_Type, &objs, &PyList_Type, &order,
                          &PyDict_Type, &num, &npr, &PyList_Type, &head, &PyList_Type, &var,
                          &PyList_Type, &user0, &PyDict_Type, &leaves, &PyDict_Type, &nodes, &next,
                          &PyTuple_Type, &tables, &PyDict_Type, &d64, &digest64, &mask))
        return NULL;
    PyObject *result = NULL;
    ints_t ids = {0}, user = {0};  /* record numbers (0: the header's, filled last); user object indices */
    rank_t *ranks = NULL;
    if (push(&ids, 0) < 0)
        goto done;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(user0); ++k)
        if (push(&user, PyLong_AsSsize_t(PyList_GET_ITEM(user0, k))) < 0)
            goto done;

    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(var); ++k) {
        PyObject *p = PyList_GET_ITEM(var, k), *c;
        if (target(objs, order, num, PyTuple_GET_ITEM(p, 1), &c) < 0)
            goto done;
        int bad = PyList_Append(head, PyTuple_GET_ITEM(p, 0)) < 0 || PyList_Append(head, c) < 0 ||
                  PyList_Append(head, PyTuple_GET_ITEM(p, 2)) < 0;
        Py_DECREF(c);
        if (bad)
            goto done;
    }

    for (Py_ssize_t i = npr; i < PyList_GET_SIZE(order); ++i) {
        PyObject *o = PyDict_GetItemWithError(objs, PyList_GET_ITEM(order, i));
        if (!o) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "object in order missing");
            goto done;
        }
        PyObject *kind = PyObject_GetAttr(o, s_kind);
        if (!kind)
            goto done;
        long kd = PyLong_AsLong(kind);
        Py_DECREF(kind);
        if ((kd == K_ALLOCA || kd == K_HEAP) && push(&user, i) < 0)
            goto done;
        PyObject *h = content_impl(o, PyTuple_GET_ITEM(tables, 0), PyTuple_GET_ITEM(tables, 1),
                                   PyTuple_GET_ITEM(tables, 2));
        if (!h)
            goto done;
        PyObject *cid = PyTuple_GET_ITEM(h, 0), *ptrs = PyTuple_GET_ITEM(h, 1), *rec;
        Py_ssize_t np = PyList_GET_SIZE(ptrs);
        if (d64 && (mask >> kd) & 1) {
            PyObject *dv = PyDict_GetItemWithError(d64, cid);
            if (dv)
                Py_INCREF(dv);
            else if (PyErr_Occurred() || !(dv = PyObject_CallOneArg(digest64, cid))) {
                Py_DECREF(h);
                goto done;
            }
            sum = sum * 0x100000001B3ULL + PyLong_AsUnsignedLongLongMask(dv);
            Py_DECREF(dv);
        }
        if (np) {
            rec = PyTuple_New(1 + 3 * np);
            if (!rec) {
                Py_DECREF(h);
                goto done;
            }
            Py_INCREF(cid);
            PyTuple_SET_ITEM(rec, 0, cid);
            for (Py_ssize_t k = 0; k < np; ++k) {
                PyObject *p = PyList_GET_ITEM(ptrs, k), *t = PyTuple_GET_ITEM(p, 1), *c;
                int zero = PyObject_Not(t);
                if (zero < 0 || (!zero && target(objs, order, num, t, &c) < 0)) {
                    Py_DECREF(rec);
                    Py_DECREF(h);
                    goto done;
                }
                if (zero) {
                    Py_INCREF(t);
                    c = t;
                }
                Py_INCREF(PyTuple_GET_ITEM(p, 0));
                Py_INCREF(PyTuple_GET_ITEM(p, 2));
                PyTuple_SET_ITEM(rec, 1 + 3 * k, PyTuple_GET_ITEM(p, 0));
                PyTuple_SET_ITEM(rec, 2 + 3 * k, c);
                PyTuple_SET_ITEM(rec, 3 + 3 * k, PyTuple_GET_ITEM(p, 2));
            }
        } else {
            rec = cid;  /* a record without pointers is its content id alone */
            Py_INCREF(rec);
        }
        Py_DECREF(h);
        long long n = intern(leaves, rec, &next, &words);
        Py_DECREF(rec);
        if (push(&ids, n) < 0)
            goto done;
    }

    {
        PyObject *len = PyLong_FromSsize_t(PyList_GET_SIZE(order));
        if (!len || PyList_Append(head, len) < 0) {
            Py_XDECREF(len);
            goto done;
        }
        Py_DECREF(len);
        PyObject *ht = PyList_AsTuple(head);
        if (!ht)
            goto done;
        ids.v[0] = intern(leaves, ht, &next, &words);
        Py_DECREF(ht);
        if (ids.v[0] < 0)
            goto done;
    }

    /* relative order of raw ids (pointer comparisons across objects see it) */
    if (user.n) {
        ranks = malloc(user.n * sizeof(*ranks));
        PyObject *rt = PyTuple_New(user.n + 1);
        if (!ranks || !rt) {
            Py_XDECREF(rt);
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t k = 0; k < user.n; ++k) {
            ranks[k].idx = user.v[k];
            ranks[k].raw = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(order, user.v[k]));
        }
        if (PyErr_Occurred()) {
            Py_DECREF(rt);
            goto done;
        }
        qsort(ranks, user.n, sizeof(*ranks), by_raw);
        Py_INCREF(s_rank);
        PyTuple_SET_ITEM(rt, 0, s_rank);
        for (Py_ssize_t k = 0; k < user.n; ++k) {
            PyObject *iv = PyLong_FromSsize_t(ranks[k].idx);
            if (!iv) {
                Py_DECREF(rt);
                goto done;
            }
            PyTuple_SET_ITEM(rt, k + 1, iv);
        }
        long long n = intern(leaves, rt, &next, &words);
        Py_DECREF(rt);
        if (push(&ids, n) < 0)
            goto done;
    }

    /* fold pairwise into interned nodes */
    long long *v = ids.v;
    Py_ssize_t m = ids.n;
    while (m > 1) {
        Py_ssize_t w = 0;
        for (Py_ssize_t k = 0; k + 1 < m; k += 2) {
            PyObject *kv = PyLong_FromUnsignedLongLong(((unsigned long long)v[k] << 32) | (unsigned long long)v[k + 1]);
            PyObject *nv = kv ? PyDict_GetItemWithError(nodes, kv) : NULL;
            long long n;
            if (nv)
                n = PyLong_AsLongLong(nv);
            else {
                if (!kv || PyErr_Occurred()) {
                    Py_XDECREF(kv);
                    goto done;
                }
                n = next++;
                nv = PyLong_FromLongLong(n);
                if (!nv || PyDict_SetItem(nodes, kv, nv) < 0) {
                    Py_XDECREF(nv);
                    Py_DECREF(kv);
                    goto done;
                }
                Py_DECREF(nv);
            }
            Py_DECREF(kv);
            v[w++] = n;
        }
        if (m & 1)
            v[w++] = v[m - 1];
        m = w;
    }
    result = d64 ? Py_BuildValue("LLLK", v[0], next, words, sum) : Py_BuildValue("LLL", v[0], next, words);
done:
    free(ranks);
    free(ids.v);
    free(user.v);
    return result;
}

static PyMethodDef methods[] = {
    {"key", key, METH_VARARGS, "the canonical key walk of Canon.key"},
    {"content", content, METH_VARARGS, "state.content for interned contents"},
    {"part", part, METH_VARARGS, "the owner hash walk of parallel.part"},
    {"changed", changed, METH_VARARGS, "the roots written since boot (Canon._roots)"},
    {"objects", objects, METH_VARARGS, "the objects that differ from the initial state's (parallel.changes)"},
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
    s_h = PyUnicode_InternFromString("h");
    s_kind = PyUnicode_InternFromString("kind");
    s_ro = PyUnicode_InternFromString("ro");
    s_rank = PyUnicode_InternFromString("rank");
    s_b = PyUnicode_InternFromString("b");
    s_ud = PyUnicode_InternFromString("ud");
    s_ptrs = PyUnicode_InternFromString("ptrs");
    s_meta = PyUnicode_InternFromString("meta");
    s_shared = PyUnicode_InternFromString("shared");
    s_frozen = PyUnicode_InternFromString("frozen");
    if (!s_h || !s_kind || !s_ro || !s_rank || !s_b || !s_ud || !s_ptrs || !s_shared || !s_frozen || !s_meta)
        return NULL;
    return PyModule_Create(&module);
}
