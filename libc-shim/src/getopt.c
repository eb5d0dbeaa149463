/* getopt, getopt_long, getopt_long_only with glibc's behaviour: the
 * skipped non-options are moved behind the options lazily (so optind
 * moves exactly as with glibc), '+' / '-' / POSIXLY_CORRECT orderings,
 * abbreviations of long options, and glibc's messages. */
#define _GNU_SOURCE 1
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

char *optarg;
int optind = 1, opterr = 1, optopt = '?';

enum { REQUIRE_ORDER, PERMUTE, RETURN_IN_ORDER };

static struct
{
    int initialized, ordering;
    char *nextchar;           /* the rest of a group of short options */
    int first_nonopt, last_nonopt;
} d;

/* moves the skipped non-options [first_nonopt, last_nonopt) behind the
 * options [last_nonopt, optind) */
static void exchange(char **argv)
{
    int bottom = d.first_nonopt, middle = d.last_nonopt, top = optind;
    while (top > middle && middle > bottom) {
        if (top - middle > middle - bottom) {
            int len = middle - bottom;
            for (int i = 0; i < len; i++) {
                char *t = argv[bottom + i];
                argv[bottom + i] = argv[top - (middle - bottom) + i];
                argv[top - (middle - bottom) + i] = t;
            }
            top -= len;
        } else {
            int len = top - middle;
            for (int i = 0; i < len; i++) {
                char *t = argv[bottom + i];
                argv[bottom + i] = argv[middle + i];
                argv[middle + i] = t;
            }
            bottom += len;
        }
    }
    d.first_nonopt += optind - d.last_nonopt;
    d.last_nonopt = optind;
}

static int long_option(int argc, char **argv, const char *optstring, const struct option *longopts,
                       int *longind, int long_only, int print_errors, const char *prefix)
{
    char *nameend = d.nextchar;
    while (*nameend && *nameend != '=')
        nameend++;
    size_t namelen = nameend - d.nextchar;
    const struct option *p, *pfound = 0;
    int n_options = 0, option_index = 0;
    for (p = longopts; p->name; p++, n_options++)
        if (!strncmp(p->name, d.nextchar, namelen) && namelen == strlen(p->name)) {
            pfound = p;
            option_index = n_options;
            break;
        }
    if (!pfound) {
        int indfound = -1, ambig = 0;
        for (p = longopts, option_index = 0; p->name; p++, option_index++)
            if (!strncmp(p->name, d.nextchar, namelen)) {
                if (!pfound) {
                    pfound = p;
                    indfound = option_index;
                } else if (long_only || pfound->has_arg != p->has_arg || pfound->flag != p->flag ||
                           pfound->val != p->val)
                    ambig = 1;
            }
        if (ambig) {
            if (print_errors) {
                fprintf(stderr, "%s: option '%s%s' is ambiguous; possibilities:", argv[0], prefix,
                        d.nextchar);
                /* the options glibc counts as ambiguous: the first match and every conflicting one */
                const struct option *first = 0;
                for (p = longopts; p->name; p++)
                    if (!strncmp(p->name, d.nextchar, namelen)) {
                        if (!first) {
                            first = p;
                            fprintf(stderr, " '%s%s'", prefix, p->name);
                        } else if (long_only || first->has_arg != p->has_arg ||
                                   first->flag != p->flag || first->val != p->val)
                            fprintf(stderr, " '%s%s'", prefix, p->name);
                    }
                fprintf(stderr, "\n");
            }
            d.nextchar += strlen(d.nextchar);
            optind++;
            optopt = 0;
            return '?';
        }
        option_index = indfound;
    }
    if (!pfound) {
        if (!long_only || argv[optind][1] == '-' || !strchr(optstring, *d.nextchar)) {
            if (print_errors)
                fprintf(stderr, "%s: unrecognized option '%s%s'\n", argv[0], prefix, d.nextchar);
            d.nextchar = 0;
            optind++;
            optopt = 0;
            return '?';
        }
        return -1; /* a short option after all */
    }
    optind++;
    d.nextchar = 0;
    if (*nameend) {
        if (pfound->has_arg)
            optarg = nameend + 1;
        else {
            if (print_errors)
                fprintf(stderr, "%s: option '%s%s' doesn't allow an argument\n", argv[0], prefix,
                        pfound->name);
            optopt = pfound->val;
            return '?';
        }
    } else if (pfound->has_arg == required_argument) {
        if (optind < argc)
            optarg = argv[optind++];
        else {
            if (print_errors)
                fprintf(stderr, "%s: option '%s%s' requires an argument\n", argv[0], prefix,
                        pfound->name);
            optopt = pfound->val;
            return optstring[0] == ':' ? ':' : '?';
        }
    }
    if (longind)
        *longind = option_index;
    if (pfound->flag) {
        *pfound->flag = pfound->val;
        return 0;
    }
    return pfound->val;
}

#define NONOPTION(i) (argv[i][0] != '-' || argv[i][1] == '\0')

static int getopt_internal(int argc, char **argv, const char *optstring,
                           const struct option *longopts, int *longind, int long_only, int posix)
{
    int print_errors = opterr;
    if (argc < 1)
        return -1;
    optarg = 0;
    if (optind == 0 || !d.initialized) {
        if (optind == 0)
            optind = 1;
        d.first_nonopt = d.last_nonopt = optind;
        d.nextchar = 0;
        if (optstring[0] == '-') {
            d.ordering = RETURN_IN_ORDER;
            ++optstring;
        } else if (optstring[0] == '+') {
            d.ordering = REQUIRE_ORDER;
            ++optstring;
        } else if (posix || getenv("POSIXLY_CORRECT"))
            d.ordering = REQUIRE_ORDER;
        else
            d.ordering = PERMUTE;
        d.initialized = 1;
    } else if (optstring[0] == '-' || optstring[0] == '+')
        optstring++;
    if (optstring[0] == ':')
        print_errors = 0;

    if (!d.nextchar || !*d.nextchar) {
        if (d.last_nonopt > optind)
            d.last_nonopt = optind;
        if (d.first_nonopt > optind)
            d.first_nonopt = optind;
        if (d.ordering == PERMUTE) {
            if (d.first_nonopt != d.last_nonopt && d.last_nonopt != optind)
                exchange(argv);
            else if (d.last_nonopt != optind)
                d.first_nonopt = optind;
            while (optind < argc && NONOPTION(optind))
                optind++;
            d.last_nonopt = optind;
        }
        if (optind != argc && !strcmp(argv[optind], "--")) {
            optind++;
            if (d.first_nonopt != d.last_nonopt && d.last_nonopt != optind)
                exchange(argv);
            else if (d.first_nonopt == d.last_nonopt)
                d.first_nonopt = optind;
            d.last_nonopt = argc;
            optind = argc;
        }
        if (optind == argc) {
            if (d.first_nonopt != d.last_nonopt)
                optind = d.first_nonopt;
            return -1;
        }
        if (NONOPTION(optind)) {
            if (d.ordering == REQUIRE_ORDER)
                return -1;
            optarg = argv[optind++];
            return 1;
        }
        if (longopts) {
            if (argv[optind][1] == '-') {
                d.nextchar = argv[optind] + 2;
                return long_option(argc, argv, optstring, longopts, longind, long_only,
                                   print_errors, "--");
            }
            if (long_only && (argv[optind][2] || !strchr(optstring, argv[optind][1]))) {
                d.nextchar = argv[optind] + 1;
                int code = long_option(argc, argv, optstring, longopts, longind, long_only, 0, "-");
                if (code != -1)
                    return code;
            }
        }
        d.nextchar = argv[optind] + 1;
    }

    char c = *d.nextchar++;
    const char *temp = strchr(optstring, c);
    if (*d.nextchar == '\0')
        ++optind;
    if (!temp || c == ':' || c == ';') {
        if (print_errors)
            fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
        optopt = c;
        return '?';
    }
    if (temp[1] == ':') {
        if (temp[2] == ':') {
            if (*d.nextchar != '\0') {
                optarg = d.nextchar;
                optind++;
            } else
                optarg = 0;
            d.nextchar = 0;
        } else {
            if (*d.nextchar != '\0') {
                optarg = d.nextchar;
                optind++;
            } else if (optind == argc) {
                if (print_errors)
                    fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0], c);
                optopt = c;
                c = optstring[0] == ':' ? ':' : '?';
            } else
                optarg = argv[optind++];
            d.nextchar = 0;
        }
    }
    return c;
}

int getopt(int argc, char *const argv[], const char *optstring)
{
    return getopt_internal(argc, (char **)argv, optstring, 0, 0, 0, 0);
}

int getopt_long(int argc, char *const argv[], const char *optstring, const struct option *lo, int *idx)
{
    return getopt_internal(argc, (char **)argv, optstring, lo, idx, 0, 0);
}

int getopt_long_only(int argc, char *const argv[], const char *optstring, const struct option *lo, int *idx)
{
    return getopt_internal(argc, (char **)argv, optstring, lo, idx, 1, 0);
}

/* POSIX getopt (what <unistd.h> gives under an explicit _POSIX_C_SOURCE):
 * no permutation */
int __posix_getopt(int argc, char *const argv[], const char *optstring)
{
    return getopt_internal(argc, (char **)argv, optstring, 0, 0, 0, 1);
}
